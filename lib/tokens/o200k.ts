import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { createMemoisedCount } from "./memoised-count";

/**
 * Special-token strings such as `<|endoftext|>` can appear in user text (a tool description quoting them). The
 * API tokenises such text as ordinary characters, and gpt-tokenizer would otherwise throw on them, so none are
 * disallowed and none are allowed: they are counted as plain text.
 */
const PLAIN_TEXT_ENCODING = { disallowedSpecial: new Set<string>() };

function countO200kUncached(text: string): number {
  return countTokens(text, PLAIN_TEXT_ENCODING);
}

/**
 * One memo for the whole process. The engine builds a token counter per strategy run; a per-counter memo would
 * forget everything between runs and between strategies, which all share most of their text (the same catalog,
 * the same conversation). Only counts are stored, keyed by text or by a hash of it.
 */
const sharedO200kMemo = createMemoisedCount(countO200kUncached);

/** Exact o200k_base token count of `text`, memoised. */
export function countO200kTokens(text: string): number {
  return sharedO200kMemo.count(text);
}
