import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import type { StrategyTotals } from "../engine/types";
import { loadExample } from "../examples";
import type { ProviderId, StrategyId } from "../core/ids";
import { STRATEGY_IDS } from "../core/ids";
import { providerLabel } from "../view/provider-labels";
import { FEW_TOOLS_THRESHOLD, nativeStrategy, recommend, type MeasuredRun, type RecommendInput } from "./recommend";
import { schemaComplexity } from "./schema-complexity";

function totals(input: number, requests: number, costUsd: number, extra: Partial<StrategyTotals> = {}): StrategyTotals {
  return {
    input,
    cacheRead: input * 0.8,
    cacheWrite: input * 0.2,
    uncached: 0,
    output: 10 * requests,
    requests,
    costUsd,
    cacheHitRateByTokens: 0.8,
    cacheHitRateByRequests: 0.9,
    toolsFound: 4,
    toolsNeeded: 4,
    toolDefinitions: input / 2,
    ...extra,
  };
}

const RUNS: MeasuredRun[] = [
  { id: "full", provider: "anthropic", model: "claude-opus-4-8", totals: totals(800_000, 8, 1.2) },
  { id: "anthropic-tool-search", provider: "anthropic", model: "claude-opus-4-8", totals: totals(60_000, 8, 0.15) },
  { id: "gateway", provider: "anthropic", model: "claude-opus-4-8", totals: totals(30_000, 12, 0.06) },
  { id: "stubs", provider: "anthropic", model: "claude-opus-4-8", totals: totals(160_000, 12, 0.3) },
];

const SIMPLE = { veryComplex: false, complexShare: 0.05 };
const COMPLEX = { veryComplex: true, complexShare: 0.6 };

function input(overrides: Partial<RecommendInput>): RecommendInput {
  return {
    toolCount: 200,
    tokensPerTool: 400,
    provider: "anthropic",
    model: "claude-opus-4-8",
    severalProviders: false,
    schemas: SIMPLE,
    runs: RUNS,
    ...overrides,
  };
}

