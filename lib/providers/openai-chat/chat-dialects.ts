/** The Chat Completions dialects this project renders: OpenAI's and the compatible providers' own. */
export type ChatDialect = "openai" | "moonshot" | "deepseek" | "qwen" | "glm";

/** What differs between the Chat Completions dialects on the wire (PROTOCOLS.md, one section per provider). */
type DialectWire = {
  url: string;
  keyVariable: string;
  /**
   * Where the chat template renders the tools: after the system text (OpenAI's harmony layout, DeepSeek's and Qwen's
   * templates append a tools section to the system turn) or before it (Kimi's and GLM's templates).
   */
  toolsFirst: boolean;
  /** Which field carries the output limit: the OpenAI-compatible APIs other than OpenAI's document `max_tokens`. */
  maxTokensField: "max_tokens" | "max_completion_tokens";
  /** How the response's usage reports cached prompt tokens. */
  usage: "openai" | "moonshot" | "deepseek";
};

export const CHAT_DIALECTS: Record<ChatDialect, DialectWire> = {
  openai: {
    url: "https://api.openai.com/v1/chat/completions",
    keyVariable: "OPENAI_API_KEY",
    toolsFirst: false,
    maxTokensField: "max_completion_tokens",
    usage: "openai",
  },
  moonshot: {
    url: "https://api.moonshot.ai/v1/chat/completions",
    keyVariable: "MOONSHOT_API_KEY",
    toolsFirst: true,
    maxTokensField: "max_tokens",
    usage: "moonshot",
  },
  deepseek: {
    url: "https://api.deepseek.com/chat/completions",
    keyVariable: "DEEPSEEK_API_KEY",
    toolsFirst: false,
    maxTokensField: "max_tokens",
    usage: "deepseek",
  },
  qwen: {
    url: "https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions",
    keyVariable: "DASHSCOPE_API_KEY",
    toolsFirst: false,
    maxTokensField: "max_tokens",
    usage: "openai",
  },
  glm: {
    url: "https://open.bigmodel.cn/api/paas/v4/chat/completions",
    keyVariable: "ZHIPUAI_API_KEY",
    toolsFirst: true,
    maxTokensField: "max_tokens",
    usage: "openai",
  },
};

/** The official endpoint of a Chat Completions dialect. */
export function chatEndpoint(dialect: ChatDialect): string {
  return CHAT_DIALECTS[dialect].url;
}

/** Whether a recorded body of this provider declares its tools before the system text (its chat template's order). */
export function chatToolsFirst(provider: string): boolean {
  return (CHAT_DIALECTS as Record<string, DialectWire | undefined>)[provider]?.toolsFirst ?? false;
}
