import type { Segment } from "../core";
import { evaluateAutomaticPrefix } from "./automatic-prefix";
import { describeDivergence } from "./divergence";
import { evaluateExplicitBreakpoints } from "./explicit-breakpoints";
import { findPrefixChange } from "./prefix-change";
import { promptTokens, promptTrace } from "./prompt-trace";
import { segmentStatuses } from "./segment-status";
import type { CacheEvaluation, CacheRules, CacheState } from "./types";

export function emptyCacheState(): CacheState {
  return { entries: new Map(), previousSegments: null, prompts: [], previousCachedBlockCount: 0 };
}

/**
 * One request against the simulated provider cache: how many prompt tokens are read, written and uncached, the
 * status of each segment, the first divergence from the previous request, and the cache after the request.
 * `segments` must be in the provider's cache order and must not be mutated afterwards (work is memoised per array).
 * `state` is not modified; the next state shares unchanged structure with it.
 * Linear in the number of segments, plus O(log n) per remembered earlier prompt (automatic-prefix).
 */
export function evaluateCache(input: {
  segments: readonly Segment[];
  rules: CacheRules;
  state: CacheState;
  nowSeconds: number;
}): CacheEvaluation {
  const { segments, rules, state } = input;
  const trace = promptTrace(segments);
  const modeInput = { ...input, trace };
  const outcome =
    rules.kind === "explicit-breakpoints" ? evaluateExplicitBreakpoints(modeInput) : evaluateAutomaticPrefix(modeInput);
  const previousTrace = state.previousSegments ? promptTrace(state.previousSegments) : null;
  const previousCachedBlockCount = state.previousCachedBlockCount ?? 0;
  const segmentStatus = segmentStatuses({
    segments,
    trace,
    readBlockCount: outcome.readBlockCount,
    cachedBlockCount: outcome.cachedBlockCount,
    change: previousTrace ? findPrefixChange(previousTrace, trace) : null,
    previousTrace,
    previousCachedBlockCount,
  });
  const divergence = describeDivergence({
    previousSegments: state.previousSegments,
    segments,
    previousCachedBlockCount,
    readBlockCount: outcome.readBlockCount,
    miss: outcome.miss,
    nothingCached: outcome.nothingCached,
    rules,
  });
  return {
    segmentStatus,
    cacheRead: outcome.readTokens,
    cacheWrite: outcome.writeTokens,
    uncached: promptTokens(trace) - outcome.readTokens - outcome.writeTokens,
    divergence,
    nextState: {
      entries: outcome.entries,
      previousSegments: segments,
      prompts: outcome.prompts ?? [],
      previousCachedBlockCount: outcome.cachedBlockCount,
    },
    warnings: outcome.warnings,
  };
}
