/**
 * Metrics per cell (strategy × provider × model, measured or simulated), each with its count and 95 % interval
 * (lib/experiment/stats.ts says which interval for which figure), and paired comparisons of two strategies on the
 * same tasks and repetitions.
 */
import type { StrategyId } from "../core/ids";
import { CLIENT_SEARCH_KINDS, type ClientSearchKind } from "../search/embeddings/client-search-choice";
import {
  bootstrap,
  mean,
  pairedDifference,
  quantile,
  tInterval,
  wilson,
  type Interval,
  type PairedDifference,
} from "./stats";
import { cellKey, type ExperimentCell, type StopReason, type TaskRunResult, type TokenFigures } from "./types";

type Spread = { median: number | null; p90: number | null };
type SpreadInterval = { median: Interval | null; p90: Interval | null };
type TokenIntervals = Record<keyof TokenFigures, Interval | null>;

export type CellMetrics = {
  strategy: ExperimentCell["strategy"];
  provider: ExperimentCell["provider"];
  model: string;
  mode: TaskRunResult["mode"];
  /** Task-runs measured (tasks × repetitions finished). */
  runs: number;
  /** Share of task-runs that called every expected tool. */
  toolSelectionAccuracy: number | null;
  toolSelectionAccuracyInterval: Interval | null;
  /**
   * Of the calls to catalog tools (direct or through a gateway), the share whose arguments fail the schema or that
   * the provider rejected.
   */
  argumentErrorRate: number | null;
  argumentErrorRateInterval: Interval | null;
  catalogCalls: number;
  invalidCalls: number;
  /** Of the invalid calls, those the provider rejected with a 400. */
  rejectedCalls: number;
  /** Share of task-runs that called every expected tool with valid arguments within maxTurns. */
  completionRate: number | null;
  completionRateInterval: Interval | null;
  discoveryCallsPerTask: number | null;
  discoveryCallsPerTaskInterval: Interval | null;
  /** Mean per task-run, as the provider reported them; runs whose provider reported no usage are left out. */
  tokens: TokenFigures | null;
  tokensInterval: TokenIntervals | null;
  /** The simulator's prediction of the same requests, mean per task-run. */
  predictedTokens: TokenFigures | null;
  /** Cache-read tokens over all input tokens of the cell. */
  cacheHitRate: number | null;
  cacheHitRateInterval: Interval | null;
  predictedCacheHitRate: number | null;
  ttftMs: Spread;
  ttftMsInterval: SpreadInterval;
  latencyMs: Spread;
  latencyMsInterval: SpreadInterval;
  /** Mean cost of one task-run in US dollars (from the model table's prices). */
  costUsd: number | null;
  costUsdInterval: Interval | null;
  totalCostUsd: number;
  predictedCostUsd: number | null;
  retries: number;
  stops: Record<StopReason, number>;
  /** The searches that answered the client side's searches in this cell (empty when none ran). */
  searches: ClientSearchKind[];
  /** Task-runs whose chosen search failed and fell back to the lexical one. */
  searchFallbacks: number;
};

const TOKEN_KEYS: Array<keyof TokenFigures> = ["input", "cacheRead", "cacheWrite", "output"];

function rate(successes: number, trials: number): { value: number | null; interval: Interval | null } {
  return trials > 0
    ? { value: successes / trials, interval: wilson(successes, trials) }
    : { value: null, interval: null };
}

function spread(values: readonly number[]): { value: Spread; interval: SpreadInterval } {
  if (values.length === 0) return { value: { median: null, p90: null }, interval: { median: null, p90: null } };
  return {
    value: { median: quantile(values, 0.5), p90: quantile(values, 0.9) },
    interval: {
      median: bootstrap(values, (sample) => quantile(sample, 0.5)),
      p90: bootstrap(values, (sample) => quantile(sample, 0.9)),
    },
  };
}

function meanTokens(list: readonly TokenFigures[]): TokenFigures | null {
  if (list.length === 0) return null;
  return Object.fromEntries(TOKEN_KEYS.map((key) => [key, mean(list.map((tokens) => tokens[key]))])) as TokenFigures;
}

function hitRate(list: readonly TokenFigures[]): number {
  const input = list.reduce((sum, tokens) => sum + tokens.input, 0);
  return input > 0 ? list.reduce((sum, tokens) => sum + tokens.cacheRead, 0) / input : Number.NaN;
}

