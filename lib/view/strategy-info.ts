import { STRATEGY_IDS, type StrategyId } from "../core";
import type { Locale } from "../i18n/locales";
import { STRATEGIES } from "../strategies/definitions";
import { strategyText } from "../strategies/text";
import type { StrategyExplanation } from "../strategies/types";

/**
 * The one place the panels read strategy words from, in the reader's language (lib/strategies/text.ts). Kept apart
 * so the UI bundle's dependency on `lib/strategies` (which also carries the strategies' run logic) can later be
 * narrowed to a light table.
 */
export function strategyTitle(id: StrategyId): string {
  return strategyTitleIn(id, "en");
}

/** The full label in `locale` (one argument above, so `ids.map(strategyTitle)` keeps working). */
export function strategyTitleIn(id: StrategyId, locale: Locale): string {
  return STRATEGIES[id] ? strategyText(id, locale).title : id;
}

export type LearnCardEntry = { id: StrategyId; title: string; explanation: StrategyExplanation };

export function learnCardEntries(ids: readonly StrategyId[] = STRATEGY_IDS, locale: Locale = "en"): LearnCardEntry[] {
  return ids.flatMap((id) => {
    if (!STRATEGIES[id]) return [];
    const text = strategyText(id, locale);
    return [{ id, title: text.title, explanation: text.explanation }];
  });
}

/** Chart-sized names (legends and axis categories have ~15 characters to spare); tooltips show the full titles. */
export function strategyShortTitle(id: StrategyId): string {
  return strategyShortTitleIn(id, "en");
}

export function strategyShortTitleIn(id: StrategyId, locale: Locale): string {
  return STRATEGIES[id] ? strategyText(id, locale).shortName : id;
}
