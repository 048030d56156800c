/**
 * Experiment jobs on PostgreSQL: the queue is pg-boss (its own schema `pgboss` in the same database), one job per
 * task-run; the experiment's request and whether it still runs are a row of `experiment_jobs`; finished task-runs
 * are the `experiment_runs` rows every process already shares. So any process can queue, run, follow or cancel an
 * experiment another one started.
 *
 * pg-boss 10.x, not the newest major: 11 needs Node 22 and 12 Node ≥ 22.12, and the playground supports Node 20.
 *
 * pg-boss 10 has no heartbeat, so the lease is ours: a process that runs jobs has an id and writes a heartbeat
 * (`job_processes`) every `heartbeatSeconds`, and records itself as a job's holder (`job_holders`) when the job
 * starts. On the same timer it hands back to the queue (pg-boss's `fail`, with retries left) every active job whose
 * holder's heartbeat is older than `staleSeconds`, or that has no holder that long after it started; times are the
 * database's `now()`, never a process's clock. A process that stops cleanly hands its own jobs back as it closes. So
 * a killed process's task-run runs again within seconds, and the job's expiry (`expireSeconds`, pg-boss's own
 * check every `maintenanceSeconds`) is only the last resort, long enough that a task-run is not run twice while its
 * process lives.
 */
import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import type pg from "pg";
import { JOB_LEASE_LOCK_KEY } from "./migrations";
import { transaction } from "./postgres-transaction";
import type {
  ExperimentJob,
  ExperimentJobStart,
  ExperimentJobState,
  ExperimentJobStatus,
  ExperimentJobs,
  JobTiming,
} from "./types";

export const EXPERIMENT_QUEUE = "experiment-task-run";
const BOSS_SCHEMA = "pgboss";
/** A task-run whose process died this often in a row fails; the next start of the experiment queues it again. */
const RETRY_LIMIT = 5;
const LIVE_JOB_STATES = "('created', 'retry', 'active')";

export const DEFAULT_JOB_TIMING: JobTiming = {
  expireSeconds: 60 * 60,
  maintenanceSeconds: 60,
  pollingSeconds: 1,
  heartbeatSeconds: 5,
  staleSeconds: 20,
};

type JobRow = { spec: string; run_keys: string; status: ExperimentJobStatus };