export function cellMetrics(results: readonly TaskRunResult[]): CellMetrics {
  if (results.length === 0) throw new Error("experiment: a cell with no runs has no metrics");
  const { cell, mode } = results[0];
  const runs = results.length;
  const catalogCalls = results.reduce((sum, result) => sum + result.catalogCalls, 0);
  const invalidCalls = results.reduce((sum, result) => sum + result.invalidCalls, 0);
  const rejectedCalls = results.reduce((sum, result) => sum + (result.rejectedCalls ?? 0), 0);
  const selection = rate(results.filter((result) => result.selected).length, runs);
  const argumentErrors = rate(invalidCalls, catalogCalls);
  const completion = rate(results.filter((result) => result.completed).length, runs);
  const discovery = results.map((result) => result.discoveryCalls);
  const reported = results.flatMap((result) => (result.tokens ? [result.tokens] : []));
  const costs = results.flatMap((result) => (result.costUsd === null ? [] : [result.costUsd]));
  const ttft = spread(results.flatMap((result) => (result.ttftMs === null ? [] : [result.ttftMs])));
  const latency = spread(results.flatMap((result) => (result.latencyMs === null ? [] : [result.latencyMs])));
  const measuredHitRate = hitRate(reported);
  const predictedHitRate = hitRate(results.map((result) => result.predictedTokens));
  const stops: Record<StopReason, number> = { completed: 0, "max-turns": 0, refused: 0, error: 0 };
  for (const result of results) stops[result.stop] += 1;
  return {
    strategy: cell.strategy,
    provider: cell.provider,
    model: cell.wireModel ?? cell.model,
    mode,
    runs,
    toolSelectionAccuracy: selection.value,
    toolSelectionAccuracyInterval: selection.interval,
    argumentErrorRate: argumentErrors.value,
    argumentErrorRateInterval: argumentErrors.interval,
    catalogCalls,
    invalidCalls,
    rejectedCalls,
    completionRate: completion.value,
    completionRateInterval: completion.interval,
    discoveryCallsPerTask: mean(discovery),
    discoveryCallsPerTaskInterval: tInterval(discovery),
    tokens: meanTokens(reported),
    tokensInterval: reported.length
      ? (Object.fromEntries(
          TOKEN_KEYS.map((key) => [key, tInterval(reported.map((tokens) => tokens[key]))]),
        ) as TokenIntervals)
      : null,
    predictedTokens: meanTokens(results.map((result) => result.predictedTokens)),
    cacheHitRate: Number.isFinite(measuredHitRate) ? measuredHitRate : null,
    cacheHitRateInterval: Number.isFinite(measuredHitRate) ? bootstrap(reported, hitRate) : null,
    predictedCacheHitRate: Number.isFinite(predictedHitRate) ? predictedHitRate : null,
    ttftMs: ttft.value,
    ttftMsInterval: ttft.interval,
    latencyMs: latency.value,
    latencyMsInterval: latency.interval,
    costUsd: costs.length ? mean(costs) : null,
    costUsdInterval: tInterval(costs),
    totalCostUsd: costs.reduce((sum, cost) => sum + cost, 0),
    predictedCostUsd: mean(results.map((result) => result.predictedCostUsd)),
    retries: results.reduce((sum, result) => sum + result.retries, 0),
    stops,
    searches: CLIENT_SEARCH_KINDS.filter((kind) => results.some((result) => result.search === kind)),
    searchFallbacks: results.filter((result) => result.searchFallback !== undefined).length,
  };
}

/** Results grouped by cell (and mode), in the order their cells first appear. */
export function metricsByCell(results: readonly TaskRunResult[]): CellMetrics[] {
  const groups = new Map<string, TaskRunResult[]>();
  for (const result of results) {
    const key = `${result.mode}|${cellKey(result.cell)}`;
    const group = groups.get(key);
    if (group) group.push(result);
    else groups.set(key, [result]);
  }
  return [...groups.values()].map(cellMetrics);
}

export type PairedMetric = "completion" | "selection" | "cost" | "inputTokens";

export type PairedComparison = {
  a: StrategyId;
  b: StrategyId;
  provider: ExperimentCell["provider"];
  model: string;
  mode: TaskRunResult["mode"];
  metric: PairedMetric;
} & PairedDifference;

const PAIRED_VALUE: Record<PairedMetric, (result: TaskRunResult) => number | null> = {
  completion: (result) => (result.completed ? 1 : 0),
  selection: (result) => (result.selected ? 1 : 0),
  cost: (result) => result.costUsd,
  inputTokens: (result) => result.tokens?.input ?? null,
};

/**
 * Strategy b minus strategy a on the same tasks and repetitions (same provider, model and mode): the mean of the
 * per-pair differences with its t-interval; "distinguishable" when the interval excludes 0.
 */
export function pairedComparison(
  results: readonly TaskRunResult[],
  a: ExperimentCell,
  b: ExperimentCell,
  metric: PairedMetric,
  mode: TaskRunResult["mode"] = "measured",
): PairedComparison {
  const index = (cell: ExperimentCell) =>
    new Map(
      results
        .filter((result) => result.mode === mode && cellKey(result.cell) === cellKey(cell))
        .map((result) => [`${result.taskId}|${result.repetition}`, result]),
    );
  const left = index(a);
  const right = index(b);
  const pairs: Array<[number, number]> = [];
  for (const [key, first] of left) {
    const second = right.get(key);
    if (!second) continue;
    const x = PAIRED_VALUE[metric](first);
    const y = PAIRED_VALUE[metric](second);
    if (x !== null && y !== null) pairs.push([x, y]);
  }
  return {
    a: a.strategy,
    b: b.strategy,
    provider: a.provider,
    model: a.wireModel ?? a.model,
    mode,
    metric,
    ...pairedDifference(pairs),
  };
}
