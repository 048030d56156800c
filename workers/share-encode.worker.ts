/// <reference lib="webworker" />
/**
 * The autosave's encoder: a thin shell around `handleEncodeMessage` (lib/share/encode-protocol.ts), so serialising
 * and compressing a big scenario never blocks the page.
 */
import { handleEncodeMessage, type EncodeRequest, type EncodeWorkerState } from "@/lib/share/encode-protocol";

const scope = self as unknown as DedicatedWorkerGlobalScope;
let state: EncodeWorkerState = { catalog: null };

scope.onmessage = (event: MessageEvent<EncodeRequest>) => {
  const handled = handleEncodeMessage(state, event.data);
  state = handled.state;
  scope.postMessage(handled.response);
};
