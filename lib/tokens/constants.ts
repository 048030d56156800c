/**
 * The tokenizer kinds and default correction factors, with no tokenizer import: lib/models (the assumptions
 * table, the model rows) needs them, and importing them from here keeps the 2 MB o200k tokenizer out of any
 * bundle that only imports @/lib/models. lib/tokens re-exports them.
 */

/** Which tokenizer a model's counts come from. Only o200k is a real, public tokenizer (PROTOCOLS.md §6.3, §6.4). */
export type TokenizerKind = "o200k" | "anthropic-estimate" | "kimi-estimate";

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
