/**
 * The tap itself: forwards one request unchanged to the tap's upstream and relays the answer back unchanged, chunk
 * by chunk as it arrives (each chunk is written to the client as it is read; when the client cannot take more, the
 * upstream is paused), while keeping a copy of both bodies to record when the exchange ends, however it ends. The
 * client's key goes upstream only: headers are never recorded, and the key's text is replaced wherever it appears in
 * a recorded body.
 *
 * node:http in and out, not WHATWG Request/Response: scripts/serve.mjs hands `/tap/…` here before Next.js sees it
 * (lib/tap/serve-tap.ts), because converting a request and a streamed answer through Next's route-handler path cost
 * more added time to first byte than the tap is allowed. The upstream is called with node:http(s) rather than fetch:
 * fetch decodes a compressed answer (so the client would get other bytes than the provider sent).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import zlib from "node:zlib";
import { redactSecrets } from "../live/redact";
import type { MeasuredUsage } from "../core";
import { measuredUsageFrom } from "../live/usage";
import type { ProviderId } from "../core/ids";
import { providerFacts } from "../providers/facts";
import { looksLikeSse, responseFromSse } from "../trace/sse";
import type { TapExchange } from "../server/store/sqlite-tap-store";
import { recordedProvider, TAP_ENDPOINTS, upstreamUrl, type TapId } from "./upstreams";

type Json = Record<string, unknown>;

export const TAP_HEADER_TIMEOUT_ENV = "TAP_UPSTREAM_TIMEOUT_MS";
export const TAP_IDLE_TIMEOUT_ENV = "TAP_STREAM_IDLE_TIMEOUT_MS";
/** Long enough for a slow reasoning model's first token; a client gives up sooner anyway. */
const DEFAULT_HEADER_TIMEOUT_MS = 10 * 60 * 1000;
/** A stream silent this long is taken as dead (providers send pings every few seconds). */
const DEFAULT_IDLE_TIMEOUT_MS = 5 * 60 * 1000;
export const TAP_MAX_BODY_ENV = "PLAYGROUND_TAP_MAX_BODY_BYTES";
/** Above the largest request a provider takes (Anthropic's is 32 MB), so only a body no provider accepts is refused. */
export const DEFAULT_TAP_MAX_BODY_BYTES = 64 * 1024 * 1024;

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
/**
 * Response headers of the hop, not the answer. Content-Length stays: the body's bytes are relayed exactly, and a
 * client then sees a cut body as cut.
 */
const RESPONSE_HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding"]);

// Connections to an upstream are kept open between requests, as a provider SDK keeps them.
const AGENTS = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

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
function keysOf(headers: IncomingHttpHeaders): string[] {
  const keys: string[] = [];
  for (const name of ["x-api-key", "api-key", "x-goog-api-key"]) {
    const value = headers[name];
    if (typeof value === "string" && value.trim()) keys.push(value.trim());
  }
  const authorization = headers.authorization;
  if (authorization) keys.push(authorization.replace(/^\s*(Bearer|Basic)\s+/i, "").trim(), authorization.trim());
  return keys;
}

/** An error body in the shape the provider's SDK parses, saying the tap itself failed (not the provider). */
export function tapErrorBody(tap: TapId, status: number, message: string): string {
  const recorded = TAP_ENDPOINTS[tap]?.recorded[0];
  const shape = recorded ? providerFacts(recorded.provider).bodyShape : "chat-completions";
  const body =
    shape === "messages"
      ? { type: "error", error: { type: status === 504 ? "timeout_error" : "api_error", message } }
      : {
          error: {
            message,
            type: "tap_error",
            param: null,
            code: status === 504 ? "upstream_timeout" : status === 413 ? "request_too_large" : "upstream_unreachable",
          },
        };
  return JSON.stringify(body);
}

/** Answers with the tap's own error, unless the answer has begun (then the connection is cut, as a failure would). */
export function sendTapError(outgoing: ServerResponse, tap: TapId, status: number, message: string): void {
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  const body = tapErrorBody(tap, status, message);
  outgoing.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "x-tap-error": "1",
    "cache-control": "no-store",
  });
  outgoing.end(body);
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
 * Forwards `incoming` (which arrived at the tap `tap`, path `segments` below its mount, query `search`) and answers
 * `outgoing` with what the upstream sent. Every exchange of a generation endpoint is handed to the recorder once it
 * is over, however it ends.
 */
