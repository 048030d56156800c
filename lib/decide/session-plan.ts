/**
 * The shape of a session the decide views price: one tool a turn; the first `toolsUsed` turns each need a tool the
 * session has not used yet, and later turns reuse those tools in order. The engine scenario and the closed form
 * both read this plan, so they price the same session.
 */

export type PlannedTurn = {
  /** Index into the session's tools. */
  slot: number;
  /** The tool is used for the first time in this turn, so every progressive strategy has to discover it. */
  isNew: boolean;
};

/** Slider bounds, shared by the explorer and the worker so a request can never ask for more than the UI offers. */
export const MAX_TURNS = 40;
export const MAX_TOOLS_USED = 40;

/**
 * At most one new tool a turn: a simulated turn searches with the user's own words, so a turn that needed two
 * unknown tools would search for the second with the first one's query. `toolsUsed` is therefore capped by the
 * number of turns, and by the catalog.
 */
export function effectiveToolsUsed(toolsUsed: number, turns: number, catalogSize: number): number {
  return Math.max(1, Math.min(Math.round(toolsUsed), Math.round(turns), catalogSize, MAX_TOOLS_USED));
}

export function sessionPlan(toolsUsed: number, turns: number): PlannedTurn[] {
  const count = Math.max(1, Math.min(Math.round(turns), MAX_TURNS));
  const distinct = Math.max(1, Math.min(Math.round(toolsUsed), count));
  return Array.from({ length: count }, (_, turn) => ({ slot: turn % distinct, isNew: turn < distinct }));
}
