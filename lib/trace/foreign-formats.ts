type Json = Record<string, unknown>;

/**
 * A popular log format that records an agent's conversation or its token counts, but not the requests as sent. The
 * cache is decided by the request body byte for byte (tools, system blocks, markers, order), so such a log cannot
 * be explained; the importer names it and says how to capture a trace that can.
 */
export type ForeignFormat = { id: string; name: string; records: string; lacks: string };

const CLAUDE_CODE_TRANSCRIPT: ForeignFormat = {
  id: "claude-code-transcript",
  name: "a Claude Code session transcript (~/.claude/projects/…/<session>.jsonl)",
  records: "the conversation's messages and each answer's usage",
  lacks: "the tools, the system prompt and the cache_control markers each request carried",
};

const OPENTELEMETRY: ForeignFormat = {
  id: "opentelemetry",
  name: "OpenTelemetry spans (GenAI semantic conventions: gen_ai.*)",
  records: "token counts and at most the messages, as span attributes",
  lacks: "the request bodies: tool definitions, system blocks and cache markers in the order they were sent",
};

const LANGFUSE: ForeignFormat = {
  id: "langfuse",
  name: "a Langfuse export (observations of type GENERATION)",
  records: "each generation's input messages, output and usage",
  lacks: "the request as the provider received it: its tools, system blocks and cache markers",
};

const LITELLM: ForeignFormat = {
  id: "litellm",
  name: "a LiteLLM spend or callback log (StandardLoggingPayload)",
  records: "the call in LiteLLM's own OpenAI-style form, with cost and usage",
  lacks: "the body LiteLLM sent on to the provider, after translating tools, system prompt and cache markers",
};

export const FOREIGN_FORMATS: readonly ForeignFormat[] = [CLAUDE_CODE_TRANSCRIPT, OPENTELEMETRY, LANGFUSE, LITELLM];

const TRANSCRIPT_TYPES = new Set(["user", "assistant", "summary", "system", "file-history-snapshot"]);

/** The foreign format one record (a JSONL line, an element of a JSON array, or a whole document) is in, or null. */
export function foreignFormatOf(value: Json): ForeignFormat | null {
  if (
    typeof value.type === "string" &&
    TRANSCRIPT_TYPES.has(value.type) &&
    ("sessionId" in value || "uuid" in value || "leafUuid" in value || "parentUuid" in value)
  )
    return CLAUDE_CODE_TRANSCRIPT;
  if ("resourceSpans" in value || "scopeSpans" in value) return OPENTELEMETRY;
  if (("spanId" in value || "span_id" in value || "traceID" in value) && hasGenAiAttribute(value)) return OPENTELEMETRY;
  if (value.type === "GENERATION" || ("traceId" in value && ("usageDetails" in value || "promptTokens" in value)))
    return LANGFUSE;
  if (Array.isArray(value.observations)) return LANGFUSE;
  if ("call_type" in value && ("response_cost" in value || "model_parameters" in value || "hidden_params" in value))
    return LITELLM;
  return null;
}

function hasGenAiAttribute(value: Json): boolean {
  const attributes = value.attributes ?? value.tags;
  return JSON.stringify(attributes ?? "").includes("gen_ai.");
}

/** Why a record in a foreign format is not read, for the list of skipped records. */
export function foreignRecordReason(format: ForeignFormat): string {
  return `${format.name}: it has ${format.records}, not the request that was sent`;
}

/** The error for a file that is wholly in a foreign format: what it is, what it lacks, how to capture a trace. */
export function foreignFormatError(format: ForeignFormat): string {
  return (
    `trace: this is ${format.name}. It records ${format.records}, but not ${format.lacks}, and the cache is ` +
    `decided by exactly those, so its misses cannot be explained. Capture the requests themselves instead: run the ` +
    `agent through mitmproxy (point its base URL, e.g. ANTHROPIC_BASE_URL or OPENAI_BASE_URL, at the proxy) and ` +
    `export a HAR, save a HAR from the browser's devtools, or log each request body with its response as JSON Lines ` +
    `(docs/TRACE.md).`
  );
}
