/**
 * The page's side of the lab worker: one promise per request, and only the newest request of each type is ever
 * answered — an older answer arriving late (the worker was busy) resolves to `undefined` and is discarded, so a
 * slow evaluation can never overwrite the numbers of a newer edit.
 */
import type { CatalogTool } from "../catalog/types";
import type { LabAnswers, LabRequest, LabRequestType, LabResponse } from "./lab-protocol";

/** What the client needs of a Worker; a fake in tests. */
export interface LabWorkerLike {
  postMessage(message: LabRequest): void;
  addEventListener(type: "message", listener: (event: { data: LabResponse }) => void): void;
  /** A worker that fails to load or throws reports here; every pending request then fails with its message. */
  addEventListener(type: "error", listener: (event: { message?: string }) => void): void;
  terminate(): void;
}

type Pending = { type: LabRequestType; resolve: (value: unknown) => void; reject: (error: Error) => void };

type RequestBody<T extends LabRequestType> = Omit<Extract<LabRequest, { type: T }>, "type" | "requestId">;

export class LabClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly newest = new Map<LabRequestType, number>();
  private readonly sentCatalogs = new Set<string>();

  constructor(private readonly worker: LabWorkerLike) {
    worker.addEventListener("message", (event) => this.receive(event.data));
    worker.addEventListener("error", (event) =>
      this.fail(`lab worker: ${event.message || "failed to load or crashed"}`),
    );
  }

  /** Sends a catalog once per key; later requests name it by key. */
  setCatalog(catalogKey: string, tools: CatalogTool[]): void {
    if (this.sentCatalogs.has(catalogKey)) return;
    this.sentCatalogs.add(catalogKey);
    void this.request("set-catalog", { catalogKey, tools });
  }

  /** Resolves with the answer, or with `undefined` when a newer request of the same type made it stale. */
  request<T extends LabRequestType>(type: T, body: RequestBody<T>): Promise<LabAnswers[T] | undefined> {
    const requestId = this.nextId++;
    this.newest.set(type, requestId);
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { type, resolve: resolve as (value: unknown) => void, reject });
      // `body` is the request of type `T` without its envelope, so adding the envelope back gives that request.
      this.worker.postMessage({ ...body, type, requestId } as unknown as LabRequest);
    });
  }

  dispose(): void {
    this.worker.terminate();
    for (const pending of this.pending.values()) pending.resolve(undefined);
    this.pending.clear();
  }

  private fail(message: string): void {
    for (const pending of this.pending.values()) pending.reject(new Error(message));
    this.pending.clear();
  }

  private receive(response: LabResponse): void {
    const pending = this.pending.get(response.requestId);
    if (pending === undefined) return;
    this.pending.delete(response.requestId);
    if (response.type === "error") {
      pending.reject(new Error(response.message));
      return;
    }
    const stale =
      response.type === "superseded" ||
      (pending.type !== "set-catalog" && this.newest.get(pending.type) !== response.requestId);
    pending.resolve(stale ? undefined : response.answer);
  }
}
