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
  /** The name of the object in use, and the key it was made for. */
  current: { key: string; name: string } | null;
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

export type ExplicitCacheOutcome = {
  request: WireRequest;
  create?: WireRequest;
  record: StepExplicitCache;
  tokens: StepTokens;
  cost: CostBreakdown;
  segmentStatus: SegmentCacheStatus[];
  divergence: Divergence | null;
};

/**
 * The cached part is what Gemini's cached content holds (system instruction and tools) and what Qwen's marker on
 * the system message covers (the chat template renders the tools before it): the segments outside `messages`.
 */
export function explicitCacheRequest(input: {
  session: ExplicitCacheSession;
  adapter: ProviderAdapter;
  model: ModelInfo;
  request: WireRequest;
  segments: readonly Segment[];
  /** The implicit cache's divergence, kept where the cached part changed (it names what changed). */
  divergence: Divergence | null;
  clockSeconds: number;
  tokens: StepTokens;
}): ExplicitCacheOutcome {
  const { session, adapter, model, segments, tokens } = input;
  const cachedSegments = segments.filter((segment) => segment.group !== "messages");
  const cachedTokens = cachedSegments.reduce((sum, segment) => sum + segment.tokens, 0);
  const key = cachedSegments.map((segment) => segment.key).join("|");
  const step: ExplicitCacheStep = session.next({
    atSeconds: input.clockSeconds,
    cachedKey: key,
    cachedTokens,
    otherTokens: Math.max(0, tokens.input - cachedTokens),
    outputTokens: tokens.output,
  });
  const mechanism = adapter.explicitCache!;
  const creates = step.status !== "hit" && step.status !== "below-minimum";
  if (creates) {
    session.made += 1;
    session.current = { key, name: `cachedContents/sim-${hashString(`${key}#${session.made}`).slice(0, 10)}` };
  }
  const cacheable = step.status !== "below-minimum";
  const name = cacheable && session.current ? session.current.name : undefined;
  const sent = adapter.explicitCacheRequests!(input.request, {
    model: model.id,
    ttlSeconds: session.ttlSeconds,
    name: name ?? "",
    create: creates,
    cacheable,
  });
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
  const divergence: Divergence | null =
    step.status === "hit"
      ? null
      : step.status === "expired"
        ? {
            segment: cachedSegments[0]?.path ?? "",
            segmentIndex: 0,
            kind: "ttl-expired",
            reason: `the explicit cache expired after its ${session.ttlSeconds}-second TTL: a new one is made`,
          }
        : input.divergence;
  return {
    request: sent.request,
    ...(sent.create ? { create: sent.create } : {}),
    record: {
      mechanism,
      status: step.status,
      ...(name && mechanism === "cached-content" ? { name } : {}),
      cachedTokens,
      ttlSeconds: session.ttlSeconds,
      expiresAtSeconds: step.expiresAtSeconds,
      storageUsd: step.cost.storage,
      storagePerHourUsd: creates && cacheable ? (cachedTokens * session.storagePerMillionPerHour) / 1_000_000 : 0,
    },
    tokens: stepTokens,
    cost,
    segmentStatus,
    divergence,
  };
}
