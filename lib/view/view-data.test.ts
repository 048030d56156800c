import { describe, expect, it } from "vitest";
import type { GoalVerdicts, StepKind, StrategyTotals } from "../core";
import type { StrategyId } from "../core/ids";
import { cumulativeCostData, tokensPerStepRows, toolShareRows } from "./chart-data";
import { compareTable } from "./compare";
import { goalVerdictLabel, GOALS } from "./goals";
import { stepFigures, toolDefinitionShare } from "./step-figures";

function step(index: number, turn: number, kind: StepKind, costUsd: number) {
  const tokens = { input: 1000, cacheRead: 600, cacheWrite: 300, uncached: 100, toolDefinitions: 400, output: 50 };
  return { index, turn, kind, title: `${kind} ${index}`, tokens, cost: { totalUsd: costUsd } };
}

const goals: GoalVerdicts = { noToolsUpFront: true, stableToolList: true, nativeStrictSchema: false };

function totals(costUsd: number, extra: Partial<StrategyTotals> = {}): StrategyTotals {
  return {
    input: 1000,
    cacheRead: 0,
    cacheWrite: 0,
    uncached: 1000,
    output: 0,
    requests: 1,
    costUsd,
    cacheHitRateByTokens: 0,
    cacheHitRateByRequests: 0,
    toolsFound: 1,
    toolsNeeded: 1,
    toolDefinitions: 250,
    ...extra,
  };
}

function run(id: StrategyId, costUsd: number, refused?: string) {
  return {
    id,
    provider: "anthropic" as const,
    model: "m",
    goals,
    totals: totals(costUsd),
    ...(refused ? { refused: { reason: refused } } : {}),
  };
}

describe("tokensPerStepRows", () => {
  it("keeps the stack parts, which sum to the input", () => {
    const rows = tokensPerStepRows([step(0, 0, "search", 0.1), step(1, 0, "call", 0.2)]);
    expect(rows.map((row) => row.axisLabel)).toEqual(["1 · search", "2 · call"]);
    for (const row of rows) expect(row.cacheRead + row.cacheWrite + row.uncached).toBe(row.input);
  });

  it("draws a refused request's tokens as refused, not as uncached input at no cost", () => {
    const refused = { ...step(1, 0, "call", 0), rejected: { status: 400 } };
    const [row] = tokensPerStepRows([refused]);
    expect(row).toMatchObject({ refused: 400, cacheRead: 0, cacheWrite: 0, uncached: 0, refusedInput: row.input });
    expect(row.input).toBeGreaterThan(0);
  });
});

describe("cumulativeCostData", () => {
  const runs = [
    { id: "full" as const, steps: [step(0, 0, "call", 1), step(1, 0, "answer", 2), step(2, 1, "answer", 4)] },
    { id: "gateway" as const, steps: [step(0, 0, "search", 0.5), step(1, 1, "answer", 0.25)] },
    { id: "stubs" as const, refused: { reason: "no" }, steps: [] },
  ];

  it("accumulates per request and ends a shorter strategy's line at its last request", () => {
    const data = cumulativeCostData(runs, "request");
    expect(data.series).toEqual(["full", "gateway"]);
    expect(data.rows).toEqual([
      { x: 1, full: 1, gateway: 0.5 },
      { x: 2, full: 3, gateway: 0.75 },
      { x: 3, full: 7 },
    ]);
  });

  it("accumulates per turn", () => {
    expect(cumulativeCostData(runs, "turn").rows).toEqual([
      { x: 1, full: 3, gateway: 0.5 },
      { x: 2, full: 7, gateway: 0.75 },
    ]);
  });

  it("the last value equals the run's total", () => {
    const data = cumulativeCostData(runs, "request");
    const lastFull = [...data.rows].reverse().find((row) => row.full !== undefined)?.full;
    expect(lastFull).toBe(7);
  });
});

describe("toolShareRows", () => {
  it("divides tool-definition tokens by input and skips refused runs", () => {
    expect(
      toolShareRows([
        run("full", 1),
        run("stubs", 1, "impossible"),
        { ...run("gateway", 1), totals: totals(1, { input: 0, toolDefinitions: 0 }) },
      ]),
    ).toEqual([
      { id: "full", share: 0.25, toolDefinitions: 250, input: 1000 },
      { id: "gateway", share: 0, toolDefinitions: 0, input: 0 },
    ]);
  });
});

describe("compareTable", () => {
  it("marks the cheapest run among those that ran, and keeps refusal reasons", () => {
    const table = compareTable([run("full", 0.5), run("gateway", 0.0123), run("stubs", 0, "Kimi cannot do this")]);
    expect(table.rows.map((row) => [row.id, row.cheapest, row.refusedReason])).toEqual([
      ["full", false, null],
      ["gateway", true, null],
      ["stubs", false, "Kimi cannot do this"],
    ]);
    expect(table.rows[2].totals).toBeNull();
    expect(table.costDecimals).toBe(4);
  });

  it("copes with every run refused", () => {
    const table = compareTable([run("full", 0, "no")]);
    expect(table.rows[0].cheapest).toBe(false);
  });
});

describe("goals and step figures", () => {
  it("labels verdicts for screen readers", () => {
    expect(GOALS.map((goal) => goal.key)).toEqual(["noToolsUpFront", "stableToolList", "nativeStrictSchema"]);
    expect(goalVerdictLabel(GOALS[1], false)).toBe("Stable tool list: not met");
  });

  it("lists the step's token parts with their costs", () => {
    const tokens = { input: 1000, cacheRead: 600, cacheWrite: 300, uncached: 100, toolDefinitions: 400, output: 50 };
    const cost = { uncachedUsd: 1, cacheReadUsd: 2, cacheWriteUsd: 3, outputUsd: 4, totalUsd: 10 };
    const figures = stepFigures(tokens, cost);
    expect(figures.filter((figure) => figure.status).reduce((sum, figure) => sum + figure.tokens, 0)).toBe(
      tokens.input,
    );
    expect(figures.reduce((sum, figure) => sum + (figure.costUsd ?? 0), 0)).toBe(cost.totalUsd);
    expect(toolDefinitionShare(tokens)).toBe(0.4);
  });
});
