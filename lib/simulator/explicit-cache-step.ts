/**
 * A request under the provider's explicit cache (settings `cacheMechanism: "explicit"`): the adapter turns the
 * rendered request into the ones sent (Gemini: `cachedContents.create` where a new object is made, then
 * `generateContent` naming it; Qwen: `cache_control` markers), and the step's tokens and cost come from the explicit
 * cache's clock in lib/models/native-cache.ts, the same arithmetic as the run's explicit-cache summary, so the words
 * and the figures read one value.
 */
import { hashString } from "../cache/hash-string";
import type {
  CostBreakdown,
  Divergence,
  ExplicitCacheStatus,
  Segment,
  SegmentCacheStatus,
  StepExplicitCache,
  StepTokens,
  WireRequest,
} from "../core";
import {
  explicitCacheClock,
  explicitCacheFacts,
  explicitCacheMinimum,
  explicitCachePrices,
} from "../models/native-cache";
import type { ExplicitCacheStep } from "../models/native-cache";
import type { ModelInfo } from "../models/types";
import type { ProviderAdapter } from "../providers";
import type { ScenarioSettings } from "../scenario/types";

/** One conversation's explicit cache: its clock and the object it holds now. */
export type ExplicitCacheSession = {
  readonly ttlSeconds: number;
  readonly minimum: number;
  readonly storagePerMillionPerHour: number;
  next: ReturnType<typeof explicitCacheClock>;
  /** The object in use: the key it was made for, its name and when it stops serving. */
  current: { key: string; name: string; expiresAt: number } | null;
  made: number;
};

/** The explicit cache of a conversation on this model, or null when the scenario or the provider has none. */
export function openExplicitCache(
  adapter: Pick<ProviderAdapter, "explicitCache" | "explicitCacheRequests">,
  model: ModelInfo,
  settings: Pick<ScenarioSettings, "cacheMechanism" | "cacheOverrides">,
): ExplicitCacheSession | null {
  const facts = explicitCacheFacts(model);
  if (settings.cacheMechanism !== "explicit" || !adapter.explicitCache || !adapter.explicitCacheRequests || !facts)
    return null;
  const minimum = explicitCacheMinimum(model, settings.cacheOverrides?.minimumCacheableTokens);
  return {
    ttlSeconds: facts.ttlSeconds.value,
    minimum,
    storagePerMillionPerHour: explicitCachePrices(model).storage,
    next: explicitCacheClock(model, { minimumTokens: minimum }),
    current: null,
    made: 0,
  };
}

/**
 * What the request does with the explicit cache, decided before it is sent (a live run sends the create request
 * first): the requests themselves, the cached part and the expected status. Nothing of the session changes.
 */
export type ExplicitCachePlan = {
  request: WireRequest;
  create?: WireRequest;
  key: string;
  cachedTokens: number;
  status: ExplicitCacheStatus;
  /** The object the request names (a new one where it is made). */
  name?: string;
};

/**
 * The cached part is what Gemini's cached content holds (system instruction and tools) and what Qwen's marker on
 * the system message covers (the chat template renders the tools before it): the segments outside `messages`.
 */
export function planExplicitCache(input: {
  session: ExplicitCacheSession;
  adapter: ProviderAdapter;
  model: ModelInfo;
  request: WireRequest;
  segments: readonly Segment[];
  clockSeconds: number;
}): ExplicitCachePlan {
  const { session, segments, clockSeconds } = input;
  const cachedSegments = segments.filter((segment) => segment.group !== "messages");
  const cachedTokens = cachedSegments.reduce((sum, segment) => sum + segment.tokens, 0);
  const key = cachedSegments.map((segment) => segment.key).join("|");
  const current = session.current;
  const live = current !== null && clockSeconds < current.expiresAt;
  const status: ExplicitCacheStatus =
    cachedTokens < session.minimum
      ? "below-minimum"
      : live && current.key === key
        ? "hit"
        : current === null
          ? "created"
          : live
            ? "changed"
            : "expired";
  const creates = status !== "hit" && status !== "below-minimum";
  const name = creates
    ? `cachedContents/sim-${hashString(`${key}#${session.made + 1}`).slice(0, 10)}`
    : status === "hit"
      ? current!.name
      : undefined;
  const sent = input.adapter.explicitCacheRequests!(input.request, {
    model: input.model.id,
    ttlSeconds: session.ttlSeconds,
    name: name ?? "",
    create: creates,
    cacheable: status !== "below-minimum",
  });
  return {
    request: sent.request,
    ...(sent.create ? { create: sent.create } : {}),
    key,
    cachedTokens,
    status,
    ...(name ? { name } : {}),
  };
}

