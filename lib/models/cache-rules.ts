import type { CacheRules } from "../cache/types";
import type { CacheTtl } from "../scenario/types";
import type { ModelInfo } from "./types";
import { providerModelFacts } from "../core/provider-models";

/**
 * Anthropic's two cache lifetimes: `"ttl": "5m"` (default) and `"ttl": "1h"` (PROTOCOLS.md §5.1). The other
 * providers have one lifetime per model, set in the model table.
 */
export const ANTHROPIC_CACHE_TTL_SECONDS: Record<CacheTtl, number> = { "5m": 300, "1h": 3_600 };

/**
 * The plain cache rules of a model: the table's values, then the scenario's TTL (Anthropic only, because only its
 * breakpoints carry a TTL), then the user's overrides from Settings, which always win.
 */
export function cacheRulesFor(model: ModelInfo, overrides: Partial<CacheRules> = {}, ttl?: CacheTtl): CacheRules {
  const { cache } = model;
  const rules: CacheRules = {
    kind: cache.kind.value,
    minimumCacheableTokens: cache.minimumCacheableTokens.value,
    lookbackBlocks: cache.lookbackBlocks.value,
    maxBreakpoints: cache.maxBreakpoints.value,
    ttlSeconds: cache.ttlSeconds.value,
    refreshOnRead: cache.refreshOnRead.value,
    cachedTokenGranularity: cache.cachedTokenGranularity.value,
    writesBilled: cache.writesBilled.value,
  };
  if (ttl !== undefined && providerModelFacts(model.provider).cacheLifetimeChoice)
    rules.ttlSeconds = ANTHROPIC_CACHE_TTL_SECONDS[ttl];
  return { ...rules, ...definedOnly(overrides) };
}

/** `{ ttlSeconds: undefined }` from a half-filled settings form must not erase the table's value. */
function definedOnly(overrides: Partial<CacheRules>): Partial<CacheRules> {
  return Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined),
  ) as Partial<CacheRules>;
}

/**
 * Which write price applies to a model's cache writes. Anthropic marks each breakpoint with its TTL, so the
 * scenario's TTL decides. The automatic caches have one lifetime per model: Kimi K3 keeps an entry 1 hour and its
 * price list has a 5-minute and a 1-hour write price (PROTOCOLS.md §3.4, secondary). Which one the automatic path
 * bills is not documented; the tier matching the lifetime the entry is kept is the ASSUMPTION made here (listed in
 * Settings → assumptions; the write prices themselves are editable there). Where both columns are equal (OpenAI,
 * Kimi K2.x) the choice changes nothing.
 */
export function writePriceTier(model: Pick<ModelInfo, "provider" | "cache">, scenarioTtl: CacheTtl): CacheTtl {
  if (providerModelFacts(model.provider).cacheLifetimeChoice) return scenarioTtl;
  return model.cache.ttlSeconds.value >= ANTHROPIC_CACHE_TTL_SECONDS["1h"] ? "1h" : "5m";
}
