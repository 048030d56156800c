import type { ProviderId } from "../core/ids";

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  anthropic: "Anthropic Messages",
  "openai-responses": "OpenAI Responses",
  "openai-chat": "OpenAI Chat Completions",
  moonshot: "Moonshot Kimi",
};

export function providerLabel(provider: ProviderId): string {
  return PROVIDER_LABELS[provider] ?? provider;
}
