import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { findingWords, type DescriptionFinding, type DescriptionFindingCode } from "@/lib/search/lint-description";

/** A kind of finding's title in the reader's language ("Description too short"). */
export function findingTitle(code: DescriptionFindingCode, locale: Locale): string {
  return translatorFor(locale, "lab")(`findingTitles.${code}`);
}

/** The fix for a group of findings of one kind: the linter's own suggestion, which names no tool except here. */
export function groupSuggestion(
  code: DescriptionFindingCode,
  findings: readonly DescriptionFinding[],
  locale: Locale,
): string {
  if (code === "near-duplicate-description") return translatorFor(locale, "lab")("lint.nearDuplicate.groupSuggestion");
  return findings[0] ? findingWords(findings[0].facts, locale).suggestion : "";
}
