import { describe, expect, it, vi } from "vitest";
import { createMemoisedCount } from "./memoised-count";
import { createPersistentCounts, persistentCountKey, type CountMemo, type TokenCountStore } from "./persistent-counts";

/** A memo over "one token per character", with the tokenizer calls recorded. */
function testMemo(tokenizerId = "test-tokenizer") {
  const counted: string[] = [];
  const listeners = new Set<(text: string, count: number) => void>();
  const inner = createMemoisedCount(
    (text) => {
      counted.push(text);
      return text.length;
    },
    { onCounted: (text, count) => listeners.forEach((listener) => listener(text, count)) },
  );
  const memo: CountMemo = {
    tokenizerId,
    has: (text) => inner.has(text),
    prime: (text, count) => inner.prime(text, count),
    onCounted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { memo, count: (text: string) => inner.count(text), counted };
}

/** An in-memory store that records what it was asked. */
function fakeStore(initial: Record<string, number> = {}) {
  const entries = new Map(Object.entries(initial));
  const reads: string[][] = [];
  const writes: Array<Array<readonly [string, number]>> = [];
  const store: TokenCountStore = {
    async read(keys) {
      reads.push([...keys]);
      return keys.map((key) => entries.get(key));
    },
    async write(batch) {
      writes.push([...batch]);
      for (const [key, count] of batch) entries.set(key, count);
    },
  };
  return { store, entries, reads, writes };
}

const text = (label: string, length = 200) => `${label}:`.padEnd(length, "x");

describe("createPersistentCounts", () => {
  it("a second visit counts nothing the first one saved", async () => {
    const backing = fakeStore();
    const texts = Array.from({ length: 100 }, (_, index) => text(`tool ${index}`));

    const first = testMemo();
    const firstVisit = createPersistentCounts(first.memo, backing.store);
    expect(await firstVisit.load(texts)).toEqual({ missing: 100, read: 32, found: 0 });
    texts.forEach((each) => first.count(each));
    expect(first.counted).toHaveLength(100);
    expect(await firstVisit.save()).toBe(100);
    expect(await firstVisit.save()).toBe(0);

    const second = testMemo();
    const secondVisit = createPersistentCounts(second.memo, backing.store);
    expect(await secondVisit.load(texts)).toEqual({ missing: 100, read: 100, found: 100 });
    expect(texts.map((each) => second.count(each))).toEqual(texts.map((each) => each.length));
    expect(second.counted).toHaveLength(0);
  });

  it("keys by tokenizer id and text hash, and never stores the text", async () => {
    const backing = fakeStore();
    const { memo, count } = testMemo("o200k_base:test");
    const counts = createPersistentCounts(memo, backing.store);
    count(text("secret tool description"));
    await counts.save();
    const [[key, value]] = backing.writes[0];
    expect(key).toBe(persistentCountKey("o200k_base:test", text("secret tool description")));
    expect(key).toMatch(/^o200k_base:test\|200:[0-9a-z]+:[0-9a-z]+$/);
    expect(value).toBe(200);
  });

  it("another tokenizer's counts are not used", async () => {
    const backing = fakeStore({ [persistentCountKey("other", text("a"))]: 1 });
    const { memo, count, counted } = testMemo("mine");
    const counts = createPersistentCounts(memo, backing.store);
    expect((await counts.load([text("a")])).found).toBe(0);
    expect(count(text("a"))).toBe(200);
    expect(counted).toHaveLength(1);
  });

  it("stops after the probe when a large list is unknown, reads the rest when the probe finds some", async () => {
    const texts = Array.from({ length: 1_000 }, (_, index) => text(`tool ${index}`));
    const unknown = fakeStore();
    expect(await createPersistentCounts(testMemo().memo, unknown.store).load(texts)).toEqual({
      missing: 1_000,
      read: 32,
      found: 0,
    });
    expect(unknown.reads).toHaveLength(1);

    // An edited catalog: every count but one is stored, and one probed text is the edited one.
    const known = fakeStore(
      Object.fromEntries(texts.slice(1).map((each) => [persistentCountKey("test-tokenizer", each), each.length])),
    );
    const { memo, count, counted } = testMemo();
    expect(await createPersistentCounts(memo, known.store).load(texts)).toEqual({
      missing: 1_000,
      read: 1_000,
      found: 999,
    });
    texts.forEach((each) => count(each));
    expect(counted).toEqual([texts[0]]);
  });

  it("skips short texts, repeated texts and texts the memo already holds", async () => {
    const backing = fakeStore();
    const { memo, count } = testMemo();
    const counts = createPersistentCounts(memo, backing.store, { minimumLength: 50 });
    count(text("held"));
    count("short");
    expect(await counts.save()).toBe(1);
    expect(await counts.load([text("held"), "short", text("new"), text("new")])).toEqual({
      missing: 1,
      read: 1,
      found: 0,
    });
  });

  it("ignores stored values that are not counts", async () => {
    const backing = fakeStore();
    const broken: TokenCountStore = {
      read: async (keys) => keys.map(() => -1),
      write: backing.store.write,
    };
    const { memo, count, counted } = testMemo();
    expect((await createPersistentCounts(memo, broken).load([text("a")])).found).toBe(0);
    count(text("a"));
    expect(counted).toHaveLength(1);
  });

  it("degrades silently when the store fails: the memo still counts, the store is not asked again", async () => {
    let reads = 0;
    const failing: TokenCountStore = {
      read: async () => {
        reads += 1;
        throw new DOMException("blocked", "SecurityError");
      },
      write: async () => {
        throw new Error("unreachable");
      },
    };
    const { memo, count } = testMemo();
    const counts = createPersistentCounts(memo, failing);
    expect(await counts.load([text("a")])).toEqual({ missing: 1, read: 1, found: 0 });
    expect(counts.available).toBe(false);
    expect(count(text("a"))).toBe(200);
    expect(await counts.save()).toBe(0);
    expect(await counts.load([text("b")])).toEqual({ missing: 0, read: 0, found: 0 });
    expect(reads).toBe(1);
  });

  it("a failed write turns the store off and drops what was waiting", async () => {
    const writes: number[] = [];
    const failing: TokenCountStore = {
      read: async (keys) => keys.map(() => undefined),
      write: async (entries) => {
        writes.push(entries.length);
        throw new DOMException("quota", "QuotaExceededError");
      },
    };
    const { memo, count } = testMemo();
    const counts = createPersistentCounts(memo, failing);
    count(text("a"));
    expect(await counts.save()).toBe(0);
    count(text("b"));
    expect(await counts.save()).toBe(0);
    expect(writes).toEqual([1]);
  });

  it("gives up on a store that never answers", async () => {
    vi.useFakeTimers();
    try {
      const hanging: TokenCountStore = { read: () => new Promise(() => {}), write: () => new Promise(() => {}) };
      const counts = createPersistentCounts(testMemo().memo, hanging, { timeoutMs: 1_000 });
      const loaded = counts.load([text("a")]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await loaded).toEqual({ missing: 1, read: 1, found: 0 });
      expect(counts.available).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("without a store nothing is kept or read", async () => {
    const { memo, count } = testMemo();
    const counts = createPersistentCounts(memo, null);
    count(text("a"));
    expect(counts.available).toBe(false);
    expect(await counts.save()).toBe(0);
    expect(await counts.load([text("a"), text("b")])).toEqual({ missing: 0, read: 0, found: 0 });
  });

  it("caps what waits to be written, and stops listening once disposed", async () => {
    const backing = fakeStore();
    const { memo, count } = testMemo();
    const counts = createPersistentCounts(memo, backing.store, { maximumPending: 2 });
    count(text("a"));
    count(text("b"));
    count(text("c"));
    expect(await counts.save()).toBe(2);
    counts.dispose();
    count(text("d"));
    expect(await counts.save()).toBe(0);
  });
});
