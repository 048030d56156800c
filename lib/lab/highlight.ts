/**
 * Highlighting for "why this tool ranked here": a field's text cut into segments, each marked as matched or not.
 * Joined back together the segments are always exactly the input (the tests check it), so the UI can render them as
 * plain React elements — no HTML strings.
 */
import type { SearchId } from "../search";
import { PLAIN_TOKENIZE_OPTIONS, tokenize, type TokenizeOptions } from "../search/tokenize";
import { wordSpans } from "./word-spans";

export type HighlightSegment = { text: string; hit: boolean };

/** How a search reads words, which decides what counts as a match of a term in the text. */
export type HighlightRule =
  /** Word-level: a word is highlighted when one of its index terms (after the search's tokeniser) was matched. */
  | { kind: "terms"; tokenize: TokenizeOptions }
  /** Substring-level, for the regex search: every occurrence of a matched substring, case-insensitively. */
  | { kind: "substrings" };

export function highlightRuleFor(searchId: SearchId, clientTokenize: TokenizeOptions): HighlightRule {
  if (searchId === "anthropic-regex") return { kind: "substrings" };
  return { kind: "terms", tokenize: searchId === "client" ? clientTokenize : PLAIN_TOKENIZE_OPTIONS };
}

function mergeRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((left, right) => left[0] - right[0] || left[1] - right[1]);
  const merged: Array<[number, number]> = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

function segmentsFromRanges(text: string, ranges: Array<[number, number]>): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let cursor = 0;
  for (const [start, end] of mergeRanges(ranges)) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), hit: false });
    segments.push({ text: text.slice(start, end), hit: true });
    cursor = end;
  }
  if (cursor < text.length || segments.length === 0) segments.push({ text: text.slice(cursor), hit: false });
  return segments;
}

function termRanges(text: string, terms: ReadonlySet<string>, options: TokenizeOptions): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const span of wordSpans(text, options.splitIdentifiers)) {
    const word = text.slice(span.start, span.end);
    // The word alone, through the same pipeline: stop words give no terms, stems compare with stems.
    if (tokenize(word, { ...options, splitIdentifiers: false }).some((term) => terms.has(term))) {
      ranges.push([span.start, span.end]);
    }
  }
  return ranges;
}

/** Lowercasing that keeps every index: only characters whose lowercase form has the same length are folded. */
function foldCase(text: string): string {
  let folded = "";
  for (const character of text) {
    const lower = character.toLowerCase();
    folded += lower.length === character.length ? lower : character;
  }
  return folded;
}

function substringRanges(text: string, substrings: readonly string[]): Array<[number, number]> {
  const haystack = foldCase(text);
  const ranges: Array<[number, number]> = [];
  for (const substring of substrings) {
    const needle = foldCase(substring);
    if (needle === "") continue;
    for (let index = haystack.indexOf(needle); index !== -1; index = haystack.indexOf(needle, index + needle.length)) {
      ranges.push([index, index + needle.length]);
    }
  }
  return ranges;
}

/** `text` cut into matched and unmatched segments for `terms` (index terms, or the regex's matched substrings). */
export function highlight(text: string, terms: readonly string[], rule: HighlightRule): HighlightSegment[] {
  if (terms.length === 0 || text === "") return [{ text, hit: false }];
  const ranges =
    rule.kind === "substrings" ? substringRanges(text, terms) : termRanges(text, new Set(terms), rule.tokenize);
  return segmentsFromRanges(text, ranges);
}

/** True when any segment is highlighted. */
export function hasHit(segments: readonly HighlightSegment[]): boolean {
  return segments.some((segment) => segment.hit);
}
