import type { StrategyRun } from "../engine/types";
import type { PriceTable } from "../models";
import type { CacheTtl, Scenario } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";

/** What the engine must offer the decide computations (an `Engine` from lib/engine fits). */
export type DecideEngine = {
  runStrategy(
    scenario: Scenario,
    id: StrategyId,
    options?: { provider?: ProviderId; model?: string; enforceLimits?: boolean },
  ): StrategyRun;
  searchers(tools: Scenario["catalog"]["tools"]): { client: import("../search").ToolSearcher };
};

/** The prices a person can edit in the explorer; absent fields keep the model table's value. */
export type PriceOverrides = Partial<
  Pick<
    PriceTable,
    "inputPerMillion" | "cacheWrite5mPerMillion" | "cacheWrite1hPerMillion" | "cacheReadPerMillion" | "outputPerMillion"
  >
>;

/** What the sliders set. Everything else comes from the current scenario's settings. */
export type DecideParameters = {
  /** Distinct tools one session uses (at most one new tool a turn, see session-plan.ts). */
  toolsUsed: number;
  turns: number;
  minutesBetweenTurns: number;
  provider: ProviderId;
  model: string;
  /** Anthropic's 5-minute or 1-hour cache; the scenario's setting when absent. */
  cacheTtl?: CacheTtl;
  prices?: PriceOverrides;
};

/** Cumulative figures after each turn (index 0 = after turn 1). */
export type CostSeries = {
  cumulativeCostUsd: number[];
  cumulativeInputTokens: number[];
  /** Requests after each turn, cumulative. */
  cumulativeRequests: number[];
  /** The largest prompt of one request in each turn (not cumulative): what a context window is checked against. */
  largestPromptTokens: number[];
};

/** The closed form's tolerance against the engine, as a fraction of the engine's cumulative cost at every turn. */
export const CLOSED_FORM_TOLERANCE = 0.1;
