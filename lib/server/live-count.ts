/**
 * `POST /api/count-tokens`: the exact prompt size of an engine-rendered request, from the provider's own counting
 * endpoint (PROTOCOLS §6): Anthropic `messages.countTokens` (beta when betas are present), OpenAI
 * `responses.inputTokens.count`, Moonshot `POST /v1/tokenizers/estimate-token-count` (no SDK: plain fetch).
 * Chat Completions has no counting endpoint; its prompt is counted with o200k offline already.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { PROVIDER_STATUS_HEADER, type CountTokensBody } from "../live/api-schema";
import { anthropicClient, guardedFetch, openaiClient } from "./live-clients";
import {
  mapProviderStatus,
  mapUpstreamError,
  nonProviderAnswer,
  providerMessageOf,
  retryAfterFrom,
  type MappedError,
} from "./live-errors";
import { hashedClient, prepareLiveCall, type PreparedCall } from "./live-request";
import { redactSecrets } from "../live/redact";
import { errorResponse } from "./request-guard";
import { providerFacts, type ProviderFacts } from "../providers/facts";

type Json = Record<string, unknown>;

/** The parameters each counting endpoint accepts (SDK `MessageCountTokensParams`, `InputTokenCountParams`). */
const ANTHROPIC_COUNT_KEYS = [
  "messages",
  "model",
  "system",
  "tools",
  "tool_choice",
  "thinking",
  "output_config",
  "cache_control",
];
const RESPONSES_COUNT_KEYS = [
  "model",
  "input",
  "instructions",
  "tools",
  "tool_choice",
  "reasoning",
  "text",
  "parallel_tool_calls",
  "truncation",
];

function pick(body: Json, keys: readonly string[]): Json {
  return Object.fromEntries(keys.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]));
}

class CountHttpError extends Error {
  constructor(readonly mapped: MappedError) {
    super(mapped.message);
  }
}

async function countMoonshot(
  prepared: PreparedCall,
  signal: AbortSignal,
): Promise<{ inputTokens: number; note: string }> {
  const { call, target } = prepared;
  const body = pick(call.body, ["model", "messages", "tools"]);
  const response = await guardedFetch(target)(`${target.baseURL}/tokenizers/estimate-token-count`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${target.apiKey}` },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const error = (parsed as Json | undefined)?.error;
  if (!response.ok || error) {
    const mapped = mapProviderStatus(response.ok ? 400 : response.status);
    const message = providerMessageOf(parsed) ?? nonProviderAnswer(target.label, response.status);
    const retryAfterSeconds = retryAfterFrom(response.headers);
    throw new CountHttpError({
      ...mapped,
      message: redactSecrets(message, prepared.secrets),
      providerStatus: response.status,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    });
  }
  const total = ((parsed as Json | undefined)?.data as Json | undefined)?.total_tokens;
  if (typeof total !== "number")
    throw new CountHttpError({
      status: 502,
      code: "provider_error",
      message: "Moonshot answered without data.total_tokens.",
    });
  return {
    inputTokens: total,
    note: "Moonshot documents model and messages for this endpoint; whether it counts top-level tools is unconfirmed (PROTOCOLS §6.2).",
  };
}

type Counted = { inputTokens: number; method: string; note?: string };

async function countAnthropic(prepared: PreparedCall, signal: AbortSignal): Promise<Counted> {
  const { call, target, config } = prepared;
  const client = anthropicClient(target, config.countTimeoutMs);
  const params = pick(call.body, ANTHROPIC_COUNT_KEYS);
  const result = call.betas.length
    ? await client.beta.messages.countTokens(
        { ...params, betas: call.betas } as unknown as Anthropic.Beta.Messages.MessageCountTokensParams,
        { signal },
      )
    : await client.messages.countTokens(params as unknown as Anthropic.MessageCountTokensParams, { signal });
  return {
    inputTokens: result.input_tokens,
    method: "anthropic count_tokens",
    note: "An estimate by Anthropic; it may include system tokens Anthropic adds and does not bill (PROTOCOLS §6.1).",
  };
}

async function countResponses(prepared: PreparedCall, signal: AbortSignal): Promise<Counted> {
  const { call, target, config } = prepared;
  const client = openaiClient(target, config.countTimeoutMs);
  const result = await client.responses.inputTokens.count(
    pick(call.body, RESPONSES_COUNT_KEYS) as unknown as OpenAI.Responses.InputTokenCountParams,
    { signal },
  );
  return { inputTokens: result.input_tokens, method: "openai responses/input_tokens" };
}

/** Each upstream counting call, by the name the provider's facts give it (`tokenCounter`). */
const COUNTERS: Record<
  NonNullable<ProviderFacts["tokenCounter"]>,
  (prepared: PreparedCall, signal: AbortSignal) => Promise<Counted>
> = {
  "messages-count-tokens": countAnthropic,
  "responses-input-tokens": countResponses,
  "tokenizers-estimate": async (prepared, signal) => ({
    ...(await countMoonshot(prepared, signal)),
    method: "moonshot estimate-token-count",
  }),
};

export async function handleCountTokens(
  request: Request,
  env: Record<string, string | undefined> = process.env,
): Promise<Response> {
  const prepared = await prepareLiveCall(request, "count", env);
  if (prepared instanceof Response) return prepared;
  const { call, target, config, logger, secrets } = prepared;
  const { tokenCountEndpoint: counting, tokenCounter } = providerFacts(call.provider);
  if (tokenCounter === null || counting === "none" || (counting === "official" && call.endpoint.kind !== "official")) {
    return errorResponse(
      400,
      "counting_unsupported",
      "count-tokens: Chat Completions has no token-counting endpoint; OpenAI prompts are counted exactly offline with o200k, and Moonshot's estimate endpoint is used only on its official API.",
    );
  }
  const started = Date.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.countTimeoutMs);
  const logFields = {
    provider: call.provider,
    endpoint: call.endpoint.kind,
    model: String(call.body.model),
    keySource: target.keySource,
    client: hashedClient(prepared.client),
  };
  try {
    const result = await COUNTERS[tokenCounter](prepared, controller.signal);
    logger.info("live.count", {
      ...logFields,
      status: 200,
      inputTokens: result.inputTokens,
      durationMs: Date.now() - started,
    });
    const body: CountTokensBody = {
      inputTokens: result.inputTokens,
      method: result.method,
      provider: call.provider,
      model: String(call.body.model),
      ...(result.note ? { note: result.note } : {}),
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    const mapped =
      error instanceof CountHttpError
        ? error.mapped
        : mapUpstreamError(error, { label: target.label, secrets, timedOut, timeoutMs: config.countTimeoutMs });
    const final = timedOut
      ? {
          status: 504,
          code: "upstream_timeout",
          message: `${target.label} did not count within ${Math.round(config.countTimeoutMs / 1000)} s.`,
        }
      : mapped;
    logger.warn("live.count.failed", {
      ...logFields,
      status: final.status,
      code: final.code,
      message: final.message,
      durationMs: Date.now() - started,
    });
    return errorResponse(final.status, final.code, final.message, {
      ...(mapped.retryAfterSeconds !== undefined ? { "retry-after": String(mapped.retryAfterSeconds) } : {}),
      ...(mapped.providerStatus ? { [PROVIDER_STATUS_HEADER]: String(mapped.providerStatus) } : {}),
    });
  } finally {
    clearTimeout(timer);
  }
}
