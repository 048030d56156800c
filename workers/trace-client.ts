/**
 * The trace worker over the one worker client (worker-client.ts): each request type is a channel, so a newer file or
 * step makes an older answer stale; a file's reading progress arrives as interim answers.
 */
import type { TraceRequestMessage, TraceResponseMessage } from "@/lib/trace/trace-protocol";
import { WorkerClient, type WorkerLike } from "./worker-client";

export type TraceWorkerLike = WorkerLike<TraceRequestMessage, TraceResponseMessage>;
export type TraceClient = WorkerClient<TraceRequestMessage, TraceResponseMessage>;

export function createTraceClient(worker: TraceWorkerLike): TraceClient {
  return new WorkerClient(worker, {
    name: "trace",
    channelOf: (request) => request.kind,
    errorOf: (response) => (response.kind === "failed" ? response.error : undefined),
    isInterim: (response) => response.kind === "progress",
  });
}

/** The trace worker and its client; only ever called in the browser. */
export function startTraceClient(): TraceClient {
  const worker = new Worker(new URL("./trace.worker.ts", import.meta.url), { type: "module", name: "trace" });
  return createTraceClient(worker as unknown as TraceWorkerLike);
}
