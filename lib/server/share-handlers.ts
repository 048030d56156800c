/**
 * The short-link API behind app/api/share. The server re-validates every payload with the same decoder the page
 * uses (size caps, decompression cap, scenario validation) and stores its own canonical re-encoding, so the store
 * only ever holds valid scenarios of known keys, whatever a client sent.
 */
import { envelopeText } from "../share/share-envelope";
import { decodeSharePayload, payloadFromEnvelopeText, SHORT_LINK_ID_PATTERN } from "../share/share-link";
import { readJsonBody } from "./read-body";
import { errorResponse, guardApiRequest, jsonResponse } from "./request-guard";
import { getShareStore, type ShareStore } from "./share-store";

/** The JSON wrapper around a payload: `{"payload":"1.…"}`. base64url is 4/3 of the bytes, plus some slack. */
function maxBodyBytes(store: ShareStore): number {
  return Math.ceil((store.options.maxEntryBytes * 4) / 3) + 1024;
}

/** POST /api/share `{"payload":"<version>.<base64url>"}` → 201 `{"id"}` (200 when it was already stored). */
export async function handleSharePost(request: Request, store: ShareStore = getShareStore()): Promise<Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const body = await readJsonBody(request, maxBodyBytes(store), "share");
  if (!body.ok) return body.response;
  const payload = (body.value as { payload?: unknown } | null)?.payload;
  if (typeof payload !== "string")
    return errorResponse(400, "invalid_request", 'share: expected {"payload": "<share link payload>"}');

  const decoded = decodeSharePayload(payload, { maxPayloadChars: maxBodyBytes(store) });
  if (!decoded.ok)
    return errorResponse(
      decoded.error.code === "too-large" || decoded.error.code === "too-long" ? 413 : 400,
      `share_${decoded.error.code}`,
      decoded.error.message,
    );

  const canonical = envelopeText(decoded.workspace);
  const result = store.put(canonical, payloadFromEnvelopeText(canonical));
  if (!result.ok) return errorResponse(result.code === "store_full" ? 507 : 413, result.code, result.message);
  return jsonResponse({ id: result.id }, result.created ? 201 : 200);
}

/** GET /api/share/<id> → `{"id","payload"}`, decoded by the page exactly like an inline link. */
export function handleShareGet(request: Request, id: string, store: ShareStore = getShareStore()): Response {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  if (!SHORT_LINK_ID_PATTERN.test(id))
    return errorResponse(400, "invalid_id", "share: a short link id is 22 letters, digits, - or _");
  const payload = store.get(id);
  if (payload === null)
    return errorResponse(
      404,
      "not_found",
      "share: no scenario is stored under this link on this server (it may have been made on another server)",
    );
  return jsonResponse({ id, payload });
}
