/**
 * The page's engine worker's side of its helper engine worker (lib/workbench/engine-scheduler.ts): numbered
 * requests, progress handed to the run that asked, and a helper that fails to load, crashes or cannot take a
 * message answers with an error value, never a rejection, so the run it was part of goes on here.
 */
import type { EngineResponse, HelperRequest, HelperResponse } from "./engine-messages";
import type { EngineHelper } from "./engine-state";
import type { PrepareExampleHint } from "./prepared-example";

type Unnumbered<T> = T extends unknown ? Omit<T, "requestId"> : never;

/** What the helper client needs of a Worker; an in-process host in tests. */
export type HelperPort = {
  postMessage(message: HelperRequest | PrepareExampleHint): void;
  /** Ends the worker (a Worker's `terminate`); absent in-process, where `stop` only silences the helper. */
  terminate?(): void;
  addEventListener(type: "message", listener: (event: { data: HelperResponse }) => void): void;
  addEventListener(type: "error", listener: (event: { message?: string }) => void): void;
};

export function createEngineHelperClient(port: HelperPort): EngineHelper {
  let nextRequestId = 1;
  let failure: string | null = null;
  type Pending = {
    request: HelperRequest["kind"];
    resolve: (response: HelperResponse) => void;
    onProgress?: (progress: Extract<EngineResponse, { kind: "run-progress" }>) => void;
  };
  const pending = new Map<number, Pending>();
  const failed = (requestId: number, request: HelperRequest["kind"], message: string): HelperResponse =>
    ({ kind: "error", requestId, request, message }) as HelperResponse;

  port.addEventListener("message", ({ data }) => {
    const waiting = pending.get(data.requestId);
    if (!waiting) return;
    if (data.kind === "run-progress") {
      waiting.onProgress?.(data);
      return;
    }
    pending.delete(data.requestId);
    waiting.resolve(data);
  });
  function fail(message: string): void {
    failure ??= message;
    for (const [requestId, waiting] of pending) waiting.resolve(failed(requestId, waiting.request, message));
    pending.clear();
  }
  port.addEventListener("error", (event) => fail(`engine helper: ${event.message || "failed to load or crashed"}`));

  function post(
    request: Unnumbered<HelperRequest>,
    onProgress?: Pending["onProgress"],
    onSent?: (requestId: number) => void,
  ): Promise<HelperResponse> {
    const requestId = nextRequestId++;
    if (failure) return Promise.resolve(failed(requestId, request.kind, failure));
    onSent?.(requestId);
    return new Promise((resolve) => {
      pending.set(requestId, { request: request.kind, resolve, onProgress });
      try {
        port.postMessage({ ...request, requestId } as HelperRequest);
      } catch (error) {
        // A message that cannot be cloned: answered as an error, the helper is untouched.
        pending.delete(requestId);
        resolve(failed(requestId, request.kind, `engine helper: ${error instanceof Error ? error.message : error}`));
      }
    });
  }

  return {
    catalogVersion: null,
    get failed() {
      return failure !== null;
    },
    send: (request, onProgress, onSent) => post(request, onProgress, onSent) as Promise<EngineResponse>,
    stop() {
      if (failure) return;
      fail("engine helper: stopped");
      try {
        port.terminate?.();
      } catch {
        // Already gone: nothing is left to free.
      }
    },
    prepare(exampleId) {
      if (failure) return;
      try {
        port.postMessage({ kind: "prepare-example", exampleId });
      } catch {
        // A hint only: the helper loads the example when it is asked to.
      }
    },
    async count(texts) {
      const response = await post({ kind: "count-texts", texts });
      if (response.kind === "texts-counted") return response.counts;
      throw new Error(response.kind === "error" ? response.message : `engine helper: unexpected ${response.kind}`);
    },
  };
}
