/// <reference lib="webworker" />
/**
 * The trace worker: a thin shell around `handleTraceMessage` (lib/trace/trace-protocol.ts). A trace of thousands of
 * requests is read, explained and replayed here, so the page stays responsive and shows the progress.
 */
import { handleTraceMessage, type TraceRequestMessage, type TraceWorkerState } from "@/lib/trace/trace-protocol";
import { stepDetail } from "@/lib/workbench/summarise-run";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let state: TraceWorkerState = { run: null };

scope.onmessage = (event: MessageEvent<TraceRequestMessage>) => {
  state = handleTraceMessage(state, event.data, { stepDetail, post: (message) => scope.postMessage(message) });
};
