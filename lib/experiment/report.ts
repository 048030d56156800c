/**
 * The experiment's results as the CLI prints them and the view exports them: JSON (the documented `cells` shape,
 * each rate from 0 to 1 with `<name>Interval: [low, high]` beside it), CSV (one row per cell) and a Markdown report
 * (the cells table and the paired comparisons, each saying whether its difference is distinguishable from noise).
 */
import { currencyOf, formatMoney } from "../view/money";
import { STRATEGY_IDS } from "../core/ids";
import type { CellMetrics, PairedComparison, PairedMetric } from "./metrics";
import { metricsByCell, pairedComparison } from "./metrics";
import type { Interval } from "./stats";
import type { ExperimentCell, TaskRunResult } from "./types";

export type ExperimentJson = {
  cells: Array<Record<string, unknown>>;
  comparisons: PairedComparison[];
};

function round(value: number | null, digits = 6): number | null {
  return value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits));
}

function roundInterval(interval: Interval | null, digits = 6): [number, number] | null {
  return interval ? [round(interval[0], digits)!, round(interval[1], digits)!] : null;
}

export function cellJson(metrics: CellMetrics): Record<string, unknown> {
  return {
    strategy: metrics.strategy,
    provider: metrics.provider,
    model: metrics.model,
    mode: metrics.mode,
    runs: metrics.runs,
    toolSelectionAccuracy: round(metrics.toolSelectionAccuracy),
    toolSelectionAccuracyInterval: roundInterval(metrics.toolSelectionAccuracyInterval),
    argumentErrorRate: round(metrics.argumentErrorRate),
    argumentErrorRateInterval: roundInterval(metrics.argumentErrorRateInterval),
    catalogCalls: metrics.catalogCalls,
    invalidCalls: metrics.invalidCalls,
    completionRate: round(metrics.completionRate),
    completionRateInterval: roundInterval(metrics.completionRateInterval),
    discoveryCallsPerTask: round(metrics.discoveryCallsPerTask),
    discoveryCallsPerTaskInterval: roundInterval(metrics.discoveryCallsPerTaskInterval),
    tokens: metrics.tokens,
    tokensInterval: metrics.tokensInterval,
    predictedTokens: metrics.predictedTokens,
    cacheHitRate: round(metrics.cacheHitRate),
    cacheHitRateInterval: roundInterval(metrics.cacheHitRateInterval),
    predictedCacheHitRate: round(metrics.predictedCacheHitRate),
    ttftMs: metrics.ttftMs,
    ttftMsInterval: metrics.ttftMsInterval,
    latencyMs: metrics.latencyMs,
    latencyMsInterval: metrics.latencyMsInterval,
    // The cost fields are in this currency, the model's published one (CNY for Qwen and GLM); never converted here.
    currency: currencyOf(metrics.provider, metrics.model),
    costUsd: round(metrics.costUsd, 8),
    costUsdInterval: roundInterval(metrics.costUsdInterval, 8),
    totalCostUsd: round(metrics.totalCostUsd, 8),
    predictedCostUsd: round(metrics.predictedCostUsd, 8),
    retries: metrics.retries,
    stops: metrics.stops,
    rejectedCalls: metrics.rejectedCalls,
    searches: metrics.searches,
    searchFallbacks: metrics.searchFallbacks,
  };
}

const COMPARED: PairedMetric[] = ["completion", "selection", "cost"];

/** Every pair of strategies on the same provider, model and mode, for the compared metrics. */
export function allComparisons(results: readonly TaskRunResult[]): PairedComparison[] {
  const cells = new Map<string, { cell: ExperimentCell; mode: TaskRunResult["mode"] }>();
  for (const result of results)
    cells.set(
      `${result.mode}|${result.cell.strategy}|${result.cell.provider}|${result.cell.wireModel ?? result.cell.model}`,
      {
        cell: result.cell,
        mode: result.mode,
      },
    );
  const list = [...cells.values()].sort(
    (a, b) => STRATEGY_IDS.indexOf(a.cell.strategy) - STRATEGY_IDS.indexOf(b.cell.strategy),
  );
  const comparisons: PairedComparison[] = [];
  for (let i = 0; i < list.length; i += 1)
    for (let j = i + 1; j < list.length; j += 1) {
      const a = list[i];
      const b = list[j];
      if (a.mode !== b.mode || a.cell.provider !== b.cell.provider) continue;
      if ((a.cell.wireModel ?? a.cell.model) !== (b.cell.wireModel ?? b.cell.model)) continue;
      for (const metric of COMPARED) comparisons.push(pairedComparison(results, a.cell, b.cell, metric, a.mode));
    }
  return comparisons;
}

