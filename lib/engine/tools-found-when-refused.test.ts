/**
 * A run the provider refuses stops at the refused request: the tools it reports found are the ones the model
 * called in accepted requests, never one whose call was in the refused request ("toolsFound 1/1" beside
 * "failsAtRequest: 1" was a contradiction).
 */
import { describe, expect, it } from "vitest";
import { loadExample } from "../examples";
import { limitOverrideKey } from "../models/model-limits";
import { getModel } from "../models/model-table";
import type { Scenario } from "../scenario/types";
import { createEngine } from "./engine";

const engine = createEngine();

function renamed(scenario: Scenario, from: string, to: string): Scenario {
  return {
    ...scenario,
    catalog: {
      ...scenario.catalog,
      tools: scenario.catalog.tools.map((tool) => (tool.name === from ? { ...tool, name: to } : tool)),
    },
    turns: scenario.turns.map((turn) => ({
      ...turn,
      needs: turn.needs.map((need) => (need.tool === from ? { ...need, tool: to } : need)),
    })),
  };
}

describe("tools found in a refused run", () => {
  it("a name the provider refuses: fails at request 1, no tool found", async () => {
    const weather = await loadExample("weather");
    const needed = weather.turns[0].needs[0].tool;
    const run = engine.runStrategy(renamed(weather, needed, "get weather"), "full", { provider: "anthropic" });
    expect(run.totals.failsAtRequest).toBe(1);
    expect(run.totals.toolsFound).toBe(0);
  });

  it("a window that a later request outgrows: only the calls of accepted requests count", async () => {
    const weather = await loadExample("weather");
    const free = engine.runStrategy(weather, "full", { provider: "anthropic" });
    const callSteps = free.steps.filter((step) => step.kind === "call");
    expect(callSteps.length).toBeGreaterThanOrEqual(2);
    // Refuse the second call request: a window one token short of its prompt (prompts only grow in `full`).
    const second = callSteps[1];
    const model = getModel("anthropic", free.model)!;
    const settings = {
      ...weather.settings,
      provider: "anthropic" as const,
      model: free.model,
      limitOverrides: { [limitOverrideKey(model)]: { contextWindow: second.tokens.input - 1 } },
    };
    const run = engine.runStrategy({ ...weather, settings }, "full", { provider: "anthropic" });
    expect(run.totals.failsAtRequest).toBe(second.index + 1);
    expect(run.totals.toolsFound).toBe(1);
    expect(free.totals.toolsFound).toBe(free.totals.toolsNeeded);
  });
});
