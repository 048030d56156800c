/**
 * The model tables' sources and notes in the reader's language. The tables keep their English (the CLI, reports and
 * share links read it); each sentence is also the English message of the `models` namespace (`facts.*`), whose
 * Chinese message says the same with the URLs, dates, ids and wire names as written. The page reads a source back
 * into its message here; a text without a message (a plain citation such as a URL) shows as written.
 * `fact-text.test.ts` fails on any source, note or assumption shown in Settings that holds English words and has
 * no message, so the table and the messages cannot drift apart.
 */
import { ENGLISH_MESSAGES } from "../i18n/messages";
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";

type Tree = { [key: string]: string | Tree };

function messageKeys(tree: Tree, prefix: string): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : messageKeys(value, `${prefix}${key}.`),
  );
}

let keyByEnglish: Map<string, string> | null = null;

/** The `models` message whose English is this text, or null. */
export function factMessageKey(text: string): string | null {
  if (keyByEnglish === null) {
    const english = translatorFor("en", "models") as unknown as (key: string) => string;
    keyByEnglish = new Map(messageKeys(ENGLISH_MESSAGES.models as Tree, "").map((key) => [english(key), key]));
  }
  return keyByEnglish.get(text) ?? null;
}

/** A model fact's source or note, worded in `locale` where it has a message, else as the table wrote it. */
export function modelFactText(text: string, locale: Locale): string {
  const key = factMessageKey(text);
  if (key === null) return text;
  return (translatorFor(locale, "models") as unknown as (key: string) => string)(key);
}
