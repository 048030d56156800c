"use client";
import { createContext, use, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { IntlProvider } from "use-intl";
import { isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { loadedMessages, loadMessages } from "@/lib/i18n/messages";
import { messageFallback, reportMessageError, translatorFor } from "@/lib/i18n/translator";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

// The server has already chosen the reader's language and written it into `<html lang>`: its messages' chunk starts
// downloading while the page's other chunks load, before hydration asks for it.
if (typeof document !== "undefined" && isLocale(document.documentElement.lang))
  loadMessages(document.documentElement.lang).catch(() => {});

const ChooseLocale = createContext<(locale: Locale) => Promise<void>>(async () => {});

/** The header switch's action: the page changes language in place and remembers the choice. */
export function useChooseLocale(): (locale: Locale) => Promise<void> {
  return useContext(ChooseLocale);
}

/**
 * The interface language for every client component below it. The server resolves the first locale (cookie, then
 * `Accept-Language`) so the HTML arrives in it; English messages are bundled, another locale's are one chunk that
 * this waits for (React's `use`) before rendering anything, so hydration keeps the server's HTML on screen until
 * they are in and a Chinese reader never sees English. A switch loads the chosen locale's chunk, then changes the
 * language here, in the browser: nothing the person made is touched, `<html lang>` and the title follow, and the
 * cookie makes the next visit (and a share link opened later) start in it.
 */
export function IntlRoot({ locale: initialLocale, children }: { locale: Locale; children: ReactNode }) {
  const [locale, setLocale] = useState(initialLocale);
  const latestChoice = useRef(initialLocale);
  const choose = useCallback(async (next: Locale) => {
    latestChoice.current = next;
    try {
      await loadMessages(next);
    } catch (error) {
      // The chunk did not arrive (offline, a new deployment): the page stays in its language and works.
      console.error(error);
      return;
    }
    // A quicker later choice has already been applied.
    if (latestChoice.current !== next) return;
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    document.documentElement.lang = next;
    document.title = translatorFor(next, "common")("appTitle");
    setLocale(next);
  }, []);
  const messages = loadedMessages(locale) ?? use(loadMessages(locale));
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
