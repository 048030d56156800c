import { afterAll, describe, expect, it } from "vitest";
import { generateSyntheticCatalog } from "../catalog/synthetic/synthetic-catalog";
import type { Catalog } from "../core/catalog";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { OPERATIONS_AGENT_SYSTEM_PROMPT } from "../examples/agent-system-prompt";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import { createTokenCounter } from "../tokens";
import { breakEven, breakEvenTurn, computeBreakEven, maxRelativeDeviation } from "./break-even";
import { costModelFor, laneCostModel } from "./closed-form";
import { decideScenario } from "./decide-scenario";
import { engineSeries } from "./engine-session";
import { sessionPlan } from "./session-plan";
import { CLOSED_FORM_TOLERANCE, type DecideParameters } from "./types";

const engine = createEngine();
const o200k = createTokenCounter("o200k");
const catalogs = new Map<string, ReturnType<typeof generateSyntheticCatalog>>();

function syntheticCatalog(count: number, tokensPerTool: number) {
  const key = `${count}x${tokensPerTool}`;
  let catalog = catalogs.get(key);
  if (!catalog) {
    catalog = generateSyntheticCatalog({
      count,
      targetTokensPerTool: tokensPerTool,
      seed: count,
      countTokens: (text) => o200k.count(text),
      namespaces: Math.max(1, Math.round(count / 40)),
    });
    catalogs.set(key, catalog);
  }
  return catalog;
}

const SETTINGS: ScenarioSettings = { ...DEFAULT_SETTINGS, system: OPERATIONS_AGENT_SYSTEM_PROMPT };

type Configuration = {
  name: string;
  catalog: () => Promise<Catalog>;
  settings?: Partial<ScenarioSettings>;
  parameters: DecideParameters;
};

const anthropic = (
  toolsUsed: number,
  turns: number,
  minutesBetweenTurns: number,
  extra: Partial<DecideParameters> = {},
): DecideParameters => ({
  toolsUsed,
  turns,
  minutesBetweenTurns,
  provider: "anthropic",
  model: "claude-opus-4-8",
  ...extra,
});
const on = (
  provider: ProviderId,
  model: string,
  toolsUsed: number,
  turns: number,
  minutesBetweenTurns: number,
): DecideParameters => ({ toolsUsed, turns, minutesBetweenTurns, provider, model });

/**
 * The closed form against the engine on sessions of different shapes: catalog size and definition size, tools used,
 * turns, minutes between turns on both sides of the TTL, the 1-hour cache, client-run search, and all four wire
 * formats. Generated catalogs and two real ones (GitHub's MCP server, the learning agent).
 */
const CONFIGURATIONS: Configuration[] = [
  {
    name: "200×400 tools, Anthropic, 5 tools, 12 turns, 2 min",
    catalog: async () => syntheticCatalog(200, 400),
    parameters: anthropic(5, 12, 2),
  },
  {
    name: "200×400 tools, Anthropic, 3 tools, 10 turns, 6 min (past the 5-min TTL)",
    catalog: async () => syntheticCatalog(200, 400),
    parameters: anthropic(3, 10, 6),
  },
  {
    name: "200×400 tools, Anthropic 1-h cache, 4 tools, 8 turns, 20 min",
    catalog: async () => syntheticCatalog(200, 400),
    parameters: anthropic(4, 8, 20, { cacheTtl: "1h" }),
  },
  {
    name: "60×150 tools, Anthropic, client search, 10 tools, 16 turns, 1 min",
    catalog: async () => syntheticCatalog(60, 150),
    settings: { searchExecution: "client" },
    parameters: anthropic(10, 16, 1),
  },
  {
    name: "500×300 tools, Anthropic Sonnet 4.5, 2 tools, 20 turns, 3 min",
    catalog: async () => syntheticCatalog(500, 300),
    parameters: { ...anthropic(2, 20, 3), model: "claude-sonnet-4-5" },
  },
  {
    name: "200×400 tools, OpenAI Responses gpt-5.4, 8 tools, 20 turns, 1 min",
    catalog: async () => syntheticCatalog(200, 400),
    parameters: on("openai-responses", "gpt-5.4", 8, 20, 1),
  },
  {
    name: "200×400 tools, OpenAI Responses gpt-5.6-terra (billed writes), 4 tools, 10 turns, 12 min",
    catalog: async () => syntheticCatalog(200, 400),
    parameters: on("openai-responses", "gpt-5.6-terra", 4, 10, 12),
  },
  {
    name: "200×400 tools, OpenAI Chat gpt-4.1, 5 tools, 10 turns, 2 min",
    catalog: async () => syntheticCatalog(200, 400),
    parameters: on("openai-chat", "gpt-4.1", 5, 10, 2),
  },
  {
    name: "200×400 tools, Moonshot Kimi K3, 4 tools, 8 turns, 2 min",
    catalog: async () => syntheticCatalog(200, 400),
    parameters: on("moonshot", "kimi-k3", 4, 8, 2),
  },
  {
    name: "GitHub MCP (117 real tools), Anthropic, 5 tools, 12 turns, 2 min",
    catalog: async () => (await loadExample("github-mcp")).catalog,
    parameters: anthropic(5, 12, 2),
  },
  {
    name: "GitHub MCP (117 real tools), OpenAI Responses, 8 tools, 20 turns, 1 min",
    catalog: async () => (await loadExample("github-mcp")).catalog,
    parameters: on("openai-responses", "gpt-5.4", 8, 20, 1),
  },
  {
    name: "Learning agent (16 real tools), Anthropic, 3 tools, 10 turns, 6 min",
    catalog: async () => (await loadExample("learning-agent")).catalog,
    parameters: anthropic(3, 10, 6),
  },
  // Sixteen tools run out of tools no other search returns: the second one is found by the first one's search.
  {
    name: "Learning agent (16 real tools), Anthropic, 2 tools, 12 turns, 2 min",
    catalog: async () => (await loadExample("learning-agent")).catalog,
    parameters: anthropic(2, 12, 2),
  },
];

