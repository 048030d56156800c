/**
 * Issue #12: a strategy the provider refuses "fails at request N" in the recommendation and the Markdown report,
 * never with a cost (its refused request costs $0, which is not a price), and is never recommended. Both of the
 * issue's examples run through the engine: `full` on synthetic-10000 (≈ 3.6 M tokens a request > Claude's 1 M
 * window, platform.claude.com model page) and `full` on OpenAI with 200 tools (> 128: `400 array_above_max_length`,
 * PROTOCOLS.md §9, reported verbatim in client issues).
 */
import { describe, expect, it } from "vitest";
import { recommend, type MeasuredRun } from "../decide/recommend";
import { schemaComplexity } from "../decide/schema-complexity";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import type { Scenario } from "../scenario/types";
import type { StrategyId } from "../core/ids";
import { strategyTitle } from "../view/strategy-info";
import { summariseRun } from "../workbench/summarise-run";
import { designReviewReport } from "./design-review";

const engine = createEngine();

function reportAndRecommendation(
  scenario: Scenario,
  ids: StrategyId[],
  on?: { provider: "openai-responses"; model: string },
) {
  const runs = engine.runAll(scenario, ids, on ?? {}).map(summariseRun);
  const provider = on?.provider ?? scenario.settings.provider;
  const model = on?.model ?? scenario.settings.model;
  const full = runs.find((run) => run.id === "full")!;
  const recommendation = recommend({
    toolCount: scenario.catalog.tools.length,
    tokensPerTool: full.steps[0].tokens.toolDefinitions / scenario.catalog.tools.length,
    provider,
    model,
    severalProviders: false,
    schemas: schemaComplexity(scenario.catalog),
    runs,
  });
  const report = designReviewReport({
    title: scenario.title,
    runs,
    toolCount: scenario.catalog.tools.length,
    turnCount: scenario.turns.length,
    provider,
    model,
    recommendation,
    generatedAt: new Date("2026-12-01T12:00:00Z"),
  });
  return { runs, full, recommendation, report };
}

function fullRow(markdown: string): string {
  return markdown.split("\n").find((line) => line.startsWith(`| ${strategyTitle("full")} `))!;
}

describe("fails at request N: recommendation and report", () => {
  it("synthetic-10000 on Claude: full fails at request 1 (prompt past the 1 M window) and is neither priced nor recommended", async () => {
    const scenario = await loadExample("synthetic-10000");
    const { full, recommendation, report } = reportAndRecommendation(scenario, ["full", "anthropic-tool-search"]);
    expect(full.totals.failsAtRequest).toBe(1);
    expect(full.totals.costUsd).toBe(0);
    expect(recommendation.strategy).toBe("anthropic-tool-search");
    expect(recommendation.figures.fullFails?.atRequest).toBe(1);
    expect(recommendation.figures.fullCostUsd).toBeNull();
    expect(recommendation.figures.savingVsFull).toBeNull();
    const text = [recommendation.headline, ...recommendation.reasons].join("\n");
    expect(text).toContain("fails at request 1");
    expect(text).toContain("prompt is too long");
    expect(text).not.toMatch(/Loading everything instead: .*\$/);
    const row = fullRow(report.markdown);
    expect(row).toContain("fails at request 1");
    expect(row).not.toContain("$");
    expect(report.markdown).toContain(`**${strategyTitle("full")} fails at request 1**`);
    const raw = report.figures.find((figure) => figure.id === "full")!;
    expect(raw).toMatchObject({ failsAtRequest: 1, costUsd: null });
    expect(raw.failsReason).toMatch(/^400: prompt is too long: \d+ tokens > 1000000 maximum$/);
    // The charts leave the refused run out: it has no cost to draw.
    expect(report.charts.find((chart) => chart.id === "cost-per-strategy")!.svg).not.toContain(strategyTitle("full"));
    console.log(`synthetic-10000: ${recommendation.headline}\n  full row: ${row}`);
  }, 120_000);

  it("seed-200-tools on OpenAI Responses: full fails at request 1 with OpenAI's 128-tool error", async () => {
    const scenario = await loadExample("seed-200-tools");
    const on = { provider: "openai-responses" as const, model: "gpt-5.4" };
    const { full, recommendation, report } = reportAndRecommendation(
      scenario,
      ["full", "openai-tool-search", "gateway"],
      on,
    );
    expect(full.totals.failsAtRequest).toBe(1);
    expect(recommendation.strategy).not.toBe("full");
    expect(recommendation.figures.fullFails).toMatchObject({ atRequest: 1, status: 400 });
    expect(recommendation.reasons.join("\n")).toContain(
      "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 200 instead.",
    );
    const row = fullRow(report.markdown);
    expect(row).toContain("fails at request 1");
    expect(row).not.toContain("$");
    console.log(`seed-200-tools on OpenAI: ${recommendation.headline}\n  full row: ${row}`);
  }, 120_000);
});

describe("a strategy that fails is never recommended", () => {
  const totals = (costUsd: number, failsAtRequest?: number) => ({
    input: 1000,
    cacheRead: 0,
    cacheWrite: 0,
    uncached: 1000,
    output: 10,
    requests: failsAtRequest ?? 4,
    costUsd,
    cacheHitRateByTokens: 0,
    cacheHitRateByRequests: 0,
    toolsFound: 1,
    toolsNeeded: 1,
    toolDefinitions: 500,
    ...(failsAtRequest !== undefined ? { failsAtRequest } : {}),
  });
  const rejected = { rejected: { status: 400, reason: "prompt is too long: 1200000 tokens > 1000000 maximum" } };
  const base = {
    toolCount: 10,
    tokensPerTool: 120_000,
    provider: "anthropic" as const,
    model: "claude-opus-4-8",
    severalProviders: false,
    schemas: { veryComplex: false, complexShare: 0 },
  };

  it("few tools but each enormous: the rule's 'load everything' fails, so the cheapest progressive strategy is recommended", () => {
    const runs: MeasuredRun[] = [
      { id: "full", provider: "anthropic", model: "claude-opus-4-8", totals: totals(0, 1), steps: [rejected] },
      { id: "anthropic-tool-search", provider: "anthropic", model: "claude-opus-4-8", totals: totals(0.4) },
      { id: "gateway", provider: "anthropic", model: "claude-opus-4-8", totals: totals(0.2) },
    ];
    const recommendation = recommend({ ...base, runs });
    expect(recommendation.rule).toBe("few-tools");
    expect(recommendation.strategy).toBe("gateway");
    expect(recommendation.figures.fails).toBeNull();
    expect(recommendation.figures.costUsd).toBe(0.2);
    expect(recommendation.headline).toContain("fails at request 1");
    expect(recommendation.reasons[1]).toContain("fails at request 1 (400: prompt is too long");
    expect(recommendation.alternatives).not.toContain("full");
  });

  it("when nothing else ran, the failing choice says so and quotes no cost", () => {
    const runs: MeasuredRun[] = [
      { id: "full", provider: "anthropic", model: "claude-opus-4-8", totals: totals(0, 1), steps: [rejected] },
    ];
    const recommendation = recommend({ ...base, runs });
    expect(recommendation.figures.costUsd).toBeNull();
    expect(recommendation.headline).toContain("fails at request 1");
    expect(recommendation.headline).not.toContain("$");
  });
});
