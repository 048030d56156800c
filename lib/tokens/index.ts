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
export { O200K_TOKENIZER_ID, o200kMemo } from "./o200k";
export {
  createPersistentCounts,
  persistentCountKey,
  type CountMemo,
  type LoadedCounts,
  type PersistentCounts,
  type TokenCountStore,
} from "./persistent-counts";
export { indexedDbCountStore } from "./indexed-db-count-store";
