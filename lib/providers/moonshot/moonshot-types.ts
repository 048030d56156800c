/**
 * Moonshot's Chat Completions dialect, written down locally because no official TypeScript SDK types it.
 * It is OpenAI's Chat Completions plus Kimi K3's tool declaration message: `role: "system"` with a non-empty
 * `tools` array and no `content` key (PROTOCOLS §3.1, docs.morphllm.com dynamic-tool-loading; kimi-code
 * `kimi.contrib.ts`), `prompt_cache_key` (kimi-cli `llm.py`), `max_tokens` (K2.x) or `max_completion_tokens` and
 * `reasoning_effort` (K3), and `reasoning_content` replayed on assistant tool-call turns.
 */
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";

export type MoonshotToolDeclarationMessage = {
  role: "system";
  tools: ChatCompletionFunctionTool[];
  content?: never;
};

/**
 * An assistant turn replayed to a thinking model: `reasoning_content` is required on turns with `tool_calls`
 * (400 "reasoning_content is missing" otherwise; docs.evolink.ai kimi-k3 chat API, client issues in PROTOCOLS §9).
 */
export type MoonshotAssistantMessage = ChatCompletionAssistantMessageParam & { reasoning_content?: string };

export type MoonshotChatCompletionCreateParams = {
  model: string;
  messages: Array<ChatCompletionMessageParam | MoonshotAssistantMessage | MoonshotToolDeclarationMessage>;
  tools?: ChatCompletionFunctionTool[];
  tool_choice?: "auto" | "none" | "required";
  max_tokens?: number;
  /** Kimi K3: the output limit, reasoning included (up to 1,048,576). */
  max_completion_tokens?: number;
  /** Kimi K3: only "max" is accepted. */
  reasoning_effort?: "max";
  prompt_cache_key?: string;
  temperature?: number;
  stream?: boolean;
};
