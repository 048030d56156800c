import { defaultModel, getModel, MODELS, type ModelInfo } from "../models";
import type { ProviderId } from "../scenario/types";

/**
 * The table's model for a model id as recorded. Providers answer with dated ids (`claude-sonnet-4-5-20250929`,
 * `gpt-5.4-2026-03-05`): the longest table id the recorded one starts with is taken. An unknown model is priced as
 * the provider's default, and the note says so.
 */
export function resolveModel(provider: ProviderId, recorded: string | undefined): { model: ModelInfo; note?: string } {
  if (recorded) {
    const exact = getModel(provider, recorded);
    if (exact) return { model: exact };
    const candidates = MODELS.filter((model) => model.provider === provider && recorded.startsWith(model.id)).sort(
      (a, b) => b.id.length - a.id.length,
    );
    if (candidates[0]) return { model: candidates[0] };
  }
  const fallback = defaultModel(provider);
  return {
    model: fallback,
    note: recorded
      ? `The model ${recorded} is not in the model table: its requests are priced and cached as ${fallback.label}.`
      : `The requests name no model: they are priced and cached as ${fallback.label}.`,
  };
}
