import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { tourFigures } from "./tour-figures";

const step = (kind: string, input: number, toolDefinitions: number) => ({ kind, tokens: { input, toolDefinitions } });
const counting = { exact: false, label: "estimate" };

describe("tourFigures", () => {
  it("quotes loading everything's first call and the request on screen", () => {
    const runs = [
      { id: "full" as const, steps: [step("load", 900, 800), step("call", 1_000, 900)], tokenCounting: counting },
      { id: "stubs" as const, steps: [step("load", 300, 50), step("call", 400, 50)], tokenCounting: counting },
    ];
    expect(tourFigures(runs as never, 10, { strategyId: "stubs", stepIndex: 1 })).toEqual({
      toolCount: 10,
      definitionTokens: 900,
      fullPromptTokens: 1_000,
      shownPromptTokens: 400,
      exact: false,
    });
    // Whichever request the bar shows, the words take its total.
    expect(tourFigures(runs as never, 10, { strategyId: "full", stepIndex: 0 })?.shownPromptTokens).toBe(900);
  });

  it("falls back to a run's first request when it has no call, and is null while a quoted run or request is missing", () => {
    const full = { id: "full" as const, steps: [step("answer", 700, 600)], tokenCounting: counting };
    const stubs = { id: "stubs" as const, steps: [step("answer", 200, 40)], tokenCounting: counting };
    const shown = { strategyId: "stubs", stepIndex: 0 };
    expect(tourFigures([full, stubs] as never, 3, shown)?.fullPromptTokens).toBe(700);
    expect(tourFigures([full] as never, 3, shown)).toBeNull();
    expect(tourFigures([full, stubs] as never, 3, { strategyId: "stubs", stepIndex: 5 })).toBeNull();
    expect(tourFigures([{ ...full, refused: { reason: "no" }, steps: [] }, stubs] as never, 3, shown)).toBeNull();
    expect(tourFigures([full, stubs] as never, 0, shown)).toBeNull();
  });

  it("on the tour's 200-tool example, states the page's own count, not the write-ups' 80,000", async () => {
    const scenario = await loadExample("seed-200-tools");
    const runs = createEngine().runAll(scenario, ["full", "stubs"]);
    const figures = tourFigures(runs, scenario.catalog.tools.length, { strategyId: "full", stepIndex: 0 })!;
    const fullCall = runs[0].steps.find((candidate) => candidate.kind === "call")!;
    expect(figures.definitionTokens).toBe(fullCall.tokens.toolDefinitions);
    expect(figures.fullPromptTokens).toBe(fullCall.tokens.input);
    expect(figures.shownPromptTokens).toBe(runs[0].steps[0].tokens.input);
    expect(figures.toolCount).toBe(200);
    // Claude's count is an estimate of o200k × 1.2: the catalog's ≈ 80,000 o200k tokens come out near 96,000.
    expect(figures.exact).toBe(false);
    expect(figures.definitionTokens).toBeGreaterThan(90_000);
  });
});
