import type { ScenarioSettings } from "../scenario/types";
import type { StrategyId } from "../core/ids";
import { modelFor, type DecideCalibration } from "./calibrate";
import { predictFailure, type PredictedFailure } from "./limits";
import { closedFormSeries, costModelFor, laneCostModel } from "./closed-form";
import { effectiveToolsUsed, MAX_TOOLS_USED, sessionPlan } from "./session-plan";
import type { DecideParameters } from "./types";
import type { BreakEvenResult } from "./break-even";

/** Catalog sizes from "a handful" to Anthropic's 10,000 deferred tools (PROTOCOLS.md §1.3). */
export const HEAT_MAP_TOOL_COUNTS: readonly number[] = [5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000];
export const HEAT_MAP_TURN_COUNTS: readonly number[] = [1, 2, 3, 5, 8, 12, 20, 30, 40];

export type HeatMapCell = {
  toolCount: number;
  turns: number;
  /** The cheapest strategy the provider accepts here; "fails" when it refuses every one. */
  cheapest: StrategyId | "fails";
  /** Strategies the provider refuses at this size (their cost is not a cost: they cannot run), with why. */
  failing: Partial<Record<StrategyId, PredictedFailure>>;
  /** Closed-form total cost of every strategy in this cell. */
  costs: Partial<Record<StrategyId, number>>;
  /** How much more the second cheapest costs, as a fraction of the cheapest (0.05 = 5% more): a near tie is shown as such. */
  margin: number;
  /**
   * "estimate": the quick formula's figures. "simulated": this catalog's own cell, whose figures are the engine's run
   * of the explorer's session (withEngineCell); `estimateCheapest` then keeps the formula's pick for comparison.
   */
  source: "estimate" | "simulated";
  estimateCheapest?: StrategyId | "fails";
};

export type HeatMap = {
  toolCounts: number[];
  turnCounts: number[];
  /** Rows by turn count, columns by tool count. */
  cells: HeatMapCell[][];
  /** Every strategy that is cheapest somewhere, for the legend, in STRATEGY_IDS order. */
  winners: StrategyId[];
  strategies: StrategyId[];
  /**
   * Per row (turn count): the index of the first tool-count column from which sending every tool (`full`) is
   * refused by the provider, or null. The boundary the heat map draws.
   */
  fullFailsFrom: Array<number | null>;
  /** Some cell is refused for every strategy (shown in the "fails" colour). */
  anyCellFails: boolean;
};

/**
 * The cheapest strategy over (catalog size × turns) on the chosen provider, by the closed form (a few milliseconds
 * for the whole grid). The catalog is scaled from the calibrated one: the strategies' per-tool prefix grows with the
 * tool count; tools used, minutes between turns and prices are the explorer's. Strategies in `exclude` are left out
 * (for instance the naive-dynamic anti-pattern, when someone wants only strategies they would ship).
 */
export function heatMap(
  calibration: DecideCalibration,
  settings: ScenarioSettings,
  parameters: DecideParameters,
  options: { toolCounts?: readonly number[]; turnCounts?: readonly number[]; exclude?: readonly StrategyId[] } = {},
): HeatMap {
  const toolCounts = [...(options.toolCounts ?? HEAT_MAP_TOOL_COUNTS)];
  const turnCounts = [...(options.turnCounts ?? HEAT_MAP_TURN_COUNTS)];
  const excluded = new Set(options.exclude ?? []);
  const profiles = calibration.profiles.filter((profile) => !excluded.has(profile.id));
  const order = profiles.map((profile) => profile.id);
  if (profiles.length === 0)
    return {
      toolCounts,
      turnCounts,
      cells: [],
      winners: [],
      strategies: order,
      fullFailsFrom: turnCounts.map(() => null),
      anyCellFails: false,
    };
  const model = costModelFor(parameters, settings);
  const modelInfo = modelFor(parameters.provider, calibration.model);
  const winners = new Set<StrategyId>();
  const cells = turnCounts.map((turns) =>
    toolCounts.map((toolCount): HeatMapCell => {
      const plan = sessionPlan(
        effectiveToolsUsed(parameters.toolsUsed, turns, Math.min(toolCount, MAX_TOOLS_USED)),
        turns,
      );
      const costs: Partial<Record<StrategyId, number>> = {};
      const failing: Partial<Record<StrategyId, PredictedFailure>> = {};
      for (const profile of profiles) {
        const series = closedFormSeries(profile, plan, model, {
          minutesBetweenTurns: parameters.minutesBetweenTurns,
          toolCount,
          calibratedToolCount: calibration.toolCount,
          nonDeferredTools: settings.nonDeferredTools,
          laneModel: laneCostModel(profile.secondLane, model, parameters, settings),
        });
        costs[profile.id] = series.cumulativeCostUsd[series.cumulativeCostUsd.length - 1] ?? 0;
        const failure = predictFailure(profile, series, toolCount, modelInfo, settings.limitOverrides);
        if (failure) failing[profile.id] = failure;
      }
      const ranked = (Object.entries(costs) as Array<[StrategyId, number]>)
        .filter(([id]) => !failing[id])
        .sort((a, b) => a[1] - b[1]);
      const [cheapest, runnerUp] = ranked;
      if (cheapest) winners.add(cheapest[0]);
      return {
        toolCount,
        turns,
        cheapest: cheapest ? cheapest[0] : "fails",
        failing,
        costs,
        margin: cheapest && runnerUp && cheapest[1] > 0 ? runnerUp[1] / cheapest[1] - 1 : Number.POSITIVE_INFINITY,
        source: "estimate",
      };
    }),
  );
  const fullFailsFrom = cells.map((row) => {
    const index = row.findIndex((cell) => cell.failing.full !== undefined);
    return index >= 0 ? index : null;
  });
  return {
    toolCounts,
    turnCounts,
    cells,
    winners: order.filter((id) => winners.has(id)),
    strategies: order,
    fullFailsFrom,
    anyCellFails: cells.some((row) => row.some((cell) => cell.cheapest === "fails")),
  };
}

