import type { Segment } from "../core";
import { type CacheMiss, type CacheOutcome, isAlive } from "./cache-outcome";
import {
  blockCount,
  prefixKeyOfBlock,
  promptTokens,
  promptTrace,
  type PromptTrace,
  sharedBlockCount,
} from "./prompt-trace";
import type { CachedPrompt, CacheEntry, CacheRules, CacheState } from "./types";

type Match = { prompt: CachedPrompt; sharedBlocks: number };

/**
 * OpenAI and Moonshot automatic prefix caching (PROTOCOLS.md §5.2, §3.4, §5.3):
 * - "Automatic for eligible prompts ≥ 1024 tokens": each request's whole prompt becomes an entry when it reaches
 *   `minimumCacheableTokens` (GPT-5.6 implicit mode "puts one breakpoint on the latest message", i.e. the whole
 *   prompt).
 * - "Exact-prefix matches only … longest matching prefix wins": a request reads the longest prefix, at block
 *   boundaries, that it shares with any live earlier prompt, provided that prefix reaches the minimum.
 * - "hits occur in 128-token increments (cached counts 1024, 1152, 1280, …)" (legacy): with
 *   `cachedTokenGranularity` g > 1 the read is floored to minimum + k·g; the rest of the prompt is written.
 * - Everything after the read is written (`cache_write_tokens` on GPT-5.6+, §5.2); whether writes are billed is
 *   the cost model's business (`writesBilled`), not the cache's.
 * - "each hit resets it to 1 hour" (Kimi, §3.4) / "30 minutes after its most recent write or reuse" (OpenAI,
 *   secondary): with `refreshOnRead` the prefix read lives `ttlSeconds` from now, as the start of the prompt written
 *   now; the rest of the prompt it was read from was not reused and keeps its expiry. Without refresh, the new entry
 *   cannot outlive the prefix it extends, since a prefix cache can only reach a suffix through its prefix.
 * Segment `breakpoint` markers are ignored, and GPT-5.6 explicit mode and its limit of "up to the latest 50
 * breakpoints" for reads (§5.2) are not modelled.
 *
 * Only prompts are stored, not one entry per prefix: a prompt that is itself a prefix of a newer prompt that lives
 * at least as long adds nothing and is dropped, so an append-only conversation keeps a single prompt.
 */
export function evaluateAutomaticPrefix(input: {
  segments: readonly Segment[];
  trace: PromptTrace;
  rules: CacheRules;
  state: CacheState;
  nowSeconds: number;
}): CacheOutcome {
  const { segments, trace, rules, state, nowSeconds } = input;
  const earlierPrompts = state.prompts ?? [];
  let bestAlive: Match | null = null;
  let bestAny: Match | null = null;
  for (const prompt of earlierPrompts) {
    const match = { prompt, sharedBlocks: sharedBlockCount(promptTrace(prompt.segments), trace) };
    if (isLonger(match, bestAny)) bestAny = match;
    if (isAlive(prompt.entry, nowSeconds) && isLonger(match, bestAlive)) bestAlive = match;
  }
  const readTokens = cachedTokens(trace.cumulativeTokens[bestAlive?.sharedBlocks ?? 0], rules);
  const readBlockCount = fullBlocksWithin(trace, readTokens);
  const totalTokens = promptTokens(trace);
  const miss = expiredMiss(bestAny, trace, readTokens, rules, nowSeconds);
  const outcome = { readBlockCount, readTokens, miss, warnings: [] };
  if (totalTokens < rules.minimumCacheableTokens || blockCount(trace) === 0) {
    const block = blockCount(trace) - 1;
    return {
      ...outcome,
      cachedBlockCount: readBlockCount,
      writeTokens: 0,
      entries: state.entries,
      prompts: earlierPrompts,
      nothingCached: { kind: "below-minimum", tokens: totalTokens, block },
    };
  }

  const readFrom = readTokens > 0 ? bestAlive?.prompt : undefined;
  const expiresAtSeconds =
    readFrom && !rules.refreshOnRead
      ? Math.min(nowSeconds + rules.ttlSeconds, readFrom.entry.expiresAtSeconds)
      : nowSeconds + rules.ttlSeconds;
  const prefixKey = prefixKeyOfBlock(trace, blockCount(trace) - 1);
  const written: CachedPrompt = { entry: { prefixKey, tokens: totalTokens, expiresAtSeconds }, segments };
  // A read refreshes the prefix it read and nothing more: "a cached prefix remains eligible for reuse for 30 minutes
  // after its most recent write or reuse" (§5.2). That prefix lives on as the start of the prompt just written, so
  // the earlier prompt read from keeps its own expiry: the part of it beyond the shared prefix was not reused.
  const kept = earlierPrompts.filter((prompt) => !isCoveredBy(prompt, written, trace));
  kept.push(written);
  return {
    ...outcome,
    cachedBlockCount: blockCount(trace),
    writeTokens: totalTokens - readTokens,
    entries: new Map<string, CacheEntry>(kept.map((prompt) => [prompt.entry.prefixKey, prompt.entry])),
    prompts: kept,
    nothingCached: null,
  };
}

/** Longer shared prefix wins; on a tie the entry that lives longer (it is the one a refresh would keep). */
function isLonger(match: Match, best: Match | null): boolean {
  if (!best) return true;
  if (match.sharedBlocks !== best.sharedBlocks) return match.sharedBlocks > best.sharedBlocks;
  return match.prompt.entry.expiresAtSeconds > best.prompt.entry.expiresAtSeconds;
}

/** Shared tokens → reported cached tokens: zero under the minimum, floored to minimum + k·granularity above it. */
function cachedTokens(sharedTokens: number, rules: CacheRules): number {
  if (sharedTokens < rules.minimumCacheableTokens || sharedTokens === 0) return 0;
  const granularity = Math.max(1, rules.cachedTokenGranularity);
  const beyondMinimum = sharedTokens - rules.minimumCacheableTokens;
  return rules.minimumCacheableTokens + Math.floor(beyondMinimum / granularity) * granularity;
}

/** How many leading blocks end at or before `tokens` (a block cut by the granularity floor is not read in full). */
function fullBlocksWithin(trace: PromptTrace, tokens: number): number {
  let low = 0;
  let high = blockCount(trace);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (trace.cumulativeTokens[middle] <= tokens) low = middle;
    else high = middle - 1;
  }
  return low;
}

function expiredMiss(
  bestAny: Match | null,
  trace: PromptTrace,
  readTokens: number,
  rules: CacheRules,
  nowSeconds: number,
): CacheMiss | null {
  if (!bestAny || isAlive(bestAny.prompt.entry, nowSeconds)) return null;
  const wouldHaveRead = cachedTokens(trace.cumulativeTokens[bestAny.sharedBlocks], rules);
  if (wouldHaveRead <= readTokens) return null;
  const lastUsedSeconds = bestAny.prompt.entry.expiresAtSeconds - rules.ttlSeconds;
  const idleSeconds = nowSeconds - lastUsedSeconds;
  return { kind: "ttl-expired", blockCount: fullBlocksWithin(trace, wouldHaveRead), idleSeconds };
}

/** An earlier prompt that is a prefix of the new one and does not outlive it can serve nothing the new one cannot. */
function isCoveredBy(prompt: CachedPrompt, written: CachedPrompt, trace: PromptTrace): boolean {
  const earlier = promptTrace(prompt.segments);
  return (
    prompt.entry.expiresAtSeconds <= written.entry.expiresAtSeconds &&
    sharedBlockCount(earlier, trace) === blockCount(earlier)
  );
}
