/**
 * What the tap records, in the embedded SQLite store (the SQLite side of lib/server/store) beside the short links (better-sqlite3, under the data folder,
 * created on first use). One row per request/response pair: the bodies as sent and received (known keys and
 * key-shaped strings replaced before they reach this module), status, time to first byte, total time, the model and
 * the usage the provider reported. No header is ever stored.
 *
 * Pairs are grouped as trace import groups a recording: a **session** is one wire format's traffic without a pause
 * longer than `sessionGapMs` (one session exports as one trace, which holds one provider), and inside it a new
 * **conversation** starts when a request opens with another first user message than the request before it
 * (`conversationOpening`, the rule of lib/trace's seed figures).
 *
 * A write that fails (store full, disk full, a read-only file) keeps the pair in memory and is retried on the next
 * write, so nothing recorded is lost while the server runs, and the client's answer never waits on the store.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { MeasuredUsage } from "../../core";
import type { ProviderId } from "../../core/ids";
import { conversationOpening } from "../../trace/body-parts";

/** A tap endpoint's id (lib/tap/upstreams.ts); a plain string here, below the tap's layer. */
type TapId = string;

export const TAP_MAX_BYTES_ENV = "PLAYGROUND_TAP_MAX_BYTES";
/** Room for thousands of agent sessions; each pair repeats the whole conversation, so they are large. */
export const DEFAULT_TAP_MAX_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_RETENTION_DAYS = 30;
/** A pause longer than this ends a session: a person stepping away from their agent. */
export const DEFAULT_SESSION_GAP_MS = 30 * 60 * 1000;
/** Pairs held in memory while the store refuses writes; beyond it the oldest go (and are counted). */
export const MAX_PENDING = 500;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** One request/response pair as the tap saw it, keys already removed. */
export type TapExchange = {
  tap: TapId;
  provider: ProviderId;
  method: string;
  /** The upstream URL without its query string. */
  url: string;
  model: string | null;
  /** The HTTP status the upstream answered, or 0 when it never answered. */
  status: number;
  requestBody: string;
  responseBody: string;
  responseType: string | null;
  usage: MeasuredUsage | null;
  startedAtMs: number;
  ttfbMs: number | null;
  totalMs: number;
  /** Null for a whole exchange; otherwise why it stopped short (a stream abandoned by either side). */
  incomplete: string | null;
};

export type StoredExchange = TapExchange & { id: number; sessionId: string; conversation: number };

export type TapSessionSummary = {
  id: string;
  provider: ProviderId;
  startedAtMs: number;
  lastAtMs: number;
  requests: number;
  conversations: number;
  incomplete: number;
};

export type TapSettings = { retentionDays: number };

export type TapStoreOptions = {
  directory: string;
  maxTotalBytes?: number;
  sessionGapMs?: number;
  /** Tests: open the file read-only, as a store on a read-only disk would be. */
  readonly?: boolean;
};

export type TapHealth = { pending: number; dropped: number; lastError: string | null };

export type ExchangeRow = {
  id: number;
  session_id: string;
  conversation: number;
  tap: string;
  provider: string;
  method: string;
  url: string;
  model: string | null;
  status: number;
  request_body: string;
  response_body: string;
  response_type: string | null;
  usage: string | null;
  started_at: number;
  ttfb_ms: number | null;
  total_ms: number;
  incomplete: string | null;
};

export type SessionRow = {
  id: string;
  provider: string;
  started_at: number;
  last_at: number;
  requests: number;
  conversations: number;
  incomplete: number;
  last_opening: string;
};

export function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function tapStoreOptionsFromEnv(environment: NodeJS.ProcessEnv = process.env): TapStoreOptions {
  return {
    directory: path.resolve(
      /*turbopackIgnore: true*/ environment.PLAYGROUND_DATA_DIR || path.join(process.cwd(), "data"),
    ),
    maxTotalBytes: positiveInteger(environment[TAP_MAX_BYTES_ENV], DEFAULT_TAP_MAX_BYTES),
  };
}

