import { countO200kTokens } from "./o200k";

/** Which tokenizer a model's counts come from. Only o200k is a real, public tokenizer (PROTOCOLS.md §6.3, §6.4). */
export type TokenizerKind = "o200k" | "anthropic-estimate" | "kimi-estimate";

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
};

/**
 * Claude's tokenizer is not public: `@anthropic-ai/tokenizer` says it is "no longer accurate" since Claude 3
 * (PROTOCOLS.md §6.4). Measurements of Claude 3.5 Sonnet against GPT-4o on the same inputs found 16% more tokens
 * for English articles, 21% for maths and 30% for Python code (VentureBeat / Vantage study, May 2025, secondary).
 * Tool definitions are English descriptions inside JSON Schema, between prose and code, hence 1.2. Opus 4.7, 4.8
 * and Fable 5 use a newer tokenizer (PROTOCOLS.md §6.4, secondary) whose ratio is unknown: the factor is a
 * labelled setting (ASSUMPTIONS in lib/models), and `count_tokens` gives the exact figure when a key is present.
 */
export const ANTHROPIC_DEFAULT_CORRECTION_FACTOR = 1.2;

/**
 * No Kimi K2/K3 tokenizer exists in npm (PROTOCOLS.md §6.4, UNCONFIRMED item 16) and no published ratio to
 * o200k was found, so the estimate is o200k unchanged until measured against the estimate-token-count endpoint
 * (§6.2).
 */
export const KIMI_DEFAULT_CORRECTION_FACTOR = 1.0;

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
  if (kind === "o200k") {
    return { kind, exact: true, label: O200K_LABEL, count: countO200kTokens };
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
    count: (text: string) => Math.round(countO200kTokens(text) * factor),
  };
}
