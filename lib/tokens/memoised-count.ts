/**
 * A bounded memo in front of a token-counting function.
 *
 * The engine counts every request segment on every step, but from one step to the next almost every segment is
 * unchanged (the whole point of a stable prefix). Tokenising 10,000 tool definitions of ~400 tokens takes
 * seconds; looking the same texts up again must cost next to nothing. Two things keep memory bounded:
 *
 * - texts up to `hashKeysAboveLength` characters are keyed by the text itself (a Map lookup on a string is
 *   exact and fast); longer texts (whole request bodies, a 16 MB rendering of a large catalog) are keyed by their
 *   length plus a 64-bit hash, so the memo never keeps a second copy of a huge string alive;
 * - each map holds at most `maxEntries`; beyond that the oldest insertion is evicted (Map keeps insertion order).
 */

export type MemoisedCountOptions = {
  /** Entries kept per map before the oldest is evicted. */
  maxEntries?: number;
  /** Texts longer than this many UTF-16 code units are keyed by a hash instead of by themselves. */
  hashKeysAboveLength?: number;
  /**
   * Told of every text the underlying counter had to count (not of memo hits or primed counts), so the caller can
   * keep them somewhere that outlives the process (lib/tokens/persistent-counts.ts).
   */
  onCounted?: (text: string, count: number) => void;
};

export type MemoisedCount = {
  count(text: string): number;
  /** Whether `text`'s count is held (counting it would cost nothing). */
  has(text: string): boolean;
  /** Puts a count known from elsewhere (a store of earlier counts) in the memo; `onCounted` is not told. */
  prime(text: string, count: number): void;
  /** Puts a count made by another thread with the same tokenizer in the memo, and tells `onCounted` as if counted here. */
  adopt(text: string, count: number): void;
  /** Entries currently held (short-text and hashed maps together). */
  readonly size: number;
  clear(): void;
};

export const DEFAULT_MAXIMUM_MEMO_ENTRIES = 50_000;
export const DEFAULT_HASH_KEYS_ABOVE_LENGTH = 4_096;
/** Long texts whose keys are kept (with the texts themselves, which the requests of a run hold anyway). */
const RECENT_LONG_KEYS = 4;

export function createMemoisedCount(
  countUncached: (text: string) => number,
  options: MemoisedCountOptions = {},
): MemoisedCount {
  const maxEntries = options.maxEntries ?? DEFAULT_MAXIMUM_MEMO_ENTRIES;
  const hashKeysAboveLength = options.hashKeysAboveLength ?? DEFAULT_HASH_KEYS_ABOVE_LENGTH;
  // Two maps, so that a short text can never collide with the key format of a hashed long one.
  const countsByText = new Map<string, number>();
  const countsByHash = new Map<string, number>();

  function store(map: Map<string, number>, key: string, count: number): void {
    if (map.size >= maxEntries && !map.has(key)) {
      const oldestKey = map.keys().next().value;
      if (oldestKey !== undefined) map.delete(oldestKey);
    }
    map.set(key, count);
  }

  function lookUp(map: Map<string, number>, key: string, text: string): number {
    const known = map.get(key);
    if (known !== undefined) return known;
    const counted = countUncached(text);
    store(map, key, counted);
    options.onCounted?.(text, counted);
    return counted;
  }

  // The keys of the last few long texts: a request repeats the long texts of the one before (a catalog rendered into
  // the system prompt, megabytes at 10,000 tools), and hashing them again on every step costs a pass over each. The
  // same string is found by identity at once; an equal copy by one comparison; another text of another length at once.
  const recentLongKeys: Array<{ text: string; key: string }> = [];
  function keyOfLong(text: string): string {
    for (const recent of recentLongKeys) if (recent.text === text) return recent.key;
    const key = longTextKey(text);
    recentLongKeys.unshift({ text, key });
    if (recentLongKeys.length > RECENT_LONG_KEYS) recentLongKeys.pop();
    return key;
  }

  function prime(text: string, count: number): void {
    if (text.length === 0) return;
    if (text.length <= hashKeysAboveLength) store(countsByText, text, count);
    else store(countsByHash, keyOfLong(text), count);
  }

  return {
    count(text: string): number {
      if (text.length === 0) return 0;
      if (text.length <= hashKeysAboveLength) return lookUp(countsByText, text, text);
      return lookUp(countsByHash, keyOfLong(text), text);
    },
    has(text: string): boolean {
      if (text.length === 0) return true;
      return text.length <= hashKeysAboveLength ? countsByText.has(text) : countsByHash.has(keyOfLong(text));
    },
    prime,
    adopt(text: string, count: number): void {
      if (text.length === 0) return;
      prime(text, count);
      options.onCounted?.(text, count);
    },
    get size() {
      return countsByText.size + countsByHash.size;
    },
    clear() {
      countsByText.clear();
      countsByHash.clear();
      recentLongKeys.length = 0;
    },
  };
}

/**
 * Length plus two independent 32-bit FNV-1a style hashes (different offset bases and multipliers) over the UTF-16
 * code units: about 64 bits, so with 50,000 entries a collision is ~1e-10 likely. A collision would only give one
 * long text another's token count; it cannot corrupt anything else.
 */
export function longTextKey(text: string): string {
  // Both lanes start as 32-bit integers, as every step leaves them (`| 0` keeps the bits): 0x811c9dc5 alone is a
  // number above 2^31, and the optimised loop, which assumes integers, was thrown away on its first step and made
  // again, over and over (hundreds of deoptimisations over a run's long texts, in Node and in Chromium).
  let first = 0x811c9dc5 | 0;
  let second = 0x050c5d1f | 0;
  for (let index = 0; index < text.length; index++) {
    const codeUnit = text.charCodeAt(index);
    first = Math.imul(first ^ codeUnit, 0x01000193);
    second = Math.imul(second ^ codeUnit, 0x5bd1e995);
  }
  return `${text.length}:${(first >>> 0).toString(36)}:${(second >>> 0).toString(36)}`;
}