const printed: string[] = [];
afterAll(() => {
  console.log(
    `\nEngine vs closed form (cumulative cost after the last turn; gap = largest over all turns; tolerance ${CLOSED_FORM_TOLERANCE * 100}%)\n${printed.join("\n")}`,
  );
});

describe("break-even: the closed form agrees with the engine", () => {
  it.each(CONFIGURATIONS)("$name", async ({ catalog, settings, parameters, name }) => {
    const result = computeBreakEven(engine, {
      catalog: await catalog(),
      settings: { ...SETTINGS, ...settings },
      parameters,
    });
    expect(result.lines.length).toBeGreaterThanOrEqual(4);
    printed.push(
      `\n${name}: ${result.toolCount} tools × ${result.tokensPerTool.toFixed(0)} tokens; session tools ${result.sessionToolNames.join(", ")}`,
    );
    for (const line of result.lines) {
      // A strategy the provider refuses (full with 200 tools on OpenAI and Kimi: more than 128): the closed form
      // predicts the refusal exactly where the engine's run stopped, and there is no cost to compare.
      expect(line.fails.closedForm?.turn ?? null, `${line.id}: predicted failure`).toBe(
        line.fails.engine?.atTurn ?? null,
      );
      if (line.fails.engine) {
        printed.push(
          `  ${line.id.padEnd(27)} fails at request ${line.fails.engine.atRequest}: ${line.fails.engine.reason}`,
        );
        continue;
      }
      const engineSeries = line.engine;
      expect(engineSeries, line.id).not.toBeNull();
      if (!engineSeries) continue;
      const last = parameters.turns - 1;
      printed.push(
        `  ${line.id.padEnd(27)} engine $${engineSeries.cumulativeCostUsd[last].toFixed(5)}  closed form $${line.closedForm.cumulativeCostUsd[last].toFixed(5)}  ` +
          `gap ${((line.maxDeviation ?? 0) * 100).toFixed(1).padStart(4)}%  requests ${engineSeries.cumulativeRequests[last]}/${line.closedForm.cumulativeRequests[last]}  ` +
          `break-even turn ${line.breakEvenTurn.engine ?? "never"}/${line.breakEvenTurn.closedForm ?? "never"}`,
      );
      // The formula's round trips are exact: one extra request per new tool where discovery is its own request.
      expect(line.closedForm.cumulativeRequests, line.id).toEqual(engineSeries.cumulativeRequests);
      expect(line.maxDeviation, `${line.id}: closed form vs engine`).toBeLessThanOrEqual(CLOSED_FORM_TOLERANCE);
      // Every needed tool was found: the sample prefers tools the search finds on the first try.
      expect(line.toolsFound).toBe(line.toolsNeeded);
    }
  });
});

describe("break-even: the strategies with a second conversation", () => {
  it("prices the prefilter and the sub-agent (both lanes summed) within the tolerance of the engine's run", async () => {
    const result = computeBreakEven(engine, {
      catalog: (await loadExample("learning-agent")).catalog,
      settings: SETTINGS,
      parameters: anthropic(3, 10, 6),
    });
    expect(result.unavailable.map((entry) => entry.id)).not.toContain("prefilter");
    for (const id of ["prefilter", "subagent"] as const) {
      const line = result.lines.find((candidate) => candidate.id === id);
      expect(line, id).toBeDefined();
      const run = result.engineRuns.find((candidate) => candidate.id === id)!;
      // The engine's run has the second conversation's requests apart, and the line sums them with the main ones.
      expect(run.lanePerTurn?.every((turn) => turn.requests > 0)).toBe(true);
      expect(line!.engine!.cumulativeRequests.at(-1)).toBe(
        [...run.perTurn, ...run.lanePerTurn!].reduce((sum, turn) => sum + turn.requests, 0),
      );
      expect(line!.closedForm.cumulativeRequests).toEqual(line!.engine!.cumulativeRequests);
      expect(line!.maxDeviation).toBeLessThanOrEqual(CLOSED_FORM_TOLERANCE);
    }
  });
});

