/**
 * The limit overrides a scenario's settings carry (`limitOverrides`). Declared here, with the settings, so the
 * scenario layer names them without importing lib/models (which sits above it); lib/models/model-limits.ts reads
 * them and re-exports them.
 */

/**
 * The limits a person can change in the settings panel: every number of ModelLimits, and two readings of OpenAI's
 * Responses API that no source settles (whether deferred functions count toward the tool limit, and whether a
 * namespace's member functions are held to the function-name pattern).
 */
export type LimitSettingKey = "contextWindow" | "maxTools" | "maxDeferredTools" | "maxRequestBytes";

/**
 * A person's values for one model's limits, kept in the scenario's settings (`limitOverrides`, keyed by
 * `limitOverrideKey`). A number replaces the limit; null removes it ("no limit"); absent keeps the table's value.
 */
export type LimitOverride = Partial<Record<LimitSettingKey, number | null>> & {
  deferredCountTowardMaxTools?: boolean;
  namespaceMembersFollowFunctionPattern?: boolean;
};

/** Limit overrides per model, keyed "provider:model" (the same id can be served by two OpenAI APIs). */
export type LimitOverrides = Record<string, LimitOverride>;