/** The grid's axes with this catalog's size and the explorer's turns added, so "this catalog" is a cell of its own. */
export function axesWith(toolCount: number, turns: number): { toolCounts: number[]; turnCounts: number[] } {
  const add = (values: readonly number[], value: number) =>
    value > 0 && !values.includes(value) ? [...values, value].sort((a, b) => a - b) : [...values];
  return { toolCounts: add(HEAT_MAP_TOOL_COUNTS, toolCount), turnCounts: add(HEAT_MAP_TURN_COUNTS, turns) };
}

/**
 * This catalog's cell from the engine instead of the formula: once the engine has run the explorer's session
 * (same catalog, turns, tools used, model and prices), the cell at (catalog size, turns) takes the engine's final
 * costs and rejected runs, so the heat map and the break-even table can never disagree about this catalog. The
 * formula's pick is kept beside it (`estimateCheapest`). Unchanged until every compared strategy has an engine run.
 */
export function withEngineCell(map: HeatMap, result: BreakEvenResult): HeatMap {
  const row = map.turnCounts.indexOf(result.parameters.turns);
  const column = map.toolCounts.indexOf(result.toolCount);
  if (row < 0 || column < 0) return map;
  const lines = result.lines.filter((line) => map.strategies.includes(line.id));
  if (lines.length === 0 || lines.some((line) => !line.engine)) return map;
  const estimate = map.cells[row][column];
  const last = result.parameters.turns - 1;
  const costs: Partial<Record<StrategyId, number>> = {};
  const failing: Partial<Record<StrategyId, PredictedFailure>> = {};
  for (const line of lines) {
    costs[line.id] = line.engine!.cumulativeCostUsd[last] ?? 0;
    const failure = line.fails.engine;
    if (failure)
      failing[line.id] = { turn: failure.atTurn, limit: failure.limit, reason: `${failure.status} ${failure.reason}` };
  }
  const ranked = (Object.entries(costs) as Array<[StrategyId, number]>)
    .filter(([id]) => !failing[id])
    .sort((a, b) => a[1] - b[1]);
  const [cheapest, runnerUp] = ranked;
  const cell: HeatMapCell = {
    toolCount: estimate.toolCount,
    turns: estimate.turns,
    cheapest: cheapest ? cheapest[0] : "fails",
    failing,
    costs,
    margin: cheapest && runnerUp && cheapest[1] > 0 ? runnerUp[1] / cheapest[1] - 1 : Number.POSITIVE_INFINITY,
    source: "simulated",
    estimateCheapest: estimate.cheapest,
  };
  const cells = map.cells.map((cellsOfRow, rowIndex) =>
    rowIndex === row ? cellsOfRow.map((other, index) => (index === column ? cell : other)) : cellsOfRow,
  );
  const winners = new Set(cells.flat().flatMap((other) => (other.cheapest === "fails" ? [] : [other.cheapest])));
  return {
    ...map,
    cells,
    winners: map.strategies.filter((id) => winners.has(id)),
    fullFailsFrom: cells.map((cellsOfRow) => {
      const index = cellsOfRow.findIndex((other) => other.failing.full !== undefined);
      return index >= 0 ? index : null;
    }),
    anyCellFails: cells.some((cellsOfRow) => cellsOfRow.some((other) => other.cheapest === "fails")),
  };
}
