/**
 * Recalibrating the token estimate of a model whose tokenizer is not public (Claude, Kimi: o200k × a correction
 * factor, lib/tokens). Exact prompt counts come from the provider's counting endpoint ("Count exactly") or from the
 * usage it billed; the new factor scales the counted part so the prediction matches:
 *   factor' = factor × Σ(exact − fixed) / Σ(predicted − fixed)
 * where `fixed` is what the engine adds without the tokenizer (Anthropic's tool-use system prompt, per-message
 * overheads), which the factor does not scale.
 */
import type { Segment } from "../engine/types";
// Direct module imports: this file is loaded by the page, which must not pull in the tokenizer (lib/tokens index).
import { providerFacts } from "../providers/facts";
import type { TokenizerKind } from "../tokens/token-counter";
import type { ProviderId } from "../core/ids";

/** A factor outside this range means the samples are wrong (a count of the wrong request), not the tokenizer. */
export const CORRECTION_FACTOR_RANGE = { min: 0.5, max: 2.5 } as const;

export type CalibrationSample = { predicted: number; exact: number; fixed: number };

export type Recalibration =
  | {
      ok: true;
      kind: "anthropic-estimate" | "kimi-estimate";
      currentFactor: number;
      factor: number;
      ratio: number;
      samples: number;
    }
  | {
      ok: false;
      /** In English for logs and tests; `why` (with `suggested`) picks the sentence on screen in the reader's language. */
      reason: string;
      why: "no-samples" | "own-tokenizer" | "no-tokens" | "out-of-range";
      suggested?: number;
      ratio?: number;
    };

/** Prompt tokens of a request that the correction factor does not scale. */
export function fixedPromptTokens(provider: ProviderId, segments: readonly Segment[]): number {
  const perMessage = providerFacts(provider).messageOverheadTokens;
  let fixed = 0;
  for (const segment of segments) {
    if (segment.outsidePrompt) continue;
    if (segment.key.startsWith("tool-use-preamble:")) fixed += segment.tokens;
    else if (perMessage && segment.group !== "tools") fixed += perMessage;
  }
  return fixed;
}

export function recalibrate(
  kind: TokenizerKind,
  currentFactor: number,
  samples: readonly CalibrationSample[],
): Recalibration {
  const predicted = samples.reduce((sum, sample) => sum + sample.predicted, 0);
  const exact = samples.reduce((sum, sample) => sum + sample.exact, 0);
  const ratio = predicted > 0 ? exact / predicted : 0;
  if (samples.length === 0)
    return { ok: false, why: "no-samples", reason: "no exact counts yet: use Count exactly, or run live" };
  if (kind === "o200k")
    return {
      ok: false,
      why: "own-tokenizer",
      reason: "o200k is this model's own tokenizer: there is no correction factor to recalibrate",
      ratio,
    };
  const scaledPredicted = samples.reduce((sum, sample) => sum + Math.max(0, sample.predicted - sample.fixed), 0);
  const scaledExact = samples.reduce((sum, sample) => sum + Math.max(0, sample.exact - sample.fixed), 0);
  if (scaledPredicted === 0)
    return { ok: false, why: "no-tokens", reason: "the samples have no tokenizer-counted tokens", ratio };
  const factor = Math.round(currentFactor * (scaledExact / scaledPredicted) * 1000) / 1000;
  if (factor < CORRECTION_FACTOR_RANGE.min || factor > CORRECTION_FACTOR_RANGE.max) {
    return {
      ok: false,
      why: "out-of-range",
      suggested: factor,
      reason: `the samples suggest a factor of ${factor}, outside ${CORRECTION_FACTOR_RANGE.min}–${CORRECTION_FACTOR_RANGE.max}: check that the counts belong to these requests`,
      ratio,
    };
  }
  return { ok: true, kind, currentFactor, factor, ratio, samples: samples.length };
}
