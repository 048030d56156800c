/** The ids every layer names: providers (wire formats) and strategies. The strategy objects live in lib/strategies. */

export type ProviderId =
  "anthropic" | "openai-responses" | "openai-chat" | "moonshot" | "gemini" | "deepseek" | "qwen" | "glm";

export type StrategyId =
  | "full"
  | "naive-dynamic"
  | "anthropic-tool-search"
  | "openai-tool-search"
  | "stubs"
  | "gateway"
  | "kimi-dynamic"
  | "anthropic-mid-conversation"
  | "cli-help"
  | "prefilter"
  | "text-protocol"
  | "subagent";

export const STRATEGY_IDS: readonly StrategyId[] = [
  "full",
  "naive-dynamic",
  "anthropic-tool-search",
  "openai-tool-search",
  "stubs",
  "gateway",
  "kimi-dynamic",
  "anthropic-mid-conversation",
  "cli-help",
  "prefilter",
  "text-protocol",
  "subagent",
];

export const PROVIDER_IDS: readonly ProviderId[] = [
  "anthropic",
  "openai-responses",
  "openai-chat",
  "moonshot",
  "gemini",
  "deepseek",
  "qwen",
  "glm",
];
