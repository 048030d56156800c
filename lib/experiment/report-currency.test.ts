/** The experiment's cells name each cost's currency: a Qwen cell is CNY beside a Claude cell in USD. */
import { describe, expect, it } from "vitest";
import { experimentCsv, experimentJson, experimentMarkdown, taskRunsCsv } from "./report";
import type { ExperimentCell, TaskRunResult } from "./types";

function result(cell: ExperimentCell, costUsd: number): TaskRunResult {
  const tokens = { input: 1000, cacheRead: 0, cacheWrite: 0, output: 10 };
  return {
    key: `${cell.provider}|t|0`,
    cell,
    taskId: "t",
    repetition: 0,
    mode: "simulated",
    stop: "completed",
    selected: true,
    completed: true,
    catalogCalls: 1,
    invalidCalls: 0,
    gatewayCalls: 0,
    discoveryCalls: 0,
    unknownCalls: 0,
    requests: 2,
    tokens,
    predictedTokens: tokens,
    costUsd,
    predictedCostUsd: costUsd,
    ttftMs: null,
    latencyMs: null,
    retries: 0,
  };
}

describe("experiment report: money in each cell's currency", () => {
  const results = [
    result({ strategy: "full", provider: "qwen", model: "qwen-plus" }, 0.0123),
    result({ strategy: "full", provider: "anthropic", model: "claude-opus-4-8" }, 0.0456),
  ];

  it("JSON and CSV carry the currency; Markdown writes CN¥ and $", () => {
    const json = experimentJson(results) as unknown as { cells: Array<{ provider: string; currency: string }> };
    expect(Object.fromEntries(json.cells.map((cell) => [cell.provider, cell.currency]))).toEqual({
      qwen: "CNY",
      anthropic: "USD",
    });
    expect(experimentCsv(results).split("\n")[0]).toContain("currency");
    expect(taskRunsCsv(results)).toMatch(/qwen,qwen-plus,.*,CNY,0\.0123/);
    const markdown = experimentMarkdown(results, "t");
    expect(markdown).toContain("CN¥0.01230");
    expect(markdown).toContain("$0.04560");
  });
});
