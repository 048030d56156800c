/// <reference lib="webworker" />
/**
 * The experiment worker: a thin shell around `handleExperimentMessage` (lib/experiment/experiment-protocol.ts) with
 * its own engine, so a simulated experiment never blocks the page. A request that a newer one of its channel has
 * replaced is skipped; a running simulation stops between task-runs when one arrives.
 */
import { createEngine } from "@/lib/engine";
import {
  experimentChannel,
  type ExperimentRequest,
  type ExperimentResponse,
} from "@/lib/experiment/experiment-messages";
import { handleExperimentMessage } from "@/lib/experiment/experiment-protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const latest = new Map<string, number>();
const newest = (request: ExperimentRequest) => latest.get(experimentChannel(request)) ?? 0;

const engine = createEngine();
let queue: Promise<void> = Promise.resolve();

scope.addEventListener("message", (event: MessageEvent<ExperimentRequest>) => {
  const message = event.data;
  const channel = experimentChannel(message);
  latest.set(channel, Math.max(latest.get(channel) ?? 0, message.requestId));
  // A cancel is answered at once; the run it stops sees it between task-runs.
  if (message.kind === "cancel") {
    scope.postMessage({ kind: "done", requestId: message.requestId, status: "cancelled", results: [] });
    return;
  }
  queue = queue.then(() =>
    message.requestId < newest(message)
      ? undefined
      : handleExperimentMessage(message, {
          engine,
          post: (response: ExperimentResponse) => scope.postMessage(response),
          superseded: (request) => request.requestId < newest(request),
          yieldToMessages: () => new Promise((resolve) => setTimeout(resolve, 0)),
          now: () => performance.now(),
        }),
  );
});
