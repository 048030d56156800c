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
}): string | null {
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
    parts.push(`${count(measured[field])} tokens ${word} where the rules predict ${count(predicted)} (${signed(gap)})`);
  }
  if (parts.length === 0) return null;
  return (
    `Measured differs from the prediction: the provider reported ${parts.join(" and ")}, beyond the ` +
    `${count(margin)}-token margin of the token count. Something the cache model cannot see was at work: another ` +
    `client's requests on the same cache, an eviction, routing to another cache machine, or a changed rule.`
  );
}
