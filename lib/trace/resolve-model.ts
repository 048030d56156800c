import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import { defaultModel, getModel, MODELS, type ModelInfo } from "../models";
import type { ProviderId } from "../core/ids";
import { providerLabel } from "../view/provider-labels";

/**
 * The table's model for a model id as recorded. Providers answer with dated ids (`claude-sonnet-4-5-20250929`,
 * `gpt-5.4-2026-03-05`), and platforms and gateways write the same models their own way: Bedrock
 * `us.anthropic.claude-sonnet-4-5-20250929-v1:0`, Vertex AI `claude-sonnet-4-5@20250929`, OpenRouter
 * `anthropic/claude-sonnet-4.5` or `moonshotai/kimi-k2.5`. The longest table id the recorded one (or its plain form)
 * starts with is taken. An unknown model is priced as the provider's default, and the note says so.
 */
export function resolveModel(
  provider: ProviderId,
  recorded: string | undefined,
  locale: Locale = "en",
): { model: ModelInfo; note?: string } {
  const t = translatorFor(locale, "trace");
  if (recorded) {
    const exact = getModel(provider, recorded);
    if (exact) return { model: exact };
    const alias = aliasOf(plainModelId(recorded));
    const aliased = alias ? getModel(provider, alias) : undefined;
    if (aliased) return { model: aliased };
    const forms = [recorded, plainModelId(recorded)];
    const candidates = MODELS.filter(
      (model) => model.provider === provider && forms.some((form) => form.startsWith(model.id)),
    ).sort((a, b) => b.id.length - a.id.length);
    if (candidates[0]) return { model: candidates[0] };
  }
  const fallback = defaultModel(provider);
  const elsewhere = recorded
    ? MODELS.find((model) => model.provider !== provider && plainModelId(recorded).startsWith(model.id))
    : undefined;
  if (recorded && elsewhere)
    return {
      model: fallback,
      note: t("notes.gateway", {
        recorded,
        elsewhere: elsewhere.label,
        provider: providerLabel(provider),
        target: providerLabel(elsewhere.provider),
        fallback: fallback.label,
      }),
    };
  return {
    model: fallback,
    note: recorded
      ? t("notes.unknownModel", { recorded, fallback: fallback.label })
      : t("notes.noModel", { fallback: fallback.label }),
  };
}

/**
 * Ids a provider serves as another model: `gpt-5.6` (and its dated forms) is an alias of `gpt-5.6-sol`, as OpenAI's
 * model page was quoted (THU-MAIC/OpenMAIC#907, Ammaar-Alam/minebench#57, 2026-07; PROTOCOLS.md §9).
 */
function aliasOf(plainId: string): string | null {
  return /^gpt-5\.6(?:-\d{4}-\d{2}-\d{2})?$/.test(plainId) ? "gpt-5.6-sol" : null;
}

/** A platform's or gateway's model id in the provider's own spelling: `us.anthropic.claude-x-1@2025…-v1:0` → `claude-x-1-2025…`. */
export function plainModelId(recorded: string): string {
  let id = recorded.toLowerCase();
  id = id.slice(id.lastIndexOf("/") + 1); // openrouter-style "vendor/model"
  id = id.replace(/^(?:[a-z]+\.)?anthropic\./, ""); // Bedrock, with or without a region prefix (us., eu., global.)
  id = id.replace(/-v\d+(?::\d+)?$/, ""); // Bedrock's version suffix
  id = id.replace("@", "-"); // Vertex AI's version separator
  // OpenRouter writes Claude versions with a dot (claude-sonnet-4.5); Anthropic with a hyphen.
  if (id.startsWith("claude-")) id = id.replace(/(\d)\.(\d)/g, "$1-$2");
  return id;
}
