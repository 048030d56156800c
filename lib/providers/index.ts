import type { ProviderId } from "../core/ids";
import { anthropicMessages } from "./anthropic/anthropic-messages";
import { moonshotChat } from "./moonshot/moonshot-chat";
import { deepseekChat } from "./deepseek/deepseek-chat";
import { geminiGenerateContent } from "./gemini/gemini-generate-content";
import { glmChat } from "./glm/glm-chat";
import { qwenChat } from "./qwen/qwen-chat";
import { openaiChat } from "./openai-chat/openai-chat";
import { openaiResponses } from "./openai-responses/openai-responses";
import type { ProviderAdapter } from "./types";

/**
 * The registry of adapters, one per wire format: everything outside lib/providers asks these, never a provider id
 * (scripts/count-provider-branches.ts counts the exceptions). Adding a provider: a folder with its facts and
 * adapter, and one entry here and one in ./facts.ts.
 */
export const PROVIDERS: Record<ProviderId, ProviderAdapter> = {
  anthropic: anthropicMessages,
  "openai-responses": openaiResponses,
  "openai-chat": openaiChat,
  moonshot: moonshotChat,
  gemini: geminiGenerateContent,
  deepseek: deepseekChat,
  qwen: qwenChat,
  glm: glmChat,
};

export function providerAdapter(id: ProviderId): ProviderAdapter {
  return PROVIDERS[id];
}

export type {
  BodyContext,
  BodySegments,
  ProviderAccount,
  ProviderAdapter,
  ProviderFacts,
  RenderContext,
  RenderedRequest,
  SimulatedUsage,
} from "./types";
export { anthropicToolDefinition } from "./anthropic/anthropic-messages";
export { providerFacts } from "./facts";
