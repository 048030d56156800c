export {
  ANTHROPIC_DEFAULT_CORRECTION_FACTOR,
  KIMI_DEFAULT_CORRECTION_FACTOR,
  O200K_LABEL,
  createTokenCounter,
} from "./token-counter";
export type { TokenCounter, TokenCounterOptions, TokenizerKind } from "./token-counter";
export { renderOpenAIFunctionForCounting, renderOpenAIFunctionsForCounting } from "./openai-function-rendering";
export type { OpenAIFunctionForCounting } from "./openai-function-rendering";
export { OPENAI_FUNCTIONS_OVERHEAD_TOKENS, OPENAI_MESSAGE_OVERHEAD_TOKENS } from "./openai-overheads";
