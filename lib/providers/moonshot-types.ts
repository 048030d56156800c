/**
 * Moonshot's Chat Completions dialect, written down locally because no official TypeScript SDK types it.
 * It is OpenAI's Chat Completions plus Kimi K3's tool declaration message: `role: "system"` with a non-empty
 * `tools` array and no `content` key (PROTOCOLS §3.1, docs.morphllm.com dynamic-tool-loading; kimi-code
 * `kimi.contrib.ts`), `prompt_cache_key` (kimi-cli `llm.py`) and `max_tokens`.
 */
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam } from "openai/resources/chat/completions";

export type MoonshotToolDeclarationMessage = {
  role: "system";
  tools: ChatCompletionFunctionTool[];
  content?: never;
};

export type MoonshotChatCompletionCreateParams = {
  model: string;
  messages: Array<ChatCompletionMessageParam | MoonshotToolDeclarationMessage>;
  tools?: ChatCompletionFunctionTool[];
  tool_choice?: "auto" | "none" | "required";
  max_tokens?: number;
  prompt_cache_key?: string;
  temperature?: number;
  stream?: boolean;
};
