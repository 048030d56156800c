/// <reference lib="webworker" />
/**
 * The autosave's encoder and the startup's decoder: a thin shell around `handleShareWorkerMessage`
 * (lib/share/share-worker-protocol.ts), so compressing a big scenario, or inflating and validating one, never blocks the
 * page.
 */
import type { EncodeWorkerState, ShareWorkerRequest } from "@/lib/share/encode-protocol";
import { handleShareWorkerMessage } from "@/lib/share/share-worker-protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let state: EncodeWorkerState = { catalog: null };

scope.onmessage = (event: MessageEvent<ShareWorkerRequest>) => {
  const handled = handleShareWorkerMessage(state, event.data);
  state = handled.state;
  if (handled.response) scope.postMessage(handled.response);
};
