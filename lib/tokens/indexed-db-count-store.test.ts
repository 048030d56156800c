import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { indexedDbCountStore } from "./indexed-db-count-store";
import { createPersistentCounts } from "./persistent-counts";
import { createMemoisedCount } from "./memoised-count";

describe("indexedDbCountStore", () => {
  it("is absent where there is no IndexedDB", () => {
    expect(indexedDbCountStore(undefined)).toBeNull();
  });

  it("reads back what it wrote, across connections, and undefined for unknown keys", async () => {
    const factory = new IDBFactory();
    const store = indexedDbCountStore(factory);
    await store?.write([
      ["t|1:a:b", 5],
      ["t|2:c:d", 0],
    ]);
    const reopened = indexedDbCountStore(factory);
    expect(await reopened?.read(["t|1:a:b", "t|9:z:z", "t|2:c:d"])).toEqual([5, undefined, 0]);
    expect(await reopened?.read([])).toEqual([]);
  });

  it("reads a long key list from the whole store with the same answers", async () => {
    const store = indexedDbCountStore(new IDBFactory());
    const entries = Array.from({ length: 1_500 }, (_, index) => [`t|${index}`, index] as const);
    await store?.write(entries);
    const keys = [...entries.map(([key]) => key).reverse(), "t|unknown"];
    expect(await store?.read(keys)).toEqual([...entries.map(([, count]) => count).reverse(), undefined]);
  });

  it("starts from empty when a write would pass the cap", async () => {
    const store = indexedDbCountStore(new IDBFactory(), { maximumEntries: 3 });
    await store?.write([
      ["a", 1],
      ["b", 2],
    ]);
    await store?.write([["c", 3]]);
    expect(await store?.read(["a", "b", "c"])).toEqual([1, 2, 3]);
    await store?.write([
      ["d", 4],
      ["e", 5],
    ]);
    expect(await store?.read(["a", "b", "c", "d", "e"])).toEqual([undefined, undefined, undefined, 4, 5]);
  });

  it("rejects when IndexedDB refuses to open, and the counts carry on without it", async () => {
    const refusing = {
      open: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    } as unknown as IDBFactory;
    const store = indexedDbCountStore(refusing);
    await expect(store?.read(["a"])).rejects.toThrow("insecure");
    const memo = createMemoisedCount((text) => text.length);
    const counts = createPersistentCounts(
      { tokenizerId: "t", has: memo.has, prime: memo.prime, onCounted: () => () => {} },
      store,
    );
    expect(await counts.load(["x".repeat(200)])).toEqual({ missing: 1, read: 1, found: 0 });
    expect(counts.available).toBe(false);
  });
});
