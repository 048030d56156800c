/**
 * Values the model table had to choose because PROTOCOLS.md leaves them open. They live here once, so the model
 * rows and the labelled settings in `assumptions.ts` cannot drift apart.
 */

/**
 * Kimi's minimum cacheable length is UNCONFIRMED (PROTOCOLS.md §5.3, item 14): entries are stored in blocks of an
 * unstated size. 256 sits between block-based caches with small blocks and OpenAI's 1024, so short demo
 * conversations still show hits; it is a labelled setting.
 */
export const KIMI_ASSUMED_MINIMUM_CACHEABLE_TOKENS = 256;

/** Kimi entries live 1 hour after the last write or hit (PROTOCOLS.md §3.4, secondary). */
export const KIMI_CACHE_TTL_SECONDS = 3_600;

/**
 * OpenAI in-memory retention is "usually 5–10 minutes of inactivity, at most 1 hour" (PROTOCOLS.md §5.2); the
 * upper end of the usual range is taken.
 */
export const OPENAI_IN_MEMORY_RETENTION_SECONDS = 600;

/**
 * gpt-5.5 supports only `24h` retention, and GPT-5.6 reports that a prefix stays eligible "for 30 minutes after
 * its most recent write or reuse"; extended retention is "typically … around 30 minutes … up to 24 hours"
 * (PROTOCOLS.md §5.2, secondary). 30 minutes is what a user can expect, not the 24-hour ceiling.
 */
export const OPENAI_EXTENDED_RETENTION_SECONDS = 1_800;

/**
 * Cached counts come in 128-token increments in an older OpenAI doc only (§5.2): legacy, off by default (set
 * `cachedTokenGranularity: 128` in the cache overrides to model it).
 */
export const OPENAI_CACHED_TOKEN_GRANULARITY = 1;
