/**
 * The decide worker over the one worker client (worker-client.ts): calibrations and engine sessions are two
 * channels, so a slider moved meanwhile makes the older session stale; each strategy's engine run arrives as an
 * interim answer and the last one (`done`) settles the request.
 */
import type { DecideRequest, DecideResponse } from "@/lib/decide/decide-protocol";
import { WorkerClient, type WorkerLike } from "./worker-client";

export type DecideWorkerLike = WorkerLike<DecideRequest, DecideResponse>;
export type DecideClient = WorkerClient<DecideRequest, DecideResponse>;

export function createDecideClient(worker: DecideWorkerLike): DecideClient {
  return new WorkerClient(worker, {
    name: "decide",
    channelOf: (request) => request.kind,
    errorOf: (response) => (response.kind === "error" ? response.message : undefined),
    isInterim: (response) => response.kind === "engine-run" && !response.done,
  });
}

/** The decide worker and its client; only ever called in the browser. */
export function startDecideClient(): DecideClient {
  const worker = new Worker(new URL("./decide.worker.ts", import.meta.url), { type: "module", name: "decide" });
  return createDecideClient(worker as unknown as DecideWorkerLike);
}