export function experimentJson(results: readonly TaskRunResult[]): ExperimentJson {
  return { cells: metricsByCell(results).map(cellJson), comparisons: allComparisons(results) };
}

function percent(value: number | null): string {
  return value === null ? "—" : `${(value * 100).toFixed(1)} %`;
}

function percentInterval(interval: Interval | null): string {
  return interval ? `[${(interval[0] * 100).toFixed(1)}, ${(interval[1] * 100).toFixed(1)}]` : "";
}

function number(value: number | null, digits = 0): string {
  return value === null || !Number.isFinite(value) ? "—" : value.toFixed(digits);
}

/** A cell's cost in its model's currency: cells of two providers may be in USD and CNY. */
function money(value: number | null, cell: Pick<CellMetrics, "provider" | "model">): string {
  return value === null || !Number.isFinite(value)
    ? "—"
    : formatMoney(value, currencyOf(cell.provider, cell.model), { decimals: 5 });
}

const CSV_COLUMNS: Array<[string, (metrics: CellMetrics) => string | number | null]> = [
  ["strategy", (m) => m.strategy],
  ["provider", (m) => m.provider],
  ["model", (m) => m.model],
  ["mode", (m) => m.mode],
  ["runs", (m) => m.runs],
  ["toolSelectionAccuracy", (m) => m.toolSelectionAccuracy],
  ["toolSelectionAccuracyLow", (m) => m.toolSelectionAccuracyInterval?.[0] ?? null],
  ["toolSelectionAccuracyHigh", (m) => m.toolSelectionAccuracyInterval?.[1] ?? null],
  ["argumentErrorRate", (m) => m.argumentErrorRate],
  ["argumentErrorRateLow", (m) => m.argumentErrorRateInterval?.[0] ?? null],
  ["argumentErrorRateHigh", (m) => m.argumentErrorRateInterval?.[1] ?? null],
  ["completionRate", (m) => m.completionRate],
  ["completionRateLow", (m) => m.completionRateInterval?.[0] ?? null],
  ["completionRateHigh", (m) => m.completionRateInterval?.[1] ?? null],
  ["discoveryCallsPerTask", (m) => m.discoveryCallsPerTask],
  ["inputTokens", (m) => m.tokens?.input ?? null],
  ["cacheReadTokens", (m) => m.tokens?.cacheRead ?? null],
  ["cacheWriteTokens", (m) => m.tokens?.cacheWrite ?? null],
  ["outputTokens", (m) => m.tokens?.output ?? null],
  ["predictedInputTokens", (m) => m.predictedTokens?.input ?? null],
  ["cacheHitRate", (m) => m.cacheHitRate],
  ["ttftMedianMs", (m) => m.ttftMs.median],
  ["ttftP90Ms", (m) => m.ttftMs.p90],
  ["latencyMedianMs", (m) => m.latencyMs.median],
  ["latencyP90Ms", (m) => m.latencyMs.p90],
  ["currency", (m) => currencyOf(m.provider, m.model)],
  ["costUsd", (m) => m.costUsd],
  ["predictedCostUsd", (m) => m.predictedCostUsd],
  ["retries", (m) => m.retries],
  ["rejectedCalls", (m) => m.rejectedCalls],
  ["search", (m) => m.searches.join(" ") || null],
];

function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function experimentCsv(results: readonly TaskRunResult[]): string {
  const rows = metricsByCell(results).map((metrics) => CSV_COLUMNS.map(([, read]) => csvCell(read(metrics))).join(","));
  return [CSV_COLUMNS.map(([name]) => name).join(","), ...rows].join("\n") + "\n";
}

