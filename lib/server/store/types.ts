/**
 * The server's one store: short links, tap recordings, experiment results, the embeddings cache and the rate
 * limits that must hold across processes. Two implementations answer it: SQLite files under the data folder (the
 * embedded default, sqlite-store.ts) and PostgreSQL when DATABASE_URL is set (postgres-store.ts); `openStore()`
 * (open-store.ts) chooses. Every method is async because Postgres is; nothing outside this folder knows which runs.
 *
 * Each part is opened on first use and may throw then (a read-only folder, an unreachable database): callers that
 * can go on without it (the tap forwarding, the embeddings cache) catch and carry on, as they did with the files.
 */
import type { ExperimentStore } from "../../experiment/types";
import type { EmbeddingCache } from "../../search/embeddings/types";
import type { PutResult } from "../share-store";
import type { StoredExchange, TapExchange, TapHealth, TapSessionSummary, TapSettings } from "./sqlite-tap-store";

export type { StoredExchange, TapExchange, TapHealth, TapSessionSummary, TapSettings };

export type { PutResult };

export interface ShareRecords {
  /** The largest payload one entry may hold, in bytes (the route caps the request body from it). */
  readonly maxEntryBytes: number;
  /** Stores `payload` under the content address of `canonicalText`; an existing id keeps its first payload. */
  put(canonicalText: string, payload: string, now?: number): Promise<PutResult>;
  /** The payload, or null; a read renews the entry's last use (at most once a day). */
  get(id: string, now?: number): Promise<string | null>;
  /** Deletes entries unused for longer than the TTL; returns how many went. */
  sweep(now?: number): Promise<number>;
}

export type TapWriteResult = { ok: true } | { ok: false; message: string };

export interface TapRecords {
  /** Records a pair; never rejects: a refused write keeps the pair in memory and retries on the next one. */
  record(exchange: TapExchange, now?: number): Promise<TapWriteResult>;
  health(): TapHealth;
  sessions(): Promise<TapSessionSummary[]>;
  /** A session by id, or the one with the latest request for "latest". */
  resolveSession(idOrLatest: string): Promise<TapSessionSummary | null>;
  exchanges(sessionId: string): Promise<StoredExchange[]>;
  deleteSessions(sessionId: string | "all"): Promise<number>;
  settings(): Promise<TapSettings>;
  setSettings(settings: TapSettings, now?: number): Promise<TapSettings>;
  sweep(now?: number): Promise<number>;
}

export type BucketLimits = { capacity: number; refillPerSecond: number };
export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimitRecords {
  /** Takes one token from `bucket`'s `key` (a token bucket), shared by every process that opens the same store. */
  take(bucket: string, key: string, limits: BucketLimits, now?: number): Promise<TakeResult>;
}

/** When a job of a dead process runs again, and how often a process looks for jobs (postgres-jobs.ts). */
export type JobTiming = {
  expireSeconds: number;
  maintenanceSeconds: number;
  pollingSeconds: number;
  /** How often a process that runs jobs writes its heartbeat and hands back the jobs of processes gone quiet. */
  heartbeatSeconds: number;
  /** A heartbeat older than this (by the database's clock) means its process is gone. */
  staleSeconds: number;
};

export type ExperimentJobStatus = "running" | "finished" | "cancelled" | "budget";

/** An experiment run as jobs, as every process reads it from the database. */
export type ExperimentJobState = {
  experiment: string;
  status: ExperimentJobStatus;
  /** Task-runs of this run's design, and how many of them are in the store. */
  total: number;
  done: number;
  /** What the finished task-runs cost, as measured. */
  spentUsd: number;
};

/** One job: one task-run of an experiment, named by its key. */
export type ExperimentJob = { experiment: string; key: string };

export type ExperimentJobStart =
  | { ok: true; state: ExperimentJobState; queued: number }
  /** The experiment runs now with another set of task-runs (other strategies or repetitions under the same id). */
  | { ok: false; state: ExperimentJobState };

export interface ExperimentJobs {
  /**
   * Records the experiment's request (never a key) and queues a job for each task-run that is neither finished
   * nor queued already; a run in progress with the same task-runs is joined, not queued twice.
   */
  start(experiment: string, spec: unknown, runKeys: readonly string[]): Promise<ExperimentJobStart>;
  state(experiment: string): Promise<ExperimentJobState | null>;
  /** The request the experiment was started with, and whether it still runs. */
  record(experiment: string): Promise<{ spec: unknown; status: ExperimentJobStatus } | null>;
  /** Ends the run (`cancelled` from any page, `budget` from a job) and withdraws its queued jobs. */
  stop(experiment: string, status: "cancelled" | "budget"): Promise<ExperimentJobState | null>;
  /** Takes jobs from the queue in this process until the store closes; `concurrency` at a time. */
  work(handler: (job: ExperimentJob) => Promise<void>, concurrency: number): Promise<void>;
}

export interface PlaygroundStore {
  /** Where the state lives, for the health route and logs (never a connection string). */
  readonly description: string;
  shares(): ShareRecords;
  tap(): TapRecords;
  experiments(): ExperimentStore;
  embeddings(): EmbeddingCache;
  rateLimits(): RateLimitRecords;
  /** The queue of experiment jobs, shared by every process of the database; null in the embedded store. */
  experimentJobs(): ExperimentJobs | null;
  /**
   * The page token's secret every process of this store shares: the first process's `candidate` is kept and every
   * later one adopts it, so a page served by one process may call the API of another. SQLite (one process) keeps
   * `candidate`.
   */
  sharedSecret(candidate: string): Promise<string>;
  /** Resolves once the store can answer (migrations applied); rejects when it cannot be reached. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export type StoreOptions = {
  /** The data folder of the SQLite files. */
  directory: string;
  shareMaxEntryBytes: number;
  shareMaxTotalBytes: number;
  shareTtlDays: number;
  tapMaxTotalBytes: number;
  tapSessionGapMs?: number;
  /** Experiment jobs' timing (Postgres only); see postgres-jobs.ts. */
  jobs?: Partial<JobTiming>;
};
