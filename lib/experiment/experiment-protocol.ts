/**
 * The experiment worker's messages and handler (workers/experiment.worker.ts is a thin shell around it): the cost
 * estimate and the simulated run of the page's experiment, on the engine's scripted model, off the page's thread.
 * A measured run goes through the server route instead (keys stay server-side). A simulated run reports its
 * progress as interim answers and stops when a newer request of its channel (another run, or `cancel`) arrives.
 */
import type { Engine } from "../engine";
import { loadExample } from "../examples";
import { designFromChoice } from "./page-design";
import { estimateExperiment, plannedTaskRuns, simulateTaskRun } from "./runner";
import type { ExperimentRequest, ExperimentResponse } from "./experiment-messages";
import type { TaskRunResult } from "./types";

export type ExperimentRuntime = {
  engine: Engine;
  post(response: ExperimentResponse): void;
  /** Whether a newer request of the same channel has arrived (checked between task-runs). */
  superseded(request: ExperimentRequest): boolean;
  yieldToMessages(): Promise<void>;
  now(): number;
};

/** Task-runs between two progress answers (and two chances for a newer request to be seen). */
const PROGRESS_EVERY = 4;

export async function handleExperimentMessage(message: ExperimentRequest, runtime: ExperimentRuntime): Promise<void> {
  const { requestId } = message;
  if (message.kind === "cancel") return runtime.post({ kind: "done", requestId, status: "cancelled", results: [] });
  try {
    const catalog = (await loadExample(message.choice.example)).catalog;
    const built = designFromChoice(message.choice, catalog);
    if ("problem" in built) return runtime.post({ kind: "error", requestId, message: built.problem });
    const { design } = built;
    if (message.kind === "estimate") {
      const estimate = estimateExperiment(design, runtime.engine);
      return runtime.post({
        kind: "estimate",
        requestId,
        totalUsd: estimate.totalUsd,
        taskRuns: estimate.taskRuns,
        strategies: design.cells.map((cell) => cell.strategy),
      });
    }
    const planned = plannedTaskRuns(design);
    const results: TaskRunResult[] = [];
    const started = runtime.now();
    for (const [index, entry] of planned.entries()) {
      if (index % PROGRESS_EVERY === 0) {
        await runtime.yieldToMessages();
        if (runtime.superseded(message)) return runtime.post({ kind: "done", requestId, status: "cancelled", results });
        runtime.post({
          kind: "progress",
          requestId,
          done: index,
          total: planned.length,
          elapsedMs: runtime.now() - started,
        });
      }
      results.push(simulateTaskRun(runtime.engine, design, entry.task, entry.cell, entry.repetition).result);
    }
    runtime.post({ kind: "done", requestId, status: "finished", results });
  } catch (error) {
    runtime.post({ kind: "error", requestId, message: error instanceof Error ? error.message : String(error) });
  }
}
