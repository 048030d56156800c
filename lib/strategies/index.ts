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

/** The strategy everything is compared with (decide's break-even, "saving vs" figures): the one that registers all. */
export function baselineStrategyId(): StrategyId {
  return (Object.values(STRATEGIES).find((definition) => definition.decide.role === "baseline") ?? fullStrategy).id;
}

export {
  executeReply,
  NATIVE_CLIENT_SIDE,
  type ClientContext,
  type ClientOutcome,
  type ClientSide,
} from "./client-side";
export type { DecideFacts, StrategyColour, StrategyDefinition, StrategyExplanation, Support } from "./types";
