import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { createMemoisedCount } from "./memoised-count";
import { createPiecewiseCount } from "./piecewise-count";

/**
 * Special-token strings such as `<|endoftext|>` can appear in user text (a tool description quoting them). The
 * API tokenises such text as ordinary characters, and gpt-tokenizer would otherwise throw on them, so none are
 * disallowed and none are allowed: they are counted as plain text.
 */
const PLAIN_TEXT_ENCODING = { disallowedSpecial: new Set<string>() };

/**
 * Long texts are counted as the sum of their parts, cut where o200k's pre-split must cut (lib/tokens/piecewise-count.ts):
 * exact, and tool definitions repeat most of their parts (mostly words), so almost every part is a lookup.
 */
const piecewiseO200k = createPiecewiseCount((text) => countTokens(text, PLAIN_TEXT_ENCODING));

function countO200kUncached(text: string): number {
  return piecewiseO200k.count(text);
}

/**
 * Exact o200k_base token count of `text`, without the whole-text memo (its parts' counts are still kept): for a
 * counting helper worker that sees each text once.
 */
export const countO200kTokensUnmemoised = countO200kUncached;

/**
 * An exact o200k count with memos of its own, never stored or shared: for work whose counts nobody keeps (an engine
 * worker warming its code, lib/workbench/code-warm-up.ts). The memos go with the function.
 */
export function createScratchO200kCount(): (text: string) => number {
  const piecewise = createPiecewiseCount((text) => countTokens(text, PLAIN_TEXT_ENCODING));
  const memo = createMemoisedCount((text) => piecewise.count(text));
  return (text) => memo.count(text);
}

/**
 * One memo for the whole process. The engine builds a token counter per strategy run; a per-counter memo would
 * forget everything between runs and between strategies, which all share most of their text (the same catalog,
 * the same conversation). Only counts are stored, keyed by text or by a hash of it.
 */
const sharedO200kMemo = createMemoisedCount(countO200kUncached, {
  onCounted: (text, count) => countListeners.forEach((listener) => listener(text, count)),
});
const countListeners = new Set<(text: string, count: number) => void>();

/**
 * Names the counts in a store that outlives the process (lib/tokens/persistent-counts.ts). o200k_base's ranks are
 * fixed, so only a change in how this module counts (the special-token rule above) needs a new id.
 */
export const O200K_TOKENIZER_ID = "o200k_base:special-as-text";

/** Exact o200k_base token count of `text`, memoised. */
export function countO200kTokens(text: string): number {
  return sharedO200kMemo.count(text);
}

/** The shared memo as the persistent store sees it: what it holds, counts to add, and texts counted from now on. */
export const o200kMemo = {
  tokenizerId: O200K_TOKENIZER_ID,
  has: (text: string) => sharedO200kMemo.has(text),
  prime: (text: string, count: number) => sharedO200kMemo.prime(text, count),
  adopt: (text: string, count: number) => sharedO200kMemo.adopt(text, count),
  count: (text: string) => sharedO200kMemo.count(text),
  /**
   * Forgets every count and counted part (the engine worker, leaving a large catalog: tens of megabytes of its texts;
   * a return takes its counts back from the persistent store).
   */
  clear() {
    sharedO200kMemo.clear();
    piecewiseO200k.clear();
  },
  /** Calls `listener` with every text counted from now on (memo hits excluded); returns the way to stop. */
  onCounted(listener: (text: string, count: number) => void): () => void {
    countListeners.add(listener);
    return () => countListeners.delete(listener);
  },
};
