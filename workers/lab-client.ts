/**
 * The page's side of the lab worker, over the one worker client (worker-client.ts): one channel per request type,
 * so only the newest request of each type is answered — an older answer arriving late (the worker was busy)
 * resolves as stale and is discarded, so a slow evaluation can never overwrite the numbers of a newer edit. Errors
 * and a worker that fails to load come back as values.
 */
import type { CatalogTool } from "@/lib/core";
import type { LabAnswers, LabInterims, LabRequest, LabRequestType, LabResponse } from "@/lib/lab/lab-protocol";
import { WorkerClient, type Outcome, type WorkerLike } from "./worker-client";

export type LabWorkerLike = WorkerLike<LabRequest, LabResponse>;

type RequestBody<T extends LabRequestType> = Omit<Extract<LabRequest, { kind: T }>, "kind" | "requestId">;

export class LabClient {
  private readonly client: WorkerClient<LabRequest, LabResponse>;
  private readonly sentCatalogs = new Set<string>();

  constructor(worker: LabWorkerLike) {
    this.client = new WorkerClient(worker, {
      name: "lab",
      // Catalogs are applied in order; every other type is its own channel.
      channelOf: (request) => (request.kind === "set-catalog" ? null : request.kind),
      errorOf: (response) => (response.kind === "error" ? response.message : undefined),
      isSuperseded: (response) => response.kind === "superseded",
      isInterim: (response) => response.kind === "evaluate-progress",
    });
  }

  /** Sends a catalog once per key; later requests name it by key. */
  setCatalog(catalogKey: string, tools: CatalogTool[]): void {
    if (this.sentCatalogs.has(catalogKey)) return;
    this.sentCatalogs.add(catalogKey);
    void this.request("set-catalog", { catalogKey, tools });
  }

  /**
   * The answer, or why there is none: stale (a newer request of the same type replaced it) or an error.
   * `onInterim` hears what the worker tells before answering (an evaluation's progress), only while this request is
   * the newest of its type.
   */
  request<T extends LabRequestType>(
    type: T,
    body: RequestBody<T>,
    onInterim?: (interim: LabInterims[T]) => void,
  ): Promise<Outcome<LabAnswers[T]>> {
    // `body` is the request of type `T` without its envelope, so adding the type back gives that request.
    const request = { ...body, kind: type } as unknown as Omit<LabRequest, "requestId">;
    const interim =
      onInterim === undefined
        ? undefined
        : (response: LabResponse) => onInterim((response as unknown as { answer: LabInterims[T] }).answer);
    return this.client
      .send(request as never, { onInterim: interim })
      .outcome.then((outcome) =>
        outcome.ok ? { ok: true, value: (outcome.value as unknown as { answer: LabAnswers[T] }).answer } : outcome,
      );
  }

  dispose(): void {
    this.client.dispose();
  }
}

/** The lab worker and its client; only ever called in the browser. */
export function startLabClient(): LabClient {
  const worker = new Worker(new URL("./lab.worker.ts", import.meta.url), { type: "module", name: "search-lab" });
  return new LabClient(worker as unknown as LabWorkerLike);
}
