/**
 * The tap itself: forwards one request unchanged to the tap's upstream and streams the answer back unchanged, chunk
 * by chunk as it arrives (a pull stream with no queue of its own: a chunk is read from the upstream only when the
 * client has taken the one before), while keeping a copy of both bodies to record when the exchange ends, however
 * it ends. The client's key goes upstream only: headers are never recorded, and the key's text is replaced wherever
 * it appears in a recorded body.
 *
 * Framework-free (a WHATWG Request in, a Response out): the route handlers in app/tap are one line each. The upstream
 * is called with node:http(s) rather than fetch: fetch decodes a compressed answer (so the client would get other
 * bytes than the provider sent), and its machinery costs time to first byte the tap is measured on.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import zlib from "node:zlib";
import { redactSecrets } from "../live/redact";
import type { MeasuredUsage } from "../core";
import { measuredUsageFrom } from "../live/usage";
import type { ProviderId } from "../core/ids";
import { looksLikeSse, responseFromSse } from "../trace/sse";
import type { TapExchange } from "./tap-store";
import { recordedProvider, upstreamUrl, type TapId } from "./upstreams";

type Json = Record<string, unknown>;

export const TAP_HEADER_TIMEOUT_ENV = "TAP_UPSTREAM_TIMEOUT_MS";
export const TAP_IDLE_TIMEOUT_ENV = "TAP_STREAM_IDLE_TIMEOUT_MS";
/** Long enough for a slow reasoning model's first token; a client gives up sooner anyway. */
const DEFAULT_HEADER_TIMEOUT_MS = 10 * 60 * 1000;
/** A stream silent this long is taken as dead (providers send pings every few seconds). */
const DEFAULT_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

/** Headers that describe one hop, or that this server added; never forwarded. */
const HOP_HEADERS = new Set([
  "host",
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "content-length",
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
  "x-real-ip",
  "x-playground-peer-address",
  "x-playground-token",
  "cookie",
]);
/** Response headers of the hop, not the answer: the body is relayed in chunks of its own framing. */
const RESPONSE_HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

// Connections to an upstream are kept open between requests, as a provider SDK keeps them.
const AGENTS = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

function sendUpstream(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Uint8Array | null,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const outgoing = (secure ? https : http).request(
      url,
      { method, headers, agent: secure ? AGENTS.https : AGENTS.http, signal },
      resolve,
    );
    outgoing.on("error", reject);
    outgoing.end(body ?? undefined);
  });
}

/** The recorded text of an answer: decoded when the provider compressed it (what arrived, for a cut stream). */
function decodedText(bytes: Buffer, encoding: string | undefined): string {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    if (encoding === "gzip" || encoding === "x-gzip") return zlib.gunzipSync(bytes, flush).toString("utf8");
    if (encoding === "deflate") return zlib.inflateSync(bytes, flush).toString("utf8");
    if (encoding === "br")
      return zlib.brotliDecompressSync(bytes, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }).toString("utf8");
  } catch {
    return "";
  }
  return bytes.toString("utf8");
}

export type TapRecorderLike = { record(exchange: TapExchange): unknown };

export type TapDependencies = {
  /** Where finished exchanges go; null records nothing (the tap still forwards). */
  recorder: TapRecorderLike | null;
  environment?: Record<string, string | undefined>;
  now?: () => number;
};

/** The credentials a client sent, to remove from anything recorded. */
function keysOf(headers: Headers): string[] {
  const keys: string[] = [];
  for (const name of ["x-api-key", "api-key", "x-goog-api-key"]) {
    const value = headers.get(name);
    if (value) keys.push(value.trim());
  }
  const authorization = headers.get("authorization");
  if (authorization) keys.push(authorization.replace(/^\s*(Bearer|Basic)\s+/i, "").trim(), authorization.trim());
  return keys;
}

/** An error in the shape the provider's SDK parses, saying the tap itself failed (not the provider). */
export function tapErrorResponse(tap: TapId, status: number, message: string): Response {
  const body =
    tap === "anthropic"
      ? { type: "error", error: { type: status === 504 ? "timeout_error" : "api_error", message } }
      : {
          error: {
            message,
            type: "tap_error",
            param: null,
            code: status === 504 ? "upstream_timeout" : "upstream_unreachable",
          },
        };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "x-tap-error": "1", "cache-control": "no-store" },
  });
}

