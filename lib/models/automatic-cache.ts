import type { CacheRules } from "../cache/types";
import { sourced, type Confidence, type ModelInfo, type PriceTable, type Sourced } from "./types";

/**
 * The cache rules of a provider whose cache is automatic (a prefix of an earlier prompt is read, nothing to mark):
 * Gemini implicit, DeepSeek, DashScope implicit, BigModel. Each value carries its own source; what the provider does
 * not publish comes in as an `unconfirmed` Sourced value, shown as an assumption in Settings.
 */
export function automaticCache(facts: {
  source: string;
  date: string;
  minimum: Sourced<number>;
  ttl: Sourced<number>;
  /** Defaults to none (1), unconfirmed: no provider here publishes a block size for hits. */
  granularity?: Sourced<number>;
  /** Defaults to an unconfirmed yes: a hit keeps the prefix, as every documented automatic cache says. */
  refreshOnRead?: Sourced<boolean>;
}): ModelInfo["cache"] {
  const noBreakpoints = sourced(
    0,
    "documented",
    `${facts.source}: automatic prefix caching, no breakpoints`,
    facts.date,
  );
  return {
    kind: sourced<CacheRules["kind"]>("automatic-prefix", "documented", facts.source, facts.date),
    minimumCacheableTokens: facts.minimum,
    lookbackBlocks: noBreakpoints,
    maxBreakpoints: noBreakpoints,
    ttlSeconds: facts.ttl,
    refreshOnRead:
      facts.refreshOnRead ??
      sourced(true, "unconfirmed", `ASSUMPTION: ${facts.source} does not say; a hit keeps the prefix`),
    cachedTokenGranularity:
      facts.granularity ?? sourced(1, "unconfirmed", `${facts.source}: no block size published; none assumed`),
    // A miss is billed as plain input on all four: no separate write price on the automatic path.
    writesBilled: sourced(false, "documented", `${facts.source}: cache creation billed at the input price`, facts.date),
  };
}

/** A price table without a write fee, in the currency the provider publishes. */
export function automaticPrices(
  currency: PriceTable["currency"],
  perMillion: { input: number; cachedInput: number; output: number; storagePerHour?: number },
  provenance: { source: string; date: string; confidence: Confidence; note?: string },
): PriceTable {
  return {
    inputPerMillion: perMillion.input,
    cacheWrite5mPerMillion: perMillion.input,
    cacheWrite1hPerMillion: perMillion.input,
    cacheReadPerMillion: perMillion.cachedInput,
    outputPerMillion: perMillion.output,
    currency,
    ...(perMillion.storagePerHour !== undefined ? { storagePerMillionPerHour: perMillion.storagePerHour } : {}),
    ...provenance,
  };
}

/** No provider-native disclosure feature: these APIs take a plain `tools` list (full, stubs, gateway, naive-dynamic). */
export const PLAIN_TOOL_CAPABILITIES = {
  anthropicToolSearch: false,
  midConversationToolChanges: false,
  openaiToolSearch: false,
  namespaces: false,
  kimiDynamicTools: false,
  strictTools: false,
} as const;
