/**
 * The experiment's results in the embedded SQLite database (better-sqlite3), beside the short links, under the
 * data folder (`PLAYGROUND_DATA_DIR`, default ./data): one row per finished task-run, keyed by experiment and
 * task-run, written as each one finishes, so a run killed at any point resumes with exactly the rows it has.
 * It implements the runner's `ExperimentStore` interface and nothing more. Node-only.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { ExperimentStore, TaskRunResult } from "../experiment/types";

export const EXPERIMENT_DATABASE_FILE = "experiments.sqlite";

export type SqliteExperimentStore = ExperimentStore & { close(): void };

export function openSqliteExperimentStore(directory: string): SqliteExperimentStore {
  fs.mkdirSync(directory, { recursive: true });
  const database = new Database(path.join(directory, EXPERIMENT_DATABASE_FILE));
  database.pragma("journal_mode = WAL");
  database.exec(
    "CREATE TABLE IF NOT EXISTS experiment_runs (experiment TEXT NOT NULL, run_key TEXT NOT NULL, result TEXT NOT NULL, finished_at INTEGER NOT NULL, PRIMARY KEY (experiment, run_key))",
  );
  const keys = database.prepare<[string], { run_key: string }>(
    "SELECT run_key FROM experiment_runs WHERE experiment = ?",
  );
  // A task-run finished twice (two sessions racing) keeps its first result.
  const insert = database.prepare<[string, string, string, number]>(
    "INSERT OR IGNORE INTO experiment_runs (experiment, run_key, result, finished_at) VALUES (?, ?, ?, ?)",
  );
  const rows = database.prepare<[string], { result: string }>(
    "SELECT result FROM experiment_runs WHERE experiment = ? ORDER BY finished_at, rowid",
  );
  return {
    finishedKeys: async (experiment) => new Set(keys.all(experiment).map((row) => row.run_key)),
    save: async (experiment, result) => void insert.run(experiment, result.key, JSON.stringify(result), Date.now()),
    results: async (experiment) => rows.all(experiment).map((row) => JSON.parse(row.result) as TaskRunResult),
    close: () => database.close(),
  };
}
