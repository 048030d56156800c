/**
 * Encoding the working scenario for autosave in a worker (workers/share-encode.worker.ts): serialising and
 * compressing a 10,000-tool scenario takes about a second, which on the page's thread is a visible pause after
 * every edit. The worker keeps the last catalog it was sent, so an edit of one tool sends that tool alone (a
 * structured clone of 10,000 tools is itself a long task). The same worker decodes what the page opens with (the
 * autosave, a link): inflating, parsing and Ajv-checking a 10,000-tool scenario took the page's thread 10 s in one
 * task at load 13. The worker's side (./share-worker-protocol.ts) is apart, so the page's bundle, which needs these
 * messages from the first save on, does not carry the encoder and the decoder (Ajv, the scenario parser).
 */
import type { Catalog, CatalogTool } from "../core/catalog";
import type { WorkspaceState } from "../persistence/state-keys";
import type { DecodeResult } from "./share-link";

/** The catalog as sent: whole, or the tools that changed since the catalog the worker holds. */
export type CatalogMessage =
  | { kind: "whole"; catalog: Catalog }
  | {
      kind: "changes";
      /** Everything of the catalog but its tools (small). */
      rest: Omit<Catalog, "tools">;
      toolCount: number;
      changes: Array<[index: number, tool: CatalogTool]>;
    }
  | {
      /** The tools came ahead in `CatalogPieceRequest`s (a big catalog sent whole). */
      kind: "pieces";
      rest: Omit<Catalog, "tools">;
      toolCount: number;
    };

/**
 * Part of a catalog sent whole, ahead of the encode request that uses it (kind "pieces"). A structured clone of
 * 10,000 tools in one `postMessage` holds the page's thread ≈ 335 ms after the first edit of an example;
 * in pieces of `CATALOG_PIECE_TOOLS` each clone is a short task of its own. Not answered.
 */
export type CatalogPieceRequest = { piece: { toolCount: number; from: number; tools: CatalogTool[] } };

/** Tools per piece when a catalog goes whole (about 15 ms of structured clone each at 10,000 tools). */
export const CATALOG_PIECE_TOOLS = 500;

export type EncodeRequest = {
  requestId: number;
  catalog: CatalogMessage;
  /** The workspace without its scenario's catalog. */
  workspace: Omit<Partial<WorkspaceState>, "scenario"> & {
    scenario: Omit<WorkspaceState["scenario"], "catalog">;
  };
};

export type EncodeResponse =
  { requestId: number; ok: true; payload: string } | { requestId: number; ok: false; message: string };

/** A share payload (`<version>.<base64url>`, the autosave's or a link's) to decode and validate. */
export type DecodeRequest = { requestId: number; decode: string };

/**
 * `decodeSharePayload`'s answer without the envelope's text: the page never reads it, and at 10,000 tools it is
 * 15 MB more to copy back to the page's thread.
 */
export type DecodedPayload = Exclude<DecodeResult, { ok: true }> | Omit<Extract<DecodeResult, { ok: true }>, "text">;

export type DecodeResponse = { requestId: number; decoded: DecodedPayload };

/**
 * A built-in example to load (from its build-time file when it has one) and send back: the page compares restored
 * work with it for the "edited" marker, and generating the 10,000-tool example on the page's thread took seconds.
 */
export type ExampleRequest = { requestId: number; loadExample: string };
export type ExampleResponse =
  { requestId: number; example: WorkspaceState["scenario"] } | { requestId: number; exampleError: string };

export type ShareWorkerRequest = EncodeRequest | DecodeRequest | CatalogPieceRequest | ExampleRequest;
export type ShareWorkerResponse = EncodeResponse | DecodeResponse | ExampleResponse;

export function isExampleRequest(request: ShareWorkerRequest): request is ExampleRequest {
  return typeof (request as Partial<ExampleRequest>).loadExample === "string";
}

export function isExampleResponse(response: ShareWorkerResponse): response is ExampleResponse {
  return "example" in response || "exampleError" in response;
}

export function isDecodeRequest(request: ShareWorkerRequest): request is DecodeRequest {
  return typeof (request as Partial<DecodeRequest>).decode === "string";
}

export function isCatalogPiece(request: ShareWorkerRequest): request is CatalogPieceRequest {
  return typeof (request as Partial<CatalogPieceRequest>).piece === "object";
}

export function isDecodeResponse(response: ShareWorkerResponse): response is DecodeResponse {
  return (response as Partial<DecodeResponse>).decoded !== undefined;
}

export type EncodeWorkerState = {
  catalog: Catalog | null;
  /** The pieces of a catalog on its way (`CatalogPieceRequest`), in place, with how many tools have come. */
  pieces?: { toolCount: number; tools: CatalogTool[]; received: number };
};

/** Above this many changed tools the whole catalog is sent (a pasted or imported catalog). */
export const MAX_CHANGED_TOOLS = 64;

/**
 * The catalog message for `catalog`, given the catalog the worker holds (`sent`): the tools that are new objects
 * since then, compared by reference (the page replaces an edited tool by a new object and keeps the others).
 */
export function catalogMessage(catalog: Catalog, sent: Catalog | null): CatalogMessage {
  if (!sent || sent.tools.length !== catalog.tools.length) return { kind: "whole", catalog };
  const { tools, ...rest } = catalog;
  const { tools: sentTools, ...sentRest } = sent;
  const restKeys = new Set([...Object.keys(rest), ...Object.keys(sentRest)]);
  for (const key of restKeys)
    if ((rest as Record<string, unknown>)[key] !== (sentRest as Record<string, unknown>)[key])
      return { kind: "whole", catalog };
  const changes: Array<[number, CatalogTool]> = [];
  for (let index = 0; index < tools.length; index += 1) {
    if (tools[index] === sentTools[index]) continue;
    changes.push([index, tools[index]]);
    if (changes.length > MAX_CHANGED_TOOLS) return { kind: "whole", catalog };
  }
  return { kind: "changes", rest, toolCount: tools.length, changes };
}
