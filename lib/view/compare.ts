import type { GoalVerdicts, StrategyTotals } from "../core";
import type { ProviderId, StrategyId } from "../core/ids";
import type { RunSummary } from "../core";
import { usdColumnDecimals } from "./format";
import { currencyOf, type Currency } from "./money";

export type CompareRow = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  /** The currency of the row's cost: its model's prices are published in it. */
  currency: Currency;
  /** Set for an impossible combination; the figures are then absent. */
  refusedReason: string | null;
  totals: StrategyTotals | null;
  goals: GoalVerdicts;
  /**
   * The lowest total cost among the comparable runs (ties: all of them). A run moved to another provider or model
   * pays other prices, so it is never "cheapest" beside the others.
   */
  cheapest: boolean;
  /** Ran on the provider and model the comparison is for (all runs when none was given). */
  comparable: boolean;
};

export type CompareTable = { rows: CompareRow[]; costDecimals: number };

type CompareRun = Pick<RunSummary, "id" | "provider" | "model" | "refused" | "totals" | "goals">;

// A run the provider refuses part-way has no cost to compare: it cannot be the cheapest.
const runnable = (run: CompareRun) => !run.refused && run.totals.failsAtRequest === undefined;

/** The cheapest strategies among the runs on `on` (every run that ran when `on` is absent); ties give several. */
export function cheapestRuns<T extends CompareRun>(
  runs: readonly T[],
  on?: { provider: ProviderId; model: string },
): T[] {
  const comparable = runs.filter((run) => runnable(run) && isComparable(run, on));
  if (comparable.length === 0) return [];
  const lowest = Math.min(...comparable.map((run) => run.totals.costUsd));
  return comparable.filter((run) => run.totals.costUsd === lowest);
}

function isComparable(run: Pick<CompareRun, "provider" | "model">, on?: { provider: ProviderId; model: string }) {
  return !on || (run.provider === on.provider && run.model === on.model);
}

export function compareTable(runs: readonly CompareRun[], on?: { provider: ProviderId; model: string }): CompareTable {
  const costs = runs.filter(runnable).map((run) => run.totals.costUsd);
  const cheapestIds = new Set(cheapestRuns(runs, on).map((run) => run.id));
  const rows = runs.map((run) => ({
    id: run.id,
    provider: run.provider,
    model: run.model,
    currency: currencyOf(run.provider, run.model),
    refusedReason: run.refused ? run.refused.reason : null,
    totals: run.refused ? null : run.totals,
    goals: run.goals,
    cheapest: cheapestIds.has(run.id),
    comparable: isComparable(run, on),
  }));
  return { rows, costDecimals: usdColumnDecimals(costs) };
}
