import type { ProviderId, StrategyId } from "./ids";
import type { Divergence, EngineWarning, Segment, SegmentCacheStatus, WireRequest } from "./wire";

/** What a request is for, shown on the stepper's timeline (search → load → call → answer). */
export type StepKind = "search" | "load" | "call" | "retry" | "answer";

export type StepTokens = {
  /** Every prompt token of the request: cacheRead + cacheWrite + uncached. */
  input: number;
  cacheRead: number;
  cacheWrite: number;
  uncached: number;
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
  /** How the token counts were made: exact tokenizer or a labelled estimate. */
  tokenCounting: { exact: boolean; label: string };
  warnings: EngineWarning[];
};
