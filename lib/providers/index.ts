import type { ProviderId } from "../core/ids";
import { anthropicMessages } from "./anthropic-messages";
import { moonshotChat, openaiChat } from "./openai-chat";
import { openaiResponses } from "./openai-responses";
import type { ProviderAdapter } from "./types";

export const PROVIDERS: Record<ProviderId, ProviderAdapter> = {
  anthropic: anthropicMessages,
  "openai-responses": openaiResponses,
  "openai-chat": openaiChat,
  moonshot: moonshotChat,
};

export function providerAdapter(id: ProviderId): ProviderAdapter {
  return PROVIDERS[id];
}

export type {
  BodyContext,
  BodySegments,
  ProviderAdapter,
  RenderContext,
  RenderedRequest,
  SimulatedUsage,
} from "./types";
export { anthropicToolDefinition } from "./anthropic-messages";
