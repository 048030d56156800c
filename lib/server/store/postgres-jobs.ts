/**
 * Experiment jobs on PostgreSQL: the queue is pg-boss (its own schema `pgboss` in the same database), one job per
 * task-run; the experiment's request and whether it still runs are a row of `experiment_jobs`; finished task-runs
 * are the `experiment_runs` rows every process already shares. So any process can queue, run, follow or cancel an
 * experiment another one started.
 *
 * pg-boss 10.x, not the newest major: 11 needs Node 22 and 12 Node ≥ 22.12, and the playground supports Node 20.
 *
 * A job whose process died is run again once it expires (`expireSeconds`, checked by pg-boss's maintenance every
 * `maintenanceSeconds`): pg-boss 10 has no heartbeat, so the expiry must outlast the longest task-run, and a
 * task-run still running past it is run a second time by another process.
 */
import PgBoss from "pg-boss";
import type pg from "pg";
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

export const DEFAULT_JOB_TIMING: JobTiming = { expireSeconds: 15 * 60, maintenanceSeconds: 60, pollingSeconds: 1 };

type JobRow = { spec: string; run_keys: string; status: ExperimentJobStatus };

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

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

  return {
    async start(experiment, spec, runKeys): Promise<ExperimentJobStart> {
      const queue = await boss();
      return inTransaction(pool, async (client) => {
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
      for (let worker = 0; worker < Math.max(1, concurrency); worker += 1)
        await queue.work<ExperimentJob>(
          EXPERIMENT_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: timing.pollingSeconds },
          async (jobs) => {
            for (const job of jobs) await handler(job.data);
          },
        );
    },
  };
}
