import { describe, expect, it } from "vitest";
import { loadExample } from "../examples";
import type { Scenario } from "../scenario/types";
import type { StrategyId } from "../core/ids";
import { createEngine } from "./engine";
import type { EngineStep } from "./types";

const engine = createEngine();
const PREFIX_BREAKING = new Set(["changed", "inserted", "removed"]);

function invalidations(steps: readonly EngineStep[]): EngineStep[] {
  return steps.filter((step) => step.divergence && PREFIX_BREAKING.has(step.divergence.kind));
}

describe("prefix behaviour of every strategy on seed-200-tools", async () => {
  const scenario = await loadExample("seed-200-tools");

  it("naive-dynamic invalidates the cache at every discovery", () => {
    const run = engine.runStrategy(scenario, "naive-dynamic");
    const discoveries = run.steps.filter((step) => step.notes.some((note) => note.includes("added to tools")));
    expect(discoveries.length).toBe(scenario.turns.length);
    for (const step of discoveries) {
      expect(step.divergence?.kind).toMatch(/changed|inserted/);
      expect(step.divergence?.segment).toMatch(/^tools\[/);
      expect(step.segmentStatus).toContain("invalidated");
    }
    expect(invalidations(run.steps)).toEqual(discoveries);
  });

  it.each<StrategyId>(["anthropic-tool-search", "stubs", "gateway", "full", "anthropic-mid-conversation"])(
    "%s keeps the prefix on Anthropic",
    (id) => {
      const run = engine.runStrategy(scenario, id, { provider: "anthropic", model: "claude-opus-4-8" });
      expect(run.refused).toBeUndefined();
      expect(invalidations(run.steps)).toEqual([]);
      expect(run.steps.flatMap((step) => step.segmentStatus)).not.toContain("invalidated");
      // After the first request everything before the new content is read from cache.
      expect(run.steps.slice(1).every((step) => step.tokens.cacheRead > 0)).toBe(true);
    },
  );

  it("openai-tool-search keeps the prefix on OpenAI Responses", () => {
    const run = engine.runStrategy(scenario, "openai-tool-search", { provider: "openai-responses", model: "gpt-5.4" });
    expect(invalidations(run.steps)).toEqual([]);
  });

  it("kimi-dynamic keeps the prefix on Kimi K3", () => {
    const run = engine.runStrategy(scenario, "kimi-dynamic", { provider: "moonshot", model: "kimi-k3" });
    expect(run.refused).toBeUndefined();
    expect(invalidations(run.steps)).toEqual([]);
    const declarations = run.steps.flatMap((step) =>
      (step.request.body.messages as Array<Record<string, unknown>>).filter(
        (message) => message.role === "system" && "tools" in message,
      ),
    );
    expect(declarations.length).toBeGreaterThan(0);
    expect(declarations.every((message) => !("content" in message))).toBe(true);
  });

  it("a pure append keeps every earlier segment: each request's prompt starts with the previous one", () => {
    const run = engine.runStrategy(scenario, "gateway", { provider: "anthropic" });
    for (let index = 1; index < run.steps.length; index += 1) {
      const previous = run.steps[index - 1].segments.filter((segment) => !segment.outsidePrompt);
      const current = run.steps[index].segments.filter((segment) => !segment.outsidePrompt);
      // Only the last previous block may differ (it carried the moving automatic breakpoint, not content).
      expect(current.slice(0, previous.length).map((segment) => segment.key)).toEqual(
        previous.map((segment) => segment.key),
      );
    }
  });

  it("the seeds' arithmetic: full ≈ 80k, stubs ≈ 12k–16k, gateway < 1.5k tool-definition tokens per request", () => {
    // The seeds count about 400 tokens per tool definition; measure the Anthropic JSON with o200k (factor 1).
    const measured: Scenario = {
      ...scenario,
      settings: { ...scenario.settings, provider: "anthropic", tokenCorrectionFactors: { "anthropic-estimate": 1 } },
    };
    const first = (id: StrategyId) =>
      engine.runStrategy(measured, id, { provider: "anthropic" }).steps[0].tokens.toolDefinitions;
    const full = first("full");
    const stubs = first("stubs");
    const gateway = first("gateway");
    console.log(
      `seed-200-tools tool-definition tokens on the first request: full ${full}, stubs ${stubs}, gateway ${gateway}`,
    );
    expect(Math.abs(full - 80_000) / 80_000).toBeLessThanOrEqual(0.15);
    expect(stubs).toBeGreaterThanOrEqual(12_000 * 0.85);
    expect(stubs).toBeLessThanOrEqual(16_000 * 1.15);
    expect(gateway).toBeLessThan(1_500);
  });
});

describe("the simulated model", async () => {
  const weather = await loadExample("weather");

  it("validates client-side arguments and retries once where the strategy validates (stubs, gateway)", () => {
    for (const id of ["stubs", "gateway"] as const) {
      const run = engine.runStrategy(weather, id);
      const retries = run.steps.filter((step) => step.kind === "retry");
      expect(retries.length).toBe(1);
      expect(retries[0].notes.join(" ")).toMatch(/validation/);
    }
  });

  it("does not make the scripted mistake where the provider sees the real schema", () => {
    const run = engine.runStrategy(weather, "full");
    expect(run.steps.some((step) => step.kind === "retry")).toBe(false);
    expect(run.steps.flatMap((step) => step.notes).join(" ")).toMatch(/real schema/);
  });

  it("shows a search miss as a result, not a crash", () => {
    const missing: Scenario = {
      ...weather,
      turns: [
        {
          user: "zzzz qqqq",
          searchQuery: "zzzz qqqq",
          needs: [{ tool: weather.turns[0].needs[0].tool, arguments: weather.turns[0].needs[0].arguments }],
        },
      ],
    };
    const renamed = { ...missing, catalog: { ...missing.catalog } };
    const run = engine.runStrategy(renamed, "gateway");
    expect(run.steps.length).toBeGreaterThan(0);
    expect(run.totals.toolsNeeded).toBe(1);
  });

  it("refuses an impossible combination with a reason when the provider is forced", () => {
    const run = engine.runStrategy(weather, "kimi-dynamic", { provider: "anthropic" });
    expect(run.refused?.reason).toMatch(/Kimi/);
    expect(run.steps).toEqual([]);
  });

  it("moves a provider-specific strategy to a provider that can run it when not forced, and says so", () => {
    const run = engine.runStrategy(weather, "openai-tool-search");
    expect(run.provider).toBe("openai-responses");
    expect(run.warnings.map((warning) => warning.code)).toContain("provider-redirected");
  });

  it("is deterministic", () => {
    const first = JSON.stringify(engine.runAll(weather, ["gateway", "anthropic-tool-search"]).map((run) => run.totals));
    const second = JSON.stringify(
      createEngine()
        .runAll(weather, ["gateway", "anthropic-tool-search"])
        .map((run) => run.totals),
    );
    expect(first).toBe(second);
  });
});
