/// <reference lib="webworker" />
/**
 * The decide worker: a thin shell around `handleDecideMessage` (lib/decide/decide-protocol.ts) with its own engine,
 * so a slider never blocks the page. Messages are handled in order; an engine or calibration request that a newer
 * one of the same kind has replaced is skipped, and a running engine session stops between strategies.
 */
import { createEngine } from "@/lib/engine";
import {
  adopt,
  handleDecideMessage,
  initialDecideState,
  type DecideRequest,
  type DecideResponse,
  type DecideRuntime,
} from "@/lib/decide/decide-protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const state = initialDecideState();
const latest: Record<DecideRequest["kind"], number> = { calibrate: 0, engine: 0 };

const runtime: DecideRuntime = {
  engine: createEngine(),
  now: () => performance.now(),
  post: (response: DecideResponse) => scope.postMessage(response),
  yieldToMessages: () => new Promise((resolve) => setTimeout(resolve, 0)),
  superseded: (requestId) => requestId < latest.engine,
};

let queue: Promise<void> = Promise.resolve();

scope.addEventListener("message", (event: MessageEvent<DecideRequest>) => {
  const message = event.data;
  latest[message.kind] = Math.max(latest[message.kind], message.requestId);
  if (message.kind === "calibrate" && message.catalog) adopt(state, message.catalogKey, message.catalog);
  queue = queue.then(() =>
    message.requestId < latest[message.kind] ? undefined : handleDecideMessage(state, message, runtime),
  );
});
