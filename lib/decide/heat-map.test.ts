import { afterAll, describe, expect, it } from "vitest";
import { generateSyntheticCatalog } from "../catalog/synthetic/synthetic-catalog";
import { createEngine } from "../engine";
import { OPERATIONS_AGENT_SYSTEM_PROMPT } from "../examples/agent-system-prompt";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import type { ScenarioSettings } from "../scenario/types";
import type { StrategyId } from "../core/ids";
import { createTokenCounter } from "../tokens";
import { computeBreakEven } from "./break-even";
import { calibrate, sampleCatalog } from "./calibrate";
import { heatMap, HEAT_MAP_TOOL_COUNTS, HEAT_MAP_TURN_COUNTS } from "./heat-map";
import type { DecideParameters } from "./types";

const engine = createEngine();
const o200k = createTokenCounter("o200k");
const SETTINGS: ScenarioSettings = { ...DEFAULT_SETTINGS, system: OPERATIONS_AGENT_SYSTEM_PROMPT };
const TOKENS_PER_TOOL = 400;

function catalogOf(count: number) {
  return generateSyntheticCatalog({
    count,
    targetTokensPerTool: TOKENS_PER_TOOL,
    seed: count,
    countTokens: (text) => o200k.count(text),
    namespaces: Math.max(1, Math.round(count / 40)),
  });
}

const printed: string[] = [];
afterAll(() =>
  console.log(`\nHeat-map spot checks (closed form's pick vs the engine's cheapest)\n${printed.join("\n")}`),
);

describe("heat map", () => {
  const base = catalogOf(200);
  const calibration = calibrate(engine, {
    catalog: base,
    settings: SETTINGS,
    provider: "anthropic",
    model: "claude-opus-4-8",
    sample: sampleCatalog(engine, base, SETTINGS),
  });
  const parameters: DecideParameters = {
    toolsUsed: 4,
    turns: 12,
    minutesBetweenTurns: 2,
    provider: "anthropic",
    model: "claude-opus-4-8",
  };
  const grid = heatMap(calibration, SETTINGS, parameters);

  it("covers every catalog size and turn count with the cheapest strategy of the cell", () => {
    expect(grid.cells).toHaveLength(HEAT_MAP_TURN_COUNTS.length);
    for (const row of grid.cells) {
      expect(row).toHaveLength(HEAT_MAP_TOOL_COUNTS.length);
      for (const cell of row) {
        expect(cell.cheapest).not.toBe("fails");
        const costs = Object.entries(cell.costs)
          .filter(([id]) => !cell.failing[id as StrategyId])
          .map(([, cost]) => cost as number);
        expect(cell.costs[cell.cheapest as StrategyId]).toBe(Math.min(...costs));
        expect(cell.margin).toBeGreaterThanOrEqual(0);
      }
    }
    expect(grid.winners.length).toBeGreaterThan(0);
    // Everything's per-request prefix grows with the catalog: past a few hundred tools it is never the cheapest.
    for (const row of grid.cells)
      for (const cell of row) if (cell.toolCount >= 500) expect(cell.cheapest).not.toBe("full");
  });

  it("prices the strategies with a second conversation in every cell, their lane growing with the catalog", () => {
    expect(grid.strategies).toEqual(expect.arrayContaining(["prefilter", "subagent"]));
    for (const id of ["prefilter", "subagent"] as const) {
      expect(grid.cells.flat().every((cell) => (cell.costs[id] as number) > 0)).toBe(true);
      // The small model's stub list and the sub-agent's tools are per catalog tool: every larger column costs more
      // (and the calibrated column, priced from the probe's own tools, sits between its neighbours).
      const costs = grid.cells[0].map((cell) => cell.costs[id] as number);
      expect(costs.length).toBeGreaterThan(2);
      costs.slice(1).forEach((cost, index) => expect(cost, id).toBeGreaterThan(costs[index]));
    }
  });

  it("can leave a strategy out", () => {
    const without = heatMap(calibration, SETTINGS, parameters, { exclude: ["naive-dynamic"] });
    expect(without.strategies).not.toContain("naive-dynamic");
    for (const row of without.cells) for (const cell of row) expect(cell.cheapest).not.toBe("naive-dynamic");
  });

  // Spot checks: the engine on a generated catalog of the cell's size, same definition size and session shape.
  it.each([
    { toolCount: 200, turns: 12 },
    { toolCount: 20, turns: 12 },
    { toolCount: 1_000, turns: 3 },
    { toolCount: 5, turns: 8 },
  ])(
    "the closed form's cheapest at $toolCount tools × $turns turns is the engine's cheapest, or within 10% of it",
    ({ toolCount, turns }) => {
      const found = heatMap(calibration, SETTINGS, parameters, { toolCounts: [toolCount], turnCounts: [turns] })
        .cells[0][0];
      expect(found.cheapest).not.toBe("fails");
      const cell = { ...found, cheapest: found.cheapest as StrategyId };
      const result = computeBreakEven(engine, {
        catalog: catalogOf(toolCount),
        settings: SETTINGS,
        parameters: { ...parameters, turns },
      });
      const engineCost = new Map<StrategyId, number>(
        result.lines.map((line) => [line.id, line.engine?.cumulativeCostUsd[turns - 1] ?? Number.NaN]),
      );
      const cheapest = Math.min(...engineCost.values());
      const engineWinner = [...engineCost.entries()].find(([, cost]) => cost === cheapest)?.[0];
      printed.push(
        `  ${toolCount} tools × ${turns} turns: closed form picks ${cell.cheapest} ($${cell.costs[cell.cheapest]?.toFixed(5)}), ` +
          `engine picks ${engineWinner} ($${cheapest.toFixed(5)}); engine cost of the closed form's pick $${engineCost.get(cell.cheapest)?.toFixed(5)}`,
      );
      expect(engineCost.get(cell.cheapest)).toBeLessThanOrEqual(cheapest * 1.1);
      // Away from the calibrated size the grid is an estimate from mean tools: its figure stays within 20%.
      expect(
        Math.abs((cell.costs[cell.cheapest] ?? 0) - (engineCost.get(cell.cheapest) ?? 0)) /
          (engineCost.get(cell.cheapest) ?? 1),
      ).toBeLessThan(0.2);
    },
  );
});

