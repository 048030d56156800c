/**
 * npm run worker: takes experiment jobs from the database DATABASE_URL names (lib/server/experiment-jobs.ts) with
 * no HTTP server, beside or instead of the app processes, which take them too. Keys come from the environment, as
 * on the app server. Stops on SIGINT or SIGTERM, handing the task-runs it was running back to the queue; a task-run
 * of a worker that was killed is handed back once its heartbeat goes stale (lib/server/store/postgres-jobs.ts).
 */
import { startExperimentWorker } from "../lib/server/experiment-jobs";
import { DATABASE_URL_ENV, getStore } from "../lib/server/store";

async function main(): Promise<void> {
  if (!process.env[DATABASE_URL_ENV]?.trim()) {
    console.error(`worker: set ${DATABASE_URL_ENV}; without a database each experiment runs in its app process.`);
    process.exit(2);
  }
  await startExperimentWorker();
  console.log(`worker: taking experiment jobs (store: ${getStore().description})`);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      void getStore()
        .close()
        .finally(() => process.exit(0));
    });
}

void main().catch((error: unknown) => {
  console.error(`worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
