import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { tourFigures } from "./tour-figures";

const step = (kind: string, input: number, toolDefinitions: number) => ({ kind, tokens: { input, toolDefinitions } });
const counting = { exact: false, label: "estimate" };

describe("tourFigures", () => {
  it("quotes the first call of loading everything and of stubs, as the tour shows them", () => {
    const runs = [
      { id: "full" as const, steps: [step("call", 1_000, 900), step("call", 1_100, 900)], tokenCounting: counting },
      { id: "stubs" as const, steps: [step("load", 300, 50), step("call", 400, 50)], tokenCounting: counting },
    ];
    expect(tourFigures(runs as never, 10)).toEqual({
      toolCount: 10,
      definitionTokens: 900,
      fullPromptTokens: 1_000,
      stubsPromptTokens: 400,
      exact: false,
    });
  });

  it("falls back to a run's first request when it has no call, and is null while a quoted run is missing or refused", () => {
    const full = { id: "full" as const, steps: [step("answer", 700, 600)], tokenCounting: counting };
    const stubs = { id: "stubs" as const, steps: [step("answer", 200, 40)], tokenCounting: counting };
    expect(tourFigures([full, stubs] as never, 3)?.stubsPromptTokens).toBe(200);
    expect(tourFigures([full] as never, 3)).toBeNull();
    expect(tourFigures([full, { ...stubs, refused: { reason: "no" }, steps: [] }] as never, 3)).toBeNull();
    expect(tourFigures([full, stubs] as never, 0)).toBeNull();
  });

  it("on the tour's 200-tool example, states the page's own count, not the write-ups' 80,000", async () => {
    const scenario = await loadExample("seed-200-tools");
    const engine = createEngine();
    const runs = engine.runAll(scenario, ["full", "stubs"]);
    const figures = tourFigures(runs, scenario.catalog.tools.length)!;
    const fullCall = runs[0].steps.find((candidate) => candidate.kind === "call")!;
    expect(figures.definitionTokens).toBe(fullCall.tokens.toolDefinitions);
    expect(figures.fullPromptTokens).toBe(fullCall.tokens.input);
    expect(figures.toolCount).toBe(200);
    // Claude's count is an estimate of o200k × 1.2: the catalog's ≈ 80,000 o200k tokens come out near 96,000.
    expect(figures.exact).toBe(false);
    expect(figures.definitionTokens).toBeGreaterThan(90_000);
    expect(figures.stubsPromptTokens).toBeLessThan(figures.fullPromptTokens / 4);
  });
});
