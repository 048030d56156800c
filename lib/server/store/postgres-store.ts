/**
 * The team store: PostgreSQL through `pg`, used when DATABASE_URL is set. Every app process (and `npm run worker`)
 * pointed at one database sees the same short links, tap recordings, experiment results, embeddings and rate
 * limits. Writes whose check and insert must not interleave across processes (the short-link total size, the tap's
 * session grouping) take a transaction-scoped advisory lock. The schema is migrations.ts, applied on first use.
 *
 * Node-only. The connection string is never logged or put in an error message: pg's own messages name the host at
 * most, never the password.
 */
import pg from "pg";
import type { ExperimentStore, TaskRunResult } from "../../experiment/types";
import type { EmbeddingCache } from "../../search/embeddings/types";
import { shortLinkId } from "../share-store";
import { DEFAULT_JOB_TIMING, postgresExperimentJobs } from "./postgres-jobs";
import { transaction } from "./postgres-transaction";
import { MIGRATION_LOCK_KEY, MIGRATIONS, SHARE_WRITE_LOCK_KEY, TAP_WRITE_LOCK_KEY } from "./migrations";
import {
  DAY_MS,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_SESSION_GAP_MS,
  exchangeFromRow,
  exchangeValues,
  type ExchangeRow,
  MAX_PENDING,
  nextSession,
  positiveInteger,
  sessionSummaryFromRow,
  type SessionRow,
  sessionValues,
  SWEEP_INTERVAL_MS,
} from "./sqlite-tap-store";
import type {
  PlaygroundStore,
  PutResult,
  RateLimitRecords,
  ShareRecords,
  StoreOptions,
  TapExchange,
  TapHealth,
  TapRecords,
  TapSettings,
  TapWriteResult,
} from "./types";

type Queryable = Pick<pg.PoolClient, "query">;

const INT8_OID = 20;
// bigint columns hold milliseconds and byte counts, all far below 2^53: read them as numbers, not strings.
const numberTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** Applies the migrations not yet recorded, in order, in one transaction under an advisory lock. */
export async function migrate(pool: pg.Pool): Promise<number[]> {
  return transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((row) => row.version),
    );
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

function postgresShares(pool: pg.Pool, options: StoreOptions, ready: () => Promise<void>): ShareRecords {
  let lastSweep = 0;
  const ttlMs = options.shareTtlDays * DAY_MS;
  const sweep = async (now = Date.now()) => {
    await ready();
    lastSweep = now;
    return (await pool.query("DELETE FROM shares WHERE last_used_at < $1", [now - ttlMs])).rowCount ?? 0;
  };
  return {
    maxEntryBytes: options.shareMaxEntryBytes,
    sweep,
    async put(canonicalText, payload, now = Date.now()): Promise<PutResult> {
      await ready();
      if (now - lastSweep > SWEEP_INTERVAL_MS) await sweep(now);
      const id = shortLinkId(canonicalText);
      const bytes = Buffer.byteLength(payload, "utf8");
      if (bytes > options.shareMaxEntryBytes) {
        return {
          ok: false,
          code: "entry_too_large",
          message: `share-store: the scenario takes ${bytes.toLocaleString("en-US")} bytes compressed; the limit is ${options.shareMaxEntryBytes.toLocaleString("en-US")}`,
        };
      }
      return transaction(pool, async (client): Promise<PutResult> => {
        await client.query("SELECT pg_advisory_xact_lock($1)", [SHARE_WRITE_LOCK_KEY]);
        const touched = await client.query(
          "UPDATE shares SET last_used_at = CASE WHEN last_used_at < $2 THEN $3 ELSE last_used_at END WHERE id = $1",
          [id, now - DAY_MS, now],
        );
        if (touched.rowCount) return { ok: true, id, created: false };
        const total = (
          await client.query<{ total: number }>("SELECT COALESCE(SUM(bytes), 0)::bigint AS total FROM shares")
        ).rows[0].total;
        if (total + bytes > options.shareMaxTotalBytes) {
          return {
            ok: false,
            code: "store_full",
            message: "share-store: this server's short-link store is full; download the scenario file instead",
          };
        }
        await client.query(
          "INSERT INTO shares (id, payload, bytes, created_at, last_used_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT (id) DO NOTHING",
          [id, payload, bytes, now],
        );
        return { ok: true, id, created: true };
      });
    },
    async get(id, now = Date.now()) {
      await ready();
      // One statement reads and renews (at most once a day), so a read is one round trip.
      const renewed = await pool.query<{ payload: string }>(
        "UPDATE shares SET last_used_at = $2 WHERE id = $1 AND last_used_at < $3 RETURNING payload",
        [id, now, now - DAY_MS],
      );
      if (renewed.rows[0]) return renewed.rows[0].payload;
      const found = await pool.query<{ payload: string }>("SELECT payload FROM shares WHERE id = $1", [id]);
      return found.rows[0]?.payload ?? null;
    },
  };
}