export type ExplicitCacheOutcome = {
  record: StepExplicitCache;
  tokens: StepTokens;
  cost: CostBreakdown;
  segmentStatus: SegmentCacheStatus[];
  divergence: Divergence | null;
};

/** The planned request once answered: the clock moves on, and its tokens and price are the explicit cache's. */
export function priceExplicitCache(input: {
  session: ExplicitCacheSession;
  adapter: ProviderAdapter;
  plan: ExplicitCachePlan;
  segments: readonly Segment[];
  /** The implicit cache's divergence, kept where the cached part changed (it names what changed). */
  divergence: Divergence | null;
  clockSeconds: number;
  tokens: StepTokens;
}): ExplicitCacheOutcome {
  const { session, plan, segments, tokens } = input;
  const { cachedTokens } = plan;
  const step: ExplicitCacheStep = session.next({
    atSeconds: input.clockSeconds,
    cachedKey: plan.key,
    cachedTokens,
    otherTokens: Math.max(0, tokens.input - cachedTokens),
    outputTokens: tokens.output,
  });
  if (step.status !== plan.status)
    throw new Error(`explicit cache: planned ${plan.status}, the clock says ${step.status}`);
  const mechanism = input.adapter.explicitCache!;
  const creates = step.status !== "hit" && step.status !== "below-minimum";
  const cacheable = step.status !== "below-minimum";
  if (creates) {
    session.made += 1;
    session.current = { key: plan.key, name: plan.name ?? "", expiresAt: step.expiresAtSeconds ?? 0 };
  } else if (step.status === "hit" && session.current) session.current.expiresAt = step.expiresAtSeconds ?? 0;
  // Gemini's generateContent reads the object it names, on the request right after creating it too: its usage
  // reports the cached part as cachedContentTokenCount; the creation is billed on the create request (cacheWriteUsd).
  // Qwen's creating request reports the marked prefix as created, a hit as cached.
  const readsOnCreate = mechanism === "cached-content";
  const read = !cacheable ? 0 : step.status === "hit" || readsOnCreate ? cachedTokens : 0;
  const written = cacheable && creates && !readsOnCreate ? cachedTokens : 0;
  const stepTokens: StepTokens = {
    input: tokens.input,
    cacheRead: read,
    cacheWrite: written,
    uncached: tokens.input - read - written,
    toolDefinitions: tokens.toolDefinitions,
    output: tokens.output,
  };
  const cost: CostBreakdown = {
    uncachedUsd: step.cost.uncached,
    cacheReadUsd: step.cost.cacheRead,
    cacheWriteUsd: step.cost.cacheWrite + step.cost.storage,
    outputUsd: step.cost.output,
    totalUsd: step.cost.total,
  };
  const cachedStatus: SegmentCacheStatus = !cacheable ? "uncached" : read > 0 ? "read" : "write";
  const segmentStatus = segments.map((segment) => (segment.group === "messages" ? "uncached" : cachedStatus));
  // A hit diverges nowhere; an expiry is the object's TTL, whatever the implicit cache would have said; otherwise
  // the implicit cache's divergence names what is new (the first request, the changed tool).
  const firstCached = segments.find((segment) => segment.group !== "messages");
  const divergence: Divergence | null =
    step.status === "hit"
      ? null
      : step.status === "expired"
        ? {
            segment: firstCached?.path ?? "",
            segmentIndex: 0,
            kind: "ttl-expired",
            reason: `the explicit cache expired after its ${session.ttlSeconds}-second TTL: a new one is made`,
          }
        : input.divergence;
  return {
    record: {
      mechanism,
      status: step.status,
      ...(plan.name && mechanism === "cached-content" ? { name: plan.name } : {}),
      cachedTokens,
      ttlSeconds: session.ttlSeconds,
      expiresAtSeconds: step.expiresAtSeconds,
      storageUsd: step.cost.storage,
      storagePerHourUsd: creates ? (cachedTokens * session.storagePerMillionPerHour) / 1_000_000 : 0,
    },
    tokens: stepTokens,
    cost,
    segmentStatus,
    divergence,
  };
}
