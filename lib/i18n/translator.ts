/**
 * Translation for code that is not a React component: sentences lib/ builds from figures (cache explanations, the
 * report, trace and tap explanations) take a `Locale` and ask for their namespace's translator here, so the words
 * come from the same value as the figure beside them in either language. Components use `useTranslations` from
 * `use-intl` (components/i18n/intl-root.tsx provides the same messages).
 */
import { createTranslator } from "use-intl/core";
import { type Locale } from "./locales";
import { MESSAGES, type Messages, type Namespace } from "./messages";

/** What a missing message shows instead of failing: its key, which the Chinese walk and the tests find. */
export function messageFallback({ namespace, key }: { namespace?: string; key: string }): string {
  return namespace ? `${namespace}.${key}` : key;
}

/**
 * Errors worth a line: a missing message or a bad ICU argument. The environment fallback (no time zone given) is
 * expected: dates are formatted in the reader's own time zone on purpose.
 */
export function reportMessageError(error: { code: string; message: string }): void {
  if (error.code === "ENVIRONMENT_FALLBACK") return;
  console.error(error.message);
}

export function translatorFor<N extends Namespace>(locale: Locale, namespace: N) {
  return createTranslator<Messages, N>({
    locale,
    messages: MESSAGES[locale],
    namespace,
    getMessageFallback: messageFallback,
    onError: reportMessageError,
  });
}

export type Translator<N extends Namespace> = ReturnType<typeof translatorFor<N>>;
