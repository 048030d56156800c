import { describe, expect, it } from "vitest";
import { runScript } from "./test-support/run-script";

describe("npm run experiment", () => {
  it("runs a shipped task set on the simulated model and prints the documented JSON", async () => {
    const run = await runScript("scripts/experiment.ts", [
      "--catalog",
      "examples/weather.json",
      "--tasks",
      "examples/tasks/weather.jsonl",
      "--provider",
      "anthropic",
      "--model",
      "claude-opus-4-8",
      "--strategies",
      "full,anthropic-tool-search",
      "--simulated",
      "--json",
    ]);
    expect(run.stderr).toMatch(/2 strategies × 8 tasks × 1 repetitions = 16 task-runs; predicted cost \$/);
    expect(run.status).toBe(0);
    const { cells } = JSON.parse(run.stdout) as { cells: Array<Record<string, unknown>> };
    expect(cells.map((cell) => cell.strategy)).toEqual(["full", "anthropic-tool-search"]);
    for (const cell of cells) {
      expect(cell).toMatchObject({ provider: "anthropic", model: "claude-opus-4-8", mode: "simulated", runs: 8 });
      // The scripted model calls every expected tool with arguments valid for its schema.
      expect(cell.toolSelectionAccuracy).toBe(1);
      expect(cell.completionRate).toBe(1);
      expect(cell.argumentErrorRate).toBe(0);
      // Wilson for 8 of 8: [z²/(n+z²) = 3.8415/11.8415 → 1 − 0.3244, 1] = [0.675592, 1]
      expect(cell.completionRateInterval).toEqual([0.675592, 1]);
      expect(cell).toHaveProperty("tokens.input");
      expect(cell).toHaveProperty("ttftMs", { median: null, p90: null });
      expect(typeof cell.costUsd).toBe("number");
    }
    expect(cells[0].discoveryCallsPerTask).toBe(0);
    expect(cells[1].discoveryCallsPerTask as number).toBeGreaterThan(0);
  }, 60_000);

  it("refuses bad input with exit 2 and one line", async () => {
    const run = await runScript("scripts/experiment.ts", [
      "--catalog",
      "examples/weather.json",
      "--tasks",
      "examples/tasks/github-mcp.jsonl",
      "--provider",
      "anthropic",
      "--model",
      "claude-opus-4-8",
      "--simulated",
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([
      'experiment: examples/tasks/github-mcp.jsonl: line 1: no tool "list_pull_requests" in the catalog (and 8 more)',
    ]);
  }, 60_000);
});
