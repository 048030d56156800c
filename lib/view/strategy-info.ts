import { STRATEGY_IDS, type StrategyId } from "../core";
import { STRATEGIES, type StrategyExplanation } from "../strategies";

/**
 * The one place the panels read strategy words from. Kept apart so the UI bundle's dependency on
 * `lib/strategies` (which also carries the strategies' run logic) can later be narrowed to a light table.
 */
export function strategyTitle(id: StrategyId): string {
  return STRATEGIES[id]?.title ?? id;
}

export type LearnCardEntry = { id: StrategyId; title: string; explanation: StrategyExplanation };

export function learnCardEntries(ids: readonly StrategyId[] = STRATEGY_IDS): LearnCardEntry[] {
  return ids.flatMap((id) => {
    const definition = STRATEGIES[id];
    return definition ? [{ id, title: definition.title, explanation: definition.explanation }] : [];
  });
}

/** Chart-sized names (legends and axis categories have ~15 characters to spare); tooltips show the full titles. */
export function strategyShortTitle(id: StrategyId): string {
  return STRATEGIES[id]?.shortName ?? strategyTitle(id);
}
