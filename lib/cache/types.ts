import type { Divergence, EngineWarning, Segment, SegmentCacheStatus } from "../engine/types";

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

export type CacheEntry = { prefixKey: string; tokens: number; expiresAtSeconds: number };

/** automatic-prefix: one earlier request whose whole prompt is an entry; any prefix of it can be read. */
export type CachedPrompt = { entry: CacheEntry; segments: readonly Segment[] };

/** The provider's cache as the simulation knows it after some requests. Immutable: each step returns a new one. */
export type CacheState = {
  entries: ReadonlyMap<string, CacheEntry>;
  /** Segments of the previous request, for naming the first divergence. */
  previousSegments: readonly Segment[] | null;
  /** automatic-prefix only: the earlier prompts still worth matching against (see lib/cache/automatic-prefix.ts). */
  prompts?: readonly CachedPrompt[];
  /** How many leading prompt blocks of the previous request were read from or written to the cache. */
  previousCachedBlockCount?: number;
};

export type CacheEvaluation = {
  segmentStatus: SegmentCacheStatus[];
  cacheRead: number;
  cacheWrite: number;
  uncached: number;
  divergence: Divergence | null;
  nextState: CacheState;
  /** Soft problems with the request's cache markers (e.g. more breakpoints than the provider allows). */
  warnings?: EngineWarning[];
};
