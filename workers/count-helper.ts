/**
 * The engine worker's side of a token-counting helper worker (workers/count.worker.ts), over the one worker client
 * (worker-client.ts): one request per batch of texts, answered with their o200k counts in order. A helper that
 * fails to load or crashes rejects every batch it holds and every later one, and lib/tokens/count-in-parallel.ts
 * counts those texts itself.
 */
import type { CountHelper } from "@/lib/tokens/count-in-parallel";
import { WorkerClient, type WorkerLike } from "./worker-client";

export type CountRequest = { kind: "count"; requestId: number; texts: readonly string[] };
export type CountResponse =
  { kind: "counted"; requestId: number; counts: number[] } | { kind: "error"; requestId: number; message: string };

export function workerCountHelper(worker: WorkerLike<CountRequest, CountResponse>): CountHelper {
  const client = new WorkerClient(worker, {
    name: "count",
    // Every batch counts: none replaces another.
    channelOf: () => null,
    errorOf: (response) => (response.kind === "error" ? `count worker: ${response.message}` : undefined),
  });
  return {
    async count(texts) {
      const outcome = await client.send({ kind: "count", texts }).outcome;
      if (!outcome.ok) throw new Error(outcome.message);
      if (outcome.value.kind !== "counted") throw new Error(`count worker: unexpected ${outcome.value.kind}`);
      return outcome.value.counts;
    },
  };
}
