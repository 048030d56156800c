/**
 * Which store runs: PostgreSQL when DATABASE_URL is set (a team server, several processes on one database), else
 * the SQLite files under the data folder (a laptop, one process). The rest of lib/ asks `getStore()` and never
 * which one it got.
 */
import { shareStoreOptionsFromEnv } from "../share-store";
import { tapStoreOptionsFromEnv } from "./sqlite-tap-store";
import { openPostgresStore } from "./postgres-store";
import { openSqliteStore } from "./sqlite-store";
import type { PlaygroundStore, StoreOptions } from "./types";

export const DATABASE_URL_ENV = "DATABASE_URL";

type Environment = Record<string, string | undefined>;

/** Seconds from the environment, or undefined (the default applies) when unset or not a positive number. */
function seconds(value: string | undefined): number | undefined {
  const parsed = Number(value?.trim());
  return value?.trim() && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

export function storeOptionsFromEnv(environment: Environment = process.env): StoreOptions {
  const expireSeconds = seconds(environment.PLAYGROUND_JOB_EXPIRE_SECONDS);
  const maintenanceSeconds = seconds(environment.PLAYGROUND_JOB_MAINTENANCE_SECONDS);
  const heartbeatSeconds = seconds(environment.PLAYGROUND_JOB_HEARTBEAT_SECONDS);
  const staleSeconds = seconds(environment.PLAYGROUND_JOB_STALE_SECONDS);
  const shares = shareStoreOptionsFromEnv(environment as NodeJS.ProcessEnv);
  const tap = tapStoreOptionsFromEnv(environment as NodeJS.ProcessEnv);
  return {
    directory: shares.directory,
    shareMaxEntryBytes: shares.maxEntryBytes,
    shareMaxTotalBytes: shares.maxTotalBytes,
    shareTtlDays: shares.ttlDays ?? 90,
    tapMaxTotalBytes: tap.maxTotalBytes ?? Number.MAX_SAFE_INTEGER,
    jobs: {
      ...(expireSeconds ? { expireSeconds: Math.round(expireSeconds) } : {}),
      ...(maintenanceSeconds ? { maintenanceSeconds: Math.round(maintenanceSeconds) } : {}),
      ...(heartbeatSeconds ? { heartbeatSeconds } : {}),
      ...(staleSeconds ? { staleSeconds } : {}),
    },
  };
}

/** Opens the store the environment names (not cached: tests and CLIs own what they open). */
export function openStore(environment: Environment = process.env, options = storeOptionsFromEnv(environment)) {
  const url = environment[DATABASE_URL_ENV]?.trim();
  return url ? openPostgresStore(url, options) : openSqliteStore(options);
}

// One store per configuration and process, on globalThis because Next.js may load this module once per route.
const STORES_KEY = Symbol.for("tool-disclosure-playground.stores");
type Holder = { [STORES_KEY]?: Map<string, PlaygroundStore> };

/** The process's store for this environment, opened on first use. */
export function getStore(environment: Environment = process.env): PlaygroundStore {
  const options = storeOptionsFromEnv(environment);
  const key = JSON.stringify([environment[DATABASE_URL_ENV]?.trim() ?? "", options]);
  const holder = globalThis as Holder;
  const stores = (holder[STORES_KEY] ??= new Map());
  let store = stores.get(key);
  if (!store) stores.set(key, (store = openStore(environment, options)));
  return store;
}
