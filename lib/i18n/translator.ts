/**
 * Translation for code that is not a React component: sentences lib/ builds from figures (cache explanations, the
 * report, trace and tap explanations) take a `Locale` and ask for their namespace's translator here, so the words
 * come from the same value as the figure beside them in either language. Components use `useTranslations` from
 * `use-intl` (components/i18n/intl-root.tsx provides the same messages, once they are loaded).
 */
import { _createCache, _createIntlFormatters, createTranslator } from "use-intl/core";
import { type Locale } from "./locales";
import { loadedMessages, messagesFor, type Messages, type Namespace } from "./messages";

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

// Parsed messages and Intl formatters are kept across calls, as the React provider keeps them for components.
const intlCache = _createCache();
const formatters = _createIntlFormatters(intlCache);

function makeTranslator<N extends Namespace>(locale: Locale, namespace: N) {
  return createTranslator<Messages, N>({
    _cache: intlCache,
    _formatters: formatters,
    locale,
    messages: messagesFor(locale),
    namespace,
    getMessageFallback: messageFallback,
    onError: reportMessageError,
  });
}

const made = new Map<string, unknown>();

/**
 * One translator per locale and namespace: lib/ asks for one per sentence, and a new one would parse its messages
 * again each time (the cache card's sentences run for every request of every strategy). The locale's messages must
 * be loaded (`loadMessages`, ./messages.ts): outside production a locale that is not throws.
 */
export function translatorFor<N extends Namespace>(locale: Locale, namespace: N): ReturnType<typeof makeTranslator<N>> {
  const key = `${locale}\u0000${namespace}`;
  let translator = made.get(key) as ReturnType<typeof makeTranslator<N>> | undefined;
  if (!translator) {
    translator = makeTranslator(locale, namespace);
    // A translator made before its locale's messages arrived words in English (production's fallback): it is not
    // kept, so the next sentence after the load is in the reader's language.
    if (loadedMessages(locale)) made.set(key, translator);
  }
  return translator;
}

export type Translator<N extends Namespace> = ReturnType<typeof translatorFor<N>>;