function number(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

function parseJson(text: string): Json | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** The usage the provider reported, from a whole answer or a stream (folded as trace import folds it). */
export function usageOfResponse(provider: ProviderId, text: string, contentType: string | null): MeasuredUsage | null {
  const response = looksLikeSse(text, contentType ?? undefined) ? responseFromSse(provider, text) : parseJson(text);
  return response ? measuredUsageFrom(provider, response) : null;
}

function causeText(error: unknown): string {
  const failure = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return failure.code ?? failure.cause?.code ?? failure.cause?.message ?? failure.message ?? String(error);
}

/**
 * Forwards `request` (which arrived at the tap `tap`, path `segments` below its mount) and answers with what the
 * upstream sent. Every exchange of a generation endpoint is handed to the recorder once it is over.
 */
export async function handleTapRequest(
  request: Request,
  tap: TapId,
  segments: readonly string[],
  dependencies: TapDependencies,
): Promise<Response> {
  const environment = dependencies.environment ?? process.env;
  const now = dependencies.now ?? (() => performance.timeOrigin + performance.now());
  const started = now();
  const incoming = new URL(request.url);
  const target = upstreamUrl(tap, segments, incoming.search, environment);
  if (!target.ok) return tapErrorResponse(tap, target.status, target.message);

  const provider = recordedProvider(tap, segments, request.method);
  const keys = keysOf(request.headers);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name) && !name.startsWith("x-middleware-") && !name.startsWith("next-")) headers[name] = value;
  });
  const body =
    request.method === "GET" || request.method === "HEAD" ? null : new Uint8Array(await request.arrayBuffer());
  if (body) headers["content-length"] = String(body.byteLength);
  const requestText = body && provider ? new TextDecoder().decode(body) : "";

  const abort = new AbortController();
  const onClientAbort = () => abort.abort(new Error("the client disconnected"));
  request.signal?.addEventListener("abort", onClientAbort, { once: true });
  const headerTimeout = setTimeout(
    () => abort.abort(Object.assign(new Error("upstream timeout"), { code: "tap_header_timeout" })),
    number(environment[TAP_HEADER_TIMEOUT_ENV], DEFAULT_HEADER_TIMEOUT_MS),
  );
  const upstreamUrlText = `${target.url.origin}${target.url.pathname}`;
  const record = (fields: Pick<TapExchange, "status" | "responseBody" | "responseType" | "ttfbMs" | "incomplete">) => {
    if (!provider || !dependencies.recorder) return;
    const requestBody = redactSecrets(requestText, keys);
    const responseBody = redactSecrets(fields.responseBody, keys);
    const model = (parseJson(requestBody)?.model as string | undefined) ?? null;
    try {
      dependencies.recorder.record({
        tap,
        provider,
        method: request.method,
        url: upstreamUrlText,
        model: typeof model === "string" ? model : null,
        status: fields.status,
        requestBody,
        responseBody,
        responseType: fields.responseType,
        usage:
          fields.status >= 200 && fields.status < 300
            ? usageOfResponse(provider, responseBody, fields.responseType)
            : null,
        startedAtMs: Math.round(started),
        ttfbMs: fields.ttfbMs,
        totalMs: now() - started,
        incomplete: fields.incomplete,
      });
    } catch {
      // The recorder keeps what it cannot write; a failure here must never reach the client's answer.
    }
  };

  let upstream: IncomingMessage;
  try {
    upstream = await sendUpstream(target.url, request.method, headers, body, abort.signal);
  } catch (error) {
    clearTimeout(headerTimeout);
    request.signal?.removeEventListener("abort", onClientAbort);
    const timedOut = (abort.signal.reason as { code?: string } | undefined)?.code === "tap_header_timeout";
    const clientGone = request.signal?.aborted === true;
    const message = timedOut
      ? `tap: the upstream ${target.url.origin} sent no answer in time`
      : `tap: could not reach the upstream ${target.url.origin} (${redactSecrets(causeText(error), keys)})`;
    record({
      status: 0,
      responseBody: "",
      responseType: null,
      ttfbMs: null,
      incomplete: clientGone ? "the client disconnected before the upstream answered" : message.replace(/^tap: /, ""),
    });
    return tapErrorResponse(tap, timedOut ? 504 : 502, message);
  }
  clearTimeout(headerTimeout);

  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (RESPONSE_HOP_HEADERS.has(name) || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
    else responseHeaders.set(name, value);
  }
  const status = upstream.statusCode ?? 502;
  const statusText = upstream.statusMessage ?? "";
  const contentType = upstream.headers["content-type"] ?? null;
  const encoding = upstream.headers["content-encoding"]?.toLowerCase();
  const chunks: Buffer[] = [];
  let ttfbMs: number | null = null;
  let finished = false;
  const idleMs = number(environment[TAP_IDLE_TIMEOUT_ENV], DEFAULT_IDLE_TIMEOUT_MS);
  const finish = (incomplete: string | null) => {
    if (finished) return;
    finished = true;
    request.signal?.removeEventListener("abort", onClientAbort);
    const text = decodedText(Buffer.concat(chunks), encoding);
    chunks.length = 0;
    record({ status, responseBody: text, responseType: contentType, ttfbMs, incomplete });
  };

  if (request.method === "HEAD" || status === 204 || status === 304) {
    upstream.resume();
    finish(null);
    return new Response(null, { status, statusText, headers: responseHeaders });
  }
  const reader = upstream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;

  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let idle: ReturnType<typeof setTimeout> | undefined;
        try {
          const result = await Promise.race([
            reader.next(),
            new Promise<never>((_, reject) => {
              idle = setTimeout(
                () => reject(Object.assign(new Error("stalled"), { code: "tap_idle_timeout" })),
                idleMs,
              );
            }),
          ]);
          if (result.done) {
            finish(null);
            controller.close();
            return;
          }
          ttfbMs ??= now() - started;
          if (provider) chunks.push(result.value);
          controller.enqueue(new Uint8Array(result.value.buffer, result.value.byteOffset, result.value.byteLength));
        } catch (error) {
          const stalled = (error as { code?: string }).code === "tap_idle_timeout";
          const clientGone = request.signal?.aborted === true;
          finish(
            clientGone
              ? "the client disconnected mid-stream"
              : stalled
                ? `the upstream sent nothing for ${idleMs >= 1000 ? `${Math.round(idleMs / 1000)} s` : `${idleMs} ms`}`
                : "the upstream closed the connection mid-stream",
          );
          upstream.destroy();
          // The client sees the connection break, as it would have without the tap; a clean end would hide it.
          controller.error(error);
        } finally {
          clearTimeout(idle);
        }
      },
      cancel() {
        finish("the client disconnected mid-stream");
        upstream.destroy();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, { status, statusText, headers: responseHeaders });
}
