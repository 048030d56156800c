import type { MeasuredUsage } from "../../core";
import { count, fromSubsets, record, type Json } from "../usage-reading";

/** Responses: `cached_tokens` (and, GPT-5.6+, `cache_write_tokens`) are subsets of `input_tokens`. */
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

export function readResponsesUsage(response: Json): MeasuredUsage | null {
  const usage = record(response.usage);
  return usage ? fromResponses(usage) : null;
}
