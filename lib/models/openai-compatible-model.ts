import { OPENAI_IN_MEMORY_RETENTION_SECONDS } from "./assumed-values";
import { PLAIN_TOOL_CAPABILITIES } from "./automatic-cache";
import { sourced, type ModelInfo } from "./types";

/**
 * A self-hosted or routed OpenAI-compatible endpoint (vLLM, Ollama, OpenRouter…): Chat Completions only, no
 * prices and no known cache rules, so every value is a placeholder the user sets.
 */
const SET_YOUR_OWN =
  "set your own: OpenAI-compatible servers (vLLM, Ollama, OpenRouter) differ; OpenAI's rules assumed";

export const OPENAI_COMPATIBLE_MODEL: ModelInfo = {
  id: "openai-compatible",
  provider: "openai-chat",
  label: "OpenAI-compatible server (vLLM, Ollama, OpenRouter…)",
  capabilities: PLAIN_TOOL_CAPABILITIES,
  tokenizer: "o200k",
  cache: {
    kind: sourced("automatic-prefix", "unconfirmed", SET_YOUR_OWN),
    minimumCacheableTokens: sourced(1024, "unconfirmed", SET_YOUR_OWN),
    lookbackBlocks: sourced(0, "unconfirmed", SET_YOUR_OWN),
    maxBreakpoints: sourced(0, "unconfirmed", SET_YOUR_OWN),
    ttlSeconds: sourced(OPENAI_IN_MEMORY_RETENTION_SECONDS, "unconfirmed", SET_YOUR_OWN),
    refreshOnRead: sourced(true, "unconfirmed", SET_YOUR_OWN),
    cachedTokenGranularity: sourced(1, "unconfirmed", SET_YOUR_OWN),
    writesBilled: sourced(false, "unconfirmed", SET_YOUR_OWN),
  },
  prices: {
    inputPerMillion: 0,
    cacheWrite5mPerMillion: 0,
    cacheWrite1hPerMillion: 0,
    cacheReadPerMillion: 0,
    outputPerMillion: 0,
    currency: "USD",
    source: "set your own: no prices for a self-hosted or routed endpoint",
    date: "n/a",
    confidence: "unconfirmed",
    note: "Set your own prices in Settings.",
  },
  notes: ["Token counts use o200k_base; the served model may tokenise differently."],
};
