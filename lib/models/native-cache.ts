/**
 * The provider-native explicit caches beside the implicit ones the engine models: Gemini's `cachedContents`
 * (created once with a TTL, storage billed per token-hour) and Qwen's `cache_control` markers (DashScope
 * compatible mode). Each fact carries its source; the ones no page states are labelled ASSUMPTION. The requests
 * themselves are built in lib/providers (gemini/cached-content.ts, qwen/explicit-cache.ts); this is their clock
 * and their price: which request creates, hits, misses below the minimum or finds its cache expired, and what
 * each costs in the model's currency.
 */
import type { ExplicitCacheStatus } from "../core/run";
import type { ExplicitCacheSummary } from "../core/run-summary";
import type { ExplicitCacheFacts, ModelInfo } from "./types";
import { sourced } from "./types";

const GEMINI_CACHING = "ai.google.dev/gemini-api/docs/caching";
const DASHSCOPE_CACHE = "alibabacloud.com/help/en/model-studio/context-cache (updated 2026-03-24)";

/** Gemini `cachedContents`, on every Gemini model of the table (ModelInfo.explicitCache). */
export const GEMINI_EXPLICIT_CACHE: ExplicitCacheFacts = {
  mechanism: "cached-content",
  minimumTokens: sourced(
    null,
    "unconfirmed",
    `ASSUMPTION: ${GEMINI_CACHING} gives one "minimum input token count for context caching" table; the model table's minimum (itself an editable assumption: the copies disagree) is used for explicit caches too`,
  ),
  ttlSeconds: sourced(3600, "documented", `${GEMINI_CACHING}: "If not set, the TTL defaults to 1 hour"`),
  refreshOnHit: sourced(
    false,
    "secondary",
    `${GEMINI_CACHING}: the expiry is set at creation (ttl or expire_time) and changed only by caches.update`,
  ),
  writeMultiplier: sourced(
    1,
    "secondary",
    "PROTOCOLS.md (Gemini, explicit cache): the tokens of cachedContents.create billed once at the input price",
  ),
  readMultiplier: sourced(null, "documented", "ai.google.dev/gemini-api/docs/pricing: context caching price"),
  storageBilled: sourced(
    true,
    "documented",
    `${GEMINI_CACHING}: "Storage duration: the amount of time cached tokens are stored (TTL), billed based on the TTL duration of cached token count"`,
  ),
};

/** Qwen's `cache_control` markers in compatible mode, on the Qwen models of the table. */
export const QWEN_EXPLICIT_CACHE: ExplicitCacheFacts = {
  mechanism: "cache-control-markers",
  minimumTokens: sourced(1024, "documented", `${DASHSCOPE_CACHE}: explicit cache minimum 1024 tokens`),
  ttlSeconds: sourced(300, "documented", `${DASHSCOPE_CACHE}: "5 minutes (resets on hit)"`),
  refreshOnHit: sourced(true, "documented", `${DASHSCOPE_CACHE}: "5 minutes (resets on hit)"`),
  writeMultiplier: sourced(1.25, "documented", `${DASHSCOPE_CACHE}: creation at 125% of the input price`),
  readMultiplier: sourced(0.1, "documented", `${DASHSCOPE_CACHE}: hits at 10% of the input price`),
  storageBilled: sourced(false, "documented", `${DASHSCOPE_CACHE}: no storage fee`),
};

/** The model's explicit cache, where its provider has one to show beside the implicit cache. */
export function explicitCacheFacts(model: Pick<ModelInfo, "explicitCache">): ExplicitCacheFacts | null {
  return model.explicitCache ?? null;
}

/** One request against an explicit cache: when it is sent, what the cache holds and what follows it. */
export type ExplicitCacheRequest = {
  atSeconds: number;
  /** What the cache holds (Gemini: the cached content's identity; Qwen: the prefix up to the marker). */
  cachedKey: string;
  cachedTokens: number;
  /** Input after the cached part, billed as plain input. */
  otherTokens: number;
  outputTokens: number;
};

export type { ExplicitCacheStatus } from "../core/run";

export type ExplicitCacheStep = {
  status: ExplicitCacheStatus;
  /** When the cache this request used stops serving, or null when none was made. */
  expiresAtSeconds: number | null;
  /** Amounts in the price table's currency. */
  cost: { uncached: number; cacheWrite: number; cacheRead: number; storage: number; output: number; total: number };
};

