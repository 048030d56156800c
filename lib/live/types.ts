import type { CostBreakdown, EngineStep, StepTokens, WireRequest } from "../engine/types";
import type { ProviderId } from "../core/ids";
import type { MeasuredUsage, PreviewEvent, PreviewPartKind } from "../core";

/**
 * Where a live request goes. The server decides which key may be spent on it: an environment key only ever goes
 * to its own provider's official endpoint (or the compatible server configured next to it), never to a URL the
 * browser typed.
 */
export type LiveEndpoint =
  | { kind: "official" }
  /** The OpenAI-compatible server of `OPENAI_COMPATIBLE_BASE_URL` (vLLM, Ollama, OpenRouter, LiteLLM). */
  | { kind: "compatible" }
  /** A base URL typed by the user; refused unless the server allows custom base URLs (SSRF risk). */
  | { kind: "custom"; baseUrl: string };

/** measured − predicted, per figure. */
export type UsageDifference = Pick<StepTokens, "input" | "uncached" | "cacheRead" | "cacheWrite" | "output"> & {
  costUsd: number;
};

/**
 * One request of a live run. It is an EngineStep (the stepper, request panel and charts walk it unchanged): the
 * `request` is the one sent, `response` the provider's own reply, `tokens`/`cost`/`segmentStatus` the cache
 * model's prediction for that request, and `measured` what the provider billed.
 */
export type LiveStep = EngineStep & {
  measured: MeasuredUsage | null;
  measuredCost: CostBreakdown | null;
  difference: UsageDifference | null;
  /** Wall-clock time of the request, streaming included. */
  durationMs: number;
  /** How many times this request was sent (1, or more after Retry). */
  attempts: number;
};

/** The error of a failed live request, in the one documented shape plus what the UI needs to say it in words. */
export type LiveError = {
  /** Our code: `provider_rate_limited`, `upstream_timeout`, `missing_key`, `invalid_request`… */
  code: string;
  /** The provider's own message (sanitised: never a key), or ours. */
  message: string;
  /** The HTTP status our route answered with (0 when the browser never got an answer). */
  status: number;
  /** The provider's HTTP status, when the provider answered. */
  providerStatus?: number;
  retryAfterSeconds?: number;
};

export class LiveRequestError extends Error {
  constructor(readonly error: LiveError) {
    super(`${error.code}: ${error.message}`);
    this.name = "LiveRequestError";
  }
}

/** What is streaming in: one part per content block / output item, as it arrives. */
export type PreviewPart = { part: number; kind: PreviewPartKind; name?: string; text: string };

/** One request to send: the engine-rendered body, for a provider and endpoint. */
export type LiveCall = {
  provider: ProviderId;
  endpoint: LiveEndpoint;
  body: Record<string, unknown>;
  /** Anthropic `anthropic-beta` values; the route uses `client.beta.messages` when there are any. */
  betas: string[];
};

export type LiveReply = {
  /** The provider's complete response body (assembled from the stream). */
  response: Record<string, unknown>;
  usage: MeasuredUsage | null;
  durationMs: number;
};

export type ExactCount = {
  inputTokens: number;
  /** Which endpoint counted: "anthropic count_tokens", "openai responses/input_tokens", "moonshot estimate-token-count". */
  method: string;
  note?: string;
};

/** How the live run reaches the provider; the browser uses the HTTP transport, tests a scripted one. */
export interface LiveTransport {
  send(
    call: LiveCall,
    options: { signal?: AbortSignal; onPreview?: (event: PreviewEvent) => void },
  ): Promise<LiveReply>;
  count(call: LiveCall, options?: { signal?: AbortSignal }): Promise<ExactCount>;
}

export type LiveRunStatus = "idle" | "running" | "stopped" | "failed" | "done" | "refused";

/** The request that did not complete: kept with what arrived, and resent by Retry. */
export type LiveInterruption = {
  reason: "stopped" | "failed";
  request: WireRequest;
  preview: PreviewPart[];
  error: LiveError | null;
};
