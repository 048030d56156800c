import { ANTHROPIC_DEFAULT_CORRECTION_FACTOR, KIMI_DEFAULT_CORRECTION_FACTOR, type TokenizerKind } from "./constants";
import { countO200kTokens } from "./o200k";

export { ANTHROPIC_DEFAULT_CORRECTION_FACTOR, KIMI_DEFAULT_CORRECTION_FACTOR, type TokenizerKind } from "./constants";

export type TokenCounter = {
  readonly kind: TokenizerKind;
  /** True only when the counts are the provider's own tokenizer applied to the text. */
  readonly exact: boolean;
  /** Plain words for the UI, saying how the numbers were made. */
  readonly label: string;
  count(text: string): number;
};

export type TokenCounterOptions = {
  /** Multiplier applied to the o200k count by the estimating counters; ignored by the exact o200k counter. */
  correctionFactor?: number;
  /** The o200k count underneath (the shared memo when omitted; a scratch one for counts nobody keeps). */
  countO200k?: (text: string) => number;
};

/**
 * gpt-tokenizer's o200k_base is exact for GPT-4o, GPT-4.1 and GPT-5; which encoding GPT-5.x uses is not confirmed
 * (PROTOCOLS.md §6.3, UNCONFIRMED item 12), and the label says so.
 */
export const O200K_LABEL = "o200k_base (exact for GPT-4o/4.1/5; GPT-5.x encoding unconfirmed)";

const ESTIMATE_DESCRIPTIONS: Record<Exclude<TokenizerKind, "o200k">, { defaultFactor: number; reason: string }> = {
  "anthropic-estimate": { defaultFactor: ANTHROPIC_DEFAULT_CORRECTION_FACTOR, reason: "no public Claude tokenizer" },
  "kimi-estimate": { defaultFactor: KIMI_DEFAULT_CORRECTION_FACTOR, reason: "no public Kimi tokenizer" },
};

export function createTokenCounter(kind: TokenizerKind, options: TokenCounterOptions = {}): TokenCounter {
  const countO200k = options.countO200k ?? countO200kTokens;
  if (kind === "o200k") {
    return { kind, exact: true, label: O200K_LABEL, count: countO200k };
  }
  const { defaultFactor, reason } = ESTIMATE_DESCRIPTIONS[kind];
  const factor = options.correctionFactor ?? defaultFactor;
  if (!Number.isFinite(factor) || factor <= 0) {
    throw new RangeError(`tokens: correction factor must be a positive number, got ${factor}`);
  }
  return {
    kind,
    exact: false,
    label: `estimate: o200k × ${factor} (${reason})`,
    // Rounded per text, so a segment's count is a whole number and the same text always gets the same count.
    count: (text: string) => Math.round(countO200k(text) * factor),
  };
}