export function openingOf(exchange: TapExchange): string {
  try {
    const body = JSON.parse(exchange.requestBody) as unknown;
    if (body && typeof body === "object" && !Array.isArray(body))
      return conversationOpening(body as Record<string, unknown>, exchange.provider);
  } catch {
    // A body that is not JSON has no conversation of its own: it continues the current one.
  }
  return "";
}

export function sessionIdOf(provider: ProviderId, startedAtMs: number): string {
  const stamp = new Date(startedAtMs)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "");
  return `${stamp}-${provider}-${Math.random().toString(36).slice(2, 6)}`;
}

/** The session a pair joins (the provider's latest, if its last request is within the gap) or starts. */
export function nextSession(
  latest: SessionRow | undefined,
  exchange: TapExchange,
  sessionGapMs: number,
): { session: SessionRow; created: boolean } {
  const opening = openingOf(exchange);
  if (latest && exchange.startedAtMs - latest.last_at <= sessionGapMs) {
    const newConversation = opening !== "" && opening !== latest.last_opening;
    return {
      created: false,
      session: {
        ...latest,
        last_at: Math.max(latest.last_at, exchange.startedAtMs),
        requests: latest.requests + 1,
        conversations: latest.conversations + (newConversation ? 1 : 0),
        incomplete: latest.incomplete + (exchange.incomplete ? 1 : 0),
        last_opening: opening || latest.last_opening,
      },
    };
  }
  return {
    created: true,
    session: {
      id: sessionIdOf(exchange.provider, exchange.startedAtMs),
      provider: exchange.provider,
      started_at: exchange.startedAtMs,
      last_at: exchange.startedAtMs,
      requests: 1,
      conversations: 1,
      incomplete: exchange.incomplete ? 1 : 0,
      last_opening: opening,
    },
  };
}

/** A session row's columns in table order. */
export function sessionValues(session: SessionRow): [string, string, number, number, number, number, number, string] {
  return [
    session.id,
    session.provider,
    session.started_at,
    session.last_at,
    session.requests,
    session.conversations,
    session.incomplete,
    session.last_opening,
  ];
}

/** The exchange columns after the id, in the order the INSERTs name them. */
export function exchangeValues(
  exchange: TapExchange,
  session: SessionRow,
  bytes: number,
): Array<string | number | null> {
  return [
    session.id,
    session.conversations,
    exchange.tap,
    exchange.provider,
    exchange.method,
    exchange.url,
    exchange.model,
    exchange.status,
    exchange.requestBody,
    exchange.responseBody,
    exchange.responseType,
    exchange.usage ? JSON.stringify(exchange.usage) : null,
    exchange.startedAtMs,
    exchange.ttfbMs,
    exchange.totalMs,
    exchange.incomplete,
    bytes,
  ];
}

export function exchangeFromRow(row: ExchangeRow): StoredExchange {
  return {
    id: Number(row.id),
    sessionId: row.session_id,
    conversation: row.conversation,
    tap: row.tap as TapId,
    provider: row.provider as ProviderId,
    method: row.method,
    url: row.url,
    model: row.model,
    status: row.status,
    requestBody: row.request_body,
    responseBody: row.response_body,
    responseType: row.response_type,
    usage: row.usage ? (JSON.parse(row.usage) as MeasuredUsage) : null,
    startedAtMs: Number(row.started_at),
    ttfbMs: row.ttfb_ms,
    totalMs: row.total_ms,
    incomplete: row.incomplete,
  };
}

export function sessionSummaryFromRow(row: SessionRow): TapSessionSummary {
  return {
    id: row.id,
    provider: row.provider as ProviderId,
    startedAtMs: Number(row.started_at),
    lastAtMs: Number(row.last_at),
    requests: row.requests,
    conversations: row.conversations,
    incomplete: row.incomplete,
  };
}

