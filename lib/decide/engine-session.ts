import type { Catalog } from "../core/catalog";
import type { LimitId, StrategyRun } from "../engine/types";
import { computeCost } from "../models";
import type { ScenarioSettings } from "../scenario/types";
import type { StrategyId } from "../core/ids";
import type { DecideCalibration } from "./calibrate";
import type { CostModel } from "./closed-form";
import { decideScenario } from "./decide-scenario";
import { effectiveToolsUsed, sessionPlan } from "./session-plan";
import type { CostSeries, DecideEngine, DecideParameters } from "./types";

/** Token sums of one turn of an engine run: enough to price it with any prices, because cost is linear in tokens. */
export type TurnTokens = {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  uncached: number;
  output: number;
  requests: number;
  /** The largest prompt of one request in the turn. */
  largestPrompt: number;
};

/** What the worker sends back for one strategy: no request bodies, only per-turn sums. */
export type EngineSessionRun = {
  id: StrategyId;
  provider: StrategyRun["provider"];
  model: string;
  perTurn: TurnTokens[];
  toolsFound: number;
  toolsNeeded: number;
  /** The tool-definition tokens of the first request (for `full`: every definition). */
  firstRequestToolDefinitions: number;
  /** The request the provider refused, when one was: the run stopped there (turns after it are empty). */
  fails?: EngineFailure;
  /** A second conversation's requests per turn (prefilter, sub-agent), priced at its own model; not in `perTurn`. */
  lanePerTurn?: TurnTokens[];
};

/** Where and why a run stopped: the provider refused request `atRequest` (1-based), in turn `atTurn` (1-based). */
export type EngineFailure = { atRequest: number; atTurn: number; status: number; reason: string; limit: LimitId };

export function engineSessionRun(run: StrategyRun, turns: number): EngineSessionRun {
  const empty = (): TurnTokens[] =>
    Array.from({ length: turns }, () => ({
      input: 0,
      cacheRead: 0,
      cacheWrite: 0,
      uncached: 0,
      output: 0,
      requests: 0,
      largestPrompt: 0,
    }));
  const perTurn = empty();
  const lanePerTurn = run.steps.some((step) => step.lane) ? empty() : undefined;
  for (const step of run.steps) {
    const sums = (step.lane && lanePerTurn ? lanePerTurn : perTurn)[step.turn];
    if (!sums) continue;
    sums.input += step.tokens.input;
    sums.cacheRead += step.tokens.cacheRead;
    sums.cacheWrite += step.tokens.cacheWrite;
    sums.uncached += step.tokens.uncached;
    sums.output += step.tokens.output;
    sums.requests += 1;
    sums.largestPrompt = Math.max(sums.largestPrompt, step.tokens.input);
  }
  const rejected = run.steps.find((step) => step.rejected);
  return {
    id: run.id,
    provider: run.provider,
    model: run.model,
    perTurn,
    ...(lanePerTurn ? { lanePerTurn } : {}),
    toolsFound: run.totals.toolsFound,
    toolsNeeded: run.totals.toolsNeeded,
    firstRequestToolDefinitions: run.steps[0]?.tokens.toolDefinitions ?? 0,
    ...(rejected?.rejected
      ? {
          fails: {
            atRequest: rejected.index + 1,
            atTurn: rejected.turn + 1,
            status: rejected.rejected.status,
            reason: rejected.rejected.reason,
            limit: rejected.rejected.limit,
          },
        }
      : {}),
  };
}

/** Prices an engine run's turns with the explorer's prices (the engine's own when none were edited). */
export function engineSeries(run: EngineSessionRun, model: CostModel, laneModel: CostModel = model): CostSeries {
  const series: CostSeries = {
    cumulativeCostUsd: [],
    cumulativeInputTokens: [],
    cumulativeRequests: [],
    largestPromptTokens: [],
  };
  let cost = 0;
  let input = 0;
  let requests = 0;
  run.perTurn.forEach((turn, index) => {
    cost += computeCost(turn, model.prices, { ttl: model.ttl, writesBilled: model.writesBilled }).totalUsd;
    input += turn.input;
    requests += turn.requests;
    let largest = turn.largestPrompt;
    const lane = run.lanePerTurn?.[index];
    if (lane) {
      cost += computeCost(lane, laneModel.prices, {
        ttl: laneModel.ttl,
        writesBilled: laneModel.writesBilled,
      }).totalUsd;
      input += lane.input;
      requests += lane.requests;
      largest = Math.max(largest, lane.largestPrompt);
    }
    series.cumulativeCostUsd.push(cost);
    series.cumulativeInputTokens.push(input);
    series.cumulativeRequests.push(requests);
    series.largestPromptTokens.push(largest);
  });
  return series;
}

/**
 * Runs the engine on the session the sliders describe, one strategy at a time (`onRun` lets a worker report
 * progress and stop early by returning false). Strategies the calibration found unavailable are skipped.
 */
export function runEngineSession(
  engine: DecideEngine,
  input: { catalog: Catalog; settings: ScenarioSettings; calibration: DecideCalibration; parameters: DecideParameters },
  onRun?: (run: EngineSessionRun) => boolean | void,
): EngineSessionRun[] {
  const { catalog, settings, calibration, parameters } = input;
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]));
  const tools = calibration.sessionToolNames.flatMap((name) => byName.get(name) ?? []);
  if (tools.length === 0) return [];
  const toolsUsed = effectiveToolsUsed(parameters.toolsUsed, parameters.turns, tools.length);
  const plan = sessionPlan(toolsUsed, parameters.turns);
  const scenario = decideScenario({
    catalog,
    settings,
    tools,
    plan,
    provider: parameters.provider,
    model: calibration.model,
    minutesBetweenTurns: parameters.minutesBetweenTurns,
    cacheTtl: parameters.cacheTtl,
  });
  const runs: EngineSessionRun[] = [];
  for (const profile of calibration.profiles) {
    const run = engine.runStrategy(scenario, profile.id, { provider: parameters.provider, model: calibration.model });
    if (run.refused) continue;
    const summary = engineSessionRun(run, plan.length);
    runs.push(summary);
    if (onRun?.(summary) === false) break;
  }
  return runs;
}