describe("break-even turn", () => {
  it("is the first turn from which the strategy stays strictly cheaper", () => {
    expect(breakEvenTurn([1, 2, 3], [2, 3, 4])).toBe(1);
    expect(breakEvenTurn([3, 4, 5, 6], [1, 3, 5, 7])).toBe(4);
    // Cheaper at first, dearer in the middle, cheaper again from turn 4.
    expect(breakEvenTurn([1, 5, 9, 10, 11], [2, 4, 8, 11, 14])).toBe(4);
    expect(breakEvenTurn([2, 3], [1, 3])).toBeNull();
    expect(breakEvenTurn([], [])).toBeNull();
  });

  it("measures the relative gap at every turn", () => {
    expect(maxRelativeDeviation([1.1, 2], [1, 2])).toBeCloseTo(0.1, 10);
    expect(maxRelativeDeviation([0], [0])).toBe(0);
  });
});

describe("break-even pricing", async () => {
  const catalog = syntheticCatalog(120, 300);
  const parameters = anthropic(3, 6, 2);
  const result = computeBreakEven(engine, { catalog, settings: SETTINGS, parameters });

  it("reprices the engine's per-turn token sums exactly as the engine prices its steps", () => {
    const model = costModelFor(parameters, SETTINGS);
    const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]));
    const tools = result.calibration.sessionToolNames.map((name) => byName.get(name)!);
    const scenario = decideScenario({
      catalog,
      settings: SETTINGS,
      tools,
      plan: sessionPlan(parameters.toolsUsed, parameters.turns),
      provider: "anthropic",
      model: "claude-opus-4-8",
      minutesBetweenTurns: 2,
    });
    for (const run of result.engineRuns) {
      const direct = engine.runStrategy(scenario, run.id, { provider: "anthropic", model: "claude-opus-4-8" });
      const perTurn = Array.from({ length: parameters.turns }, (_, turn) =>
        direct.steps.filter((step) => step.turn <= turn).reduce((sum, step) => sum + step.cost.totalUsd, 0),
      );
      // A second conversation on another model (the prefilter's small model) is priced at that model.
      const lane = result.calibration.profiles.find((profile) => profile.id === run.id)?.secondLane;
      const repriced = engineSeries(run, model, laneCostModel(lane, model, parameters, SETTINGS)).cumulativeCostUsd;
      repriced.forEach((cost, turn) => expect(cost).toBeCloseTo(perTurn[turn], 12));
      expect(repriced[parameters.turns - 1]).toBeCloseTo(direct.totals.costUsd, 12);
    }
  });

  it("edited prices change the cost linearly without running the engine again", () => {
    const doubled = breakEven(
      result.calibration,
      SETTINGS,
      {
        ...parameters,
        prices: {
          inputPerMillion: 10,
          cacheWrite5mPerMillion: 12.5,
          cacheWrite1hPerMillion: 20,
          cacheReadPerMillion: 1,
          outputPerMillion: 50,
        },
      },
      result.engineRuns,
    );
    for (const line of doubled.lines) {
      // The edits are the main model's prices: a lane on another model (the prefilter's) keeps its own.
      if (result.calibration.profiles.find((profile) => profile.id === line.id)?.secondLane?.sameModel === false)
        continue;
      const original = result.lines.find((candidate) => candidate.id === line.id);
      const last = parameters.turns - 1;
      expect(line.engine?.cumulativeCostUsd[last]).toBeCloseTo(
        2 * (original?.engine?.cumulativeCostUsd[last] ?? 0),
        10,
      );
      expect(line.closedForm.cumulativeCostUsd[last]).toBeCloseTo(2 * original!.closedForm.cumulativeCostUsd[last], 10);
    }
  });

  it("measures tokens per tool on the engine's first request of full", () => {
    const full = result.engineRuns.find((run) => run.id === "full");
    expect(result.tokensPerTool).toBeCloseTo((full?.firstRequestToolDefinitions ?? 0) / catalog.tools.length, 10);
    // Claude's estimate is o200k × 1.2 on about 300-token tools.
    expect(result.tokensPerTool).toBeGreaterThan(250);
    expect(result.tokensPerTool).toBeLessThan(500);
  });
});