describe("recommend: seed 001 §4.1's rules", () => {
  it("few tools: load everything, with the measured figures and what the cheapest progressive strategy would save", () => {
    const recommendation = recommend(input({ toolCount: FEW_TOOLS_THRESHOLD - 1 }));
    expect(recommendation.strategy).toBe("full");
    expect(recommendation.rule).toBe("few-tools");
    expect(recommendation.figures.tokensPerRequest).toBe(100_000);
    expect(recommendation.figures.costUsd).toBe(1.2);
    expect(recommendation.headline).toContain("19 tools");
    expect(recommendation.headline).toContain("100,000 tokens a request");
    expect(recommendation.alternatives).toEqual(["gateway"]);
    expect(recommendation.figures.savingVsFull).toBeNull();
    expect(recommendation.reasons.join(" ")).toMatch(/Gateway|gateway/);
    expect(recommendation.reasons.join(" ")).toContain("$0.06");
  });

  it("states the measured definitions as a mean counted for the scenario's model, not as every tool's size", () => {
    // Two tools of 86 and 58 tokens as counted for Claude (o200k 72 and 48 × 1.2): the catalog list shows 72 and 48.
    const reasons = recommend(input({ toolCount: 2, tokensPerTool: 72 })).reasons;
    expect(reasons).toContain(
      "Measured: 2 tools, 144 tokens of definitions as counted for claude-opus-4-8 (about 72 a tool on average).",
    );
  });

  it("compares only with strategies on the same provider: prices differ between providers", () => {
    const runs = [
      ...RUNS,
      {
        id: "kimi-dynamic" as const,
        provider: "moonshot" as const,
        model: "kimi-k3",
        totals: totals(10_000, 8, 0.001),
      },
    ];
    expect(recommend(input({ toolCount: 10, runs })).alternatives).toEqual(["gateway"]);
  });

  it("the threshold is exclusive: 20 tools are many", () => {
    expect(recommend(input({ toolCount: FEW_TOOLS_THRESHOLD })).rule).not.toBe("few-tools");
  });

  it.each<[ProviderId, string, StrategyId]>([
    ["anthropic", "claude-opus-4-8", "anthropic-tool-search"],
    ["openai-responses", "gpt-5.4", "openai-tool-search"],
    ["moonshot", "kimi-k3", "kimi-dynamic"],
  ])("many tools on %s (%s): the provider's native mechanism, %s", (provider, model, expected) => {
    const runs = [
      ...RUNS.map((run) => ({ ...run, provider })),
      { id: expected, provider, model, totals: totals(50_000, 8, 0.1) },
    ];
    const recommendation = recommend(input({ provider, model, runs }));
    expect(recommendation.strategy).toBe(expected);
    expect(recommendation.rule).toBe("native-deferral");
    expect(recommendation.figures.savingVsFull).toBeCloseTo(
      (1.2 - (expected === "anthropic-tool-search" ? 0.15 : 0.1)) / 1.2,
      10,
    );
    expect(recommendation.headline).toMatch(/instead of 100,000/);
    expect(
      recommendation.reasons.some((reason) => reason.includes(`ties the agent to ${providerLabel(provider)}`)),
    ).toBe(true);
  });

  it("many tools and several providers: the gateway, with search quality as a first-class metric", () => {
    const recommendation = recommend(input({ severalProviders: true }));
    expect(recommendation.strategy).toBe("gateway");
    expect(recommendation.rule).toBe("gateway-with-search-quality");
    expect(recommendation.alternatives).toContain("anthropic-tool-search");
    expect(recommendation.reasons.join(" ")).toContain("Search recall is not measured yet");
  });

  it("many tools on an OpenAI-compatible backend (no native mechanism): the gateway", () => {
    expect(nativeStrategy({ provider: "openai-chat", model: "gpt-5.4" })).toBeNull();
    const recommendation = recommend(
      input({
        provider: "openai-chat",
        model: "gpt-5.4",
        runs: RUNS.map((run) => ({ ...run, provider: "openai-chat" as const })),
      }),
    );
    expect(recommendation.strategy).toBe("gateway");
  });

  it("states the given search recall and warns below 90%", () => {
    const good = recommend(
      input({ severalProviders: true, searchRecall: { value: 0.95, k: 5, source: "eval:search" } }),
    );
    expect(good.figures.searchRecall).toBe(0.95);
    expect(good.reasons.join(" ")).toContain("Search recall@5 95% (eval:search): good enough");
    const poor = recommend(input({ severalProviders: true, searchRecall: { value: 0.6, k: 5 } }));
    expect(poor.reasons.join(" ")).toMatch(/below 90%: improve the descriptions/);
  });

  it("says when the search missed tools on this conversation", () => {
    const runs = RUNS.map((run) => (run.id === "gateway" ? { ...run, totals: { ...run.totals, toolsFound: 3 } } : run));
    expect(recommend(input({ severalProviders: true, runs })).reasons.join(" ")).toContain("found 3 of 4 needed tools");
  });

  it("very complex schemas without a native mechanism: stubs as a bridge, the gateway next", () => {
    const recommendation = recommend(input({ severalProviders: true, schemas: COMPLEX }));
    expect(recommendation.strategy).toBe("stubs");
    expect(recommendation.rule).toBe("stubs-bridge");
    expect(recommendation.alternatives[0]).toBe("gateway");
    expect(recommendation.reasons.join(" ")).toContain("60% of the schemas are complex");
  });

  it("complex schemas do not override a native mechanism: the provider still enforces them", () => {
    expect(recommend(input({ schemas: COMPLEX })).strategy).toBe("anthropic-tool-search");
  });

  it("a strategy that did not run is recommended without invented figures", () => {
    const runs = RUNS.map((run) =>
      run.id === "anthropic-tool-search"
        ? { ...run, refused: { reason: "not on this model" }, totals: totals(0, 0, 0) }
        : run,
    );
    const recommendation = recommend(input({ runs }));
    expect(recommendation.figures.costUsd).toBeNull();
    expect(recommendation.headline).toContain("not measured");
    expect(recommendation.reasons.join(" ")).toContain("not on this model");
  });

  it("is honest when the recommended strategy costs more on a short conversation", () => {
    const runs = RUNS.map((run) =>
      run.id === "anthropic-tool-search" ? { ...run, totals: totals(900_000, 8, 1.5) } : run,
    );
    const recommendation = recommend(input({ runs, breakEvenTurns: { "anthropic-tool-search": 7 } }));
    expect(recommendation.figures.savingVsFull).toBeLessThan(0);
    expect(recommendation.reasons.join(" ")).toContain("costs 25% more than loading everything");
    expect(recommendation.reasons.join(" ")).toContain("from turn 7 on");
  });
});

describe("recommend on engine runs", () => {
  it("seed-200-tools on Anthropic: Tool Search, stated with the compare table's own totals", async () => {
    const scenario = await loadExample("seed-200-tools");
    const runs = createEngine().runAll(scenario, STRATEGY_IDS);
    const full = runs.find((run) => run.id === "full")!;
    const recommendation = recommend({
      toolCount: scenario.catalog.tools.length,
      tokensPerTool: full.steps[0].tokens.toolDefinitions / scenario.catalog.tools.length,
      provider: scenario.settings.provider,
      model: scenario.settings.model,
      severalProviders: false,
      schemas: schemaComplexity(scenario.catalog),
      runs,
    });
    const search = runs.find((run) => run.id === "anthropic-tool-search")!;
    expect(recommendation.strategy).toBe("anthropic-tool-search");
    expect(recommendation.figures.costUsd).toBe(search.totals.costUsd);
    expect(recommendation.figures.tokensPerRequest).toBe(search.totals.input / search.totals.requests);
    expect(recommendation.figures.fullCostUsd).toBe(full.totals.costUsd);
    console.log(`seed-200-tools: ${recommendation.headline}\n  ${recommendation.reasons.join("\n  ")}`);
  });
});
