import type { CacheRules } from "../cache/types";
import type { ProviderId } from "../core/ids";
import type { TokenizerKind } from "../tokens/constants";

/**
 * How sure a fact is, following PROTOCOLS.md: "documented" = a provider's own docs or SDK; "secondary" = a third
 * party quoting or measuring them; "unconfirmed" = no source, a placeholder the UI must label as such.
 */
export type Confidence = "documented" | "secondary" | "unconfirmed";

export type Sourced<T> = { value: T; source: string; date?: string; confidence: Confidence };

/** The currency a provider publishes its prices in: DashScope China and BigModel in CNY, the others in USD. */
export type Currency = "USD" | "CNY";

/**
 * Prices per million tokens, in `currency`. Where writes are not billed separately, the write columns equal
 * `inputPerMillion`.
 */
export type PriceTable = {
  inputPerMillion: number;
  cacheWrite5mPerMillion: number;
  cacheWrite1hPerMillion: number;
  cacheReadPerMillion: number;
  outputPerMillion: number;
  currency: Currency;
  /**
   * Explicit cached content kept by the hour (Gemini `cachedContents`, BigModel's cache storage), per million
   * tokens per hour, or absent where storage is not billed.
   */
  storagePerMillionPerHour?: number;
  source: string;
  date: string;
  confidence: Confidence;
  note?: string;
};

export type ModelCapabilities = {
  /** Anthropic Tool Search Tool, regex and BM25 (PROTOCOLS.md §1.1). */
  anthropicToolSearch: boolean;
  /** Anthropic `tool_addition` / `tool_removal` in mid-conversation system messages, beta (§4.2). */
  midConversationToolChanges: boolean;
  /** OpenAI Responses `tool_search` with `defer_loading`, gpt-5.4 and later (§2.1). */
  openaiToolSearch: boolean;
  /** OpenAI Responses `namespace` tools (§2.1). */
  namespaces: boolean;
  /** Kimi dynamic tool loading through `{role:"system", tools:[…]}` messages, K3 only (§3.1). */
  kimiDynamicTools: boolean;
  /** The provider can enforce a tool's schema while decoding (`strict`). */
  strictTools: boolean;
};

export type ModelInfo = {
  /** The model id as the provider spells it in requests. */
  id: string;
  provider: ProviderId;
  label: string;
  capabilities: ModelCapabilities;
  tokenizer: TokenizerKind;
  cache: { [K in keyof CacheRules]: Sourced<CacheRules[K]> };
  /** Anthropic: extra system-prompt tokens added when `tools` is non-empty, per `tool_choice` (§5.1). */
  toolUseSystemPromptTokens?: Sourced<{ auto: number; any: number }>;
  prices: PriceTable;
  /**
   * Models that always reason and must get their reasoning back (Moonshot's thinking models): the client replays
   * `reasoning_content` on assistant tool-call turns, and sends these request fields.
   */
  reasoning?: Sourced<{
    /** Assistant messages with tool_calls are refused without `reasoning_content` (400 "reasoning_content is missing"). */
    replayOnToolCalls: boolean;
    /** `reasoning_effort` to send, or null to leave it out. */
    effort: string | null;
    /** Which field carries the output limit. */
    maxTokensField: "max_tokens" | "max_completion_tokens";
  }>;
  notes?: string[];
  /** An explicit cache beside the implicit one (Gemini cachedContents, Qwen cache_control), lib/models/native-cache.ts. */
  explicitCache?: ExplicitCacheFacts;
};

export type ExplicitCacheFacts = {
  mechanism: "cached-content" | "cache-control-markers";
  /** Shortest cacheable prefix; null = the model table's minimum (Gemini states one table for both modes). */
  minimumTokens: Sourced<number | null>;
  ttlSeconds: Sourced<number>;
  /** Whether a hit starts the lifetime again (Qwen) or the expiry is fixed at creation (Gemini). */
  refreshOnHit: Sourced<boolean>;
  /** Creating the cache, as a multiple of the input price. */
  writeMultiplier: Sourced<number>;
  /** Reading it, as a multiple of the input price; null = the model table's cached-input price. */
  readMultiplier: Sourced<number | null>;
  /** Storage per million tokens per hour from the price table (`storagePerMillionPerHour`), billed for the TTL. */
  storageBilled: Sourced<boolean>;
};

/** A fact the engine depends on that PROTOCOLS.md could not confirm, shown as a labelled, editable setting. */
export type Assumption = {
  id: string;
  label: string;
  defaultValue: string | number | boolean;
  source: string;
  confidence: Confidence;
  /** What in the simulation changes with this value. */
  affects: string;
};

export function sourced<T>(value: T, confidence: Confidence, source: string, date?: string): Sourced<T> {
  return date === undefined ? { value, source, confidence } : { value, source, date, confidence };
}
