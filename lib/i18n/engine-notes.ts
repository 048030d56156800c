/**
 * The engine's step notes and step titles as facts: a code and the names and figures it quotes. The engine records
 * the English sentence (the CLI prints it, the report and tests read it), made here from the `engine` namespace's
 * English message; the interface reads the sentence back into its code and values with a pattern built from that
 * same message, and words it in the reader's language. So the engine runs once (in its worker) and a locale switch
 * re-words its notes in place, and a note's English is written in one place only.
 *
 * The messages under `engine.notes` and `engine.titles` hold plain `{arguments}` only (no plural or select), so each
 * reads back unambiguously; a list argument that is empty is written "nothing" (`NOTHING`) and worded per locale.
 */
import { type Locale } from "./locales";
import { ENGLISH_MESSAGES } from "./messages";
import { translatorFor } from "./translator";

type EngineMessages = (typeof ENGLISH_MESSAGES)["engine"];
export type EngineNoteCode = keyof EngineMessages["notes"];
export type EngineTitleCode = keyof EngineMessages["titles"];
export type EngineCountingCode = keyof EngineMessages["counting"];
type EngineWarningCode = keyof EngineMessages["warnings"];
export type EngineSupportCode = keyof EngineMessages["support"];
export type EngineTextValues = Record<string, string | number>;
export type EngineTextFacts<Code extends string> = { code: Code; values: Record<string, string> };

/** What a list of names reads as when it is empty, in the English the engine records. */
export const NOTHING = "nothing";

/** A list of names as a note quotes it: "a, b", or `NOTHING`. */
export function namesOrNothing(names: readonly string[]): string {
  return names.length ? names.join(", ") : NOTHING;
}

/** The English note the engine records for `code`. */
export function engineNote(code: EngineNoteCode, values: EngineTextValues = {}): string {
  return translatorFor("en", "engine")(`notes.${code}`, stringValues(values));
}

/** The English reason a strategy cannot run on a provider or model. */
export function engineSupport(code: EngineSupportCode, values: EngineTextValues = {}): string {
  return translatorFor("en", "engine")(`support.${code}`, stringValues(values));
}

/** The English step title the engine records for `code`. */
export function engineTitle(code: EngineTitleCode, values: EngineTextValues = {}): string {
  return translatorFor("en", "engine")(`titles.${code}`, stringValues(values));
}

