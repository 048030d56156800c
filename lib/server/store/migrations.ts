/**
 * The PostgreSQL schema, as numbered migrations applied in order at start-up. A migration, once released, is never
 * edited: a change is a new entry. `schema_migrations` records what ran; the runner holds an advisory lock for the
 * whole transaction, so two processes starting together do not both migrate (the second waits, then finds it done).
 * Times are milliseconds since the epoch (bigint), as in the SQLite files.
 */
export type Migration = { version: number; name: string; sql: string };

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "shares, tap, experiments, embeddings, rate limits",
    sql: `
      CREATE TABLE shares (
        id text PRIMARY KEY, payload text NOT NULL, bytes integer NOT NULL,
        created_at bigint NOT NULL, last_used_at bigint NOT NULL);
      CREATE INDEX shares_last_used ON shares (last_used_at);
      CREATE TABLE tap_sessions (
        id text PRIMARY KEY, provider text NOT NULL, started_at bigint NOT NULL, last_at bigint NOT NULL,
        requests integer NOT NULL, conversations integer NOT NULL, incomplete integer NOT NULL,
        last_opening text NOT NULL);
      CREATE INDEX tap_sessions_provider_last ON tap_sessions (provider, last_at DESC);
      CREATE TABLE tap_exchanges (
        id bigserial PRIMARY KEY, session_id text NOT NULL, conversation integer NOT NULL,
        tap text NOT NULL, provider text NOT NULL, method text NOT NULL, url text NOT NULL, model text,
        status integer NOT NULL, request_body text NOT NULL, response_body text NOT NULL, response_type text,
        usage text, started_at bigint NOT NULL, ttfb_ms double precision, total_ms double precision NOT NULL,
        incomplete text, bytes integer NOT NULL);
      CREATE INDEX tap_exchanges_session ON tap_exchanges (session_id, started_at);
      CREATE TABLE tap_settings (key text PRIMARY KEY, value text NOT NULL);
      CREATE TABLE experiment_runs (
        experiment text NOT NULL, run_key text NOT NULL, result text NOT NULL, finished_at bigint NOT NULL,
        seq bigserial, PRIMARY KEY (experiment, run_key));
      CREATE TABLE embeddings (
        key text PRIMARY KEY, dimensions integer NOT NULL, vector bytea NOT NULL, created_at bigint NOT NULL);
      CREATE TABLE rate_limits (
        bucket text NOT NULL, key text NOT NULL, tokens double precision NOT NULL, updated_at bigint NOT NULL,
        PRIMARY KEY (bucket, key));
      CREATE TABLE server_settings (key text PRIMARY KEY, value text NOT NULL);
    `,
  },
  {
    version: 2,
    name: "experiment jobs",
    sql: `
      CREATE TABLE experiment_jobs (
        experiment text PRIMARY KEY, spec text NOT NULL, run_keys text NOT NULL,
        status text NOT NULL, created_at bigint NOT NULL, updated_at bigint NOT NULL);
    `,
  },
  {
    version: 3,
    name: "job leases",
    // timestamptz set by the database's now(): leases compare times of different machines on one clock.
    sql: `
      CREATE TABLE job_processes (id text PRIMARY KEY, heartbeat_at timestamptz NOT NULL);
      CREATE TABLE job_holders (
        job_id text PRIMARY KEY, process text NOT NULL, taken_at timestamptz NOT NULL);
      CREATE INDEX job_holders_process ON job_holders (process);
    `,
  },
];

/** The advisory lock key of the migration runner (any fixed 64-bit number; "playgrnd" in ASCII). */
export const MIGRATION_LOCK_KEY = "8098137289405525604";
/** The advisory lock key serialising tap writes across processes (session grouping reads then writes). */
export const TAP_WRITE_LOCK_KEY = "8098137289405525605";
/** The advisory lock key serialising short-link writes (the total-size check and the insert). */
export const SHARE_WRITE_LOCK_KEY = "8098137289405525606";
/** The advisory lock key of the job lease check (one process at a time hands back abandoned jobs). */
export const JOB_LEASE_LOCK_KEY = "8098137289405525607";