const MILLION = 1_000_000;

/**
 * Each request's status and price under the provider's explicit cache. A miss (first request, expiry, a changed
 * cached part) creates the cache: its tokens are billed at the write price and, where storage is billed, for the
 * whole TTL at once (ASSUMPTION: the object is kept until it expires; deleting it early bills less). The request
 * then reads them at the read price (Gemini) or, for Qwen, the creating request pays the write price alone for them.
 * Below the minimum nothing is cached: every token is plain input.
 */
export function explicitCacheTimeline(
  model: ModelInfo,
  requests: readonly ExplicitCacheRequest[],
  options: { ttlSeconds?: number } = {},
): ExplicitCacheStep[] {
  const next = explicitCacheClock(model, options);
  return requests.map((request) => next(request));
}

/**
 * The same clock one request at a time, for the engine's session: each call is the next request of the conversation
 * (in the order they are sent) and returns its status and price.
 */
export function explicitCacheClock(
  model: ModelInfo,
  options: { ttlSeconds?: number; minimumTokens?: number } = {},
): (request: ExplicitCacheRequest) => ExplicitCacheStep {
  const facts = explicitCacheFacts(model);
  if (!facts) throw new Error(`${model.provider} has no explicit cache`);
  const prices = model.prices;
  const ttl = options.ttlSeconds ?? facts.ttlSeconds.value;
  const minimum = options.minimumTokens ?? explicitCacheMinimum(model);
  const { write: writePrice, read: readPrice, storage: storagePrice } = explicitCachePrices(model);
  // Gemini's generateContent reads the object it names, even right after creating it; Qwen's creating request
  // writes the prefix and reads nothing.
  const readsOnCreate = facts.mechanism === "cached-content";
  let entry: { key: string; expiresAt: number } | null = null;
  return (request) => {
    const output = (request.outputTokens * prices.outputPerMillion) / MILLION;
    if (request.cachedTokens < minimum) {
      const uncached = ((request.cachedTokens + request.otherTokens) * prices.inputPerMillion) / MILLION;
      return {
        status: "below-minimum" as const,
        expiresAtSeconds: null,
        cost: { uncached, cacheWrite: 0, cacheRead: 0, storage: 0, output, total: uncached + output },
      };
    }
    const uncached = (request.otherTokens * prices.inputPerMillion) / MILLION;
    const live = entry !== null && request.atSeconds < entry.expiresAt;
    if (entry !== null && live && entry.key === request.cachedKey) {
      if (facts.refreshOnHit.value) entry.expiresAt = request.atSeconds + ttl;
      const cacheRead = (request.cachedTokens * readPrice) / MILLION;
      return {
        status: "hit" as const,
        expiresAtSeconds: entry.expiresAt,
        cost: { uncached, cacheWrite: 0, cacheRead, storage: 0, output, total: uncached + cacheRead + output },
      };
    }
    const status: ExplicitCacheStatus = entry === null ? "created" : live ? "changed" : "expired";
    entry = { key: request.cachedKey, expiresAt: request.atSeconds + ttl };
    const cacheWrite = (request.cachedTokens * writePrice) / MILLION;
    const cacheRead = readsOnCreate ? (request.cachedTokens * readPrice) / MILLION : 0;
    const storage = (request.cachedTokens * (ttl / 3600) * storagePrice) / MILLION;
    return {
      status,
      expiresAtSeconds: entry.expiresAt,
      cost: {
        uncached,
        cacheWrite,
        cacheRead,
        storage,
        output,
        total: uncached + cacheWrite + cacheRead + storage + output,
      },
    };
  };
}

/**
 * The shortest cached part the explicit cache takes: its own minimum, or the model table's, which the person's
 * override of the minimum (settings `cacheOverrides`) replaces where the explicit cache has no minimum of its own.
 */
export function explicitCacheMinimum(model: ModelInfo, overrideMinimum?: number): number {
  const facts = explicitCacheFacts(model);
  return facts?.minimumTokens.value ?? overrideMinimum ?? model.cache.minimumCacheableTokens.value;
}

