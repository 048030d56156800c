import type { EngineWarning, Segment } from "../core";
import { type CacheMiss, type CacheOutcome, isAlive } from "./cache-outcome";
import { prefixKeyOfBlock, type PromptTrace } from "./prompt-trace";
import type { CacheEntry, CacheRules, CacheState } from "./types";

type Lookup = { blockCount: number; entry: CacheEntry | null };

/**
 * Anthropic prompt caching (PROTOCOLS.md §5.1, platform.claude.com/docs/en/build-with-claude/prompt-caching):
 * - "Caching is opt-in: no `cache_control` → nothing cached": entries exist only at breakpoint blocks.
 * - "Up to 4 breakpoints": only the first `maxBreakpoints` are honoured. The real API rejects a request with more;
 *   the simulation keeps going with the first ones and says so in a warning.
 * - "Each breakpoint checks earlier block boundaries, looking back about 20 content blocks": for a breakpoint at
 *   block b the boundaries b, b-1, …, b-lookbackBlocks are tried, longest first; the longest hit over all
 *   breakpoints is the read.
 * - Every breakpoint past the read whose prefix reaches the minimum cacheable length gets a new entry; "shorter
 *   prompts are silently not cached, no error". Blocks after the last written breakpoint are uncached.
 * - "The cache is refreshed at no cost on each hit": with `refreshOnRead`, every entry a breakpoint hit lives
 *   `ttlSeconds` from now. Written entries expire `ttlSeconds` from now.
 * `cachedTokenGranularity` does not apply: Anthropic reports whole prefixes.
 */
export function evaluateExplicitBreakpoints(input: {
  segments: readonly Segment[];
  trace: PromptTrace;
  rules: CacheRules;
  state: CacheState;
  nowSeconds: number;
}): CacheOutcome {
  const { trace, rules, state, nowSeconds } = input;
  const { breakpoints, warnings } = honouredBreakpoints(input.segments, trace, rules);
  const entries = state.entries;
  const unchanged = {
    readBlockCount: 0,
    readTokens: 0,
    cachedBlockCount: 0,
    writeTokens: 0,
    entries,
    miss: null,
    warnings,
  };
  if (breakpoints.length === 0) return { ...unchanged, nothingCached: { kind: "no-breakpoint" } };

  const alive = (entry: CacheEntry) => isAlive(entry, nowSeconds);
  const hits = breakpoints.map((breakpoint) => lookBack(trace, entries, breakpoint, rules.lookbackBlocks, alive));
  const readBlockCount = Math.max(...hits.map((hit) => hit.blockCount));
  const written = breakpoints.filter(
    (breakpoint) =>
      breakpoint + 1 > readBlockCount && trace.cumulativeTokens[breakpoint + 1] >= rules.minimumCacheableTokens,
  );
  const lastBreakpoint = breakpoints[breakpoints.length - 1];
  if (readBlockCount === 0 && written.length === 0) {
    const tokens = trace.cumulativeTokens[lastBreakpoint + 1];
    return { ...unchanged, nothingCached: { kind: "below-minimum", tokens, block: lastBreakpoint } };
  }

  const cachedBlockCount = written.length > 0 ? written[written.length - 1] + 1 : readBlockCount;
  const expiresAtSeconds = nowSeconds + rules.ttlSeconds;
  const nextEntries = new Map(entries);
  if (rules.refreshOnRead) {
    for (const hit of hits) if (hit.entry) nextEntries.set(hit.entry.prefixKey, { ...hit.entry, expiresAtSeconds });
  }
  for (const breakpoint of written) {
    const prefixKey = prefixKeyOfBlock(trace, breakpoint);
    nextEntries.set(prefixKey, { prefixKey, tokens: trace.cumulativeTokens[breakpoint + 1], expiresAtSeconds });
  }
  return {
    readBlockCount,
    readTokens: trace.cumulativeTokens[readBlockCount],
    cachedBlockCount,
    writeTokens: trace.cumulativeTokens[cachedBlockCount] - trace.cumulativeTokens[readBlockCount],
    entries: nextEntries,
    miss: findMiss(trace, entries, breakpoints, readBlockCount, rules, nowSeconds),
    nothingCached: null,
    warnings,
  };
}

