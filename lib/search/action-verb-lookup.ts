/**
 * Reads a WordNet action-verb table (`action-verbs.ts`, generated) for a request: which tool-name verbs its verbs and
 * verbal phrases stand for. The table is passed in, not imported, so that only the code that loads it (the lab, the
 * CLI) carries its 85 KB: the playground's engine builds the client search without it.
 */ import { CONVERSATIONAL_FILLER_WORDS } from "./stop-words";
import { isStopWord } from "./tokenize";

/** A one-word entry needs a content word: `have`, `do`, `want` stand for nothing a tool does. */
const isContentWord = (word: string) => !isStopWord(word) && !CONVERSATIONAL_FILLER_WORDS.has(word);

/** `same`: WordNet lists both in one synset (`erase`, `delete`); `kind`: a troponym, a way of doing it (`clean`, `remove`). */
export type ActionVerbRelation = "same" | "kind";

/**
 * Request word or phrase (lowercase, words separated by one space) → the tool verbs it stands for: `"verb"` for the
 * same action, `"~verb"` for a way of doing it.
 */
export type ActionVerbTable = Readonly<Record<string, readonly string[]>>;

type Target = { verb: string; relation: ActionVerbRelation };
type Lookup = { byKey: Map<string, Target[]>; longest: number; toolVerbs: Set<string> };

/**
 * One lookup per table and word normaliser (each client search stems with its own, and builds this on its first
 * request that needs it): keys are normalised word sequences.
 */
const lookups = new WeakMap<ActionVerbTable, WeakMap<(word: string) => string, Lookup>>();

function lookupFor(table: ActionVerbTable, normalize: (word: string) => string): Lookup {
  let byNormalizer = lookups.get(table);
  if (byNormalizer === undefined) lookups.set(table, (byNormalizer = new WeakMap()));
  let lookup = byNormalizer.get(normalize);
  if (lookup !== undefined) return lookup;
  const byKey = new Map<string, Target[]>();
  const toolVerbs = new Set<string>();
  let longest = 1;
  for (const [phrase, targets] of Object.entries(table)) {
    const words = phrase.split(" ");
    longest = Math.max(longest, words.length);
    const key = words.map(normalize).join(" ");
    const list = byKey.get(key) ?? [];
    for (const target of targets) {
      const kind = target.startsWith("~");
      const verb = kind ? target.slice(1) : target;
      toolVerbs.add(normalize(verb));
      list.push({ verb, relation: kind ? "kind" : "same" });
    }
    byKey.set(key, list);
  }
  byNormalizer.set(normalize, (lookup = { byKey, longest, toolVerbs }));
  return lookup;
}

/**
 * The tool verbs that the request's `words` (lowercase, in order, stop words included: "bring it up to date") stand
 * for, each once, with the request's text it was read from. A one-word entry is skipped when the word is itself a
 * tool verb of the table (`add`, `drop`): the user then used a tool's own verb, which the search already finds.
 */
export function actionVerbsOf(
  table: ActionVerbTable,
  words: readonly string[],
  normalize: (word: string) => string,
): Array<{ text: string; verb: string; relation: ActionVerbRelation }> {
  const { byKey, longest, toolVerbs } = lookupFor(table, normalize);
  const normalized = words.map(normalize);
  const found = new Map<string, { text: string; verb: string; relation: ActionVerbRelation }>();
  for (let start = 0; start < words.length; start += 1) {
    for (let length = Math.min(longest, words.length - start); length >= 1; length -= 1) {
      if (length === 1 && (toolVerbs.has(normalized[start]) || !isContentWord(words[start]))) continue;
      const targets = byKey.get(normalized.slice(start, start + length).join(" "));
      if (targets === undefined) continue;
      const text = words.slice(start, start + length).join(" ");
      for (const { verb, relation } of targets) {
        const previous = found.get(verb);
        if (previous === undefined || (previous.relation === "kind" && relation === "same"))
          found.set(verb, { text, verb, relation });
      }
    }
  }
  return [...found.values()];
}
