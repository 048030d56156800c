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
 * Cached counts come in 128-token increments for models before GPT-5.6 (OpenAI cookbook, Prompt Caching 201;
 * PROTOCOLS §9): on by default for those models, a labelled assumption because the current guide no longer says it.
 */
export const OPENAI_LEGACY_CACHED_TOKEN_GRANULARITY = 128;

/**
 * Gemini's implicit cache lifetime is not published ("send requests with similar prefix in a short amount of time",
 * PROTOCOLS.md Gemini): 5 minutes assumed, a labelled setting.
 */
export const GEMINI_ASSUMED_IMPLICIT_TTL_SECONDS = 300;

/**
 * DeepSeek's disk cache is cleared "usually within a few hours to days" when unused (PROTOCOLS.md DeepSeek): the low
 * end, 3 hours, is assumed.
 */
export const DEEPSEEK_ASSUMED_TTL_SECONDS = 10_800;

/**
 * DashScope's implicit cache has no guaranteed lifetime ("the system periodically clears unused cached data"):
 * 5 minutes assumed, as long as its explicit cache lives.
 */
export const QWEN_ASSUMED_IMPLICIT_TTL_SECONDS = 300;

/** BigModel publishes neither the minimum nor the lifetime of its automatic cache: 1,024 tokens and 5 minutes assumed. */
export const GLM_ASSUMED_MINIMUM_CACHEABLE_TOKENS = 1_024;
export const GLM_ASSUMED_TTL_SECONDS = 300;
