import type { ScenarioSettings, ScenarioTurn } from "../scenario/types";
import { MAX_TURNS } from "./session-plan";
import type { DecideParameters } from "./types";

/**
 * Where the explorer's sliders start for a scenario: its provider, model and pace, the distinct tools its turns
 * need, and its own number of turns. Every decide panel (break-even, heat map, the recommendation's break-even turn)
 * prices this session until the person changes it, so none of them judges a longer conversation than the one
 * simulated without saying so.
 */
export function defaultDecideParameters(settings: ScenarioSettings, turns: readonly ScenarioTurn[]): DecideParameters {
  const distinct = new Set(turns.flatMap((turn) => turn.needs.map((need) => need.tool))).size;
  const turnCount = Math.min(MAX_TURNS, Math.max(1, turns.length));
  return {
    toolsUsed: Math.max(1, Math.min(distinct || 3, turnCount)),
    turns: turnCount,
    minutesBetweenTurns: settings.minutesBetweenTurns,
    provider: settings.provider,
    model: settings.model,
    cacheTtl: settings.cacheTtl,
  };
}

/** The conversation's own shape, for the panels' "why another winner" sentence (lib/decide/winner-note.ts). */
export function conversationShape(settings: ScenarioSettings, turns: readonly ScenarioTurn[]) {
  return {
    turns: turns.length,
    // As the sliders start: the distinct tools the turns need (three for a conversation that names none).
    toolsUsed: defaultDecideParameters(settings, turns).toolsUsed,
    minutesBetweenTurns: settings.minutesBetweenTurns,
    provider: settings.provider,
    model: settings.model,
  };
}
