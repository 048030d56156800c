"use client";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { IntlProvider } from "use-intl";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { messageFallback, reportMessageError, translatorFor } from "@/lib/i18n/translator";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const ChooseLocale = createContext<(locale: Locale) => void>(() => {});

/** The header switch's action: the page changes language in place and remembers the choice. */
export function useChooseLocale(): (locale: Locale) => void {
  return useContext(ChooseLocale);
}

/**
 * The interface language for every client component below it. The server resolves the first locale (cookie, then
 * `Accept-Language`) so the HTML arrives in it; a switch changes it here, in the browser, with the bundled messages:
 * nothing the person made is touched, `<html lang>` and the title follow, and the cookie makes the next visit (and a
 * share link opened later) start in it.
 */
export function IntlRoot({ locale: initialLocale, children }: { locale: Locale; children: ReactNode }) {
  const [locale, setLocale] = useState(initialLocale);
  const choose = useCallback((next: Locale) => {
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    document.documentElement.lang = next;
    document.title = translatorFor(next, "common")("appTitle");
    setLocale(next);
  }, []);
  const messages = useMemo(() => MESSAGES[locale], [locale]);
  return (
    <ChooseLocale.Provider value={choose}>
      <IntlProvider
        locale={locale}
        messages={messages}
        getMessageFallback={messageFallback}
        onError={reportMessageError}
      >
        {children}
      </IntlProvider>
    </ChooseLocale.Provider>
  );
}
