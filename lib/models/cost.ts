import type { CostBreakdown } from "../core";
import type { CacheTtl } from "../scenario/types";
import type { PriceTable } from "./types";

export const PRICE_TABLE_NOTE =
  "Prices per million tokens, USD; each row carries its source and date; edit them in Settings.";

export type BilledTokens = { uncached: number; cacheRead: number; cacheWrite: number; output: number };

export type CostOptions = {
  /** Which write price applies: Anthropic (and Kimi K3) price 5-minute and 1-hour writes differently. */
  ttl: CacheTtl;
  /**
   * False where the provider does not bill writes separately (OpenAI before GPT-5.6, Kimi K2.x; PROTOCOLS.md
   * §5.2, §3.4): the tokens written are still paid for, as plain input.
   */
  writesBilled: boolean;
};

const TOKENS_PER_MILLION = 1_000_000;

export function computeCost(tokens: BilledTokens, prices: PriceTable, options: CostOptions): CostBreakdown {
  const writePerMillion = !options.writesBilled
    ? prices.inputPerMillion
    : options.ttl === "1h"
      ? prices.cacheWrite1hPerMillion
      : prices.cacheWrite5mPerMillion;
  const uncachedUsd = (tokens.uncached * prices.inputPerMillion) / TOKENS_PER_MILLION;
  const cacheReadUsd = (tokens.cacheRead * prices.cacheReadPerMillion) / TOKENS_PER_MILLION;
  const cacheWriteUsd = (tokens.cacheWrite * writePerMillion) / TOKENS_PER_MILLION;
  const outputUsd = (tokens.output * prices.outputPerMillion) / TOKENS_PER_MILLION;
  return {
    uncachedUsd,
    cacheReadUsd,
    cacheWriteUsd,
    outputUsd,
    totalUsd: uncachedUsd + cacheReadUsd + cacheWriteUsd + outputUsd,
  };
}

/**
 * What keeping an explicit cache costs by the hour (Gemini `cachedContents`, BigModel's cache storage), in the price
 * table's currency: tokens × hours × the storage price per million tokens per hour. Zero where storage is not billed.
 */
export function storageCost(tokens: number, hours: number, prices: PriceTable): number {
  return (tokens * hours * (prices.storagePerMillionPerHour ?? 0)) / TOKENS_PER_MILLION;
}
