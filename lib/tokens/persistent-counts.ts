/**
 * Token counts that outlive the page: a returning visitor never recounts the ≈ 3.6 M tokens of a 10,000-tool
 * catalog (≈ 3 s of a cold run on a 2-core machine, PERFORMANCE.md at 279c54f).
 *
 * The memo in front of the tokenizer (memoised-count.ts) forgets everything when the worker ends. This module puts
 * what it counted into a store (IndexedDB in the browser, indexed-db-count-store.ts) keyed by the tokenizer's id and
 * a hash of the text, and before a run primes the memo with the stored counts of the texts the run will count.
 * Only counts and hashes are stored, never the text itself.
 *
 * The store is an optimisation and nothing else: when it is missing, blocked, slow or failing, every call here still
 * resolves, the engine counts as it always did, and the store is not asked again.
 */
import { longTextKey } from "./memoised-count";

/** Where counts are kept between visits. Both calls may reject; the caller treats that as "no store". */
export type TokenCountStore = {
  /** The count stored under each key, `undefined` where none is. */
  read(keys: readonly string[]): Promise<ReadonlyArray<number | undefined>>;
  write(entries: ReadonlyArray<readonly [key: string, count: number]>): Promise<void>;
};

/** The in-memory memo as this module needs it (lib/tokens/o200k.ts `o200kMemo`). */
export type CountMemo = {
  readonly tokenizerId: string;
  has(text: string): boolean;
  prime(text: string, count: number): void;
  onCounted(listener: (text: string, count: number) => void): () => void;
};

export type PersistentCountsOptions = {
  /** Shorter texts are counted faster than they are looked up: they are neither stored nor looked up. */
  minimumLength?: number;
  /**
   * Keys read first, spread over the texts. When none is stored the texts are taken as new (a catalog never seen
   * here) and the rest is not read: a first visit pays for a few lookups, not for 20,000.
   */
  probeSize?: number;
  /** A store that has not answered in this time is given up on for good (a blocked or hung IndexedDB). */
  timeoutMs?: number;
  /** Counts waiting to be written are capped, so a store that never gets written cannot grow the worker's memory. */
  maximumPending?: number;
};

export const PERSISTENT_COUNT_DEFAULTS = {
  minimumLength: 128,
  probeSize: 32,
  // A store that answers late still beats recounting: on the loaded 2-core machine Chromium took 3–8 s to read
  // 20,000 counts and 5–6 s to write them (PERFORMANCE.md at 279c54f), while counting them took far longer.
  timeoutMs: 30_000,
  maximumPending: 200_000,
} as const;

export type LoadedCounts = {
  /** Texts the memo lacked (after the length cut). */
  missing: number;
  /** Keys asked of the store (the probe alone when it found nothing). */
  read: number;
  /** Counts found and put into the memo. */
  found: number;
};

export type PersistentCounts = {
  /** Primes the memo with the stored counts of `texts` it does not hold. Never rejects. */
  load(texts: Iterable<string>): Promise<LoadedCounts>;
  /** Writes the counts made since the last save. Never rejects; resolves with how many were written. */
  save(): Promise<number>;
  /** False once the store failed or timed out (or there never was one): nothing is read or kept any more. */
  readonly available: boolean;
  dispose(): void;
};

/** The store key of `text`'s count: tokenizer id, text length and a 64-bit hash (memoised-count.ts). */
export function persistentCountKey(tokenizerId: string, text: string): string {
  return `${tokenizerId}|${longTextKey(text)}`;
}

export function createPersistentCounts(
  memo: CountMemo,
  store: TokenCountStore | null,
  options: PersistentCountsOptions = {},
): PersistentCounts {
  const { minimumLength, probeSize, timeoutMs, maximumPending } = { ...PERSISTENT_COUNT_DEFAULTS, ...options };
  let available = store !== null;
  // Counts to write, by text: a text is hashed into its key when it is written, not as it is counted, so hashing
  // (≈ 15 M characters at 10,000 tools) is not in the way of the first request's count.
  let pending = new Map<string, number>();

  const stopListening = memo.onCounted((text, count) => {
    if (!available || text.length < minimumLength || pending.size >= maximumPending) return;
    pending.set(text, count);
  });

  /** Runs one store call under the time limit; any failure turns the store off and gives `fallback`. */
  async function guarded<T>(call: () => Promise<T>, fallback: T): Promise<T> {
    if (!available || !store) return fallback;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        call(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("token count store timed out")), timeoutMs);
        }),
      ]);
    } catch {
      // Private browsing, a blocked or full IndexedDB: the counts are only a speed-up, so carry on without them.
      available = false;
      pending = new Map();
      return fallback;
    } finally {
      clearTimeout(timer);
    }
  }

  async function readInto(keys: string[], texts: string[]): Promise<number> {
    const counts = await guarded(() => (store as TokenCountStore).read(keys), [] as ReadonlyArray<number | undefined>);
    let found = 0;
    counts.forEach((count, index) => {
      if (typeof count === "number" && Number.isInteger(count) && count >= 0 && index < texts.length) {
        memo.prime(texts[index], count);
        found += 1;
      }
    });
    return found;
  }

  return {
    async load(texts) {
      if (!available) return { missing: 0, read: 0, found: 0 };
      const missingTexts: string[] = [];
      const seen = new Set<string>();
      for (const text of texts) {
        if (text.length < minimumLength || seen.has(text) || memo.has(text)) continue;
        seen.add(text);
        missingTexts.push(text);
      }
      if (missingTexts.length === 0) return { missing: 0, read: 0, found: 0 };
      // Keys hash every character: a first visit hashes only the probe's texts.
      const keyOf = (text: string) => persistentCountKey(memo.tokenizerId, text);
      if (missingTexts.length <= probeSize * 2) {
        const found = await readInto(missingTexts.map(keyOf), missingTexts);
        return { missing: missingTexts.length, read: missingTexts.length, found };
      }
      // The probe: evenly spread indexes, so an edited tool or an appended import still finds the rest.
      const step = missingTexts.length / probeSize;
      const probeIndexes = Array.from({ length: probeSize }, (_, index) => Math.floor(index * step));
      const probeTexts = probeIndexes.map((index) => missingTexts[index]);
      const probeFound = await readInto(probeTexts.map(keyOf), probeTexts);
      if (probeFound === 0) return { missing: missingTexts.length, read: probeSize, found: 0 };
      const probed = new Set(probeIndexes);
      const restTexts = missingTexts.filter((_, index) => !probed.has(index));
      const restFound = await readInto(restTexts.map(keyOf), restTexts);
      return { missing: missingTexts.length, read: missingTexts.length, found: probeFound + restFound };
    },
    async save() {
      if (!available || pending.size === 0) return 0;
      const entries = [...pending].map(([text, count]) => [persistentCountKey(memo.tokenizerId, text), count] as const);
      pending = new Map();
      let written = 0;
      await guarded(async () => {
        await (store as TokenCountStore).write(entries);
        written = entries.length;
      }, undefined);
      return written;
    },
    get available() {
      return available;
    },
    dispose() {
      stopListening();
      pending = new Map();
    },
  };
}
