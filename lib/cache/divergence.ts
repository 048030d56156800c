import type { Divergence, Segment } from "../core";
import type { CacheMiss, NothingCached } from "./cache-outcome";
import { findPrefixChange, type PrefixChange } from "./prefix-change";
import { blockCount, promptTrace, type PromptTrace, segmentIndexOfBlock } from "./prompt-trace";
import type { CacheRules } from "./types";

export type DivergenceInput = {
  previousSegments: readonly Segment[] | null;
  segments: readonly Segment[];
  /** Leading prompt blocks of the previous request that were read from or written to the cache. */
  previousCachedBlockCount: number;
  /** Leading prompt blocks read in full now. */
  readBlockCount: number;
  /** From the evaluator: a longer prefix was in the cache but expired or out of lookback reach. */
  miss: CacheMiss | null;
  /** From the evaluator: why nothing at all was read or written. */
  nothingCached: NothingCached | null;
  rules: CacheRules;
};

/**
 * The first reason this request gets less from the cache than a pure continuation would, in words for a projector.
 * In order of precedence:
 * 1. "no-breakpoint" / "below-minimum": nothing at all is cached by this request (first request included).
 * 2. "first-request": there is no previous request.
 * 3. "ttl-expired": a matching entry existed, but its TTL ran out before this request.
 * 4. "changed" / "inserted" / "removed": the previous prompt is not a prefix of this one (see prefix-change.ts);
 *    reported even when harmless (nothing from there on was cached), and the sentence then says so.
 * 5. "lookback-exceeded": a live entry matches, but no breakpoint is within `lookbackBlocks` of it.
 * Null for a pure append that read everything the cache could serve.
 * `segmentIndex` indexes `segments` (for a removal at the end it is clamped to the last segment).
 */
export function describeDivergence(input: DivergenceInput): Divergence | null {
  const { segments, rules, miss, nothingCached } = input;
  const trace = promptTrace(segments);
  const at = (block: number, reason: string, kind: Divergence["kind"], path?: string): Divergence => {
    const segmentIndex = segmentIndexOfBlock(trace, block);
    return { segment: path ?? segments[segmentIndex]?.path ?? "", segmentIndex, kind, reason };
  };
  // Whole-request reasons point at the start of the request, segment 0.
  const atStart = (reason: string, kind: Divergence["kind"]): Divergence => ({
    segment: segments[0]?.path ?? "",
    segmentIndex: 0,
    kind,
    reason,
  });
  if (nothingCached?.kind === "no-breakpoint") {
    return atStart("no cache breakpoint in this request: nothing is cached", "no-breakpoint");
  }
  if (nothingCached?.kind === "below-minimum") {
    const isWholePrompt = nothingCached.block >= blockCount(trace) - 1;
    const what = isWholePrompt
      ? `prompt of ${nothingCached.tokens} tokens`
      : `prefix of ${nothingCached.tokens} tokens up to ${pathOfBlock(segments, trace, nothingCached.block)}`;
    const reason = `${what} is below the ${rules.minimumCacheableTokens}-token minimum: not cached`;
    return at(nothingCached.block, reason, "below-minimum");
  }
  if (!input.previousSegments) return atStart("first request: nothing cached yet", "first-request");

  const readBlockCount = input.readBlockCount;
  if (miss?.kind === "ttl-expired" && miss.blockCount > readBlockCount) {
    const rest =
      readBlockCount === 0
        ? "everything is written again"
        : `the prompt from ${pathOfBlock(segments, trace, readBlockCount)} on is written again`;
    const idle = formatDuration(miss.idleSeconds);
    const reason = `cache entry expired after ${idle} (TTL ${formatTtl(rules.ttlSeconds)}): ${rest}`;
    return at(readBlockCount, reason, "ttl-expired");
  }
  const previousTrace = promptTrace(input.previousSegments);
  const change = findPrefixChange(previousTrace, trace);
  if (change) {
    // A removed block only exists in the previous request, so it is named from there.
    const path =
      change.kind === "removed"
        ? pathOfBlock(input.previousSegments, previousTrace, change.block)
        : pathOfBlock(segments, trace, change.block);
    const reason = `${describeChange(change, path)}: ${describeLoss(input, trace, previousTrace, change)}`;
    return at(change.block, reason, change.kind, path);
  }
  if (miss?.kind === "lookback-exceeded" && miss.blockCount > readBlockCount) {
    const distance = miss.breakpointBlock - (miss.blockCount - 1);
    const reason =
      `${distance} blocks between the cached prefix ending at ${pathOfBlock(segments, trace, miss.blockCount - 1)} ` +
      `and the breakpoint at ${pathOfBlock(segments, trace, miss.breakpointBlock)}, more than the ` +
      `${rules.lookbackBlocks}-block lookback: the earlier entry is out of reach`;
    return at(readBlockCount, reason, "lookback-exceeded");
  }
  return null;
}

function describeChange(change: PrefixChange, path: string): string {
  if (change.kind === "changed") return `${path} changed`;
  if (change.count === 1) return `${path} ${change.kind}`;
  return `${change.count} blocks ${change.kind} at ${path}`;
}

/**
 * What the change costs: nothing, the whole cache, or the cache from the changed block on — plus, when the read
 * stops before the change (Anthropic only keeps entries at breakpoints; OpenAI needs the minimum), how far it got.
 */
function describeLoss(
  input: DivergenceInput,
  trace: PromptTrace,
  previousTrace: PromptTrace,
  change: PrefixChange,
): string {
  const read = input.readBlockCount;
  if (read > change.block) {
    return `an older cache entry still matches up to ${pathOfBlock(input.segments, trace, read - 1)}`;
  }
  if (change.block >= input.previousCachedBlockCount) return "nothing from there on was cached, so no cache is lost";
  const segments = change.kind === "removed" ? (input.previousSegments ?? []) : input.segments;
  const changedTrace = change.kind === "removed" ? previousTrace : trace;
  const group = segments[segmentIndexOfBlock(changedTrace, change.block)]?.group;
  // "The tools array is hashed before system, so editing it invalidates the whole cache" (PROTOCOLS.md §4.2, §5.1).
  if (read === 0 && (change.block === 0 || group === "tools")) return "the whole cache is invalidated";
  const lost = `the cache from ${pathOfBlock(segments, changedTrace, change.block)} on is invalidated`;
  if (read === change.block) return lost;
  if (read === 0) return `${lost}; nothing before it is read either`;
  return `${lost}; only the prefix up to ${pathOfBlock(input.segments, trace, read - 1)} is read`;
}

function pathOfBlock(segments: readonly Segment[], trace: PromptTrace, block: number): string {
  return segments[segmentIndexOfBlock(trace, block)]?.path ?? "";
}

/** "5m", "1h", "30m": how the providers write TTLs (`cache_control.ttl`, `prompt_cache_options.ttl`). */
export function formatTtl(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** "45 seconds", "1 minute", "10 minutes", "2.5 hours". */
export function formatDuration(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (seconds < 60) return plural(Math.round(seconds), "second");
  if (seconds < 2 * 3600) return plural(Math.round(seconds / 60), "minute");
  return plural(Math.round((seconds / 3600) * 10) / 10, "hour");
}
