import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { formatPercent, formatUsd } from "../view/format";
import { formatRunsTable } from "./simulation-output";

describe("formatRunsTable", () => {
  it("shows each run's cost and hit rate as the page does (lib/view/format), not rounded its own way", async () => {
    const scenario = await loadExample("seed-200-tools");
    const runs = createEngine().runAll(scenario, ["naive-dynamic", "stubs"], { provider: "anthropic" });
    const table = formatRunsTable(scenario, runs);
    for (const run of runs) {
      const row = table.split("\n").find((line) => line.startsWith(`${run.id} `))!;
      expect(row).toContain(` ${formatUsd(run.totals.costUsd)} `);
      expect(row).toContain(` ${formatPercent(run.totals.cacheHitRateByTokens)} `);
    }
    // The figures these runs have: fractional percentages, costs under a dollar.
    expect(runs.some((run) => !Number.isInteger(run.totals.cacheHitRateByTokens * 100))).toBe(true);
  });
});