export function forwardTapRequest(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  tap: TapId,
  segments: readonly string[],
  search: string,
  dependencies: TapDependencies,
): void {
  const environment = dependencies.environment ?? process.env;
  const now = dependencies.now ?? (() => performance.timeOrigin + performance.now());
  const started = now();
  const method = incoming.method ?? "GET";
  const target = upstreamUrl(tap, segments, search, environment);
  if (!target.ok) {
    incoming.resume();
    sendTapError(outgoing, tap, target.status, target.message);
    return;
  }
  const maxBody = number(environment[TAP_MAX_BODY_ENV], DEFAULT_TAP_MAX_BODY_BYTES);
  const tooLarge = `tap: the request body is larger than ${maxBody} bytes (${TAP_MAX_BODY_ENV})`;
  if (Number(incoming.headers["content-length"]) > maxBody) {
    // Refused before a byte is read; the connection closes rather than reading a body no provider would take.
    outgoing.shouldKeepAlive = false;
    sendTapError(outgoing, tap, 413, tooLarge);
    incoming.resume();
    return;
  }

  const provider = recordedProvider(tap, segments, method);
  const keys = keysOf(incoming.headers);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || HOP_HEADERS.has(name) || name.startsWith("x-middleware-") || name.startsWith("next-"))
      continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }

  let clientGone = false;
  let answered = false;
  let abandon: (() => void) | null = null;
  outgoing.on("close", () => {
    if (outgoing.writableFinished) return;
    clientGone = true;
    abandon?.();
  });

  const upstreamUrlText = `${target.url.origin}${target.url.pathname}`;
  let requestText = "";
  const record = (fields: Pick<TapExchange, "status" | "responseBody" | "responseType" | "ttfbMs" | "incomplete">) => {
    if (!provider || !dependencies.recorder) return;
    const requestBody = redactSecrets(requestText, keys);
    const responseBody = redactSecrets(fields.responseBody, keys);
    const model = parseJson(requestBody)?.model;
    try {
      dependencies.recorder.record({
        tap,
        provider,
        method,
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

  const bodyChunks: Buffer[] = [];
  let bodyBytes = 0;
  let refused = false;
  incoming.on("data", (chunk: Buffer) => {
    if (refused) return;
    bodyBytes += chunk.byteLength;
    if (bodyBytes <= maxBody) {
      bodyChunks.push(chunk);
      return;
    }
    refused = true;
    bodyChunks.length = 0;
    outgoing.shouldKeepAlive = false;
    sendTapError(outgoing, tap, 413, tooLarge);
  });
  incoming.on("error", () => undefined);
  incoming.on("end", () => {
    if (refused || clientGone) return;
    const body = method === "GET" || method === "HEAD" ? null : Buffer.concat(bodyChunks);
    bodyChunks.length = 0;
    if (body) headers["content-length"] = String(body.byteLength);
    if (body && provider) requestText = body.toString("utf8");
    send(body);
  });

  const send = (body: Buffer | null) => {
    const secure = target.url.protocol === "https:";
    let timedOut = false;
    const upstreamRequest = (secure ? https : http).request(target.url, {
      method,
      headers,
      agent: secure ? AGENTS.https : AGENTS.http,
    });
    const headerTimer = setTimeout(
      () => {
        timedOut = true;
        upstreamRequest.destroy(Object.assign(new Error("upstream timeout"), { code: "tap_header_timeout" }));
      },
      number(environment[TAP_HEADER_TIMEOUT_ENV], DEFAULT_HEADER_TIMEOUT_MS),
    );
    abandon = () => upstreamRequest.destroy(new Error("the client disconnected"));
    upstreamRequest.on("error", (error) => {
      if (answered) return;
      clearTimeout(headerTimer);
      abandon = null;
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
      if (!clientGone) sendTapError(outgoing, tap, timedOut ? 504 : 502, message);
    });
    upstreamRequest.on("response", (upstream) => {
      answered = true;
      clearTimeout(headerTimer);
      relay(upstream);
    });
    upstreamRequest.end(body ?? undefined);
  };

  const relay = (upstream: IncomingMessage) => {
    const status = upstream.statusCode ?? 502;
    const contentType = upstream.headers["content-type"] ?? null;
    const encoding = upstream.headers["content-encoding"]?.toLowerCase();
    const chunks: Buffer[] = [];
    let ttfbMs: number | null = null;
    let finished = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const idleMs = number(environment[TAP_IDLE_TIMEOUT_ENV], DEFAULT_IDLE_TIMEOUT_MS);
    const finish = (incomplete: string | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(idle);
      abandon = null;
      const text = decodedText(Buffer.concat(chunks), encoding);
      chunks.length = 0;
      record({ status, responseBody: text, responseType: contentType, ttfbMs, incomplete });
    };
    // Either side breaking ends both: the client sees the connection break, as it would have without the tap (a
    // clean end would hide it), and the upstream stops generating for nobody.
    const broken = (incomplete: string) => {
      finish(incomplete);
      upstream.destroy();
      outgoing.destroy();
    };
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () =>
          broken(`the upstream sent nothing for ${idleMs >= 1000 ? `${Math.round(idleMs / 1000)} s` : `${idleMs} ms`}`),
        idleMs,
      );
    };
    abandon = () => broken("the client disconnected mid-stream");
    if (clientGone) return abandon();

    const raw = upstream.rawHeaders;
    const responseHeaders: string[] = [];
    for (let index = 0; index < raw.length; index += 2)
      if (!RESPONSE_HOP_HEADERS.has(raw[index].toLowerCase())) responseHeaders.push(raw[index], raw[index + 1]);
    outgoing.writeHead(status, upstream.statusMessage ?? "", responseHeaders);
    if (method === "HEAD" || status === 204 || status === 304) {
      upstream.resume();
      outgoing.end();
      finish(null);
      return;
    }
    // The status and headers go now, as the provider sent them, whenever its first body byte comes.
    outgoing.flushHeaders();
    upstream.on("error", () => undefined);
    upstream.on("data", (chunk: Buffer) => {
      ttfbMs ??= now() - started;
      if (provider) chunks.push(chunk);
      if (outgoing.write(chunk)) return armIdle();
      // The client is slower than the upstream: wait for it, and do not count its slowness as the upstream's.
      clearTimeout(idle);
      upstream.pause();
    });
    outgoing.on("drain", () => {
      if (finished) return;
      armIdle();
      upstream.resume();
    });
    upstream.on("end", () => {
      outgoing.end();
      finish(null);
    });
    upstream.on("close", () => {
      if (!upstream.complete) broken("the upstream closed the connection mid-stream");
    });
    armIdle();
  };
}