/** Per million tokens (storage: per million per hour), in the price table's currency. */
export function explicitCachePrices(model: ModelInfo): { write: number; read: number; storage: number } {
  const facts = explicitCacheFacts(model);
  if (!facts) throw new Error(`${model.provider} has no explicit cache`);
  const prices = model.prices;
  return {
    write: prices.inputPerMillion * facts.writeMultiplier.value,
    read:
      facts.readMultiplier.value === null
        ? prices.cacheReadPerMillion
        : prices.inputPerMillion * facts.readMultiplier.value,
    storage: facts.storageBilled.value ? (prices.storagePerMillionPerHour ?? 0) : 0,
  };
}

/** What a run's steps need for the explicit-cache comparison: their clock, segments and tokens. */
export type ExplicitCacheRunStep = {
  clockSeconds: number;
  /** Set where the engine ran the explicit cache itself (settings `cacheMechanism`): then its figures are these. */
  explicitCache?: { status: ExplicitCacheStatus; storageUsd: number };
  cost?: { totalUsd: number };
  segments: ReadonlyArray<{ group: "tools" | "system" | "messages"; key: string; tokens: number }>;
  tokens: { input: number; output: number };
  rejected?: unknown;
  lane?: string;
};

/**
 * A run's main conversation under the provider's explicit cache instead of its implicit one: the cached part is
 * the system instruction and the tools (Gemini's cached content holds exactly these; for Qwen, a marker on the
 * system message, which the chat template renders after the tools); the conversation after it is plain input.
 * ASSUMPTION for Qwen: only that marker is counted (a marker on the last message would also cache the
 * conversation; how DashScope bills a hit on an earlier block plus a new block is not stated).
 */
export function explicitCacheForRun(
  model: ModelInfo,
  steps: readonly ExplicitCacheRunStep[],
  options: { ttlSeconds?: number } = {},
): { steps: ExplicitCacheStep[]; total: number; storage: number } {
  const requests = steps
    .filter((step) => !step.rejected && !step.lane)
    .map((step) => {
      const cached = step.segments.filter((segment) => segment.group !== "messages");
      const cachedTokens = cached.reduce((sum, segment) => sum + segment.tokens, 0);
      return {
        atSeconds: step.clockSeconds,
        cachedKey: cached.map((segment) => segment.key).join("|"),
        cachedTokens,
        otherTokens: Math.max(0, step.tokens.input - cachedTokens),
        outputTokens: step.tokens.output,
      };
    });
  const timeline = explicitCacheTimeline(model, requests, options);
  return {
    steps: timeline,
    total: timeline.reduce((sum, step) => sum + step.cost.total, 0),
    storage: timeline.reduce((sum, step) => sum + step.cost.storage, 0),
  };
}

/** The figures a view shows of a run under the explicit cache: cost, storage, and how many requests had each status. */
export function explicitCacheSummary(
  model: ModelInfo,
  steps: readonly ExplicitCacheRunStep[],
): ExplicitCacheSummary | null {
  const facts = explicitCacheFacts(model);
  if (!facts || steps.length === 0) return null;
  const recorded = recordedExplicitCache(steps);
  if (recorded) return { mechanism: facts.mechanism, ttlSeconds: facts.ttlSeconds.value, ...recorded };
  const run = explicitCacheForRun(model, steps);
  const statuses = { created: 0, hit: 0, expired: 0, changed: 0, "below-minimum": 0 };
  for (const step of run.steps) statuses[step.status] += 1;
  return {
    mechanism: facts.mechanism,
    ttlSeconds: facts.ttlSeconds.value,
    cost: run.total,
    storage: run.storage,
    statuses,
  };
}

/**
 * A run the engine sent under the explicit cache carries each request's status and price: its figures are those,
 * the same the steps show (null when the run used the implicit cache).
 */
export function recordedExplicitCache(
  steps: readonly ExplicitCacheRunStep[],
): Pick<ExplicitCacheSummary, "cost" | "storage" | "statuses"> | null {
  const main = steps.filter((step) => !step.rejected && !step.lane);
  if (main.length === 0 || !main.every((step) => step.explicitCache)) return null;
  const statuses = { created: 0, hit: 0, expired: 0, changed: 0, "below-minimum": 0 };
  for (const step of main) statuses[step.explicitCache!.status] += 1;
  return {
    cost: main.reduce((sum, step) => sum + (step.cost?.totalUsd ?? 0), 0),
    storage: main.reduce((sum, step) => sum + step.explicitCache!.storageUsd, 0),
    statuses,
  };
}
