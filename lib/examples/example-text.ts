/**
 * The built-in examples' titles and summaries in the reader's language, for the picker. The examples' content (tool
 * catalogs, conversations) stays as written; only the words that describe them are translated.
 */
import type { Locale } from "../i18n/locales";
import { ENGLISH_MESSAGES } from "../i18n/messages";
import { translatorFor } from "../i18n/translator";
import { EXAMPLES, type ExampleSummary } from "./example-list";

type ExampleWithWords = keyof (typeof ENGLISH_MESSAGES)["catalog"]["examples"];
const hasWords = (id: string): id is ExampleWithWords => Object.hasOwn(ENGLISH_MESSAGES.catalog.examples, id);

/** One example's summary in `locale`; an example without messages keeps its English words. */
export function localizedExample(example: ExampleSummary, locale: Locale): ExampleSummary {
  if (!hasWords(example.id)) return example;
  const t = translatorFor(locale, "catalog");
  const count = example.toolCount ?? 0;
  return {
    ...example,
    title: t(`examples.${example.id}.title`, { count }),
    summary: t(`examples.${example.id}.summary`, { count }),
  };
}

/** Every built-in example as the picker lists it in `locale`. */
export function localizedExamples(locale: Locale): ExampleSummary[] {
  return EXAMPLES.map((example) => localizedExample(example, locale));
}
