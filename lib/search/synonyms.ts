/**
 * A small synonym table for the client search: the verbs and nouns that tool authors and users most often word
 * differently ("remove" a file that the tool calls `delete_file`, a "PR" that the tool calls a pull request).
 * It expands queries only; the index keeps the author's words. Kept small on purpose: each entry is a bet that
 * the words are interchangeable in tool descriptions, and a wrong bet costs precision.
 */
import { stem } from "./stem";

export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["create", "add", "new", "make", "insert"],
  ["delete", "remove", "erase", "destroy"],
  ["list", "get all", "enumerate", "show all"],
  ["search", "find", "query", "look up", "lookup"],
  ["issue", "ticket", "bug"],
  ["pr", "pull request"],
  ["update", "edit", "modify", "change"],
  ["get", "fetch", "retrieve"],
  ["folder", "directory", "dir"],
  ["repo", "repository"],
  ["send", "post"],
  ["move", "rename"],
];

type Phrase = { words: string[]; stems: string[] };

const GROUPS: readonly Phrase[][] = SYNONYM_GROUPS.map((group) =>
  group.map((phrase) => {
    const words = phrase.split(" ");
    return { words, stems: words.map(stem) };
  }),
);

function phraseAt(stems: readonly string[], start: number, phrase: Phrase): boolean {
  if (start + phrase.stems.length > stems.length) return false;
  return phrase.stems.every((phraseStem, offset) => stems[start + offset] === phraseStem);
}

/**
 * The words to add to a query whose lowercase words are `words`: every other phrase of each synonym group the
 * query mentions. Phrases are compared by stem, so "issues" finds the `issue` group. Words already in the query
 * are not repeated.
 */
export function expandSynonyms(words: readonly string[]): string[] {
  const stems = words.map(stem);
  const seen = new Set(stems);
  const additions: string[] = [];
  for (let start = 0; start < stems.length; start += 1) {
    for (const group of GROUPS) {
      const matched = group.find((phrase) => phraseAt(stems, start, phrase));
      if (matched === undefined) continue;
      for (const phrase of group) {
        if (phrase === matched) continue;
        phrase.words.forEach((word, index) => {
          if (seen.has(phrase.stems[index])) return;
          seen.add(phrase.stems[index]);
          additions.push(word);
        });
      }
    }
  }
  return additions;
}
