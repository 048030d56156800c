import type { LimitId } from "../engine/types";
import type { ModelInfo } from "../models";
import { modelLimits, type LimitOverrides } from "../models/model-limits";
import type { StrategyProfile } from "./calibrate";
import type { CostSeries } from "./types";

/**
 * Where the closed form predicts a strategy stops being possible: the first turn (1-based) whose largest request
 * breaks a limit of the provider (lib/models/model-limits.ts), and which one. The engine's runs report the same
 * thing exactly (a rejected step); this is the formula's view, for the heat map's sizes the engine never ran.
 * The request-size limit is not predicted: the closed form counts tokens, not bytes.
 */
export type PredictedFailure = { turn: number; limit: LimitId; reason: string };

export function predictFailure(
  profile: Pick<StrategyProfile, "toolEntries">,
  series: Pick<CostSeries, "largestPromptTokens">,
  toolCount: number,
  model: ModelInfo,
  overrides?: LimitOverrides,
): PredictedFailure | null {
  const limits = modelLimits(model, overrides);
  const entries = profile.toolEntries;
  const maxTools = limits.maxTools.value;
  const deferred = entries.deferredFixed + entries.deferredPerTool * toolCount;
  // Deferred functions count toward the tool limit only under the reading the settings choose (PROTOCOLS §9).
  const declared =
    entries.fixed + entries.perTool * toolCount + (limits.deferredCountTowardMaxTools.value ? deferred : 0);
  if (maxTools !== null && declared > maxTools)
    return { turn: 1, limit: "tool-count", reason: `${declared} tools > ${maxTools} (${model.label})` };
  const maxDeferred = limits.maxDeferredTools.value;
  if (maxDeferred !== null && deferred > maxDeferred)
    return { turn: 1, limit: "deferred-tool-count", reason: `${deferred} deferred tools > ${maxDeferred}` };
  const window = limits.contextWindow.value;
  const turn = series.largestPromptTokens.findIndex((prompt) => prompt > window);
  if (turn >= 0)
    return {
      turn: turn + 1,
      limit: "context-window",
      reason: `${Math.round(series.largestPromptTokens[turn]).toLocaleString("en-US")}-token prompt > ${window.toLocaleString("en-US")}-token window (${model.label})`,
    };
  return null;
}

/** The words for a failure in a table cell or a legend: "fails (turn 3)". */
export function failsLabel(failure: { turn: number } | { atTurn: number }): string {
  return `fails (turn ${"turn" in failure ? failure.turn : failure.atTurn})`;
}
