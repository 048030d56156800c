import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locales";

/** The interface language of this request: the header switch's cookie, else the browser's languages. */
export async function requestLocale(): Promise<Locale> {
  const cookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  const acceptLanguage = (await headers()).get("accept-language");
  return resolveLocale({ cookie, acceptLanguage });
}
