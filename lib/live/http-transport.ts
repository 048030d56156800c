/**
 * The browser's way to the live routes: POSTs the call to this origin (the page passes its own `fetch`, which adds
 * the page token), with a pasted key in `x-provider-key` when there is one, and reads the NDJSON answer stream.
 * Every failure becomes a LiveRequestError carrying the documented `{code, message}` plus status and retry-after.
 */
import type { CountTokensBody, LiveStreamLine } from "./api-schema";
import { COUNT_TOKENS_PATH, LIVE_SEND_PATH, PROVIDER_KEY_HEADER, PROVIDER_STATUS_HEADER } from "./paths";
import {
  LiveRequestError,
  type ExactCount,
  type LiveCall,
  type LiveError,
  type LiveReply,
  type LiveTransport,
} from "./types";
import type { MeasuredUsage, PreviewEvent } from "../core";

export type HttpTransportOptions = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The key the user pasted for this call's provider, if any (never stored here). */
  providerKey?: (call: LiveCall) => string | undefined;
  sendPath?: string;
  countPath?: string;
};

function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The documented error shape from a failed answer, never throwing. */
export async function readLiveError(response: Response): Promise<LiveError> {
  const providerStatus = Number(response.headers.get(PROVIDER_STATUS_HEADER)) || undefined;
  const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
  const extra = {
    ...(providerStatus ? { providerStatus } : {}),
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (body.error && typeof body.error.code === "string" && typeof body.error.message === "string") {
      return { code: body.error.code, message: body.error.message, status: response.status, ...extra };
    }
  } catch {
    // not JSON (a proxy's error page): fall through
  }
  return {
    code: "http_error",
    message: `HTTP ${response.status} ${response.statusText}`.trim(),
    status: response.status,
    ...extra,
  };
}

function failure(error: unknown, signal: AbortSignal | undefined): LiveRequestError {
  if (error instanceof LiveRequestError) return error;
  if (signal?.aborted || (error instanceof Error && error.name === "AbortError"))
    return new LiveRequestError({ code: "aborted", message: "stopped", status: 0 });
  const message = error instanceof Error ? error.message : String(error);
  return new LiveRequestError({
    code: "network_error",
    message: `Could not reach the playground server: ${message}`,
    status: 0,
  });
}

async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield line;
        newline = buffer.indexOf("\n");
      }
    }
    const rest = (buffer + decoder.decode()).trim();
    if (rest) yield rest;
  } finally {
    reader.releaseLock();
  }
}

export function createHttpTransport(options: HttpTransportOptions): LiveTransport {
  const sendPath = options.sendPath ?? LIVE_SEND_PATH;
  const countPath = options.countPath ?? COUNT_TOKENS_PATH;

  async function post(
    path: string,
    call: LiveCall,
    signal: AbortSignal | undefined,
    accept: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json", accept };
    const key = options.providerKey?.(call);
    if (key) headers[PROVIDER_KEY_HEADER] = key;
    const response = await options.fetch(path, { method: "POST", headers, body: JSON.stringify(call), signal });
    if (!response.ok) throw new LiveRequestError(await readLiveError(response));
    return response;
  }

  return {
    async send(call, { signal, onPreview }) {
      try {
        const response = await post(sendPath, call, signal, "application/x-ndjson");
        if (!response.body)
          throw new LiveRequestError({
            code: "empty_answer",
            message: "the live route answered without a body",
            status: response.status,
          });
        for await (const text of lines(response.body)) {
          if (signal?.aborted) throw new LiveRequestError({ code: "aborted", message: "stopped", status: 0 });
          const line = JSON.parse(text) as LiveStreamLine;
          if (line.type === "part" || line.type === "delta") onPreview?.(line as PreviewEvent);
          else if (line.type === "done")
            return {
              response: line.response,
              usage: (line.usage as MeasuredUsage | null) ?? null,
              durationMs: line.durationMs,
            } satisfies LiveReply;
          else if (line.type === "error") {
            throw new LiveRequestError({
              code: line.error.code,
              message: line.error.message,
              status: line.status,
              ...(line.providerStatus ? { providerStatus: line.providerStatus } : {}),
              ...(line.retryAfterSeconds !== undefined ? { retryAfterSeconds: line.retryAfterSeconds } : {}),
            });
          }
        }
        throw new LiveRequestError({
          code: "stream_interrupted",
          message: "the answer stream ended before the reply was complete",
          status: response.status,
        });
      } catch (error) {
        throw failure(error, signal);
      }
    },
    async count(call, { signal } = {}) {
      try {
        const response = await post(countPath, call, signal, "application/json");
        const body = (await response.json()) as CountTokensBody;
        return {
          inputTokens: body.inputTokens,
          method: body.method,
          ...(body.note ? { note: body.note } : {}),
        } satisfies ExactCount;
      } catch (error) {
        throw failure(error, signal);
      }
    },
  };
}