/** Prompt blocks carrying `cache_control`, capped at `maxBreakpoints` (first ones kept). */
function honouredBreakpoints(segments: readonly Segment[], trace: PromptTrace, rules: CacheRules) {
  const warnings: EngineWarning[] = [];
  const breakpoints: number[] = [];
  trace.segmentIndexOfBlock.forEach((segmentIndex, block) => {
    if (segments[segmentIndex].breakpoint) breakpoints.push(block);
  });
  if (segments.some((segment) => segment.outsidePrompt && segment.breakpoint)) {
    // "a deferred tool with cache_control is a 400" (PROTOCOLS.md §1.8): it cannot hold an entry.
    warnings.push({
      code: "cache-breakpoint-on-deferred-tool",
      message: "cache: a cache breakpoint sits on a deferred tool; the API rejects this, so it is ignored here",
    });
  }
  if (breakpoints.length > rules.maxBreakpoints) {
    warnings.push({
      code: "cache-too-many-breakpoints",
      message:
        `cache: ${breakpoints.length} cache breakpoints but at most ${rules.maxBreakpoints} are allowed; ` +
        `the API rejects this, so only the first ${rules.maxBreakpoints} are used here`,
    });
  }
  return { breakpoints: breakpoints.slice(0, Math.max(0, rules.maxBreakpoints)), warnings };
}

/** Walks back from `breakpoint` over at most `lookbackBlocks` earlier boundaries; the first accepted entry wins. */
function lookBack(
  trace: PromptTrace,
  entries: ReadonlyMap<string, CacheEntry>,
  breakpoint: number,
  lookbackBlocks: number,
  accept: (entry: CacheEntry) => boolean,
): Lookup {
  const earliest = Math.max(0, breakpoint - lookbackBlocks);
  for (let block = breakpoint; block >= earliest; block -= 1) {
    const entry = entries.get(prefixKeyOfBlock(trace, block));
    if (entry && accept(entry)) return { blockCount: block + 1, entry };
  }
  return { blockCount: 0, entry: null };
}

/**
 * Why a longer prefix was not read: an entry inside a breakpoint's window that had expired (ttl-expired), or a live
 * entry that no breakpoint's window reaches (lookback-exceeded; any live entry between the read and the last
 * breakpoint is out of reach, or the lookup would have read it). An entry both out of reach and expired counts as
 * expired: moving the breakpoint would not have saved it.
 */
function findMiss(
  trace: PromptTrace,
  entries: ReadonlyMap<string, CacheEntry>,
  breakpoints: readonly number[],
  readBlockCount: number,
  rules: CacheRules,
  nowSeconds: number,
): CacheMiss | null {
  let expired: Lookup = { blockCount: 0, entry: null };
  for (const breakpoint of breakpoints) {
    const found = lookBack(trace, entries, breakpoint, rules.lookbackBlocks, () => true);
    if (found.blockCount > expired.blockCount) expired = found;
  }
  if (expired.entry && expired.blockCount > readBlockCount && !isAlive(expired.entry, nowSeconds)) {
    const lastUsedSeconds = expired.entry.expiresAtSeconds - rules.ttlSeconds;
    return { kind: "ttl-expired", blockCount: expired.blockCount, idleSeconds: nowSeconds - lastUsedSeconds };
  }
  const lastBreakpoint = breakpoints[breakpoints.length - 1];
  const live = (entry: CacheEntry) => isAlive(entry, nowSeconds);
  const unreachable = longestEntryBetween(trace, entries, readBlockCount, lastBreakpoint, live);
  if (unreachable) {
    const breakpointBlock = breakpoints.find((breakpoint) => breakpoint >= unreachable.block) ?? lastBreakpoint;
    return { kind: "lookback-exceeded", blockCount: unreachable.block + 1, breakpointBlock };
  }
  const gone = longestEntryBetween(trace, entries, readBlockCount, lastBreakpoint, () => true);
  if (!gone) return null;
  const idleSeconds = nowSeconds - (gone.entry.expiresAtSeconds - rules.ttlSeconds);
  return { kind: "ttl-expired", blockCount: gone.block + 1, idleSeconds };
}

/**
 * The last block in [from, to] whose prefix has an accepted entry, or null. Entries are looked up by their token
 * count (cumulative tokens only grow), so the cost is O(entries · log blocks) rather than one key per block.
 */
function longestEntryBetween(
  trace: PromptTrace,
  entries: ReadonlyMap<string, CacheEntry>,
  from: number,
  to: number,
  accept: (entry: CacheEntry) => boolean,
): { block: number; entry: CacheEntry } | null {
  let longest: { block: number; entry: CacheEntry } | null = null;
  for (const entry of entries.values()) {
    if (!accept(entry)) continue;
    // First block whose prefix holds at least entry.tokens tokens; zero-token blocks can share a count.
    let low = 0;
    let high = trace.blockKeys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (trace.cumulativeTokens[middle + 1] < entry.tokens) low = middle + 1;
      else high = middle;
    }
    for (let block = low; block <= to && trace.cumulativeTokens[block + 1] === entry.tokens; block += 1) {
      const isLonger = block >= from && (longest === null || block > longest.block);
      if (isLonger && prefixKeyOfBlock(trace, block) === entry.prefixKey) longest = { block, entry };
    }
  }
  return longest;
}