describe("heat map: where sending everything is refused", async () => {
  const base = catalogOf(200);
  const grid = (provider: DecideParameters["provider"], model: string) => {
    const calibration = calibrate(engine, {
      catalog: base,
      settings: SETTINGS,
      provider,
      model,
      sample: sampleCatalog(engine, base, SETTINGS),
    });
    return heatMap(calibration, SETTINGS, { toolsUsed: 4, turns: 12, minutesBetweenTurns: 2, provider, model });
  };

  it("OpenAI: full fails from the first column past 128 tools (PROTOCOLS §9), and is never the cheapest there", () => {
    const map = grid("openai-responses", "gpt-5.4");
    const firstPast128 = map.toolCounts.findIndex((count) => count > 128);
    expect(map.fullFailsFrom.every((index) => index === firstPast128)).toBe(true);
    for (const row of map.cells)
      for (const cell of row) {
        expect(cell.failing.full?.limit === "tool-count").toBe(cell.toolCount > 128);
        if (cell.toolCount > 128) expect(cell.cheapest).not.toBe("full");
      }
  });

  it("Anthropic: full fails where the definitions pass Opus 4.8's 1M-token window, not before", () => {
    const map = grid("anthropic", "claude-opus-4-8");
    for (const row of map.cells)
      for (const cell of row) {
        const failure = cell.failing.full;
        if (cell.toolCount <= 1_000) expect(failure).toBeUndefined();
        if (cell.toolCount >= 5_000) expect(failure?.limit).toBe("context-window");
      }
    expect(map.fullFailsFrom.some((index) => index !== null)).toBe(true);
  });
});
