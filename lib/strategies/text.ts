/**
 * The strategies' names and plain-words explanations in the reader's language (lib/i18n's `strategies` namespace,
 * keyed by strategy id). The definitions keep their English for the CLI and the engine's records; the views read
 * words here, so a strategy added with its messages shows up translated without a branch on its id anywhere else.
 */
import type { StrategyId } from "../core/ids";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import { STRATEGIES } from "./definitions";
import type { StrategyExplanation } from "./types";

export type StrategyText = { title: string; shortName: string; explanation: StrategyExplanation };

const EXPLANATION_KEYS = ["sends", "schemaGoesTo", "costs", "prefixEffect"] as const;

export function strategyText(id: StrategyId, locale: Locale = "en"): StrategyText {
  const definition = STRATEGIES[id];
  const t = translatorFor(locale, "strategies");
  // A strategy whose messages are not written yet falls back to its definition's English rather than a key.
  const say = (key: string, english: string): string => {
    const path = `${id}.${key}` as Parameters<typeof t>[0];
    return t.has(path) ? t(path) : english;
  };
  const explanation = Object.fromEntries(
    EXPLANATION_KEYS.map((key) => [key, say(key, definition?.explanation[key] ?? "")]),
  ) as StrategyExplanation;
  return {
    title: say("title", definition?.title ?? id),
    shortName: say("shortName", definition?.shortName ?? id),
    explanation,
  };
}
