import type { MeasuredUsage } from "../../core";
import { count, record, type Json } from "../usage-reading";

/** Anthropic's `input_tokens` is only the uncached part: the prompt is input + cache_creation + cache_read. */
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

export function readAnthropicUsage(response: Json): MeasuredUsage | null {
  const usage = record(response.usage);
  return usage ? fromAnthropic(usage) : null;
}
