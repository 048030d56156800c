/** What a request is made of, provider-neutrally: the wire request, its blocks in cache order, and divergences. */

/** The exact HTTP request a client would send. Keys never appear here: headers carry a placeholder. */
export type WireRequest = {
  method: "POST";
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
};

/** Where in the provider's cache order a block sits. */
export type SegmentGroup = "tools" | "system" | "messages";

/**
 * One block of the request in the provider's cache order (Anthropic: tools[i] → system → messages[j].content[k]).
 * Two consecutive requests share a block exactly when their `key`s are equal and every earlier key is equal too.
 */
export type Segment = {
  /** JSON-ish path into the wire body, e.g. `tools[3]` or `messages[2].content[0]`. */
  path: string;
  /** Plain words for the UI: "tool get_weather", "user turn 2", "tool_result for load_tool_schemas". */
  label: string;
  group: SegmentGroup;
  /** Stable hash of the block's exact contribution to the prompt. */
  key: string;
  tokens: number;
  /** The part of `tokens` that is tool definitions (top-level or loaded into the conversation). */
  toolDefinitionTokens: number;
  /** A cache breakpoint sits on this block (explicit `cache_control`, or the automatic one). */
  breakpoint: boolean;
  /**
   * Present in the body but not in the model's prompt (Anthropic `defer_loading` tools): they cost no tokens and
   * do not take part in prefix matching until a search expands them inline.
   */
  outsidePrompt?: boolean;
};

export type SegmentCacheStatus = "read" | "write" | "uncached" | "invalidated";

export type DivergenceKind =
  | "changed"
  | "inserted"
  | "removed"
  | "ttl-expired"
  | "below-minimum"
  | "lookback-exceeded"
  | "no-breakpoint"
  | "first-request";

export type Divergence = {
  /** The segment path where the prefix stops matching, e.g. `tools[3]`. */
  segment: string;
  segmentIndex: number;
  kind: DivergenceKind;
  /** A sentence for people: "tools[3] changed: the whole cache is invalidated". */
  reason: string;
};

/** A soft problem with a request or a run, de-duplicated by `code`. */
export type EngineWarning = { code: string; message: string };
