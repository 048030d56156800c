import type { MeasuredUsage } from "../../core";
import { count, fromSubsets, record, type Json } from "../usage-reading";

/** Chat Completions: `cached_tokens` is a subset of `prompt_tokens`. */
function fromChat(usage: Json): MeasuredUsage {
  const details = record(usage.prompt_tokens_details) ?? {};
  const outputDetails = record(usage.completion_tokens_details) ?? {};
  // Moonshot puts cached_tokens at the top of usage; OpenAI, Qwen and GLM inside prompt_tokens_details; DeepSeek
  // reports prompt_cache_hit_tokens beside prompt_cache_miss_tokens (their sum is prompt_tokens).
  const cacheRead = count(usage.cached_tokens) || count(details.cached_tokens) || count(usage.prompt_cache_hit_tokens);
  // Qwen's explicit cache reports what it created as cache_creation_input_tokens (help.aliyun.com context-cache).
  const cacheWrite = count(details.cache_write_tokens) || count(details.cache_creation_input_tokens);
  return fromSubsets(
    count(usage.prompt_tokens),
    cacheRead,
    cacheWrite,
    count(usage.completion_tokens),
    count(outputDetails.reasoning_tokens),
  );
}

/** Moonshot's stream also puts usage in `choices[0].usage` of its last chunk. */
export function readChatUsage(response: Json): MeasuredUsage | null {
  const choice = record(Array.isArray(response.choices) ? response.choices[0] : undefined);
  const usage = record(response.usage) ?? record(choice?.usage);
  return usage ? fromChat(usage) : null;
}
