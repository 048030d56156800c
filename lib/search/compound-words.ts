/**
 * The words a search should also know a text by, beyond the ones the tokeniser cuts it into.
 *
 * Identifier splitting turns `PostgreSQL` into `postgre` + `sql`, so a user who types "postgresql" (one lowercase
 * word, which nothing splits) would miss it. And a tool may write words together that a user writes apart
 * (`sequentialthinking`, "sequential thinking"), or the other way round ("filesystem", `file_system`). This module
 * adds the missing forms, always as extra terms, never instead of the split words:
 *
 * - `wholeWordsOf`: the whole lowercase form of every word that identifier splitting cut by case or digits
 *   (`PostgreSQL` → `postgresql`, `GitHub` → `github`), and the letter and digit parts of a word that mixes them
 *   (`session42` → `session`, `42`; letter parts shorter than 3 are too vague to add).
 * - `splitRunTogether`: a run-together word cut into two words the catalog itself uses (`sequentialthinking` →
 *   `sequential` + `thinking` when both occur elsewhere). No dictionary: only the catalog's own vocabulary.
 */

/** Words of letters and digits, possibly joined by identifier punctuation (the tokeniser's `WORD`). */
const RAW_WORD = /[\p{L}\p{N}]+(?:[._-]+[\p{L}\p{N}]+)*/gu;
const CONNECTORS = /[._-]+/u;
const CASE_OR_DIGIT_BOUNDARY = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}|\p{L}\p{N}|\p{N}\p{L}/u;
const LETTERS_THEN_DIGITS = /^(\p{L}+)(\p{N}+)$/u;
const DIGITS_THEN_LETTERS = /^(\p{N}+)(\p{L}+)$/u;
/** Shorter halves (`a`, `up`) would cut most long words somewhere. */
const MIN_PART_LENGTH = 3;
/** A run-together word has two parts of at least `MIN_PART_LENGTH`. */
const MIN_RUN_TOGETHER_LENGTH = 2 * MIN_PART_LENGTH;

/** 0 other, 1 digit, 2 uppercase, 3 lowercase: the ASCII classes `CASE_OR_DIGIT_BOUNDARY` tells apart. */
function asciiClass(code: number): number {
  if (code >= 97 && code <= 122) return 3;
  if (code >= 65 && code <= 90) return 2;
  return code >= 48 && code <= 57 ? 1 : 0;
}

/**
 * `CASE_OR_DIGIT_BOUNDARY.test(text)`, by a walk over character codes while the text is ASCII (the expression for
 * the rest). Indexing 10,000 tools tests 11 M characters, nearly all without a boundary, and in V8 the
 * Unicode-aware expression took up to 0.7 s of it (on strings built by the example's generator; several times
 * less on the same text parsed from JSON), the walk ≈ 0.1 s either way.
 */
function hasCaseOrDigitBoundary(text: string): boolean {
  let beforePrevious = 0;
  let previous = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 127) return CASE_OR_DIGIT_BOUNDARY.test(text);
    const current = asciiClass(code);
    if (current !== 0 && previous !== 0) {
      // Letter then digit or digit then letter; lowercase then uppercase; two uppercase then lowercase.
      if ((current === 1) !== (previous === 1)) return true;
      if (current === 2 && previous === 3) return true;
      if (current === 3 && previous === 2 && beforePrevious === 2) return true;
    }
    beforePrevious = previous;
    previous = current;
  }
  return false;
}

/** The extra whole forms of `text`'s identifiers (see the module comment), lowercase, in order, with repeats. */
export function wholeWordsOf(text: string): string[] {
  const extras: string[] = [];
  // Most texts have no case change or digit inside a word: one test skips the walk over their words.
  if (!hasCaseOrDigitBoundary(text)) return extras;
  for (const match of text.matchAll(RAW_WORD)) {
    for (const segment of match[0].split(CONNECTORS)) {
      if (segment === "") continue;
      const lower = segment.toLowerCase();
      if (CASE_OR_DIGIT_BOUNDARY.test(segment)) extras.push(lower);
      const mixed = LETTERS_THEN_DIGITS.exec(lower) ?? DIGITS_THEN_LETTERS.exec(lower);
      if (mixed !== null) {
        for (const part of [mixed[1], mixed[2]]) {
          if (/^\p{N}+$/u.test(part) || part.length >= MIN_PART_LENGTH) extras.push(part);
        }
      }
    }
  }
  return extras;
}

/**
 * `word` cut into two words of `vocabulary`, or undefined. Of several cuts the most even one wins, so the result
 * does not depend on the order words were seen in.
 */
export function splitRunTogether(
  word: string,
  vocabulary: { has(word: string): boolean },
): [string, string] | undefined {
  if (word.length < MIN_RUN_TOGETHER_LENGTH || /\p{N}/u.test(word)) return undefined;
  let best: [string, string] | undefined;
  let bestBalance = -1;
  for (let cut = MIN_PART_LENGTH; cut <= word.length - MIN_PART_LENGTH; cut += 1) {
    const left = word.slice(0, cut);
    const right = word.slice(cut);
    if (!vocabulary.has(left) || !vocabulary.has(right)) continue;
    const balance = Math.min(left.length, right.length);
    if (balance > bestBalance) {
      best = [left, right];
      bestBalance = balance;
    }
  }
  return best;
}
