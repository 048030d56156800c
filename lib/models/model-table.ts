import type { ProviderId } from "../core/ids";
import { providerModelFacts } from "../core/provider-models";
import { ANTHROPIC_MODELS } from "./anthropic-models";
import { DEEPSEEK_MODELS } from "./deepseek-models";
import { GEMINI_MODELS } from "./gemini-models";
import { GLM_MODELS } from "./glm-models";
import { MOONSHOT_MODELS } from "./moonshot-models";
import { QWEN_MODELS } from "./qwen-models";
import { OPENAI_MODELS } from "./openai-models";
import type { ModelInfo } from "./types";

/** Every model the playground knows, per provider, each fact with its source (PROTOCOLS.md §1, §2, §3, §5, §7). */
export const MODELS: readonly ModelInfo[] = [
  ...ANTHROPIC_MODELS,
  ...OPENAI_MODELS,
  ...MOONSHOT_MODELS,
  ...GEMINI_MODELS,
  ...DEEPSEEK_MODELS,
  ...QWEN_MODELS,
  ...GLM_MODELS,
];

export function getModel(provider: ProviderId, modelId: string): ModelInfo | undefined {
  return MODELS.find((model) => model.provider === provider && model.id === modelId);
}

export function defaultModel(provider: ProviderId): ModelInfo {
  // The provider's own choice (lib/core/provider-models.ts).
  const model = getModel(provider, providerModelFacts(provider).defaultModelId);
  if (model === undefined) {
    // Only reachable if the table above and the provider's defaultModelId disagree; the tests check they do not.
    throw new Error(`models: no default model for provider ${provider}`);
  }
  return model;
}
