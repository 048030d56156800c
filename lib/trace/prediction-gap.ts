import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import type { MeasuredUsage } from "../core";
import type { UsageDifference } from "../live/types";
import type { CacheRules } from "../cache/types";

/**
 * How far measured cache figures may stray from the prediction before the trace says so. An estimated count
 * (Claude, Kimi) is allowed 5% of the prompt, an exact one 1%, and never less than the provider's cached-token
 * increment: within that, the difference is the tokenizer or the increment, not the cache.
 */
export function predictionMargin(
  inputTokens: number,
  rules: Pick<CacheRules, "cachedTokenGranularity">,
  exact: boolean,
) {
  return Math.max(rules.cachedTokenGranularity, Math.ceil(inputTokens * (exact ? 0.01 : 0.05)));
}

const count = (value: number) => value.toLocaleString("en-US");
const signed = (value: number) => `${value > 0 ? "+" : "−"}${count(Math.abs(value))}`;

/**
 * The sentence that calls out a measured cache figure the rules did not predict ("with the difference", TRACE.md),
 * or null when measured and predicted agree within the margin. Both figures and their difference come from the
 * same `measured` and `difference` the table beside it shows.
 */
export function predictionGapSentence(input: {
  measured: MeasuredUsage | null;
  difference: UsageDifference | null;
  rules: Pick<CacheRules, "cachedTokenGranularity">;
  exact: boolean;
  locale?: Locale;
}): string | null {
  const t = translatorFor(input.locale ?? "en", "trace");
  const { measured, difference } = input;
  if (!measured || !difference) return null;
  const predictedInput = measured.input - difference.input;
  const margin = predictionMargin(Math.max(predictedInput, measured.input), input.rules, input.exact);
  const parts: string[] = [];
  for (const [field, word] of [
    ["cacheRead", "read"],
    ["cacheWrite", "written"],
  ] as const) {
    const gap = difference[field];
    if (Math.abs(gap) <= margin) continue;
    const predicted = measured[field] - gap;
    parts.push(
      t("gap.part", { measured: count(measured[field]), word, predicted: count(predicted), gap: signed(gap) }),
    );
  }
  if (parts.length === 0) return null;
  return t("gap.sentence", { parts: parts.join(t("miss.and")), margin: count(margin) });
}
