import type { StrategyId } from "../scenario/types";
import { anthropicMidConversationStrategy } from "./anthropic-mid-conversation";
import { anthropicToolSearchStrategy } from "./anthropic-tool-search";
import { fullStrategy } from "./full";
import { gatewayStrategy } from "./gateway";
import { kimiDynamicStrategy } from "./kimi-dynamic";
import { naiveDynamicStrategy } from "./naive-dynamic";
import { openaiToolSearchStrategy } from "./openai-tool-search";
import { stubsStrategy } from "./stubs";
import type { StrategyDefinition } from "./types";

export const STRATEGIES: Record<StrategyId, StrategyDefinition> = {
  full: fullStrategy,
  "naive-dynamic": naiveDynamicStrategy,
  "anthropic-tool-search": anthropicToolSearchStrategy,
  "openai-tool-search": openaiToolSearchStrategy,
  stubs: stubsStrategy,
  gateway: gatewayStrategy,
  "kimi-dynamic": kimiDynamicStrategy,
  "anthropic-mid-conversation": anthropicMidConversationStrategy,
};

export function strategyDefinition(id: StrategyId): StrategyDefinition {
  return STRATEGIES[id];
}

export type { StrategyDefinition, StrategyExplanation, Support } from "./types";
