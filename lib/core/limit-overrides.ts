/**
 * A person's values for provider limits (vocabulary shared by lib/scenario's settings and lib/models' limit table).
 * The limits themselves, with their sources, are in lib/models/model-limits.ts.
 */

/** The limits a person can change in the settings panel. */
export type LimitSettingKey = "contextWindow" | "maxTools" | "maxDeferredTools" | "maxRequestBytes";

/**
 * One model's overrides. A number replaces the limit; null removes it ("no limit"); absent keeps the table's value.
 * `deferredCountTowardMaxTools`: OpenAI Responses counts `defer_loading` functions toward its tool limit (UNCONFIRMED).
 */
export type LimitOverride = Partial<Record<LimitSettingKey, number | null>> & { deferredCountTowardMaxTools?: boolean };

/** Limit overrides per model, keyed "provider:model" (the same id can be served by two OpenAI APIs). */
export type LimitOverrides = Record<string, LimitOverride>;
