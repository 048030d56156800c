/// <reference lib="webworker" />
/**
 * The autosave's encoder and the startup's decoder: a thin shell around `handleShareWorkerMessage`
 * (lib/share/share-worker-protocol.ts), so compressing a big scenario, or inflating and validating one, never blocks the
 * page.
 */
import { isExampleRequest, type EncodeWorkerState, type ShareWorkerRequest } from "@/lib/share/encode-protocol";
import { loadExampleAnswer } from "@/lib/share/example-answer";
import { handleShareWorkerMessage } from "@/lib/share/share-worker-protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let state: EncodeWorkerState = { catalog: null };

scope.onmessage = (event: MessageEvent<ShareWorkerRequest>) => {
  const request = event.data;
  // Loaded, not computed: answered when the file (or the generator) is done, while other requests go on.
  if (isExampleRequest(request)) {
    void loadExampleAnswer(request).then((response) => scope.postMessage(response));
    return;
  }
  const handled = handleShareWorkerMessage(state, request);
  state = handled.state;
  if (handled.response) scope.postMessage(handled.response);
};
