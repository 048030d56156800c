import type { StrategyId } from "../core/ids";
import { baselineStrategyId } from "../strategies";
import type { BreakEvenResult } from "./break-even";
import { lineFailure, type LineFailure } from "./limits";

export type BreakEvenMetric = "cost" | "tokens";

/** One row per turn; `<id>` holds the engine's cumulative value, `<id>~closed-form` the closed form's. */
export type BreakEvenChartRow = { turn: number } & Record<string, number | undefined>;

export type BreakEvenChartPoint = {
  id: StrategyId;
  turn: number;
  /** The strategy's cumulative value at that turn (where the marker sits). */
  value: number;
  source: "engine" | "closed-form";
};

export type BreakEvenChartData = {
  rows: BreakEvenChartRow[];
  series: Array<{ id: StrategyId; engineKey: string; closedFormKey: string; hasEngine: boolean }>;
  /** Break-even markers: the engine's where it has run, the closed form's otherwise. */
  points: BreakEvenChartPoint[];
  /**
   * Strategies the provider refuses, from the turn it refuses them: their lines stop before that turn (a refused
   * request has no cost), and the chart draws the "fails" region from the baseline's turn.
   */
  failures: Array<{ id: StrategyId } & LineFailure>;
  /** The turn from which sending every tool (the baseline) fails, or null: the start of the "fails" region. */
  baselineFailsFrom: number | null;
};

export function closedFormKey(id: StrategyId): string {
  return `${id}~closed-form`;
}

/** The explorer's chart data, shared by the Recharts view and the report's SVG. */
export function breakEvenChartData(result: BreakEvenResult, metric: BreakEvenMetric): BreakEvenChartData {
  const turns = result.parameters.turns;
  const pick = (series: { cumulativeCostUsd: number[]; cumulativeInputTokens: number[] }) =>
    metric === "cost" ? series.cumulativeCostUsd : series.cumulativeInputTokens;
  const rows: BreakEvenChartRow[] = Array.from({ length: turns }, (_, index) => ({ turn: index + 1 }));
  const points: BreakEvenChartPoint[] = [];
  const failures: BreakEvenChartData["failures"] = [];
  const series = result.lines.map((line) => {
    const closed = pick(line.closedForm);
    const engine = line.engine ? pick(line.engine) : null;
    const failure = lineFailure(line);
    if (failure) failures.push({ id: line.id, ...failure });
    // No value from the refused turn on: the run stopped there, and a flat line would read as "free".
    const stopsAt = failure ? failure.turn - 1 : turns;
    rows.forEach((row, index) => {
      row[closedFormKey(line.id)] = index < stopsAt ? closed[index] : undefined;
      if (engine) row[line.id] = index < stopsAt ? engine[index] : undefined;
    });
    const source = line.engine ? "engine" : "closed-form";
    const turn = line.engine ? line.breakEvenTurn.engine : line.breakEvenTurn.closedForm;
    if (turn !== null) points.push({ id: line.id, turn, value: (engine ?? closed)[turn - 1], source });
    return { id: line.id, engineKey: line.id, closedFormKey: closedFormKey(line.id), hasEngine: engine !== null };
  });
  const baseline = failures.find((failure) => failure.id === baselineStrategyId());
  return { rows, series, points, failures, baselineFailsFrom: baseline ? baseline.turn : null };
}
