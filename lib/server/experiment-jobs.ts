/**
 * The experiment job handler: one job is one task-run of an experiment queued by `/api/experiment` when the store
 * is a database (lib/server/store/postgres-jobs.ts). Every app process runs it (instrumentation.ts), and so does
 * `npm run worker` (scripts/worker.ts), a process with the handler and no HTTP server.
 *
 * A job rebuilds the design from the request stored with the experiment, skips a task-run already in the store
 * (a job run again after its process died), runs the task-run on the server's own keys (a key given in a request
 * is never stored, so such runs are not queued), and saves it before the job completes. It reads whether the
 * experiment still runs before each request and every second during one, so a cancel from any page stops it.
 * Node-only.
 */
import { createEngine } from "../engine";
import type { LiveTransport } from "../live/types";
import { runExperiment } from "../experiment/runner";
import { experimentRequestSchema, prepareExperiment } from "./experiment-route";
import { createDirectTransport } from "./experiment-transport";
import { getStore, type ExperimentJob, type ExperimentJobs } from "./store";

/** How often a running task-run reads whether its experiment was cancelled. */
const CANCEL_CHECK_MS = 1_000;
const DEFAULT_CONCURRENCY = 2;
export const JOB_CONCURRENCY_ENV = "PLAYGROUND_JOB_CONCURRENCY";

function cancelledError(): Error {
  const error = new Error("experiment: cancelled");
  error.name = "AbortError";
  return error;
}

export async function runExperimentJob(
  job: ExperimentJob,
  jobs: ExperimentJobs,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const record = await jobs.record(job.experiment);
  if (!record || record.status !== "running") return;
  const store = getStore(env).experiments();
  if ((await store.finishedKeys(job.experiment)).has(job.key)) return;
  const parsed = experimentRequestSchema.safeParse(record.spec);
  if (!parsed.success) return;
  const prepared = await prepareExperiment(parsed.data, env);
  if (prepared instanceof Response || prepared.design.id !== job.experiment) return;
  const { design, clientSearch } = prepared;
  const budgetUsd = parsed.data.budgetUsd;
  let remainingUsd: number | undefined;
  if (budgetUsd !== undefined) {
    remainingUsd = budgetUsd - ((await jobs.state(job.experiment))?.spentUsd ?? 0);
    if (remainingUsd <= 0) {
      await jobs.stop(job.experiment, "budget");
      return;
    }
  }

  const stop = new AbortController();
  const stillRunning = async () => (await jobs.record(job.experiment))?.status === "running";
  const watch = setInterval(() => {
    void stillRunning().then(
      (running) => running || stop.abort(),
      () => {},
    );
  }, CANCEL_CHECK_MS);
  const direct = createDirectTransport(env);
  const transport: LiveTransport = {
    count: (call, options) => direct.count(call, options),
    async send(call, options) {
      if (!(await stillRunning())) {
        stop.abort();
        throw cancelledError();
      }
      return direct.send(call, options);
    },
  };
  try {
    const outcome = await runExperiment({
      design,
      store,
      transport,
      only: new Set([job.key]),
      concurrency: 1,
      signal: stop.signal,
      engine: createEngine(),
      ...(clientSearch ? { clientSearch } : {}),
      ...(remainingUsd !== undefined ? { budgetUsd: remainingUsd } : {}),
    });
    if (outcome.status === "budget") await jobs.stop(job.experiment, "budget");
  } finally {
    clearInterval(watch);
  }
}

/**
 * Starts taking experiment jobs in this process when the store is a database; null otherwise (the embedded store
 * runs each experiment in its request). `PLAYGROUND_JOB_CONCURRENCY` task-runs at a time (default 2; 0: this
 * process queues and follows experiments but leaves running them to others, such as `npm run worker`).
 */
export async function startExperimentWorker(
  env: Record<string, string | undefined> = process.env,
): Promise<ExperimentJobs | null> {
  const jobs = getStore(env).experimentJobs();
  if (!jobs) return null;
  const concurrency = Number(env[JOB_CONCURRENCY_ENV]?.trim() || DEFAULT_CONCURRENCY);
  if (concurrency === 0) return jobs;
  await jobs.work(
    (job) => runExperimentJob(job, jobs, env),
    Number.isInteger(concurrency) && concurrency > 0 ? concurrency : DEFAULT_CONCURRENCY,
  );
  return jobs;
}
