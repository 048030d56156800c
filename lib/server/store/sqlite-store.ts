/**
 * The embedded store: SQLite files under the data folder (better-sqlite3), one per kind of record as before
 * (shares.sqlite, tap.sqlite, experiments.sqlite, embeddings.sqlite), each opened on first use with its statements
 * prepared once. better-sqlite3 is synchronous; the async methods only wrap its answers, so the SQLite path does the
 * same work as before. One process per folder: the rate limits are counted in this process's memory.
 */
import { SqliteEmbeddingCache } from "../embedding-store";
import { openSqliteExperimentStore, type SqliteExperimentStore } from "../experiment-store";
import { takeBucketToken } from "../live-rate-limit";
import { ShareStore } from "../share-store";
import { TapStore } from "./sqlite-tap-store";
import type { PlaygroundStore, RateLimitRecords, ShareRecords, StoreOptions, TapRecords } from "./types";

/** The async face of a ShareStore. */
export function sqliteShareRecords(store: ShareStore): ShareRecords {
  return {
    maxEntryBytes: store.options.maxEntryBytes,
    put: async (canonicalText, payload, now) => store.put(canonicalText, payload, now),
    get: async (id, now) => store.get(id, now),
    sweep: async (now) => store.sweep(now),
  };
}

/** The async face of a TapStore. */
export function sqliteTapRecords(store: TapStore): TapRecords {
  return {
    record: async (exchange, now) => store.record(exchange, now),
    health: () => store.health(),
    sessions: async () => store.sessions(),
    resolveSession: async (idOrLatest) => store.resolveSession(idOrLatest),
    exchanges: async (sessionId) => store.exchanges(sessionId),
    deleteSessions: async (sessionId) => store.deleteSessions(sessionId),
    settings: async () => store.settings(),
    setSettings: async (settings, now) => store.setSettings(settings, now),
    sweep: async (now) => store.sweep(now),
  };
}

// One process per folder, so this process's memory is where the buckets are counted.
const memoryRateLimits: RateLimitRecords = {
  take: async (bucket, key, limits, now) => takeBucketToken(bucket, key, limits, now),
};

function once<T>(open: () => T): () => T {
  let value: { opened: T } | undefined;
  return () => (value ??= { opened: open() }).opened;
}

export function openSqliteStore(options: StoreOptions): PlaygroundStore {
  const closers: Array<() => void> = [];
  const shareStore = once(() => {
    const store = new ShareStore({
      directory: options.directory,
      maxEntryBytes: options.shareMaxEntryBytes,
      maxTotalBytes: options.shareMaxTotalBytes,
      ttlDays: options.shareTtlDays,
    });
    closers.push(() => store.close());
    return sqliteShareRecords(store);
  });
  const tapStore = once(() => {
    const store = new TapStore({
      directory: options.directory,
      maxTotalBytes: options.tapMaxTotalBytes,
      sessionGapMs: options.tapSessionGapMs,
    });
    closers.push(() => store.close());
    return sqliteTapRecords(store);
  });
  const experimentStore = once((): SqliteExperimentStore => {
    const store = openSqliteExperimentStore(options.directory);
    closers.push(() => store.close());
    return store;
  });
  const embeddingCache = once(() => {
    const cache = new SqliteEmbeddingCache(options.directory);
    closers.push(() => cache.close());
    return cache;
  });
  return {
    description: "sqlite",
    shares: shareStore,
    tap: tapStore,
    experiments: experimentStore,
    embeddings: embeddingCache,
    rateLimits: () => memoryRateLimits,
    // One process: the experiment runs in the request that started it (lib/server/experiment-route.ts).
    experimentJobs: () => null,
    sharedSecret: async (candidate) => candidate,
    ready: async () => {},
    close: async () => {
      for (const close of closers.splice(0)) close();
    },
  };
}
