import { evaluateCache } from "../cache";
import type { CacheEvaluation, CacheRules, CacheState } from "../cache/types";
import type { CostBreakdown, Segment, StepTokens } from "../core";
import { computeCost, type CostOptions, type PriceTable } from "../models";
import type { CacheTtl } from "../scenario/types";

export type PricedRequest = {
  /** The cache model's verdict; `cache.nextState` is the state for the next request. */
  cache: CacheEvaluation;
  tokens: StepTokens;
  cost: CostBreakdown;
  /** The options `cost` was priced with, for pricing other token counts of the same request (live: measured usage). */
  costOptions: CostOptions;
};

/**
 * Prices one rendered request: the cache model decides which prompt tokens are read, written or uncached, then the
 * model's prices apply. Shared by the simulated session and the live run, so a live step's prediction is priced
 * exactly as the simulation prices it. `state` is not modified.
 */
export function priceRenderedRequest(input: {
  segments: readonly Segment[];
  rules: CacheRules;
  state: CacheState;
  nowSeconds: number;
  outputTokens: number;
  prices: PriceTable;
  ttl: CacheTtl;
}): PricedRequest {
  const { segments, rules } = input;
  const cache = evaluateCache({ segments, rules, state: input.state, nowSeconds: input.nowSeconds });
  const toolDefinitions = segments.reduce((sum, segment) => sum + segment.toolDefinitionTokens, 0);
  // Where writes are neither billed nor reported (OpenAI before GPT-5.6, Kimi K2.x), the tokens the cache stores
  // are plain uncached input in the provider's usage, and so they are here; the segment statuses still say "write".
  const reportedWrites = rules.writesBilled ? cache.cacheWrite : 0;
  const stored = cache.cacheWrite - reportedWrites;
  const tokens: StepTokens = {
    input: cache.cacheRead + cache.cacheWrite + cache.uncached,
    cacheRead: cache.cacheRead,
    cacheWrite: reportedWrites,
    uncached: cache.uncached + stored,
    // The cache card says "stored" for these rather than "written", and counts them in the uncached figure.
    ...(stored > 0 ? { cacheStored: stored } : {}),
    toolDefinitions,
    output: input.outputTokens,
  };
  const costOptions: CostOptions = { ttl: input.ttl, writesBilled: rules.writesBilled };
  return { cache, tokens, cost: computeCost(tokens, input.prices, costOptions), costOptions };
}
