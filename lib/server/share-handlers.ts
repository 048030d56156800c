/**
 * The short-link API behind app/api/share. The server re-validates every payload with the same decoder the page
 * uses (size caps, decompression cap, scenario validation) and stores its own canonical re-encoding, so the store
 * only ever holds valid scenarios of known keys, whatever a client sent.
 *
 * Order of work on POST, cheapest first: Host/Origin/token (headers only), the per-client rate limit (429 before a
 * byte of the body is read), the capped body read, then the decode in a worker thread (share-decoder.ts).
 */
import { SHORT_LINK_ID_PATTERN } from "../share/share-link";
import { readLiveConfig } from "./live-config";
import { requestClient } from "./live-rate-limit";
import { readJsonBody } from "./read-body";
import { errorResponse, guardApiRequest, jsonResponse } from "./request-guard";
import { type ShareDecoder, shareDecoderPool } from "./share-decoder";
import { takeSharedToken } from "./shared-rate-limit";
import { getStore, type RateLimitRecords, type ShareRecords } from "./store";

export const SHARE_RATE_ENV = {
  perMinute: "PLAYGROUND_SHARE_RATE_PER_MINUTE",
  burst: "PLAYGROUND_SHARE_RATE_BURST",
  globalPerMinute: "PLAYGROUND_SHARE_GLOBAL_RATE_PER_MINUTE",
} as const;

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 1 && parsed <= 1_000_000 ? parsed : fallback;
}

/**
 * Short links per client: 20 at once, then 10 a minute; 120 a minute for the whole server. A person shares a
 * handful of scenarios an hour; a script filling the 500 MB store meets 429 within its first second.
 */
export function shareRateLimits(environment: Record<string, string | undefined> = process.env) {
  return {
    perMinute: positive(environment[SHARE_RATE_ENV.perMinute], 10),
    burst: positive(environment[SHARE_RATE_ENV.burst], 20),
    globalPerMinute: positive(environment[SHARE_RATE_ENV.globalPerMinute], 120),
  };
}

export type ShareHandlerDependencies = {
  decode?: ShareDecoder;
  environment?: Record<string, string | undefined>;
  /** Where the rate limits are counted (default: the store, so they hold across its processes). */
  rateLimits?: () => RateLimitRecords;
};

/** The JSON wrapper around a payload: `{"payload":"1.…"}`. base64url is 4/3 of the bytes, plus some slack. */
function maxBodyBytes(store: ShareRecords): number {
  return Math.ceil((store.maxEntryBytes * 4) / 3) + 1024;
}

/** POST /api/share `{"payload":"<version>.<base64url>"}` → 201 `{"id"}` (200 when it was already stored). */
export async function handleSharePost(
  request: Request,
  store: ShareRecords = getStore().shares(),
  dependencies: ShareHandlerDependencies = {},
): Promise<Response> {
  const environment = dependencies.environment ?? process.env;
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const client = requestClient(request, readLiveConfig(environment).trustedProxyHops);
  const allowed = await takeSharedToken(
    dependencies.rateLimits ?? (() => getStore().rateLimits()),
    "share",
    client,
    shareRateLimits(environment),
  );
  if (!allowed.ok) {
    return errorResponse(
      429,
      "rate_limited",
      `share: too many short links from this client; try again in ${allowed.retryAfterSeconds} s.`,
      { "retry-after": String(allowed.retryAfterSeconds) },
    );
  }
  const body = await readJsonBody(request, maxBodyBytes(store), "share");
  if (!body.ok) return body.response;
  const payload = (body.value as { payload?: unknown } | null)?.payload;
  if (typeof payload !== "string")
    return errorResponse(400, "invalid_request", 'share: expected {"payload": "<share link payload>"}');

  const decoded = await (dependencies.decode ?? shareDecoderPool().decode)(payload, maxBodyBytes(store));
  if ("busy" in decoded)
    return errorResponse(503, "busy", "share: the server is decoding many short links; try again in a few seconds.", {
      "retry-after": "5",
    });
  if (!decoded.ok)
    return errorResponse(
      decoded.code === "too-large" || decoded.code === "too-long" ? 413 : decoded.code === "unavailable" ? 503 : 400,
      `share_${decoded.code}`,
      decoded.message,
    );

  const result = await store.put(decoded.canonicalText, decoded.payload);
  if (!result.ok) return errorResponse(result.code === "store_full" ? 507 : 413, result.code, result.message);
  return jsonResponse({ id: result.id }, result.created ? 201 : 200);
}

/** GET /api/share/<id> → `{"id","payload"}`, decoded by the page exactly like an inline link. */
export async function handleShareGet(
  request: Request,
  id: string,
  store: ShareRecords = getStore().shares(),
): Promise<Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  if (!SHORT_LINK_ID_PATTERN.test(id))
    return errorResponse(400, "invalid_id", "share: a short link id is 22 letters, digits, - or _");
  const payload = await store.get(id);
  if (payload === null)
    return errorResponse(
      404,
      "not_found",
      "share: no scenario is stored under this link on this server (it may have been made on another server, or expired after 90 days unused)",
    );
  return jsonResponse({ id, payload });
}
