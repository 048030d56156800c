/**
 * The usage each provider reports, mapped to the engine's figures (PROTOCOLS §5.1–5.3):
 * - Anthropic: `input_tokens` is only the uncached part; the prompt is input + cache_creation + cache_read.
 * - OpenAI Responses / Chat Completions: `cached_tokens` (and, GPT-5.6+, `cache_write_tokens`) are subsets of
 *   `input_tokens` / `prompt_tokens`.
 * - Moonshot: `cached_tokens` sits directly inside `usage` (also in `choices[0].usage` of a stream's last chunk).
 */
import type { StepTokens } from "../engine/types";
import type { ProviderId } from "../core/ids";
import type { MeasuredUsage, UsageDifference } from "./types";

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

function fromAnthropic(usage: Json): MeasuredUsage {
  const uncached = count(usage.input_tokens);
  const cacheWrite = count(usage.cache_creation_input_tokens);
  const cacheRead = count(usage.cache_read_input_tokens);
  const thinking = count(record(usage.output_tokens_details)?.thinking_tokens);
  return {
    input: uncached + cacheWrite + cacheRead,
    uncached,
    cacheRead,
    cacheWrite,
    output: count(usage.output_tokens),
    ...(thinking ? { reasoning: thinking } : {}),
  };
}

/** Input with cached (and written) subsets: OpenAI Responses, Chat Completions, Moonshot. */
function fromSubsets(
  input: number,
  cacheRead: number,
  cacheWrite: number,
  output: number,
  reasoning: number,
): MeasuredUsage {
  const read = Math.min(cacheRead, input);
  const write = Math.min(cacheWrite, input - read);
  return {
    input,
    uncached: input - read - write,
    cacheRead: read,
    cacheWrite: write,
    output,
    ...(reasoning ? { reasoning } : {}),
  };
}

function fromResponses(usage: Json): MeasuredUsage {
  const details = record(usage.input_tokens_details) ?? {};
  const outputDetails = record(usage.output_tokens_details) ?? {};
  return fromSubsets(
    count(usage.input_tokens),
    count(details.cached_tokens),
    count(details.cache_write_tokens),
    count(usage.output_tokens),
    count(outputDetails.reasoning_tokens),
  );
}

function fromChat(usage: Json): MeasuredUsage {
  const details = record(usage.prompt_tokens_details) ?? {};
  const outputDetails = record(usage.completion_tokens_details) ?? {};
  // Moonshot puts cached_tokens at the top of usage; OpenAI inside prompt_tokens_details.
  const cacheRead = count(usage.cached_tokens) || count(details.cached_tokens);
  return fromSubsets(
    count(usage.prompt_tokens),
    cacheRead,
    count(details.cache_write_tokens),
    count(usage.completion_tokens),
    count(outputDetails.reasoning_tokens),
  );
}

/** The usage of a complete provider response, or null when it carries none (some compatible servers). */
export function measuredUsageFrom(provider: ProviderId, response: Json): MeasuredUsage | null {
  if (provider === "anthropic") {
    const usage = record(response.usage);
    return usage ? fromAnthropic(usage) : null;
  }
  if (provider === "openai-responses") {
    const usage = record(response.usage);
    return usage ? fromResponses(usage) : null;
  }
  const choice = record(Array.isArray(response.choices) ? response.choices[0] : undefined);
  const usage = record(response.usage) ?? record(choice?.usage);
  return usage ? fromChat(usage) : null;
}

export function usageDifference(
  measured: MeasuredUsage,
  predicted: StepTokens,
  measuredUsd: number,
  predictedUsd: number,
): UsageDifference {
  return {
    input: measured.input - predicted.input,
    uncached: measured.uncached - predicted.uncached,
    cacheRead: measured.cacheRead - predicted.cacheRead,
    cacheWrite: measured.cacheWrite - predicted.cacheWrite,
    output: measured.output - predicted.output,
    costUsd: measuredUsd - predictedUsd,
  };
}
