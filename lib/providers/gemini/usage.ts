import type { MeasuredUsage } from "../../core";
import { count, fromSubsets, record, type Json } from "../usage-reading";

/**
 * `usageMetadata`: `promptTokenCount` includes `cachedContentTokenCount` (implicit hits or an explicit cache);
 * thinking is `thoughtsTokenCount`, billed as output beside `candidatesTokenCount` (ai.google.dev/api/generate-content).
 */
export function readGeminiUsage(response: Json): MeasuredUsage | null {
  const usage = record(response.usageMetadata);
  if (!usage) return null;
  const thoughts = count(usage.thoughtsTokenCount);
  return fromSubsets(
    count(usage.promptTokenCount),
    count(usage.cachedContentTokenCount),
    0,
    count(usage.candidatesTokenCount) + thoughts,
    thoughts,
  );
}
