/**
 * The browser's store of token counts (persistent-counts.ts): one IndexedDB object store whose keys are
 * `tokenizer|length:hash` and whose values are counts. Takes the IDBFactory as an argument, so it runs in the engine
 * worker (`self.indexedDB`) and in tests (fake-indexeddb), and does nothing when there is none.
 */
import type { TokenCountStore } from "./persistent-counts";

export const TOKEN_COUNT_DATABASE = "tool-disclosure-playground-token-counts";
const OBJECT_STORE = "counts";
/**
 * About 60 bytes an entry: 100,000 entries (five 10,000-tool catalogs with their stubs) stay near 6 MB. Past it the
 * store starts again from empty rather than tracking ages: recounting one catalog costs seconds, once.
 */
export const MAXIMUM_STORED_COUNTS = 100_000;
/** From this many keys a read takes the whole store at once (a returning 10,000-tool catalog asks for 20,000). */
export const READ_WHOLE_STORE_FROM = 1_000;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
  });
}

export function indexedDbCountStore(
  factory: IDBFactory | undefined,
  options: { databaseName?: string; maximumEntries?: number } = {},
): TokenCountStore | null {
  if (!factory) return null;
  const indexedDb = factory;
  const databaseName = options.databaseName ?? TOKEN_COUNT_DATABASE;
  const maximumEntries = options.maximumEntries ?? MAXIMUM_STORED_COUNTS;
  let opened: Promise<IDBDatabase> | null = null;

  function database(): Promise<IDBDatabase> {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      // open() itself throws where storage is forbidden (some sandboxed frames).
      const request = indexedDb.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(OBJECT_STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("IndexedDB could not be opened"));
      request.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
    });
    return opened;
  }

  return {
    async read(keys) {
      const transaction = (await database()).transaction(OBJECT_STORE, "readonly");
      const objects = transaction.objectStore(OBJECT_STORE);
      const counts = new Array<number | undefined>(keys.length);
      if (keys.length >= READ_WHOLE_STORE_FROM) {
        // Two requests for the whole store beat one per key: in Chromium 20,000 gets took 1.6–2.2× as long as
        // getAllKeys + getAll of 20,000 entries (PERFORMANCE.md at 279c54f), and the store is capped.
        const storedKeys = objects.getAllKeys();
        const storedCounts = objects.getAll();
        await transactionDone(transaction);
        const byKey = new Map<unknown, unknown>();
        storedKeys.result.forEach((key, index) => byKey.set(key, storedCounts.result[index]));
        keys.forEach((key, index) => {
          const value = byKey.get(key);
          counts[index] = typeof value === "number" ? value : undefined;
        });
        return counts;
      }
      // One request per key in one transaction; a failing request aborts the transaction, which rejects below.
      keys.forEach((key, index) => {
        const request = objects.get(key);
        request.onsuccess = () => {
          counts[index] = typeof request.result === "number" ? request.result : undefined;
        };
      });
      await transactionDone(transaction);
      return counts;
    },
    async write(entries) {
      if (entries.length === 0) return;
      const transaction = (await database()).transaction(OBJECT_STORE, "readwrite");
      const objects = transaction.objectStore(OBJECT_STORE);
      const stored = await requestResult(objects.count());
      if (stored + entries.length > maximumEntries) objects.clear();
      // Past the cap even after clearing: the newest counts are the ones the next visit needs.
      for (const [key, count] of entries.slice(-maximumEntries)) objects.put(count, key);
      await transactionDone(transaction);
    },
  };
}
