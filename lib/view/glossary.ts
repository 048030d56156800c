/**
 * Plain-words definitions for the terms the panels use, for `<Term>` tooltips, in the reader's language (lib/i18n's
 * `glossary` namespace). Each fits in a tooltip (two sentences at most) and assumes no knowledge of the design
 * documents. The help dialog lists them all as the glossary. Code terms keep their code spelling in every language.
 */
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";

export type TermId =
  | "prefix"
  | "cache-breakpoint"
  | "defer-loading"
  | "tool-reference"
  | "ttl"
  | "cache-write"
  | "cache-read"
  | "lookback"
  | "namespace"
  | "stub"
  | "gateway"
  | "closed-form"
  | "token-estimate"
  | "three-goals"
  | "recall-at-k"
  | "mrr";

export type GlossaryEntry = {
  id: TermId;
  /** The term as it is usually written; code terms keep their code spelling. */
  term: string;
  /** Shown in monospace when true. */
  code: boolean;
  definition: string;
};

/** Wire names: written the same in every language, so they are not messages. */
const CODE_TERMS: Partial<Record<TermId, string>> = {
  "defer-loading": "defer_loading",
  "tool-reference": "tool_reference",
};

export const TERM_IDS: TermId[] = [
  "prefix",
  "cache-breakpoint",
  "defer-loading",
  "tool-reference",
  "ttl",
  "cache-write",
  "cache-read",
  "lookback",
  "namespace",
  "stub",
  "gateway",
  "closed-form",
  "token-estimate",
  "three-goals",
  "recall-at-k",
  "mrr",
];

export function glossaryEntry(id: TermId, locale: Locale = "en"): GlossaryEntry {
  const t = translatorFor(locale, "glossary");
  const code = CODE_TERMS[id];
  const term = code ?? t(`${id}.term` as Parameters<typeof t>[0]);
  return { id, term, code: code !== undefined, definition: t(`${id}.definition` as Parameters<typeof t>[0]) };
}

export function glossaryFor(locale: Locale = "en"): Record<TermId, GlossaryEntry> {
  return Object.fromEntries(TERM_IDS.map((id) => [id, glossaryEntry(id, locale)])) as Record<TermId, GlossaryEntry>;
}

/** The English glossary (CLI, tests); views call `glossaryEntry(id, locale)`. */
export const GLOSSARY: Record<TermId, GlossaryEntry> = glossaryFor("en");
