/**
 * The words beside the catalog's token total in the side panel. The total is o200k, tool by tool, whatever the
 * model; the run's figures count with the model's own tokenizer, which for Claude and Kimi is an estimate (o200k
 * times a correction factor). Said on screen, from the same factor the engine uses, so "1,753 o200k tokens" beside a
 * card's "2,104" for the same definitions is explained where both are read.
 */
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import {
  ANTHROPIC_DEFAULT_CORRECTION_FACTOR,
  KIMI_DEFAULT_CORRECTION_FACTOR,
  type TokenizerKind,
} from "../tokens/constants";

export type CatalogTotalWords = { total: string; model: string | null };

/** The factor the engine applies for `kind`: the person's own from Settings, else the default. */
export function correctionFactorOf(
  kind: TokenizerKind,
  factors: Partial<Record<"anthropic-estimate" | "kimi-estimate", number>> | undefined,
): number {
  if (kind === "o200k") return 1;
  return (
    factors?.[kind] ??
    (kind === "anthropic-estimate" ? ANTHROPIC_DEFAULT_CORRECTION_FACTOR : KIMI_DEFAULT_CORRECTION_FACTOR)
  );
}

export function catalogTotalWords(
  total: number,
  model: { label: string; tokenizer: TokenizerKind },
  factor: number,
  locale: Locale = "en",
): CatalogTotalWords {
  const t = translatorFor(locale, "engine");
  const words = t("catalogTokens.total", { total });
  if (model.tokenizer === "o200k" || factor === 1)
    return {
      total: words,
      model: model.tokenizer === "o200k" ? null : t("catalogTokens.sameAsO200k", { model: model.label }),
    };
  const scaled = Math.round(total * factor);
  return {
    total: words,
    model: t("catalogTokens.scaled", { scaled, model: model.label, factor: String(factor) }),
  };
}
