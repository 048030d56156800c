/**
 * Short links: share payloads kept in an embedded SQLite database (better-sqlite3) under the data folder. The
 * database is created on first use; there is no set-up step. Ids are content addresses (the first 22 base64url
 * characters, 132 bits, of the SHA-256 of the canonical envelope text), so storing the same scenario twice gives
 * the same id, and an existing entry is never overwritten. Each entry and the whole store have a size cap.
 *
 * Node-only: imported by app/api/share routes.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export const DATA_DIR_ENV = "PLAYGROUND_DATA_DIR";
export const SHARE_MAX_BYTES_ENV = "PLAYGROUND_SHARE_MAX_BYTES";
export const SHARE_MAX_TOTAL_BYTES_ENV = "PLAYGROUND_SHARE_MAX_TOTAL_BYTES";
export const SHARE_TTL_DAYS_ENV = "PLAYGROUND_SHARE_TTL_DAYS";

/** A short link nobody has opened for this many days is deleted (docs/SHARING.md, "Expiry"). */
export const DEFAULT_SHARE_TTL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired entries are swept at most this often (on a write), so reads stay read-only and cheap. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A 10,000-tool scenario compresses to 1.2 MB; 5 MB leaves room without letting one entry fill the disk. */
export const DEFAULT_SHARE_MAX_BYTES = 5 * 1024 * 1024;
/** About a hundred of the largest scenarios, or thousands of ordinary ones. */
export const DEFAULT_SHARE_MAX_TOTAL_BYTES = 500 * 1024 * 1024;

export const SHORT_LINK_ID_LENGTH = 22;

export type ShareStoreOptions = {
  directory: string;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Days without a read after which an entry is deleted; defaults to DEFAULT_SHARE_TTL_DAYS. */
  ttlDays?: number;
};

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function shareStoreOptionsFromEnv(environment: NodeJS.ProcessEnv = process.env): ShareStoreOptions {
  return {
    // The data folder is chosen at run time; telling Turbopack so keeps it from tracing the whole project.
    directory: path.resolve(/*turbopackIgnore: true*/ environment[DATA_DIR_ENV] || path.join(process.cwd(), "data")),
    maxEntryBytes: positiveInteger(environment[SHARE_MAX_BYTES_ENV], DEFAULT_SHARE_MAX_BYTES),
    maxTotalBytes: positiveInteger(environment[SHARE_MAX_TOTAL_BYTES_ENV], DEFAULT_SHARE_MAX_TOTAL_BYTES),
    ttlDays: positiveInteger(environment[SHARE_TTL_DAYS_ENV], DEFAULT_SHARE_TTL_DAYS),
  };
}

/** The content address of a canonical envelope text. */
export function shortLinkId(canonicalText: string): string {
  return createHash("sha256").update(canonicalText, "utf8").digest("base64url").slice(0, SHORT_LINK_ID_LENGTH);
}

export type PutResult =
  { ok: true; id: string; created: boolean } | { ok: false; code: "entry_too_large" | "store_full"; message: string };

export class ShareStore {
  private readonly database: Database.Database;
  private readonly insert: Database.Statement<[string, string, number, number, number]>;
  private readonly select: Database.Statement<[string], { payload: string }>;
  private readonly exists: Database.Statement<[string], { found: number }>;
  private readonly totalBytes: Database.Statement<[], { total: number }>;
  private readonly touch: Database.Statement<[number, string, number]>;
  private readonly expire: Database.Statement<[number]>;
  private lastSweep = 0;

