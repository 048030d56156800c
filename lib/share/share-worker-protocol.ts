/**
 * What workers/share-encode.worker.ts answers: the autosave's encode requests (./encode-protocol.ts) and decode
 * requests for the payloads the page opens with. Apart from ./encode-protocol.ts so that the page's own bundle,
 * which needs the encode messages from the first save on, loads the decoder (Ajv, the scenario parser) only when
 * it must decode on its own thread.
 */
import {
  handleCatalogPiece,
  handleEncodeMessage,
  isCatalogPiece,
  isDecodeRequest,
  type DecodedPayload,
  type EncodeWorkerState,
} from "./encode-protocol";
import type { ExampleRequest, ShareWorkerRequest, ShareWorkerResponse } from "./encode-protocol";
import { decodeSharePayload } from "./share-link";
/** Decodes like the page would (`decodeSharePayload`), leaving the envelope's text out. Never throws. */
export function decodePayload(payload: string): DecodedPayload {
  const decoded = decodeSharePayload(payload);
  if (!decoded.ok) return decoded;
  const { text: _text, ...rest } = decoded;
  return rest;
}

/**
 * The worker's one entry point: a decode request, an encode request (which may change the catalog it holds), or a
 * piece of a catalog on its way (no response).
 */
export function handleShareWorkerMessage(
  state: EncodeWorkerState,
  request: Exclude<ShareWorkerRequest, ExampleRequest>,
): { state: EncodeWorkerState; response: ShareWorkerResponse | null } {
  if (isCatalogPiece(request)) return { state: handleCatalogPiece(state, request), response: null };
  if (isDecodeRequest(request))
    return { state, response: { requestId: request.requestId, decoded: decodePayload(request.decode) } };
  return handleEncodeMessage(state, request);
}