class PostgresTapRecords implements TapRecords {
  private readonly pending: TapExchange[] = [];
  private dropped = 0;
  private lastError: string | null = null;
  private lastSweep = 0;
  /** Writes run one after another in this process, oldest pair first. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: StoreOptions,
    private readonly ready: () => Promise<void>,
  ) {}

  record(exchange: TapExchange, now = Date.now()): Promise<TapWriteResult> {
    this.pending.push(exchange);
    if (this.pending.length > MAX_PENDING) {
      this.pending.shift();
      this.dropped += 1;
    }
    return this.flush(now);
  }

  flush(now = Date.now()): Promise<TapWriteResult> {
    const run = this.queue.then(() => this.flushNow(now));
    this.queue = run.catch(() => {});
    return run;
  }

  private async flushNow(now: number): Promise<TapWriteResult> {
    try {
      await this.ready();
      if (now - this.lastSweep > SWEEP_INTERVAL_MS) await this.sweep(now);
      while (this.pending.length > 0) {
        await this.insert(this.pending[0]);
        this.pending.shift();
      }
      this.lastError = null;
      return { ok: true };
    } catch (error) {
      const code = (error as { code?: string }).code;
      this.lastError =
        code === "tap_store_full" || code === "53100"
          ? "the tap's store is full: delete sessions or shorten the retention"
          : `the tap's store refused a write (${(error as Error).message})`;
      return { ok: false, message: this.lastError };
    }
  }

  private async insert(exchange: TapExchange): Promise<void> {
    const bytes = Buffer.byteLength(exchange.requestBody) + Buffer.byteLength(exchange.responseBody);
    await transaction(this.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock($1)", [TAP_WRITE_LOCK_KEY]);
      const total = (
        await client.query<{ total: number }>("SELECT COALESCE(SUM(bytes), 0)::bigint AS total FROM tap_exchanges")
      ).rows[0].total;
      if (total + bytes > this.options.tapMaxTotalBytes)
        throw Object.assign(new Error("tap store full"), { code: "tap_store_full" });
      const latest = (
        await client.query<SessionRow>("SELECT * FROM tap_sessions WHERE provider = $1 ORDER BY last_at DESC LIMIT 1", [
          exchange.provider,
        ])
      ).rows[0];
      const { session, created } = nextSession(
        latest,
        exchange,
        this.options.tapSessionGapMs ?? DEFAULT_SESSION_GAP_MS,
      );
      if (created) {
        await client.query("INSERT INTO tap_sessions VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", sessionValues(session));
      } else {
        await client.query(
          "UPDATE tap_sessions SET started_at = $1, last_at = $2, requests = $3, conversations = $4, incomplete = $5, last_opening = $6 WHERE id = $7",
          [...sessionValues(session).slice(2), session.id],
        );
      }
      await client.query(
        `INSERT INTO tap_exchanges (session_id, conversation, tap, provider, method, url, model, status, request_body,
           response_body, response_type, usage, started_at, ttfb_ms, total_ms, incomplete, bytes)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
        exchangeValues(exchange, session, bytes),
      );
    });
  }

  health(): TapHealth {
    return { pending: this.pending.length, dropped: this.dropped, lastError: this.lastError };
  }

  async sessions() {
    await this.ready();
    const rows = (await this.pool.query<SessionRow>("SELECT * FROM tap_sessions ORDER BY last_at DESC")).rows;
    return rows.map(sessionSummaryFromRow);
  }

  async resolveSession(idOrLatest: string) {
    await this.ready();
    const rows =
      idOrLatest === "latest"
        ? (await this.pool.query<SessionRow>("SELECT * FROM tap_sessions ORDER BY last_at DESC LIMIT 1")).rows
        : (await this.pool.query<SessionRow>("SELECT * FROM tap_sessions WHERE id = $1", [idOrLatest])).rows;
    return rows[0] ? sessionSummaryFromRow(rows[0]) : null;
  }

  async exchanges(sessionId: string) {
    await this.ready();
    const rows = (
      await this.pool.query<ExchangeRow>("SELECT * FROM tap_exchanges WHERE session_id = $1 ORDER BY started_at, id", [
        sessionId,
      ])
    ).rows;
    return rows.map(exchangeFromRow);
  }

  async deleteSessions(sessionId: string | "all") {
    await this.ready();
    const removed = await transaction(this.pool, async (client) => {
      if (sessionId === "all") {
        await client.query("DELETE FROM tap_exchanges");
        return (await client.query("DELETE FROM tap_sessions")).rowCount ?? 0;
      }
      await client.query("DELETE FROM tap_exchanges WHERE session_id = $1", [sessionId]);
      return (await client.query("DELETE FROM tap_sessions WHERE id = $1", [sessionId])).rowCount ?? 0;
    });
    await this.flush();
    return removed;
  }

  async settings(): Promise<TapSettings> {
    await this.ready();
    return settingsFrom(this.pool);
  }

  async setSettings(settings: TapSettings, now = Date.now()) {
    await this.ready();
    await this.pool.query(
      "INSERT INTO tap_settings (key, value) VALUES ('retention_days', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [String(settings.retentionDays)],
    );
    await this.sweep(now);
    return this.settings();
  }

  async sweep(now = Date.now()) {
    await this.ready();
    this.lastSweep = now;
    const cutoff = now - (await settingsFrom(this.pool)).retentionDays * DAY_MS;
    return transaction(this.pool, async (client) => {
      await client.query(
        "DELETE FROM tap_exchanges WHERE session_id IN (SELECT id FROM tap_sessions WHERE last_at < $1)",
        [cutoff],
      );
      return (await client.query("DELETE FROM tap_sessions WHERE last_at < $1", [cutoff])).rowCount ?? 0;
    });
  }
}

async function settingsFrom(pool: Queryable): Promise<TapSettings> {
  const row = (await pool.query<{ value: string }>("SELECT value FROM tap_settings WHERE key = 'retention_days'"))
    .rows[0];
  return { retentionDays: positiveInteger(row?.value, DEFAULT_RETENTION_DAYS) };
}

function postgresExperiments(pool: pg.Pool, ready: () => Promise<void>): ExperimentStore {
  return {
    async finishedKeys(experiment) {
      await ready();
      const rows = (
        await pool.query<{ run_key: string }>("SELECT run_key FROM experiment_runs WHERE experiment = $1", [experiment])
      ).rows;
      return new Set(rows.map((row) => row.run_key));
    },
    async save(experiment, result) {
      await ready();
      // A task-run finished twice (two processes racing) keeps its first result.
      await pool.query(
        "INSERT INTO experiment_runs (experiment, run_key, result, finished_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        [experiment, result.key, JSON.stringify(result), Date.now()],
      );
    },
    async results(experiment) {
      await ready();
      const rows = (
        await pool.query<{ result: string }>(
          "SELECT result FROM experiment_runs WHERE experiment = $1 ORDER BY finished_at, seq",
          [experiment],
        )
      ).rows;
      return rows.map((row) => JSON.parse(row.result) as TaskRunResult);
    },
  };
}

function postgresEmbeddings(pool: pg.Pool, ready: () => Promise<void>): EmbeddingCache {
  return {
    async getMany(keys) {
      const found = new Map<string, Float32Array>();
      if (keys.length === 0) return found;
      await ready();
      const rows = (
        await pool.query<{ key: string; vector: Buffer }>("SELECT key, vector FROM embeddings WHERE key = ANY($1)", [
          [...keys],
        ])
      ).rows;
      for (const row of rows) {
        // Copy out of the driver's buffer: a Float32Array view needs 4-byte alignment, which a Buffer slice may lack.
        const bytes = new Uint8Array(row.vector);
        found.set(row.key, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
      }
      return found;
    },
    async putMany(entries) {
      if (entries.length === 0) return;
      await ready();
      const now = Date.now();
      await transaction(pool, async (client) => {
        for (const [key, vector] of entries) {
          await client.query(
            "INSERT INTO embeddings (key, dimensions, vector, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO UPDATE SET dimensions = excluded.dimensions, vector = excluded.vector, created_at = excluded.created_at",
            [key, vector.length, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), now],
          );
        }
      });
    },
  };
}

function postgresRateLimits(pool: pg.Pool, ready: () => Promise<void>): RateLimitRecords {
  return {
    async take(bucket, key, { capacity, refillPerSecond }, now = Date.now()) {
      await ready();
      return transaction(pool, async (client) => {
        await client.query(
          "INSERT INTO rate_limits (bucket, key, tokens, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
          [bucket, key, capacity, now],
        );
        // FOR UPDATE: two processes taking from one bucket at once take one after the other.
        const row = (
          await client.query<{ tokens: number; updated_at: number }>(
            "SELECT tokens, updated_at FROM rate_limits WHERE bucket = $1 AND key = $2 FOR UPDATE",
            [bucket, key],
          )
        ).rows[0];
        const tokens = Math.min(capacity, row.tokens + (Math.max(0, now - row.updated_at) / 1000) * refillPerSecond);
        const allowed = tokens >= 1;
        await client.query("UPDATE rate_limits SET tokens = $3, updated_at = $4 WHERE bucket = $1 AND key = $2", [
          bucket,
          key,
          allowed ? tokens - 1 : tokens,
          Math.max(now, row.updated_at),
        ]);
        return allowed
          ? ({ ok: true } as const)
          : ({ ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerSecond)) } as const);
      });
    },
  };
}

export function openPostgresStore(connectionString: string, options: StoreOptions): PlaygroundStore {
  const pool = new pg.Pool({ connectionString, max: 5, types: numberTypes });
  // An idle client that loses its connection (a database restart) emits here; the pool replaces it on next use.
  pool.on("error", () => {});
  let migrated: Promise<void> | undefined;
  const ready = () =>
    (migrated ??= migrate(pool).then(
      () => {},
      (error: unknown) => {
        migrated = undefined; // the next call tries again (the database may come up later)
        throw error;
      },
    ));
  const shares = postgresShares(pool, options, ready);
  const tap = new PostgresTapRecords(pool, options, ready);
  const experiments = postgresExperiments(pool, ready);
  const embeddings = postgresEmbeddings(pool, ready);
  const rateLimits = postgresRateLimits(pool, ready);
  const closers: Array<() => Promise<void>> = [];
  const jobs = postgresExperimentJobs(
    connectionString,
    pool,
    ready,
    { ...DEFAULT_JOB_TIMING, ...options.jobs },
    closers,
  );
  return {
    description: "postgres",
    shares: () => shares,
    tap: () => tap,
    experiments: () => experiments,
    embeddings: () => embeddings,
    rateLimits: () => rateLimits,
    experimentJobs: () => jobs,
    async sharedSecret(candidate) {
      await ready();
      await pool.query(
        "INSERT INTO server_settings (key, value) VALUES ('page_secret', $1) ON CONFLICT (key) DO NOTHING",
        [candidate],
      );
      return (await pool.query<{ value: string }>("SELECT value FROM server_settings WHERE key = 'page_secret'"))
        .rows[0].value;
    },
    ready,
    close: async () => {
      for (const close of closers.splice(0)) await close().catch(() => {});
      await pool.end();
    },
  };
}