export function postgresExperimentJobs(
  connectionString: string,
  pool: pg.Pool,
  ready: () => Promise<void>,
  timing: JobTiming,
  closers: Array<() => Promise<void>>,
): ExperimentJobs {
  let started: Promise<PgBoss> | undefined;
  const boss = () =>
    (started ??= (async () => {
      await ready();
      const instance = new PgBoss({
        connectionString,
        schema: BOSS_SCHEMA,
        max: 3,
        maintenanceIntervalSeconds: timing.maintenanceSeconds,
        // Experiments are not scheduled: no cron polling.
        schedule: false,
      });
      // pg-boss reports a failed poll or maintenance here; without a listener Node would end the process.
      instance.on("error", (error: Error) => console.error(`experiment jobs: ${error.message}`));
      await instance.start();
      await instance.createQueue(EXPERIMENT_QUEUE, {
        name: EXPERIMENT_QUEUE,
        expireInSeconds: timing.expireSeconds,
        retryLimit: RETRY_LIMIT,
        retryDelay: 1,
      });
      // The lease's closer first: it hands this process's jobs back while pg-boss still runs.
      startLease(instance);
      closers.push(() => instance.stop({ graceful: false, wait: true, timeout: 2_000 }));
      return instance;
    })().catch((error: unknown) => {
      started = undefined;
      throw error;
    }));

  async function stateOf(client: Pick<pg.Pool, "query">, experiment: string): Promise<ExperimentJobState | null> {
    const row = (
      await client.query<JobRow>("SELECT spec, run_keys, status FROM experiment_jobs WHERE experiment = $1", [
        experiment,
      ])
    ).rows[0];
    if (!row) return null;
    const keys = JSON.parse(row.run_keys) as string[];
    const figures = (
      await client.query<{ done: number; spent: number }>(
        `SELECT count(*)::int AS done, COALESCE(sum((result::jsonb->>'costUsd')::float8), 0) AS spent
           FROM experiment_runs WHERE experiment = $1 AND run_key = ANY($2::text[])`,
        [experiment, keys],
      )
    ).rows[0];
    const status = row.status === "running" && figures.done >= keys.length ? "finished" : row.status;
    return { experiment, status, total: keys.length, done: figures.done, spentUsd: figures.spent };
  }

  async function liveJobIds(client: Pick<pg.Pool, "query">, experiment: string) {
    return (
      await client.query<{ id: string; key: string }>(
        `SELECT id, data->>'key' AS key FROM ${BOSS_SCHEMA}.job
          WHERE name = $1 AND data->>'experiment' = $2 AND state IN ${LIVE_JOB_STATES}`,
        [EXPERIMENT_QUEUE, experiment],
      )
    ).rows;
  }

  const processId = randomUUID();
  let beating = false;

  /** Hands back the active jobs `where` picks (a SQL condition on `j`, `h` the current holder, `p` its process). */
  async function handBack(queue: PgBoss, where: string, values: unknown[], wait: boolean): Promise<void> {
    await transaction(pool, async (client) => {
      // One process at a time: two could otherwise fail the same job twice, the second time after a third process
      // had taken it again. The periodic check skips a turn rather than wait; a closing process waits.
      if (wait) await client.query("SELECT pg_advisory_xact_lock($1::bigint)", [JOB_LEASE_LOCK_KEY]);
      else if (
        !(
          await client.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1::bigint) AS locked", [
            JOB_LEASE_LOCK_KEY,
          ])
        ).rows[0].locked
      )
        return;
      const ids = (
        await client.query<{ id: string }>(
          `SELECT j.id::text AS id FROM ${BOSS_SCHEMA}.job j
             LEFT JOIN job_holders h ON h.job_id = j.id::text AND h.taken_at >= j.started_on
             LEFT JOIN job_processes p ON p.id = h.process
            WHERE j.name = $1 AND j.state = 'active' AND (${where})`,
          [EXPERIMENT_QUEUE, ...values],
        )
      ).rows.map((row) => row.id);
      if (!ids.length) return;
      const db = { executeSql: (text: string, args: unknown[]) => client.query(text, args) };
      // One id at a time: pg-boss 10's fail(name, ids, options) takes its third argument as the output, not options.
      for (const id of ids) await queue.fail(EXPERIMENT_QUEUE, id, { message: "its process stopped" }, { db });
      await client.query("DELETE FROM job_holders WHERE job_id = ANY($1::text[])", [ids]);
    });
  }

  async function beat(queue: PgBoss): Promise<void> {
    if (beating)
      await pool.query(
        `INSERT INTO job_processes (id, heartbeat_at) VALUES ($1, now())
         ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
        [processId],
      );
    const stale = timing.staleSeconds;
    // Started `stale` seconds ago and its holder silent as long, or no holder at all (its process died between
    // taking the job and recording itself, or the holder row is of an earlier attempt).
    await handBack(
      queue,
      `j.started_on < now() - $2::float8 * interval '1 second'
         AND (p.id IS NULL OR p.heartbeat_at < now() - $2::float8 * interval '1 second')`,
      [stale],
      false,
    );
    await pool.query("DELETE FROM job_processes WHERE heartbeat_at < now() - $1::float8 * interval '1 second'", [
      stale,
    ]);
  }

  function startLease(queue: PgBoss): void {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const tick = () => {
      void beat(queue)
        .catch((error: unknown) => console.error(`experiment jobs: lease: ${(error as Error).message}`))
        .finally(() => {
          // unref: the lease alone never keeps a process alive.
          if (!stopped) timer = setTimeout(tick, timing.heartbeatSeconds * 1_000).unref();
        });
    };
    tick();
    closers.push(async () => {
      stopped = true;
      clearTimeout(timer);
      if (!beating) return;
      // A clean stop: this process's jobs go back to the queue now rather than when its heartbeat goes stale.
      await handBack(queue, "h.process = $2", [processId], true);
      await pool.query("DELETE FROM job_processes WHERE id = $1", [processId]);
    });
  }

  return {
    async start(experiment, spec, runKeys): Promise<ExperimentJobStart> {
      const queue = await boss();
      return transaction(pool, async (client) => {
        const now = Date.now();
        await client.query(
          `INSERT INTO experiment_jobs (experiment, spec, run_keys, status, created_at, updated_at)
           VALUES ($1, $2, '[]', 'cancelled', $3, $3) ON CONFLICT (experiment) DO NOTHING`,
          [experiment, JSON.stringify(spec), now],
        );
        // The row lock makes two pages starting the same experiment at once queue it once.
        const row = (
          await client.query<JobRow>("SELECT run_keys, status FROM experiment_jobs WHERE experiment = $1 FOR UPDATE", [
            experiment,
          ])
        ).rows[0];
        const live = await liveJobIds(client, experiment);
        const sameKeys = JSON.stringify([...runKeys].sort()) === JSON.stringify([...JSON.parse(row.run_keys)].sort());
        const before = await stateOf(client, experiment);
        if (row.status === "running" && live.length > 0 && !sameKeys && before?.status === "running")
          return { ok: false, state: before };
        await client.query(
          "UPDATE experiment_jobs SET spec = $2, run_keys = $3, status = 'running', updated_at = $4 WHERE experiment = $1",
          [experiment, JSON.stringify(spec), JSON.stringify(runKeys), now],
        );
        const finished = new Set(
          (
            await client.query<{ run_key: string }>("SELECT run_key FROM experiment_runs WHERE experiment = $1", [
              experiment,
            ])
          ).rows.map((entry) => entry.run_key),
        );
        const queued = new Set(live.map((entry) => entry.key));
        const jobs = runKeys
          .filter((key) => !finished.has(key) && !queued.has(key))
          .map((key) => ({
            name: EXPERIMENT_QUEUE,
            data: { experiment, key } satisfies ExperimentJob,
            // On each job, not only the queue: a queue keeps the options it was created with.
            expireInSeconds: timing.expireSeconds,
            retryLimit: RETRY_LIMIT,
            retryDelay: 1,
          }));
        // In the same transaction as the row: a process that dies here leaves neither.
        if (jobs.length) await queue.insert(jobs, { db: { executeSql: (text, values) => client.query(text, values) } });
        return { ok: true, state: (await stateOf(client, experiment))!, queued: jobs.length };
      });
    },

    async state(experiment) {
      await ready();
      return stateOf(pool, experiment);
    },

    async record(experiment) {
      await ready();
      const row = (
        await pool.query<JobRow>("SELECT spec, status FROM experiment_jobs WHERE experiment = $1", [experiment])
      ).rows[0];
      return row ? { spec: JSON.parse(row.spec) as unknown, status: row.status } : null;
    },

    async stop(experiment, status) {
      const queue = await boss();
      const changed = await pool.query(
        "UPDATE experiment_jobs SET status = $2, updated_at = $3 WHERE experiment = $1 AND status = 'running'",
        [experiment, status, Date.now()],
      );
      if (changed.rowCount) {
        const ids = (await liveJobIds(pool, experiment)).map((entry) => entry.id);
        // A running job sees the status between its requests and stops; the queued ones never start.
        if (ids.length) await queue.cancel(EXPERIMENT_QUEUE, ids);
      }
      return stateOf(pool, experiment);
    },

    async work(handler, concurrency) {
      const queue = await boss();
      if (!beating) {
        beating = true;
        await beat(queue);
      }
      for (let worker = 0; worker < Math.max(1, concurrency); worker += 1)
        await queue.work<ExperimentJob>(
          EXPERIMENT_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: timing.pollingSeconds },
          async (jobs) => {
            for (const job of jobs) {
              await pool.query(
                `INSERT INTO job_holders (job_id, process, taken_at) VALUES ($1, $2, now())
                 ON CONFLICT (job_id) DO UPDATE SET process = $2, taken_at = now()`,
                [job.id, processId],
              );
              try {
                await handler(job.data);
              } finally {
                await pool.query("DELETE FROM job_holders WHERE job_id = $1 AND process = $2", [job.id, processId]);
              }
            }
          },
        );
    },
  };
}
