/**
 * Upstream failures mapped to the routes' one error shape. The provider's own message is kept (it is what the
 * person needs: "All tools cannot be deferred."), cut to a sane length and scrubbed of anything key-like; the
 * SDK's own message is not used as is because it can carry request details.
 */
import {
  APIConnectionError as AnthropicConnectionError,
  APIConnectionTimeoutError as AnthropicTimeout,
  APIError as AnthropicAPIError,
  APIUserAbortError as AnthropicAbort,
} from "@anthropic-ai/sdk";
import {
  APIConnectionError as OpenAIConnectionError,
  APIConnectionTimeoutError as OpenAITimeout,
  APIError as OpenAIAPIError,
  APIUserAbortError as OpenAIAbort,
} from "openai";
import { ProviderStreamError } from "../providers/stream-error";
import { redactSecrets } from "../live/redact";
import { isToolCallRejection, REJECTED_TOOL_CALL_CODE } from "../live/tool-call-rejection";

export type MappedError = {
  status: number;
  code: string;
  message: string;
  providerStatus?: number;
  retryAfterSeconds?: number;
};

const MAX_MESSAGE_CHARACTERS = 1_000;

function clean(message: string, secrets: readonly string[]): string {
  const scrubbed = redactSecrets(message, secrets).replace(/\s+/g, " ").trim();
  return scrubbed.length > MAX_MESSAGE_CHARACTERS ? `${scrubbed.slice(0, MAX_MESSAGE_CHARACTERS)}…` : scrubbed;
}

export function retryAfterFrom(headers: Headers | undefined | null): number | undefined {
  if (!headers) return undefined;
  const milliseconds = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") && Number.isFinite(milliseconds))
    return Math.max(0, Math.ceil(milliseconds / 1000));
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Our status and code for a provider's HTTP status. */
export function mapProviderStatus(providerStatus: number): { status: number; code: string } {
  if (providerStatus === 401) return { status: 401, code: "provider_unauthorized" };
  if (providerStatus === 402) return { status: 402, code: "provider_payment_required" };
  if (providerStatus === 403) return { status: 403, code: "provider_forbidden" };
  if (providerStatus === 404) return { status: 404, code: "provider_not_found" };
  if (providerStatus === 408) return { status: 504, code: "upstream_timeout" };
  if (providerStatus === 413) return { status: 413, code: "provider_bad_request" };
  if (providerStatus === 429) return { status: 429, code: "provider_rate_limited" };
  // Anthropic's "overloaded" status.
  if (providerStatus === 529 || providerStatus === 503) return { status: 503, code: "provider_overloaded" };
  if (providerStatus >= 500) return { status: 502, code: "provider_error" };
  return { status: 400, code: "provider_bad_request" };
}

/** The message inside a provider's error body: `{error:{message}}` (all three) or Anthropic's `{type:"error",error:{…}}`. */
export function providerMessageOf(body: unknown): string | undefined {
  if (body === null || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.message === "string") return record.message;
  return providerMessageOf(record.error);
}

/** The provider's own error code inside its error body (`{error:{code}}`), when it gives one. */
function providerCodeOf(body: unknown): string | undefined {
  if (body === null || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.code === "string") return record.code;
  return providerCodeOf(record.error);
}

function connectionCause(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return "network error";
}

/** The words for an HTTP error whose body is not a provider's error: the body itself is never shown. */
export function nonProviderAnswer(label: string, status: number): string {
  return `${label} answered HTTP ${status} without a provider error message (its body is not shown).`;
}

type Context = { label: string; secrets: readonly string[]; timedOut: boolean; timeoutMs: number };

export function mapUpstreamError(error: unknown, context: Context): MappedError {
  const isApiError = error instanceof AnthropicAPIError || error instanceof OpenAIAPIError;
  const timeout = {
    status: 504,
    code: "upstream_timeout",
    message: `${context.label} did not answer within ${Math.round(context.timeoutMs / 1000)} s.`,
  };
  if (context.timedOut) return timeout;
  if (error instanceof AnthropicTimeout || error instanceof OpenAITimeout) return timeout;
  if (error instanceof AnthropicAbort || error instanceof OpenAIAbort)
    return { status: 499, code: "aborted", message: "live: the request was stopped." };
  if (error instanceof AnthropicConnectionError || error instanceof OpenAIConnectionError) {
    return {
      status: 502,
      code: "upstream_unreachable",
      message: `Could not reach ${context.label}: ${connectionCause(error)}.`,
    };
  }
  if (isApiError && error.status === undefined) {
    // An error event inside a stream that had started (Anthropic `event: error`, a chat chunk with `error`).
    const type = String(
      (error.error as { error?: { type?: unknown }; type?: unknown } | undefined)?.error?.type ??
        (error.error as { type?: unknown } | undefined)?.type ??
        "",
    );
    const message = clean(
      providerMessageOf(error.error) ?? "the provider reported an error mid-stream",
      context.secrets,
    );
    if (/overload/.test(type)) return { status: 503, code: "provider_overloaded", message };
    if (/rate_limit/.test(type)) return { status: 429, code: "provider_rate_limited", message };
    return { status: 502, code: "provider_error", message };
  }
  if (isApiError && typeof error.status === "number") {
    const mapped = mapProviderStatus(error.status);
    // Only a provider's own error message is passed on. Anything else (an HTML page, a JSON document without an
    // error message) may be an internal service's reply, so its body never reaches the browser.
    const raw = (error instanceof AnthropicAPIError ? error.apiMessage : undefined) ?? providerMessageOf(error.error);
    const retryAfterSeconds = retryAfterFrom(error.headers);
    const rejected = error.status === 400 && isToolCallRejection(providerCodeOf(error.error), raw ?? "");
    return {
      ...mapped,
      ...(rejected ? { code: REJECTED_TOOL_CALL_CODE } : {}),
      message: clean(raw || nonProviderAnswer(context.label, error.status), context.secrets),
      providerStatus: error.status,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    };
  }
  if (error instanceof ProviderStreamError) {
    const overloaded = /overload/i.test(error.code);
    return {
      status: overloaded ? 503 : 502,
      code: overloaded ? "provider_overloaded" : "provider_error",
      message: clean(error.message, context.secrets),
    };
  }
  if (error instanceof Error && error.name === "AbortError")
    return { status: 499, code: "aborted", message: "live: the request was stopped." };
  return {
    status: 500,
    code: "internal_error",
    message: clean(
      `live: unexpected error: ${error instanceof Error ? error.message : String(error)}`,
      context.secrets,
    ),
  };
}