// Figures go in as written (a token count "1234" stays "1234" in the English the CLI and tests read).
function stringValues(values: EngineTextValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

type Reader<Code extends string> = { code: Code; pattern: RegExp; names: string[] };

/** A pattern for one English message: its literal text exactly, each `{argument}` any text. */
function readerFor<Code extends string>(code: Code, message: string): Reader<Code> {
  const names: string[] = [];
  const parts = message.split(/\{(\w+)\}/);
  const source = parts
    .map((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        return "([\\s\\S]*?)";
      }
      // ICU writes a literal apostrophe pair as two; the messages here hold single ones only.
      return part.replaceAll("''", "'").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { code, pattern: new RegExp(`^${source}$`), names };
}

function readersOf<Code extends string>(messages: Record<Code, string>): Reader<Code>[] {
  // Longer literal text first, so a message that contains another's wording is tried before it.
  return (Object.entries(messages) as [Code, string][])
    .map(([code, message]) => readerFor(code, message))
    .sort((a, b) => b.pattern.source.length - a.pattern.source.length);
}

let noteReaders: Reader<EngineNoteCode>[] | null = null;
let titleReaders: Reader<EngineTitleCode>[] | null = null;
let countingReaders: Reader<EngineCountingCode>[] | null = null;
let supportReaders: Reader<EngineSupportCode>[] | null = null;

/** Why a strategy cannot run here, in the reader's language; a reason not made from the messages is shown as is. */
export function supportReasonText(reason: string, locale: Locale): string {
  if (locale === "en") return reason;
  supportReaders ??= readersOf(ENGLISH_MESSAGES.engine.support);
  const facts = read(supportReaders, reason);
  return facts ? translatorFor(locale, "engine")(`support.${facts.code}`, facts.values) : reason;
}

function read<Code extends string>(readers: Reader<Code>[], text: string): EngineTextFacts<Code> | null {
  for (const reader of readers) {
    const match = reader.pattern.exec(text);
    if (match)
      return { code: reader.code, values: Object.fromEntries(reader.names.map((name, i) => [name, match[i + 1]])) };
  }
  return null;
}

/** The code and values of a note the engine recorded, or null for a note not made from the `engine` messages. */
export function readEngineNote(note: string): EngineTextFacts<EngineNoteCode> | null {
  noteReaders ??= readersOf(ENGLISH_MESSAGES.engine.notes);
  return read(noteReaders, note);
}

/** The code and values of a step title (without its kind's word), or null for one not made from the messages. */
export function readEngineTitle(title: string): EngineTextFacts<EngineTitleCode> | null {
  titleReaders ??= readersOf(ENGLISH_MESSAGES.engine.titles);
  return read(titleReaders, title);
}

const SEARCH_KINDS = ENGLISH_MESSAGES.engine.searchKinds;

/** Values that are words rather than names: an empty list, and the kind of search where it has a name of its own. */
/**
 * A token-counting label (lib/tokens/token-counter.ts writes the English of `engine.counting`) in the reader's
 * language; one not made from the messages is shown as recorded.
 */
export function tokenCountingText(label: string, locale: Locale): string {
  if (locale === "en") return label;
  countingReaders ??= readersOf(ENGLISH_MESSAGES.engine.counting);
  const facts = read(countingReaders, label);
  if (!facts) return label;
  return translatorFor(locale, "engine")(`counting.${facts.code}`, facts.values);
}

const warningReaders = new Map<string, Reader<EngineWarningCode>>();

/**
 * A step's warning in the reader's language, read by its code against that code's English message (the providers
 * and the cache model write the English); a warning without a message, or worded otherwise, is shown as recorded.
 */
export function engineWarningText(warning: { code: string; message: string }, locale: Locale): string {
  if (locale === "en" || !Object.hasOwn(ENGLISH_MESSAGES.engine.warnings, warning.code)) return warning.message;
  const code = warning.code as EngineWarningCode;
  let reader = warningReaders.get(code);
  if (!reader) {
    reader = readerFor(code, ENGLISH_MESSAGES.engine.warnings[code]);
    warningReaders.set(code, reader);
  }
  const facts = read([reader], warning.message);
  return facts ? translatorFor(locale, "engine")(`warnings.${code}`, facts.values) : warning.message;
}

function localValues(values: Record<string, string>, locale: Locale): Record<string, string> {
  const t = translatorFor(locale, "engine");
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      if (value === NOTHING) return [key, t("nothing")];
      if (key === "kind" && value in SEARCH_KINDS) return [key, t(`searchKinds.${value as keyof typeof SEARCH_KINDS}`)];
      return [key, value];
    }),
  );
}

/** A note in the reader's language; a note the engine did not make from its messages is shown as recorded. */
export function engineNoteText(note: string, locale: Locale): string {
  if (locale === "en") return note;
  const facts = readEngineNote(note);
  if (!facts) return note;
  return translatorFor(locale, "engine")(`notes.${facts.code}`, localValues(facts.values, locale));
}

/** A step title in the reader's language. */
export function engineTitleText(title: string, locale: Locale): string {
  if (locale === "en") return title;
  const facts = readEngineTitle(title);
  if (!facts) return title;
  const values = localValues(facts.values, locale);
  // A second conversation's title ("sub-agent: call get_weather") words the title after its prefix too.
  if ("title" in facts.values) values.title = engineTitleText(facts.values.title, locale);
  return translatorFor(locale, "engine")(`titles.${facts.code}`, values);
}
