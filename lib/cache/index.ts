/**
 * The prompt-cache model: which prompt tokens a provider reads from its cache, writes to it, or processes uncached,
 * following the documented rules in PROTOCOLS.md §1.8, §2.3, §3.4, §4 and §5.
 */
export { emptyCacheState, evaluateCache } from "./evaluate-cache";
export { describeDivergence, type DivergenceInput } from "./divergence";
export { hashString } from "./hash-string";
export { prefixKeys, sharedPrefixLength } from "./prompt-trace";
export type { CacheMiss, NothingCached } from "./cache-outcome";
export type { CacheEntry, CacheEvaluation, CacheRules, CacheState, CachedPrompt } from "./types";
