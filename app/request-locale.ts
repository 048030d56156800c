import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";

/**
 * The interface language of this request: the header switch's cookie, else the browser's languages. Its messages
 * are loaded before it is returned, so the server components and metadata that word text in it can.
 */
export async function requestLocale(): Promise<Locale> {
  const cookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  const acceptLanguage = (await headers()).get("accept-language");
  const locale = resolveLocale({ cookie, acceptLanguage });
  await loadMessages(locale);
  return locale;
}
