export { STRATEGIES, baselineStrategyId, strategyDefinition } from "./definitions";
export {
  executeReply,
  NATIVE_CLIENT_SIDE,
  type ClientContext,
  type ClientOutcome,
  type ClientSide,
} from "./client-side";
export type { DecideFacts, StrategyColour, StrategyDefinition, StrategyExplanation, Support } from "./types";
export { strategyText, type StrategyText } from "./text";
