import type { ProviderId } from "./ids";

/**
 * What the model tables (lib/models) need to know of each provider. lib/models sits below lib/providers, so these
 * facts live here; each provider's facts (lib/providers/<provider>/facts.ts) include its record, so the page, the
 * engine and the model tables read one value. Adding a provider: one record here.
 */
export type ProviderModelFacts = {
  readonly id: ProviderId;
  /**
   * The model a new scenario starts with: one that supports the provider's native disclosure feature with prices
   * that are not placeholders.
   */
  readonly defaultModelId: string;
  /** Which published context-window table the provider's models are in (lib/models/model-limits.ts). */
  readonly contextWindows: "claude" | "gpt" | "kimi" | "gemini" | "deepseek" | "qwen" | "glm";
  /** Which table of request limits (tool count, name pattern, body size) applies (lib/models/model-limits.ts). */
  readonly requestLimits: "messages" | "responses" | "chat" | "kimi" | "gemini" | "deepseek" | "qwen" | "glm";
  /** Whether the request chooses the cache lifetime (Anthropic's `ttl`: 5 minutes or 1 hour). */
  readonly cacheLifetimeChoice: boolean;
  /** Whether the API has hosted tool_search and namespaces, so a model's tool-search capability applies here. */
  readonly hostedToolSearch: boolean;
  /** What a person calls the request's system text on this API ("the system prompt", "the instructions"). */
  readonly systemTextName: string;
};

const RECORDS: readonly ProviderModelFacts[] = [
  {
    id: "anthropic",
    requestLimits: "messages",
    systemTextName: "the system prompt",
    // Opus 4.8 is also the model of Anthropic's tool-search quick start (PROTOCOLS.md §1.2).
    defaultModelId: "claude-opus-4-8",
    contextWindows: "claude",
    cacheLifetimeChoice: true,
    hostedToolSearch: false,
  },
  {
    id: "openai-responses",
    requestLimits: "responses",
    systemTextName: "the instructions",
    defaultModelId: "gpt-5.4",
    contextWindows: "gpt",
    cacheLifetimeChoice: false,
    hostedToolSearch: true,
  },
  {
    id: "openai-chat",
    requestLimits: "chat",
    systemTextName: "the system message",
    defaultModelId: "gpt-5.4",
    contextWindows: "gpt",
    cacheLifetimeChoice: false,
    hostedToolSearch: false,
  },
  {
    id: "moonshot",
    requestLimits: "kimi",
    systemTextName: "the system message",
    defaultModelId: "kimi-k3",
    contextWindows: "kimi",
    cacheLifetimeChoice: false,
    hostedToolSearch: false,
  },
  {
    id: "gemini",
    systemTextName: "the system instruction",
    defaultModelId: "gemini-2.5-flash",
    contextWindows: "gemini",
    requestLimits: "gemini",
    cacheLifetimeChoice: false,
    hostedToolSearch: false,
  },
  {
    id: "deepseek",
    systemTextName: "the system message",
    defaultModelId: "deepseek-v4-flash",
    contextWindows: "deepseek",
    requestLimits: "deepseek",
    cacheLifetimeChoice: false,
    hostedToolSearch: false,
  },
  {
    id: "qwen",
    systemTextName: "the system message",
    defaultModelId: "qwen-plus",
    contextWindows: "qwen",
    requestLimits: "qwen",
    cacheLifetimeChoice: false,
    hostedToolSearch: false,
  },
  {
    id: "glm",
    systemTextName: "the system message",
    defaultModelId: "glm-5.3",
    contextWindows: "glm",
    requestLimits: "glm",
    cacheLifetimeChoice: false,
    hostedToolSearch: false,
  },
];

export function providerModelFacts(id: ProviderId): ProviderModelFacts {
  const record = RECORDS.find((candidate) => candidate.id === id);
  // Only reachable if ProviderId gains a member without a record; lib/providers/registry.test.ts checks every id.
  if (record === undefined) throw new Error(`core: no model facts for provider ${id}`);
  return record;
}
