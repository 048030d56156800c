import type { CacheRules } from "../core/cache-rules";
import type { Divergence, EngineWarning, Segment, SegmentCacheStatus } from "../core/wire";

export type { CacheRules };

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
