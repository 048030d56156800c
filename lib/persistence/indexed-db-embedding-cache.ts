/**
 * The browser's embedding cache: vectors in IndexedDB keyed by (vector space, text hash), so the lab embeds a
 * catalog once per browser and a reload asks the endpoint for nothing. Takes the IDBFactory as an argument (the
 * page's `indexedDB`, fake-indexeddb in tests); without one, or when the database cannot be opened (private mode,
 * full disk), it answers from nothing and stores nothing: the search still runs, it just embeds again.
 */
import type { EmbeddingCache } from "../search/embeddings/types";

export const EMBEDDING_DATABASE = "tool-disclosure-playground-embeddings";
const OBJECT_STORE = "vectors";

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

export function indexedDbEmbeddingCache(
  factory: IDBFactory | undefined,
  databaseName = EMBEDDING_DATABASE,
): EmbeddingCache {
  let opened: Promise<IDBDatabase | null> | undefined;
  const database = () => {
    opened ??= new Promise<IDBDatabase | null>((resolve) => {
      if (!factory) return resolve(null);
      try {
        const request = factory.open(databaseName, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(OBJECT_STORE);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
        request.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
    return opened;
  };
  return {
    async getMany(keys) {
      const found = new Map<string, Float32Array>();
      const db = await database();
      if (!db || keys.length === 0) return found;
      try {
        const store = db.transaction(OBJECT_STORE, "readonly").objectStore(OBJECT_STORE);
        const values = await Promise.all(keys.map((key) => requestResult(store.get(key) as IDBRequest<unknown>)));
        values.forEach((value, index) => {
          if (value instanceof Float32Array) found.set(keys[index], value);
          else if (value instanceof ArrayBuffer) found.set(keys[index], new Float32Array(value));
        });
      } catch {
        // A read that fails is a miss: the endpoint is asked again.
      }
      return found;
    },
    async putMany(entries) {
      const db = await database();
      if (!db || entries.length === 0) return;
      try {
        const transaction = db.transaction(OBJECT_STORE, "readwrite");
        const store = transaction.objectStore(OBJECT_STORE);
        for (const [key, vector] of entries) store.put(vector.slice().buffer, key);
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
          transaction.onabort = () => reject(transaction.error);
        });
      } catch {
        // Quota or a closed database: the vectors are still used for this visit.
      }
    },
  };
}
