/**
 * The engine worker's side of a token-counting helper worker (workers/count.worker.ts): one request per batch of
 * texts, answered with their o200k counts in order. A helper that fails to load or crashes rejects every batch it
 * holds and every later one, and lib/tokens/count-in-parallel.ts counts those texts itself.
 */
import type { CountHelper } from "@/lib/tokens/count-in-parallel";
import type { WorkerLike } from "./worker-client";

export type CountRequest = { id: number; texts: readonly string[] };
export type CountResponse = { id: number; counts: number[] } | { id: number; error: string };

export function workerCountHelper(worker: WorkerLike<CountRequest, CountResponse>): CountHelper {
  const pending = new Map<number, { resolve: (counts: number[]) => void; reject: (error: Error) => void }>();
  let failure: Error | null = null;
  let nextId = 1;
  worker.addEventListener("message", ({ data }) => {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    if ("counts" in data) waiting.resolve(data.counts);
    else waiting.reject(new Error(`count worker: ${data.error}`));
  });
  worker.addEventListener("error", (event) => {
    failure = new Error(`count worker: ${event.message || "failed to load or crashed"}`);
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
  });
  return {
    count(texts) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<number[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, texts });
      });
    },
  };
}
