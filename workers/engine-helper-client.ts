/**
 * The page's engine worker's side of its helper engine worker (lib/workbench/engine-scheduler.ts), over the one
 * worker client (worker-client.ts): every request counts and is answered in full (none is stale), a run's progress
 * goes to the run that asked, and a helper that fails to load, crashes or cannot take a message answers with an
 * error value, never a rejection, so the run it was part of goes on here.
 */
import type { EngineResponse, HelperMessage, HelperResponse } from "@/lib/workbench/engine-messages";
import type { EngineHelper } from "@/lib/workbench/engine-state";
import type { PrepareExampleHint } from "@/lib/workbench/prepared-example";
import type { CodeWarmUpHint } from "@/lib/workbench/code-warm-up";
import { WorkerClient, type Unnumbered } from "./worker-client";

/** What the helper client needs of a Worker; an in-process host in tests. */
export type HelperPort = {
  postMessage(message: HelperMessage | PrepareExampleHint | CodeWarmUpHint): void;
  /** Ends the worker (a Worker's `terminate`); absent in-process, where `stop` only silences the helper. */
  terminate?(): void;
  addEventListener(type: "message", listener: (event: { data: HelperResponse }) => void): void;
  addEventListener(type: "error", listener: (event: { message?: string }) => void): void;
};

export function createEngineHelperClient(port: HelperPort): EngineHelper {
  const client = new WorkerClient<HelperMessage, HelperResponse, PrepareExampleHint | CodeWarmUpHint>(
    {
      postMessage: (message) => port.postMessage(message),
      addEventListener: port.addEventListener.bind(port) as HelperPort["addEventListener"],
      terminate() {
        try {
          port.terminate?.();
        } catch {
          // Already gone: nothing is left to free.
        }
      },
    },
    {
      name: "engine helper",
      channelOf: () => null,
      // No `errorOf`: an error answer (no such step, a lost catalog) is the helper's answer, handed on as it came.
      isInterim: (response) => response.kind === "run-progress",
    },
  );

  function post(
    request: Unnumbered<HelperMessage>,
    onProgress?: (progress: Extract<EngineResponse, { kind: "run-progress" }>) => void,
    onSent?: (requestId: number) => void,
  ): Promise<HelperResponse> {
    const failedBefore = client.failed !== null;
    const { requestId, outcome } = client.send(request, {
      onInterim: (response) => {
        if (response.kind === "run-progress") onProgress?.(response);
      },
    });
    if (!failedBefore) onSent?.(requestId);
    // An error answer is the helper's answer; a helper that is gone answers with an error of the same shape.
    return outcome.then((result) =>
      result.ok
        ? result.value
        : ({ kind: "error", requestId, request: request.kind, message: result.message } as HelperResponse),
    );
  }

  return {
    catalogVersion: null,
    get failed() {
      return client.failed !== null;
    },
    send: (request, onProgress, onSent) => post(request, onProgress, onSent) as Promise<EngineResponse>,
    stop() {
      if (client.failed === null) client.dispose();
    },
    prepare(exampleId) {
      // A hint only, never answered: the helper loads the example when it is asked to.
      client.notify({ kind: "prepare-example", exampleId });
    },
    warmUpCode(on) {
      client.notify({ kind: "warm-up-code", on });
    },
    async count(texts) {
      const response = await post({ kind: "count-texts", texts });
      if (response.kind === "texts-counted") return response.counts;
      throw new Error(response.kind === "error" ? response.message : `engine helper: unexpected ${response.kind}`);
    },
  };
}
