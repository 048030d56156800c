import type { ScenarioSettings, ScenarioTurn } from "../scenario/types";
import { MAX_TURNS } from "./session-plan";
import type { DecideParameters } from "./types";

/** A session long enough to show a threshold: the scenario's own length stretched to at least this many turns. */
export const DEFAULT_DECIDE_TURNS = 12;

/**
 * Where the explorer's sliders start for a scenario: its provider, model and pace, the distinct tools its turns
 * need, and at least DEFAULT_DECIDE_TURNS turns.
 */
export function defaultDecideParameters(settings: ScenarioSettings, turns: readonly ScenarioTurn[]): DecideParameters {
  const distinct = new Set(turns.flatMap((turn) => turn.needs.map((need) => need.tool))).size;
  const turnCount = Math.min(MAX_TURNS, Math.max(DEFAULT_DECIDE_TURNS, turns.length));
  return {
    toolsUsed: Math.max(1, Math.min(distinct || 3, turnCount)),
    turns: turnCount,
    minutesBetweenTurns: settings.minutesBetweenTurns,
    provider: settings.provider,
    model: settings.model,
    cacheTtl: settings.cacheTtl,
  };
}
