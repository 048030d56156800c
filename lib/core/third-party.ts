/** Where text from the tool catalog (third-party servers) lands in a request, and with what authority. */

/**
 * The place in the request: the `tools` array (definitions the provider renders as tools), a tool result (search
 * results, help pages, loaded schemas, expanded tool_reference blocks), a system message in the conversation (a
 * Kimi declaration, an Anthropic tool_addition) or the system prompt itself (tools written as text).
 */
export type ThirdPartyLanding = "tools" | "tool-result" | "system-message" | "system-prompt" | "message";

/** Consecutive segments of one request that carry catalog text, with where it lands and the wire role there. */
export type ThirdPartySpan = {
  /** Index of the first and last segment (inclusive) in the request's segment list. */
  from: number;
  to: number;
  /** Paths of the first and last segment, e.g. `tools[0]` … `tools[199]`. */
  fromPath: string;
  toPath: string;
  landing: ThirdPartyLanding;
  /** The role or item type the text has on the wire: `system`, `user`, `tool`, `function_call_output`, `tools`. */
  role: string;
  tokens: number;
};

/** Per run: how catalog text reaches the model over all its requests. */
export type ThirdPartySurface = {
  /** The landings seen, in the order they first appear. */
  landings: Array<{ landing: ThirdPartyLanding; role: string }>;
  /** The most catalog-text tokens in one request. */
  peakTokens: number;
  /** 1-based number of the first request that carries any, or null when none does. */
  firstRequest: number | null;
};
