/**
 * The experiment worker over the one worker client (worker-client.ts): the estimate and the simulated run are two
 * channels, so a newer estimate makes the older stale, and a new run or `cancel` stops the running one; progress
 * arrives as interim answers.
 */
import {
  experimentChannel,
  type ExperimentRequest,
  type ExperimentResponse,
} from "@/lib/experiment/experiment-messages";
import { WorkerClient, type WorkerLike } from "./worker-client";

export type ExperimentWorkerLike = WorkerLike<ExperimentRequest, ExperimentResponse>;
export type ExperimentClient = WorkerClient<ExperimentRequest, ExperimentResponse>;

export function createExperimentClient(worker: ExperimentWorkerLike): ExperimentClient {
  return new WorkerClient<ExperimentRequest, ExperimentResponse>(worker, {
    name: "experiment",
    channelOf: experimentChannel,
    errorOf: (response) => (response.kind === "error" ? response.message : undefined),
    isInterim: (response) => response.kind === "progress",
  });
}

/** The experiment worker and its client; only ever called in the browser. */
export function startExperimentClient(): ExperimentClient {
  const worker = new Worker(new URL("./experiment.worker.ts", import.meta.url), { type: "module", name: "experiment" });
  return createExperimentClient(worker as unknown as ExperimentWorkerLike);
}
