import type { TranscriptBlock } from "./transcript";

/** The prompt and output tokens a provider reported for one request, in the engine's terms. */
export type MeasuredUsage = {
  /** Every prompt token: uncached + cacheRead + cacheWrite. */
  input: number;
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
  /** Reasoning/thinking tokens inside `output`, when the provider says. */
  reasoning?: number;
};

/** A real provider response read back into transcript blocks, with the assistant turn in the provider's own form. */
export type ReadReply = {
  blocks: TranscriptBlock[];
  /** The assistant turn in the provider's own input form (Anthropic content, Responses items, a chat message). */
  raw: unknown;
  /** The model paused a server-side tool loop and expects the same request continued (Anthropic `pause_turn`). */
  paused: boolean;
  /** Soft problems: unparseable arguments, blocks the transcript cannot hold. */
  notes: string[];
};

export type PreviewPartKind = "text" | "tool-call" | "search" | "search-result" | "thinking" | "other";

export type PreviewEvent =
  { type: "part"; part: number; kind: PreviewPartKind; name?: string } | { type: "delta"; part: number; text: string };

/** Folds a provider's stream events into its complete response body, emitting previews on the way. */
export interface StreamAccumulator {
  push(event: Record<string, unknown>): void;
  /** The response as a non-streaming call would have returned it (best effort when the stream was cut). */
  result(): Record<string, unknown>;
}
