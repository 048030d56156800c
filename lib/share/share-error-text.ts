/**
 * Why a link did not open, in the reader's language: one sentence per failure code. A hostile or broken link's own
 * text (an unknown property, a parser's detail) is never part of the sentence; the located problems are listed
 * beside it as they are.
 */
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import type { ShareError } from "./share-errors";

export function shareErrorText(error: Pick<ShareError, "code">, locale: Locale): string {
  return translatorFor(locale, "share")(`linkErrors.${error.code}`);
}
