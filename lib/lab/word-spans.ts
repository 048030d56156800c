/**
 * Where each word of a text sits, so that matched terms can be highlighted in the text the author wrote. The spans
 * cut the text exactly as the shared tokeniser's `splitWords` does (`lib/search/tokenize.ts`): the test checks that
 * the lowercased span texts equal `splitWords(text)` for every case it has.
 */

import { isUnspacedRun, segmentUnspacedRun } from "../search/tokenize";

export type WordSpan = { start: number; end: number };

/** A run of letters and digits, possibly joined by identifier punctuation; the same pattern as the tokeniser's. */
const WORD = /[\p{L}\p{N}]+(?:[._-]+[\p{L}\p{N}]+)*/gu;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /\p{N}/u;
const CONNECTOR = /[._-]/u;

/** Splits one identifier run into its words: `getHTTPResponse` → `get`, `HTTP`, `Response`. */
function identifierSpans(run: string, offset: number): WordSpan[] {
  const spans: WordSpan[] = [];
  const characters = Array.from(run);
  let position = 0;
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end > start) spans.push({ start: offset + start, end: offset + end });
    start = -1;
  };
  characters.forEach((character, index) => {
    const previous = characters[index - 1];
    const next = characters[index + 1];
    if (CONNECTOR.test(character)) {
      close(position);
    } else if (start < 0) {
      start = position;
    } else if (UPPER.test(character) && (LOWER.test(previous) || DIGIT.test(previous))) {
      // `getWeather`, `v2Api`: a capital after a lowercase letter or a digit starts a word.
      close(position);
      start = position;
    } else if (UPPER.test(character) && UPPER.test(previous) && next !== undefined && LOWER.test(next)) {
      // `HTMLParser`: the acronym ends before the capital that starts the next word.
      close(position);
      start = position;
    }
    position += character.length;
  });
  close(position);
  return spans;
}

/** The words of `text` as offsets into it, identifiers split or kept whole. */
export function wordSpans(text: string, splitIdentifiers: boolean): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    if (isUnspacedRun(match[0])) {
      for (const piece of segmentUnspacedRun(match[0])) {
        const pieceStart = start + piece.index;
        if (splitIdentifiers && !isUnspacedRun(piece.segment))
          spans.push(...identifierSpans(piece.segment, pieceStart));
        else spans.push({ start: pieceStart, end: pieceStart + piece.segment.length });
      }
    } else if (splitIdentifiers) spans.push(...identifierSpans(match[0], start));
    else spans.push({ start, end: start + match[0].length });
  }
  return spans;
}
