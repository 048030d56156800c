/**
 * The interface languages and how one is chosen: a remembered choice (the header's switch sets a cookie) first,
 * then the browser's `Accept-Language`, then English. The locale is never part of a share link, so a link opens in
 * the reader's language, not the sender's.
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie the header's language switch writes; read by the root layout on every request. */
export const LOCALE_COOKIE = "playground-locale";

/** The name of each language in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The interface language for a BCP 47 tag: any Chinese (zh, zh-CN, zh-Hans, zh-TW, …) reads the Simplified Chinese
 * interface — the only Chinese one — and any English reads English. Other languages have no interface here.
 */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "zh") return "zh-CN";
  if (primary === "en") return "en";
  return null;
}

/**
 * The best interface language for an `Accept-Language` header (RFC 9110 §12.5.4): ranges by descending quality,
 * ties in the order given; `q=0` means "not this one". Falls back to English.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag, ...parameters] = part.split(";").map((piece) => piece.trim());
      const qualityParameter = parameters.find((parameter) => /^q=/i.test(parameter));
      const quality = qualityParameter ? Number(qualityParameter.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.tag && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = localeOfTag(range.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The remembered choice when it is a known locale, else the browser's languages. */
export function resolveLocale(input: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage);
}
