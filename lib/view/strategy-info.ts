import type { StrategyId } from "../scenario/types";
import { STRATEGY_IDS } from "../scenario/types";
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

/**
 * Chart-sized names (legends and axis categories have ~15 characters to spare). The full titles stay the source of
 * truth everywhere else, and tooltips show them.
 */
const SHORT_TITLES: Record<StrategyId, string> = {
  full: "Everything",
  "naive-dynamic": "Edit tools",
  "anthropic-tool-search": "Anthropic search",
  "openai-tool-search": "OpenAI search",
  stubs: "Stubs",
  gateway: "Gateway",
  "kimi-dynamic": "Kimi dynamic",
  "anthropic-mid-conversation": "Mid-conversation",
};

export function strategyShortTitle(id: StrategyId): string {
  return SHORT_TITLES[id] ?? strategyTitle(id);
}
