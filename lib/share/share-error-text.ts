/**
 * Why a link did not open, in the reader's language: one sentence per failure code. A hostile or broken link's own
 * text (an unknown property, a parser's detail) is never part of the sentence; the located problems are listed
 * beside it as they are.
 */
import type { Locale } from "../i18n/locales";
import { ENGLISH_MESSAGES } from "../i18n/messages";
import { translatorFor } from "../i18n/translator";
import type { ShareError } from "./share-errors";

export function shareErrorText(error: Pick<ShareError, "code">, locale: Locale): string {
  return translatorFor(locale, "share")(`linkErrors.${error.code}`);
}

type ShortLinkCode = keyof (typeof ENGLISH_MESSAGES)["share"]["shortLinkErrors"];
const isShortLinkCode = (code: string): code is ShortLinkCode =>
  Object.hasOwn(ENGLISH_MESSAGES.share.shortLinkErrors, code);
const isLinkCode = (code: string): code is ShareError["code"] => Object.hasOwn(ENGLISH_MESSAGES.share.linkErrors, code);

/**
 * A short-link failure (the API's error code, or `network` / `no_payload` for the page's own) in the reader's
 * language; null for a code this version has no sentence for, so the caller shows the server's message.
 */
export function shortLinkErrorText(code: string, locale: Locale): string | null {
  const t = translatorFor(locale, "share");
  if (isShortLinkCode(code)) return t(`shortLinkErrors.${code}`);
  // POST /api/share decodes the payload like a link does and reports its failure as `share_<link error code>`.
  const linkCode = code.replace(/^share_/, "");
  return code.startsWith("share_") && isLinkCode(linkCode) ? t(`linkErrors.${linkCode}`) : null;
}
