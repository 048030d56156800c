/**
 * The tap itself: forwards one request unchanged to the tap's upstream and streams the answer back unchanged, chunk
 * by chunk as it arrives (a pull stream with no queue of its own: a chunk is read from the upstream only when the
 * client has taken the one before), while keeping a copy of both bodies to record when the exchange ends, however
 * it ends. The client's key goes upstream only: headers are never recorded, and the key's text is replaced wherever
 * it appears in a recorded body.
 *
 * Framework-free (a WHATWG Request in, a Response out): the route handlers in app/tap are one line each.
 */
import { redactSecrets } from "../live/redact";
import type { MeasuredUsage } from "../live/types";
import { measuredUsageFrom } from "../live/usage";
import type { ProviderId } from "../scenario/types";
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
/** Response headers that no longer hold once the body is relayed decoded and re-chunked. */
const RESPONSE_HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

export type TapRecorderLike = { record(exchange: TapExchange): unknown };

export type TapDependencies = {
  /** Where finished exchanges go; null records nothing (the tap still forwards). */
  recorder: TapRecorderLike | null;
  environment?: Record<string, string | undefined>;
  fetch?: typeof fetch;
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
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
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
  const doFetch = dependencies.fetch ?? fetch;
  const started = now();
  const incoming = new URL(request.url);
  const target = upstreamUrl(tap, segments, incoming.search, environment);
  if (!target.ok) return tapErrorResponse(tap, target.status, target.message);

  const provider = recordedProvider(tap, segments, request.method);
  const keys = keysOf(request.headers);
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name) && !name.startsWith("x-middleware-") && !name.startsWith("next-"))
      headers.set(name, value);
  });
  // The recording must read the answer, and fetch would decode a compressed one while keeping its header.
  headers.set("accept-encoding", "identity");
  const body =
    request.method === "GET" || request.method === "HEAD" ? null : new Uint8Array(await request.arrayBuffer());
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

  let upstream: Response;
  try {
    upstream = await doFetch(target.url, {
      method: request.method,
      headers,
      body,
      redirect: "manual",
      signal: abort.signal,
    });
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
  upstream.headers.forEach((value, name) => {
    if (!RESPONSE_HOP_HEADERS.has(name)) responseHeaders.set(name, value);
  });
  const contentType = upstream.headers.get("content-type");
  const reader = upstream.body?.getReader() ?? null;
  const chunks: Uint8Array[] = [];
  let ttfbMs: number | null = null;
  let finished = false;
  const idleMs = number(environment[TAP_IDLE_TIMEOUT_ENV], DEFAULT_IDLE_TIMEOUT_MS);
  const finish = (incomplete: string | null) => {
    if (finished) return;
    finished = true;
    request.signal?.removeEventListener("abort", onClientAbort);
    const decoder = new TextDecoder();
    const text = chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode();
    chunks.length = 0;
    record({ status: upstream.status, responseBody: text, responseType: contentType, ttfbMs, incomplete });
  };

  if (!reader) {
    finish(null);
    return new Response(null, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
  }

  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let idle: ReturnType<typeof setTimeout> | undefined;
        try {
          const result = await Promise.race([
            reader.read(),
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
          controller.enqueue(result.value);
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
          abort.abort();
          // The client sees the connection break, as it would have without the tap; a clean end would hide it.
          controller.error(error);
        } finally {
          clearTimeout(idle);
        }
      },
      cancel() {
        finish("the client disconnected mid-stream");
        abort.abort();
        void reader.cancel().catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
}
