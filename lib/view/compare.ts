import type { GoalVerdicts, StrategyTotals } from "../core";
import type { ProviderId, StrategyId } from "../scenario/types";
import type { RunSummary } from "../core";
import { usdColumnDecimals } from "./format";

export type CompareRow = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  /** Set for an impossible combination; the figures are then absent. */
  refusedReason: string | null;
  totals: StrategyTotals | null;
  goals: GoalVerdicts;
  /** The lowest total cost among the runs that ran (ties: all of them). */
  cheapest: boolean;
};

export type CompareTable = { rows: CompareRow[]; costDecimals: number };

type CompareRun = Pick<RunSummary, "id" | "provider" | "model" | "refused" | "totals" | "goals">;

export function compareTable(runs: readonly CompareRun[]): CompareTable {
  const costs = runs.filter((run) => !run.refused).map((run) => run.totals.costUsd);
  const cheapest = costs.length > 0 ? Math.min(...costs) : Number.NaN;
  const rows = runs.map((run) => ({
    id: run.id,
    provider: run.provider,
    model: run.model,
    refusedReason: run.refused ? run.refused.reason : null,
    totals: run.refused ? null : run.totals,
    goals: run.goals,
    cheapest: !run.refused && run.totals.costUsd === cheapest,
  }));
  return { rows, costDecimals: usdColumnDecimals(costs) };
}
