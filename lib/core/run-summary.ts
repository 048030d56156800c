import type { EngineStep, ExplicitCacheMechanism, ExplicitCacheStatus, StepRejection, StrategyRun } from "./run";
import type { ThirdPartySpan } from "./third-party";
import type { Segment, SegmentCacheStatus, WireRequest } from "./wire";

/**
 * What the UI holds of a run. Request bodies and segment lists can be megabytes at 10,000 tools, so they stay
 * in the worker and are fetched per step (StepDetail) when the person looks at one.
 */
export type StepSummary = Omit<
  EngineStep,
  "request" | "response" | "segments" | "segmentStatus" | "thirdParty" | "cacheCreateRequest"
> & {
  segmentCount: number;
  requestBytes: number;
  /**
   * `requestBytes` of the request as the page's view receives it, when that view is shortened (a request of more than
   * 1,000 tool definitions, lib/workbench/summarise-run.ts `SHOWN_TOOL_LISTS`); absent when it is shown whole.
   */
  shownRequestBytes?: number;
};

/**
 * The run's main conversation under the provider's explicit cache (Gemini cachedContents, Qwen cache_control
 * markers) instead of the implicit one it was priced with: amounts in the model's currency
 * (lib/models/native-cache.ts).
 */
export type ExplicitCacheSummary = {
  mechanism: ExplicitCacheMechanism;
  ttlSeconds: number;
  cost: number;
  storage: number;
  statuses: Record<ExplicitCacheStatus, number>;
};

/**
 * `inProgress`: the requests made so far of a strategy whose run is still going (the request on screen, handed over
 * early); each step is final, the run's totals, goals and warnings are not and are not shown.
 */
export type RunSummary = Omit<StrategyRun, "steps"> & {
  steps: StepSummary[];
  explicitCache?: ExplicitCacheSummary;
  inProgress?: true;
};

export type StepDetail = {
  strategyId: StrategyRun["id"];
  stepIndex: number;
  request: WireRequest;
  /** Pretty-printed body, exactly what the Request panel shows and copies. */
  requestJson: string;
  /**
   * Set in the engine worker's answers, which leave `request.body` out: it is `requestJson` parsed, and crossing to
   * the page as objects would cost the page's thread far more than the text (≈ 16 MB of objects at 10,000 tools).
   * `withRequestBody` (lib/workbench/summarise-run.ts) gives it back, parsed on first read.
   */
  requestBodyOmitted?: true;
  /**
   * Set when `requestJson` is shortened for the view (the engine worker's answers for the page: tool lists longer
   * than SHOWN_TOOL_LISTS keep their first definitions and a note): how many definitions are left out, and the UTF-8
   * size of the whole text. Such a detail keeps `requestBodyOmitted` (no body); the whole detail is asked for to copy,
   * export or compare it.
   */
  requestJsonShortened?: { toolsLeftOut: number; bytes: number };
  /**
   * The request that made a new cache object before this one (Gemini `cachedContents.create`), pretty-printed (its
   * tool lists shortened as `requestJson`'s are); absent where none was made.
   */
  cacheCreate?: { url: string; json: string };
  /** The previous step's body, pretty-printed; null on the first step and in the engine worker's answers. */
  previousRequestJson: string | null;
  response: Record<string, unknown>;
  segments: Segment[];
  segmentStatus: SegmentCacheStatus[];
  /** The provider refuses this request: `response` is its error body. */
  rejected?: StepRejection;
  /** The segments that carry text from the tool catalog: where it lands and with what role. */
  thirdParty?: ThirdPartySpan[];
  /**
   * Index into `segments` where the previous request's content ends: every block from here on is new in this
   * request (its key is not in the previous request). `segments.length` when nothing is new; null for the first.
   */
  newFrom?: number | null;
};
