import type { WireName } from "./catalog";
import type { ProviderId, StrategyId } from "./ids";
import type { ThirdPartySpan, ThirdPartySurface } from "./third-party";
import type { Divergence, EngineWarning, Segment, SegmentCacheStatus, WireRequest } from "./wire";

/** What a request is for, shown on the stepper's timeline (search → load → call → answer). */
export type StepKind = "search" | "load" | "call" | "retry" | "answer";

export type StepTokens = {
  /** Every prompt token of the request: cacheRead + cacheWrite + uncached. */
  input: number;
  cacheRead: number;
  cacheWrite: number;
  uncached: number;
  /**
   * Of `uncached`, the tokens the cache keeps for the next request although no write is billed or reported (OpenAI
   * before GPT-5.6, Kimi K2.x): the provider reports them as plain input. Absent when there are none.
   */
  cacheStored?: number;
  toolDefinitions: number;
  output: number;
};

export type CostBreakdown = {
  uncachedUsd: number;
  cacheReadUsd: number;
  cacheWriteUsd: number;
  outputUsd: number;
  totalUsd: number;
};

/**
 * What a scripted tool change (a scenario turn's `toolChange`) did before this request: "removal-message" an
 * appended `tool_removal`, "messages" an earlier declaration message edited, "tools" the top-level array edited,
 * "none" nothing (the tool was not declared, or already was).
 */
export type StepToolChange = {
  change: "remove" | "insert";
  tool: string;
  where: "removal-message" | "messages" | "tools" | "none";
};

export type EngineStep = {
  index: number;
  /** 0-based index of the scripted user turn this request belongs to. */
  turn: number;
  kind: StepKind;
  /** Short words for the timeline: "search 'weather'", "call get_weather". */
  title: string;
  /** Seconds since the first request on the scenario's clock. */
  clockSeconds: number;
  request: WireRequest;
  /** The simulated provider response to this request, in the provider's wire format. */
  response: Record<string, unknown>;
  segments: Segment[];
  /** Parallel to `segments`. */
  segmentStatus: SegmentCacheStatus[];
  tokens: StepTokens;
  divergence: Divergence | null;
  cost: CostBreakdown;
  /** What happened, in words: misses, validation errors, retries. */
  notes: string[];
  warnings: EngineWarning[];
  /** Set when the provider would refuse this request: then `cost` is zero and `response` is its error body. */
  rejected?: StepRejection;
  /**
   * The second conversation that sent this request when a strategy runs two (a prefilter's small model, a
   * sub-agent), each with its own cache; absent for the main conversation. Totals sum both.
   */
  lane?: string;
  /** The segments that carry text from the tool catalog (third-party servers): where it lands, with what role. */
  thirdParty?: ThirdPartySpan[];
  /** The scripted tool change made just before this request, which its cache figures show the effect of. */
  toolChange?: StepToolChange;
  /** Set when the scenario chose the provider's explicit cache (settings `cacheMechanism`): what it did. */
  explicitCache?: StepExplicitCache;
  /**
   * The request that made a new cache object before this one (Gemini `cachedContents.create`), shown as a request of
   * its own; absent where none was made.
   */
  cacheCreateRequest?: WireRequest;
};

/** A provider's explicit cache: Gemini's cached content objects, or `cache_control` markers (Qwen). */
export type ExplicitCacheMechanism = "cached-content" | "cache-control-markers";

/**
 * What one request did with the explicit cache: made it (first request), made a new one (the cached part changed, or
 * the old one expired), read it, or nothing (below the minimum).
 */
export type ExplicitCacheStatus = "created" | "hit" | "expired" | "changed" | "below-minimum";

export type StepExplicitCache = {
  mechanism: ExplicitCacheMechanism;
  status: ExplicitCacheStatus;
  /** The cached content object the request names (Gemini); absent for markers. */
  name?: string;
  /** Tokens of the cached part (system instruction and tools). */
  cachedTokens: number;
  ttlSeconds: number;
  /** When the cache stops serving, on the scenario's clock; null when none was made. */
  expiresAtSeconds: number | null;
  /** Storage billed for the object this request made, for its whole TTL (part of `cost.cacheWriteUsd`). */
  storageUsd: number;
  /** The storage price of that object per hour, in the model's currency. */
  storagePerHourUsd: number;
};

export type StrategyTotals = {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  uncached: number;
  output: number;
  requests: number;
  costUsd: number;
  cacheHitRateByTokens: number;
  cacheHitRateByRequests: number;
  toolsFound: number;
  toolsNeeded: number;
  toolDefinitions: number;
  /** 1-based number of the request the provider refuses, when one is: the run stops there ("fails at request N"). */
  failsAtRequest?: number;
};

/** The three goals of seed 001 §3: which ones a strategy meets. */
export type GoalVerdicts = {
  noToolsUpFront: boolean;
  stableToolList: boolean;
  nativeStrictSchema: boolean;
};

export type StrategyRun = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  /** Set when the combination is impossible; then `steps` is empty. */
  refused?: { reason: string };
  steps: EngineStep[];
  totals: StrategyTotals;
  goals: GoalVerdicts;
  /** How text from the tool catalog reaches the model over the run (the injection surface). */
  thirdParty?: ThirdPartySurface;
  /** How the token counts were made: exact tokenizer or a labelled estimate. */
  tokenCounting: { exact: boolean; label: string };
  warnings: EngineWarning[];
  /**
   * The tool names this run sent as wire names (settings `toolNameMapping: "wire"`), each with the catalog's own
   * name: the run's requests, searches, calls and transcript use the wire names. Absent when no name was mapped.
   */
  wireNames?: WireName[];
};

/** Which provider limit a rejected request broke (see lib/providers/limits.ts and lib/models/model-limits.ts). */
export type LimitId =
  | "context-window"
  | "tool-count"
  | "deferred-tool-count"
  | "tool-name"
  | "tool-schema"
  | "request-size"
  | "cache-breakpoints";

/**
 * A request the provider would refuse before reading it: the HTTP status and error it answers with. A rejected
 * step is not priced (it costs nothing) and ends the run, as it would end a real agent's.
 */
export type StepRejection = {
  status: number;
  /** The provider's error type, e.g. `invalid_request_error`. */
  type: string;
  /** OpenAI's error code and param, e.g. `array_above_max_length` on `tools`. */
  code?: string;
  param?: string;
  /** The provider's error message. */
  reason: string;
  limit: LimitId;
  /** Where the limit comes from, and how sure that is. */
  source: string;
  confidence: "documented" | "secondary" | "unconfirmed";
  /** True when `reason` is the provider's wording as seen in its docs or users' reports; false when composed. */
  messageVerbatim: boolean;
  provider: ProviderId;
  model: string;
};
