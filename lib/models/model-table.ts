import type { ProviderId } from "../core/ids";
import { ANTHROPIC_MODELS } from "./anthropic-models";
import { MOONSHOT_MODELS } from "./moonshot-models";
import { OPENAI_MODELS } from "./openai-models";
import type { ModelInfo } from "./types";

/** Every model the playground knows, per provider, each fact with its source (PROTOCOLS.md §1, §2, §3, §5, §7). */
export const MODELS: readonly ModelInfo[] = [...ANTHROPIC_MODELS, ...OPENAI_MODELS, ...MOONSHOT_MODELS];

/**
 * The model a new scenario starts with: one that supports the provider's native disclosure feature with prices
 * that are not placeholders (Opus 4.8 is also the model of Anthropic's tool-search quick start, §1.2).
 */
const DEFAULT_MODEL_IDS: Record<ProviderId, string> = {
  anthropic: "claude-opus-4-8",
  "openai-responses": "gpt-5.4",
  "openai-chat": "gpt-5.4",
  moonshot: "kimi-k3",
};

export function getModel(provider: ProviderId, modelId: string): ModelInfo | undefined {
  return MODELS.find((model) => model.provider === provider && model.id === modelId);
}

export function defaultModel(provider: ProviderId): ModelInfo {
  const model = getModel(provider, DEFAULT_MODEL_IDS[provider]);
  if (model === undefined) {
    // Only reachable if the table above and DEFAULT_MODEL_IDS disagree; the tests check they do not.
    throw new Error(`models: no default model for provider ${provider}`);
  }
  return model;
}