/** The per-task results as CSV: one row per task-run (the heat map's data). */
export function taskRunsCsv(results: readonly TaskRunResult[]): string {
  const header =
    "strategy,provider,model,mode,task,repetition,stop,selected,completed,catalogCalls,invalidCalls,discoveryCalls,currency,costUsd";
  const rows = results.map((result) =>
    [
      result.cell.strategy,
      result.cell.provider,
      result.cell.wireModel ?? result.cell.model,
      result.mode,
      result.taskId,
      result.repetition,
      result.stop,
      result.selected,
      result.completed,
      result.catalogCalls,
      result.invalidCalls,
      result.discoveryCalls,
      currencyOf(result.cell.provider, result.cell.model),
      result.costUsd,
    ]
      .map((value) => csvCell(value as string | number | null))
      .join(","),
  );
  return [header, ...rows].join("\n") + "\n";
}

export function comparisonSentence(comparison: PairedComparison): string {
  const interval = comparison.interval
    ? `[${comparison.interval[0].toFixed(3)}, ${comparison.interval[1].toFixed(3)}]`
    : "no interval";
  const verdict = comparison.distinguishable ? "distinguishable from noise" : "not distinguishable from noise";
  const small = comparison.tooSmall ? `; only ${comparison.pairs} pairs, too few to tell` : "";
  return `${comparison.b} − ${comparison.a} (${comparison.metric}, ${comparison.mode}): ${comparison.difference.toFixed(3)} ${interval}, ${verdict}${small}`;
}

export function experimentMarkdown(results: readonly TaskRunResult[], title = "Experiment"): string {
  const cells = metricsByCell(results);
  const lines = [
    `# ${title}`,
    "",
    "95 % intervals: Wilson for rates, t-interval for means, seeded bootstrap for medians, p90 and the cache hit rate.",
    "",
    "| strategy | provider · model | mode | runs | tool selection | argument errors | completion | discovery calls/task | input tokens (predicted) | cache hit rate | TTFT median / p90 | cost/run (predicted) |",
    "|---|---|---|---:|---|---|---|---:|---:|---:|---|---:|",
    ...cells.map(
      (m) =>
        `| ${m.strategy} | ${m.provider} · ${m.model} | ${m.mode} | ${m.runs} | ${percent(m.toolSelectionAccuracy)} ${percentInterval(m.toolSelectionAccuracyInterval)} | ${percent(m.argumentErrorRate)} ${percentInterval(m.argumentErrorRateInterval)} (${m.invalidCalls}/${m.catalogCalls}) | ${percent(m.completionRate)} ${percentInterval(m.completionRateInterval)} | ${number(m.discoveryCallsPerTask, 2)} | ${number(m.tokens?.input ?? null)} (${number(m.predictedTokens?.input ?? null)}) | ${percent(m.cacheHitRate)} | ${number(m.ttftMs.median)} / ${number(m.ttftMs.p90)} ms | ${money(m.costUsd, m)} (${money(m.predictedCostUsd, m)}) |`,
    ),
  ];
  const comparisons = allComparisons(results);
  if (comparisons.length)
    lines.push("", "## Paired comparisons", "", ...comparisons.map((c) => `- ${comparisonSentence(c)}`));
  return lines.join("\n") + "\n";
}

/** The CLI's table: one line per cell. */
export function experimentTable(results: readonly TaskRunResult[]): string {
  const cells = metricsByCell(results);
  const header = [
    "strategy",
    "mode",
    "runs",
    "selection",
    "arg errors",
    "completion",
    "disc/task",
    "input tok",
    "cache hit",
    "TTFT p50",
    "cost/run",
  ];
  const rows = cells.map((m) => [
    m.searches.length ? `${m.strategy} (${m.searches.join(", ")} search)` : m.strategy,
    m.mode,
    String(m.runs),
    `${percent(m.toolSelectionAccuracy)} ${percentInterval(m.toolSelectionAccuracyInterval)}`,
    `${percent(m.argumentErrorRate)} ${percentInterval(m.argumentErrorRateInterval)}`,
    `${percent(m.completionRate)} ${percentInterval(m.completionRateInterval)}`,
    number(m.discoveryCallsPerTask, 2),
    number(m.tokens?.input ?? null),
    percent(m.cacheHitRate),
    m.ttftMs.median === null ? "—" : `${number(m.ttftMs.median)} ms`,
    money(m.costUsd, m),
  ]);
  const widths = header.map((name, index) => Math.max(name.length, ...rows.map((row) => row[index].length)));
  const format = (row: string[]) =>
    row
      .map((value, index) => value.padEnd(widths[index]))
      .join("  ")
      .trimEnd();
  return [format(header), ...rows.map(format)].join("\n") + "\n";
}
