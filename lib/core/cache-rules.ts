export type CacheTtl = "5m" | "1h";

/**
 * The documented caching rules of one provider/model, all overridable in settings because several are
 * UNCONFIRMED (see PROTOCOLS.md §5 and the labels in lib/models).
 */
export type CacheRules = {
  /** "explicit-breakpoints": Anthropic (entries exist only at breakpoints, with lookback);
   *  "automatic-prefix": OpenAI and Moonshot (every prompt prefix is cached automatically). */
  kind: "explicit-breakpoints" | "automatic-prefix";
  /** Prompts (prefixes) shorter than this are silently not cached. */
  minimumCacheableTokens: number;
  /** Anthropic: how many blocks before a breakpoint are checked for an earlier entry (about 20). */
  lookbackBlocks: number;
  /** Anthropic: at most this many breakpoints per request (4). */
  maxBreakpoints: number;
  /** How long an entry lives after its last write or read, in seconds. */
  ttlSeconds: number;
  /** Whether a read refreshes the entry's lifetime. */
  refreshOnRead: boolean;
  /** OpenAI legacy: cached token counts come in these increments above the minimum (128), or 1 for none. */
  cachedTokenGranularity: number;
  /** Whether writing to the cache is billed separately (Anthropic always; OpenAI GPT-5.6+; Kimi K3). */
  writesBilled: boolean;
};