  constructor(readonly options: ShareStoreOptions) {
    fs.mkdirSync(options.directory, { recursive: true });
    this.database = new Database(path.join(options.directory, "shares.sqlite"));
    this.database.pragma("journal_mode = WAL");
    this.database.exec(
      "CREATE TABLE IF NOT EXISTS shares (id TEXT PRIMARY KEY, payload TEXT NOT NULL, bytes INTEGER NOT NULL, created_at INTEGER NOT NULL)",
    );
    // Stores made before expiry existed get the column, with their creation time as the last use.
    const columns = this.database.prepare("PRAGMA table_info(shares)").all() as Array<{ name: string }>;
    if (!columns.some((column) => column.name === "last_used_at")) {
      this.database.exec("ALTER TABLE shares ADD COLUMN last_used_at INTEGER NOT NULL DEFAULT 0");
      this.database.exec("UPDATE shares SET last_used_at = created_at");
    }
    // INSERT OR IGNORE: an id that exists keeps its first payload (content-addressed, so it is the same scenario).
    this.insert = this.database.prepare(
      "INSERT OR IGNORE INTO shares (id, payload, bytes, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)",
    );
    this.select = this.database.prepare("SELECT payload FROM shares WHERE id = ?");
    this.exists = this.database.prepare("SELECT 1 AS found FROM shares WHERE id = ?");
    this.totalBytes = this.database.prepare("SELECT COALESCE(SUM(bytes), 0) AS total FROM shares");
    // A read renews the entry, but at most once a day, so opening a popular link does not write on every view.
    this.touch = this.database.prepare("UPDATE shares SET last_used_at = ? WHERE id = ? AND last_used_at < ?");
    this.expire = this.database.prepare("DELETE FROM shares WHERE last_used_at < ?");
  }

  private get ttlMs(): number {
    return (this.options.ttlDays ?? DEFAULT_SHARE_TTL_DAYS) * DAY_MS;
  }

  /** Deletes every entry unused for longer than the TTL; returns how many went. */
  sweep(now = Date.now()): number {
    this.lastSweep = now;
    return this.expire.run(now - this.ttlMs).changes;
  }

  /** Stores `payload` under the id of `canonicalText`. The size check and the insert are one transaction. */
  put(canonicalText: string, payload: string, now = Date.now()): PutResult {
    if (now - this.lastSweep > SWEEP_INTERVAL_MS) this.sweep(now);
    const id = shortLinkId(canonicalText);
    const bytes = Buffer.byteLength(payload, "utf8");
    if (bytes > this.options.maxEntryBytes) {
      return {
        ok: false,
        code: "entry_too_large",
        message: `share-store: the scenario takes ${bytes.toLocaleString("en-US")} bytes compressed; the limit is ${this.options.maxEntryBytes.toLocaleString("en-US")}`,
      };
    }
    const store = this.database.transaction((): PutResult => {
      if (this.exists.get(id)) {
        this.touch.run(now, id, now - DAY_MS);
        return { ok: true, id, created: false };
      }
      const total = this.totalBytes.get()?.total ?? 0;
      if (total + bytes > this.options.maxTotalBytes) {
        return {
          ok: false,
          code: "store_full",
          message: "share-store: this server's short-link store is full; download the scenario file instead",
        };
      }
      this.insert.run(id, payload, bytes, now, now);
      return { ok: true, id, created: true };
    });
    return store.immediate();
  }

  get(id: string, now = Date.now()): string | null {
    const payload = this.select.get(id)?.payload ?? null;
    if (payload !== null) this.touch.run(now, id, now - DAY_MS);
    return payload;
  }

  close(): void {
    this.database.close();
  }
}

// One open database per directory and process, kept on globalThis because Next.js may load this module once per
// route bundle.
const STORES_KEY = Symbol.for("tool-disclosure-playground.share-stores");
type StoreHolder = { [STORES_KEY]?: Map<string, ShareStore> };

/** The store for the current environment, opened (and created) on first use. */
export function getShareStore(options: ShareStoreOptions = shareStoreOptionsFromEnv()): ShareStore {
  const holder = globalThis as StoreHolder;
  const stores = (holder[STORES_KEY] ??= new Map());
  const key = `${options.directory}\u0000${options.maxEntryBytes}\u0000${options.maxTotalBytes}`;
  let store = stores.get(key);
  if (!store) {
    store = new ShareStore(options);
    stores.set(key, store);
  }
  return store;
}
