/**
 * `POST /api/live/send`: sends one engine-rendered request to the provider through its official SDK, streaming,
 * and relays it to the browser as NDJSON (docs/LIVE.md): `part`/`delta` lines as blocks arrive, then one `done`
 * line with the complete provider response and its usage, or one `error` line. Errors before the first byte are
 * ordinary HTTP errors in the documented shape, with the provider's status mapped and `retry-after` passed on.
 */
import { PROVIDER_STATUS_HEADER, type LiveStreamLine } from "../live/api-schema";
import { redactSecrets } from "../live/redact";
import { createStreamAccumulator } from "../live/stream/accumulator";
import { measuredUsageFrom } from "../live/usage";
import { anthropicClient, guardedFetch, openaiClient } from "./live-clients";
import { mapUpstreamError, type MappedError } from "./live-errors";
import { hashedClient, prepareLiveCall, type PreparedCall } from "./live-request";
import { errorResponse } from "./request-guard";
import { providerAdapter } from "../providers";

type Json = Record<string, unknown>;

/** Keeps idle proxies from closing the stream while a server-side search runs. */
const PING_INTERVAL_MS = 15_000;

async function openUpstream(prepared: PreparedCall, signal: AbortSignal): Promise<AsyncIterable<unknown>> {
  const { call, target, config } = prepared;
  const clients = {
    anthropic: () => anthropicClient(target, config.timeoutMs),
    openai: () => openaiClient(target, config.timeoutMs),
    http: () => ({ baseURL: target.baseURL, apiKey: target.apiKey, fetch: guardedFetch(target) }),
  };
  return providerAdapter(call.provider).openStream(clients, call, signal);
}

function errorHeaders(mapped: MappedError): Record<string, string> {
  return {
    ...(mapped.retryAfterSeconds !== undefined ? { "retry-after": String(mapped.retryAfterSeconds) } : {}),
    ...(mapped.providerStatus ? { [PROVIDER_STATUS_HEADER]: String(mapped.providerStatus) } : {}),
  };
}

export async function handleLiveSend(
  request: Request,
  env: Record<string, string | undefined> = process.env,
): Promise<Response> {
  const prepared = await prepareLiveCall(request, "send", env);
  if (prepared instanceof Response) return prepared;
  const { call, target, config, logger, secrets } = prepared;
  const started = Date.now();
  const upstream = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    upstream.abort();
  }, config.timeoutMs);
  const onClientGone = () => upstream.abort();
  request.signal?.addEventListener("abort", onClientGone, { once: true });
  const logFields = {
    provider: call.provider,
    endpoint: call.endpoint.kind,
    model: String(call.body.model),
    keySource: target.keySource,
    client: hashedClient(prepared.client),
  };
  const finish = () => {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onClientGone);
  };
  const mapError = (error: unknown) =>
    mapUpstreamError(error, { label: target.label, secrets, timedOut, timeoutMs: config.timeoutMs });

  let events: AsyncIterable<unknown>;
  try {
    events = await openUpstream(prepared, upstream.signal);
  } catch (error) {
    finish();
    const mapped = mapError(error);
    logger.warn("live.send.failed", {
      ...logFields,
      status: mapped.status,
      code: mapped.code,
      providerStatus: mapped.providerStatus,
      message: mapped.message,
      durationMs: Date.now() - started,
    });
    return errorResponse(mapped.status, mapped.code, mapped.message, errorHeaders(mapped));
  }

  const encoder = new TextEncoder();
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (line: LiveStreamLine) => {
        if (closed) return;
        // Last line of defence: no key leaves in an answer, whatever a provider (or a custom server) echoed.
        const text = JSON.stringify(line);
        const safe =
          line.type === "error" ? redactSecrets(text, secrets) : redactSecrets(text, secrets, { shapes: false });
        controller.enqueue(encoder.encode(`${safe}\n`));
      };
      const ping = setInterval(() => write({ type: "ping" }), PING_INTERVAL_MS);
      const accumulator = createStreamAccumulator(call.provider, (event) => write(event));
      try {
        for await (const event of events) accumulator.push(event as Json);
        // An SDK stream may end quietly when aborted: that is a stop or a timeout, not a complete reply.
        if (upstream.signal.aborted) throw new DOMException("The operation was aborted.", "AbortError");
        const response = accumulator.result();
        const usage = measuredUsageFrom(call.provider, response);
        write({ type: "done", response, usage, durationMs: Date.now() - started });
        logger.info("live.send", { ...logFields, status: 200, usage, durationMs: Date.now() - started });
      } catch (error) {
        const mapped = mapError(error);
        if (mapped.code === "aborted") {
          logger.info("live.send.stopped", { ...logFields, durationMs: Date.now() - started });
          return;
        }
        write({
          type: "error",
          status: mapped.status,
          error: { code: mapped.code, message: mapped.message },
          ...(mapped.providerStatus ? { providerStatus: mapped.providerStatus } : {}),
          ...(mapped.retryAfterSeconds !== undefined ? { retryAfterSeconds: mapped.retryAfterSeconds } : {}),
        });
        logger.warn("live.send.failed", {
          ...logFields,
          status: mapped.status,
          code: mapped.code,
          message: mapped.message,
          midStream: true,
          durationMs: Date.now() - started,
        });
      } finally {
        clearInterval(ping);
        finish();
        if (!closed) {
          closed = true;
          controller.close();
        }
      }
    },
    cancel() {
      // The browser went away (Stop): stop paying for tokens nobody will read.
      closed = true;
      upstream.abort();
    },
  });
  return new Response(stream, {
    status: 200,
    // no-transform keeps the compression middleware from buffering the stream; x-accel-buffering does the same for nginx.
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    },
  });
}
