/**
 * What workers/share-encode.worker.ts answers: the autosave's encode requests (./encode-protocol.ts) and decode
 * requests for the payloads the page opens with. Apart from ./encode-protocol.ts so that the page's own bundle,
 * which needs the encode messages from the first save on, loads the encoder and the decoder (Ajv, the scenario
 * parser) only when it must encode or decode on its own thread. Framework-free: `handleEncodeMessage` runs in Node
 * tests.
 */
import type { Catalog, CatalogTool } from "../core/catalog";
import {
  isCatalogPiece,
  isDecodeRequest,
  type CatalogPieceRequest,
  type DecodedPayload,
  type EncodeRequest,
  type EncodeResponse,
  type EncodeWorkerState,
} from "./encode-protocol";
import type { ExampleRequest, ShareWorkerRequest, ShareWorkerResponse } from "./encode-protocol";
import { decodeSharePayload, encodeWorkspace } from "./share-link";
/** Keeps a piece of the catalog on its way; a piece starting a catalog (`from` 0) drops an unfinished one. */
export function handleCatalogPiece(state: EncodeWorkerState, request: CatalogPieceRequest): EncodeWorkerState {
  const { toolCount, from, tools } = request.piece;
  const pieces =
    from === 0 || state.pieces?.toolCount !== toolCount
      ? { toolCount, tools: new Array<CatalogTool>(toolCount), received: 0 }
      : state.pieces;
  // A piece out of order (a lost one before it) leaves `received` short, and the encode request then fails.
  if (from !== pieces.received) return { ...state, pieces: { ...pieces, received: -1 } };
  tools.forEach((tool, index) => (pieces.tools[from + index] = tool));
  return { ...state, pieces: { ...pieces, received: pieces.received + tools.length } };
}

export function handleEncodeMessage(
  state: EncodeWorkerState,
  request: EncodeRequest,
): { state: EncodeWorkerState; response: EncodeResponse } {
  let catalog: Catalog;
  if (request.catalog.kind === "whole") catalog = request.catalog.catalog;
  else if (request.catalog.kind === "pieces") {
    const { pieces } = state;
    if (!pieces || pieces.toolCount !== request.catalog.toolCount || pieces.received !== pieces.toolCount)
      return {
        state: { catalog: null },
        response: { requestId: request.requestId, ok: false, message: "encode: the catalog's pieces did not all come" },
      };
    catalog = { ...request.catalog.rest, tools: pieces.tools };
  } else {
    if (!state.catalog)
      return { state, response: { requestId: request.requestId, ok: false, message: "encode: no catalog to change" } };
    const tools = state.catalog.tools.slice(0, request.catalog.toolCount);
    if (tools.length !== request.catalog.toolCount)
      return {
        state,
        response: { requestId: request.requestId, ok: false, message: "encode: the catalog changed size" },
      };
    for (const [index, tool] of request.catalog.changes) tools[index] = tool;
    catalog = { ...request.catalog.rest, tools };
  }
  const next = { catalog };
  try {
    const { payload } = encodeWorkspace(
      { ...request.workspace, scenario: { ...request.workspace.scenario, catalog } },
      "persist",
    );
    return { state: next, response: { requestId: request.requestId, ok: true, payload } };
  } catch (error) {
    return {
      state: next,
      response: {
        requestId: request.requestId,
        ok: false,
        message: `encode: ${error instanceof Error ? error.message : String(error)}`,
      },
    };
  }
}

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
