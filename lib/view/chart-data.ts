import type { StepKind, StepTokens } from "../core";
import type { StrategyId } from "../core/ids";
import type { RunSummary } from "../core";
import { stepAxisLabel } from "./step-kind";

/** What the per-step chart needs of a step; StepSummary and EngineStep both fit. */
export type ChartStep = {
  index: number;
  turn: number;
  kind: StepKind;
  title: string;
  tokens: StepTokens;
  cost: { totalUsd: number };
  /** The provider refuses the request (StepSummary.rejected). */
  rejected?: { status: number };
};

export type TokensPerStepRow = {
  /** Position in the run, 0-based (the category key). */
  index: number;
  /** "3 · call". */
  axisLabel: string;
  kind: StepKind;
  title: string;
  turn: number;
  cacheRead: number;
  cacheWrite: number;
  uncached: number;
  input: number;
  output: number;
  toolDefinitions: number;
  costUsd: number;
  /**
   * The HTTP status of a refused request, else null. A refused request is read and billed by nobody: its tokens are
   * drawn as `refusedInput`, not as uncached input.
   */
  refused: number | null;
  refusedInput: number;
};

export function tokensPerStepRows(steps: readonly ChartStep[]): TokensPerStepRow[] {
  return steps.map((step) => ({
    index: step.index,
    axisLabel: stepAxisLabel(step),
    kind: step.kind,
    title: step.title,
    turn: step.turn,
    cacheRead: step.rejected ? 0 : step.tokens.cacheRead,
    cacheWrite: step.rejected ? 0 : step.tokens.cacheWrite,
    uncached: step.rejected ? 0 : step.tokens.uncached,
    input: step.tokens.input,
    output: step.tokens.output,
    toolDefinitions: step.tokens.toolDefinitions,
    costUsd: step.cost.totalUsd,
    refused: step.rejected ? step.rejected.status : null,
    refusedInput: step.rejected ? step.tokens.input : 0,
  }));
}

export type CostAxis = "request" | "turn";

/**
 * One row per x position (request number or turn number, from 1); each strategy's cumulative cost is a column keyed
 * by its id. A strategy with fewer requests has no value past its last one, so its line ends there instead of
 * pretending to continue. Refused runs have no series.
 */
export type CumulativeCostData = {
  rows: Array<{ x: number } & Partial<Record<StrategyId, number>>>;
  series: StrategyId[];
};

type CostRun = Pick<RunSummary, "id" | "refused"> & { steps: ReadonlyArray<Pick<ChartStep, "turn" | "cost">> };

export function cumulativeCostData(runs: readonly CostRun[], axis: CostAxis): CumulativeCostData {
  const active = runs.filter((run) => !run.refused && run.steps.length > 0);
  const series = active.map((run) => run.id);
  const columns = new Map<StrategyId, number[]>();
  for (const run of active) {
    const cumulative: number[] = [];
    let total = 0;
    if (axis === "request") {
      for (const step of run.steps) {
        total += step.cost.totalUsd;
        cumulative.push(total);
      }
    } else {
      const lastTurn = Math.max(...run.steps.map((step) => step.turn));
      const perTurn = new Array<number>(lastTurn + 1).fill(0);
      for (const step of run.steps) perTurn[step.turn] += step.cost.totalUsd;
      for (const cost of perTurn) {
        total += cost;
        cumulative.push(total);
      }
    }
    columns.set(run.id, cumulative);
  }
  const length = Math.max(0, ...[...columns.values()].map((values) => values.length));
  const rows: CumulativeCostData["rows"] = [];
  for (let position = 0; position < length; position += 1) {
    const row: CumulativeCostData["rows"][number] = { x: position + 1 };
    for (const [id, values] of columns) if (position < values.length) row[id] = values[position];
    rows.push(row);
  }
  return { rows, series };
}

export type ToolShareRow = {
  id: StrategyId;
  /** Tool-definition tokens over all prompt tokens of the run, in [0, 1]. */
  share: number;
  toolDefinitions: number;
  input: number;
};

type ShareRun = Pick<RunSummary, "id" | "refused"> & {
  totals: Pick<RunSummary["totals"], "toolDefinitions" | "input">;
};

/** Share of the context spent on tool definitions, summed over every request of each strategy. */
export function toolShareRows(runs: readonly ShareRun[]): ToolShareRow[] {
  return runs
    .filter((run) => !run.refused)
    .map((run) => ({
      id: run.id,
      share: run.totals.input > 0 ? Math.min(1, run.totals.toolDefinitions / run.totals.input) : 0,
      toolDefinitions: run.totals.toolDefinitions,
      input: run.totals.input,
    }));
}
