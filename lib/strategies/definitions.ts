/**
 * The strategies by id: their definitions without the client's runtime (`executeReply`, Ajv, search), so the
 * page can list, explain and colour strategies without loading what a live client run needs. index.ts re-exports it.
 */
import type { StrategyId } from "../core/ids";
import { anthropicMidConversationStrategy } from "./anthropic-mid-conversation";
import { anthropicToolSearchStrategy } from "./anthropic-tool-search";
import { cliHelpStrategy } from "./cli-help";
import { fullStrategy } from "./full";
import { gatewayStrategy } from "./gateway";
import { kimiDynamicStrategy } from "./kimi-dynamic";
import { naiveDynamicStrategy } from "./naive-dynamic";
import { openaiToolSearchStrategy } from "./openai-tool-search";
import { prefilterStrategy } from "./prefilter";
import { stubsStrategy } from "./stubs";
import { subagentStrategy } from "./subagent";
import { textProtocolStrategy } from "./text-protocol";
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
  "cli-help": cliHelpStrategy,
  prefilter: prefilterStrategy,
  "text-protocol": textProtocolStrategy,
  subagent: subagentStrategy,
};

export function strategyDefinition(id: StrategyId): StrategyDefinition {
  return STRATEGIES[id];
}

/** The strategy everything is compared with (decide's break-even, "saving vs" figures): the one that registers all. */
export function baselineStrategyId(): StrategyId {
  return (Object.values(STRATEGIES).find((definition) => definition.decide.role === "baseline") ?? fullStrategy).id;
}