export class TapStore {
  private readonly database: Database.Database;
  private readonly pending: TapExchange[] = [];
  private dropped = 0;
  private lastError: string | null = null;
  private lastSweep = 0;
  /** The bytes of stored bodies, summed once and then kept (a sum per write would grow with the store). */
  private storedBytes: number | null = null;
  private readonly sessionGapMs: number;
  private readonly maxTotalBytes: number;
  /**
   * Each statement is prepared once and kept. A statement holds native SQLite memory the JavaScript heap does not
   * see, so statements prepared per write pile up until a collection the heap has no reason to start: the server's
   * resident memory grew by tens of MiB over a few thousand recorded requests.
   */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly options: TapStoreOptions) {
    this.sessionGapMs = options.sessionGapMs ?? DEFAULT_SESSION_GAP_MS;
    this.maxTotalBytes = options.maxTotalBytes ?? DEFAULT_TAP_MAX_BYTES;
    const file = path.join(options.directory, "tap.sqlite");
    if (!options.readonly) fs.mkdirSync(options.directory, { recursive: true });
    this.database = new Database(file, options.readonly ? { readonly: true, fileMustExist: true } : {});
    if (options.readonly) return;
    this.database.pragma("journal_mode = WAL");
    this.database.exec(`
      CREATE TABLE IF NOT EXISTS tap_sessions (
        id TEXT PRIMARY KEY, provider TEXT NOT NULL, started_at INTEGER NOT NULL, last_at INTEGER NOT NULL,
        requests INTEGER NOT NULL, conversations INTEGER NOT NULL, incomplete INTEGER NOT NULL,
        last_opening TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS tap_exchanges (
        id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, conversation INTEGER NOT NULL,
        tap TEXT NOT NULL, provider TEXT NOT NULL, method TEXT NOT NULL, url TEXT NOT NULL, model TEXT,
        status INTEGER NOT NULL, request_body TEXT NOT NULL, response_body TEXT NOT NULL, response_type TEXT,
        usage TEXT, started_at INTEGER NOT NULL, ttfb_ms REAL, total_ms REAL NOT NULL, incomplete TEXT,
        bytes INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS tap_exchanges_session ON tap_exchanges (session_id, started_at);
      CREATE TABLE IF NOT EXISTS tap_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
  }

  private prepared(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.database.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Records a pair (and any held back by an earlier failed write). Never throws: a failure keeps it in memory. */
  record(exchange: TapExchange, now = Date.now()): { ok: true } | { ok: false; message: string } {
    this.pending.push(exchange);
    if (this.pending.length > MAX_PENDING) {
      this.pending.shift();
      this.dropped += 1;
    }
    return this.flush(now);
  }

  /** Writes the pairs held in memory, oldest first; stops at the first refusal. */
  flush(now = Date.now()): { ok: true } | { ok: false; message: string } {
    try {
      if (now - this.lastSweep > SWEEP_INTERVAL_MS) this.sweep(now);
      while (this.pending.length > 0) {
        this.insert(this.pending[0]);
        this.pending.shift();
      }
      this.lastError = null;
      return { ok: true };
    } catch (error) {
      const code = (error as { code?: string }).code;
      this.lastError =
        code === "SQLITE_READONLY"
          ? "the tap's store is read-only"
          : code === "SQLITE_FULL" || code === "tap_store_full"
            ? "the tap's store is full: delete sessions or shorten the retention"
            : `the tap's store refused a write (${(error as Error).message})`;
      return { ok: false, message: this.lastError };
    }
  }

  health(): TapHealth {
    return { pending: this.pending.length, dropped: this.dropped, lastError: this.lastError };
  }

  private insert(exchange: TapExchange): void {
    const bytes = Buffer.byteLength(exchange.requestBody) + Buffer.byteLength(exchange.responseBody);
    const write = this.database.transaction(() => {
      this.storedBytes ??= (
        this.prepared("SELECT COALESCE(SUM(bytes), 0) AS total FROM tap_exchanges").get() as { total: number }
      ).total;
      if (this.storedBytes + bytes > this.maxTotalBytes)
        throw Object.assign(new Error("tap store full"), { code: "tap_store_full" });
      const latest = this.prepared("SELECT * FROM tap_sessions WHERE provider = ? ORDER BY last_at DESC LIMIT 1").get(
        exchange.provider,
      ) as SessionRow | undefined;
      const { session, created } = nextSession(latest, exchange, this.sessionGapMs);
      if (created) {
        this.prepared("INSERT INTO tap_sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(...sessionValues(session));
      } else {
        this.prepared(
          "UPDATE tap_sessions SET started_at = ?, last_at = ?, requests = ?, conversations = ?, incomplete = ?, last_opening = ? WHERE id = ?",
        ).run(...sessionValues(session).slice(2), session.id);
      }
      this.prepared(
        `INSERT INTO tap_exchanges (session_id, conversation, tap, provider, method, url, model, status, request_body,
           response_body, response_type, usage, started_at, ttfb_ms, total_ms, incomplete, bytes)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(...exchangeValues(exchange, session, bytes));
    });
    write.immediate();
    this.storedBytes = (this.storedBytes ?? 0) + bytes;
  }

  sessions(): TapSessionSummary[] {
    const rows = this.prepared("SELECT * FROM tap_sessions ORDER BY last_at DESC").all() as SessionRow[];
    return rows.map(sessionSummaryFromRow);
  }

  /** A session by id, or the one with the latest request for "latest". */
  resolveSession(idOrLatest: string): TapSessionSummary | null {
    const sessions = this.sessions();
    return idOrLatest === "latest"
      ? (sessions[0] ?? null)
      : (sessions.find((session) => session.id === idOrLatest) ?? null);
  }

  exchanges(sessionId: string): StoredExchange[] {
    const rows = this.prepared("SELECT * FROM tap_exchanges WHERE session_id = ? ORDER BY started_at, id").all(
      sessionId,
    ) as ExchangeRow[];
    return rows.map(exchangeFromRow);
  }

  /** Deletes one session, or every one; returns how many went. A deletion frees room for pairs held in memory. */
  deleteSessions(sessionId: string | "all"): number {
    const removed = this.database.transaction(() => {
      if (sessionId === "all") {
        this.database.exec("DELETE FROM tap_exchanges");
        return this.prepared("DELETE FROM tap_sessions").run().changes;
      }
      this.prepared("DELETE FROM tap_exchanges WHERE session_id = ?").run(sessionId);
      return this.prepared("DELETE FROM tap_sessions WHERE id = ?").run(sessionId).changes;
    })();
    this.storedBytes = null;
    this.flush();
    return removed;
  }

  settings(): TapSettings {
    const row = this.prepared("SELECT value FROM tap_settings WHERE key = 'retention_days'").get() as
      { value: string } | undefined;
    return { retentionDays: positiveInteger(row?.value, DEFAULT_RETENTION_DAYS) };
  }

  /** Sets the retention and applies it at once. */
  setSettings(settings: TapSettings, now = Date.now()): TapSettings {
    this.prepared(
      "INSERT INTO tap_settings (key, value) VALUES ('retention_days', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    ).run(String(settings.retentionDays));
    this.sweep(now);
    return this.settings();
  }

  /** Deletes the sessions whose last request is older than the retention; returns how many went. */
  sweep(now = Date.now()): number {
    this.lastSweep = now;
    this.storedBytes = null;
    const cutoff = now - this.settings().retentionDays * DAY_MS;
    return this.database.transaction(() => {
      this.prepared(
        "DELETE FROM tap_exchanges WHERE session_id IN (SELECT id FROM tap_sessions WHERE last_at < ?)",
      ).run(cutoff);
      return this.prepared("DELETE FROM tap_sessions WHERE last_at < ?").run(cutoff).changes;
    })();
  }

  close(): void {
    this.database.close();
  }
}
