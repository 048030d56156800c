/**
 * Framing tokens OpenAI adds around chat messages and function definitions. None of these is documented by OpenAI
 * as a rule; they are the figures that reproduce the API's `prompt_tokens` in the OpenAI cookbook
 * ("How to count tokens with tiktoken": `tokens_per_message = 3`) and in hmarr/openai-chat-tokens, whose test
 * cases were checked against the live API (PROTOCOLS.md §6.3). Use `POST /v1/responses/input_tokens` for the exact
 * figure when a key is available.
 */

/** Every message costs 3 tokens of framing (`<|start|>{role}<|message|>…<|end|>`) besides its role and content. */
export const OPENAI_MESSAGE_OVERHEAD_TOKENS = 3;

/**
 * A request that carries function definitions costs 9 tokens beyond the rendered `namespace functions { … }` text
 * (hmarr/openai-chat-tokens `functionsTokensEstimate`; 4 of them are saved when the request also has a system
 * message, which the definitions then share).
 */
export const OPENAI_FUNCTIONS_OVERHEAD_TOKENS = 9;
