/**
 * An exact, faster token count for texts that repeat their parts: tool definitions share words, sentences and schema
 * fragments (a person's 10,000-tool catalog renders to ≈ 30 M characters across a run's requests but only ≈ 6,300
 * distinct parts), so a text is cut where the tokenizer is certain to cut it anyway, and each part's count is looked up.
 *
 * Why the sum is exact. o200k_base, like every tiktoken-style BPE, first splits text with one regular expression
 * (letters with an optional leading non-letter and an English contraction, 1–3 digits, punctuation runs, whitespace
 * runs) and then merges bytes inside each piece only, so count(text) = Σ count(piece). The expression has no
 * look-behind, every character is matched by some alternative, and the only look-ahead, `\s+(?!\S)`, looks at the
 * character right after a whitespace run. Take a position `p` where `text[p-1]` is an ASCII letter or digit and
 * `text[p]` is any other ASCII character but an apostrophe (a space, a line break, `"`, `.`, `_`, `{`…):
 * - the piece holding `text[p-1]` is a letter piece (letters and marks, plus `'s`, `'re`… contractions) or a digit
 *   piece; neither can take an ASCII character that is not a letter, a digit or an apostrophe (marks and other
 *   scripts' letters are never ASCII), so it ends at `p` — `p` is where a piece ends;
 * - matching from `p` depends only on `text[p…]`, so the text after `p` splits the same alone;
 * - the text before `p` splits the same alone: its pieces end at or before `p` and nothing in it looks past its
 *   last letter or digit (a whitespace run's look-ahead sees a character before `p`).
 * So the text's pieces are the parts' pieces, and the counts add up. Most parts are one word with the character
 * before it (`" weather"`, `"_issue"`), the distinct ones few, so almost every part is a lookup and the tokenizer
 * sees almost nothing twice: at 10,000 tools ≈ 2× faster than cutting before `"`, `.` and `,` only, whose parts held
 * the words peculiar to each tool (its name, its server) and so were new ones throughout.
 * `piecewise-count.test.ts` checks the sums against whole counts on every shipped catalog, the generated one and
 * random text.
 *
 * Special-token strings (`<|endoftext|>`) are plain text to the counter this wraps (lib/tokens/o200k.ts), so they
 * go through the same expression and cannot join two parts.
 */

/** Whether a UTF-16 code unit is an ASCII letter or digit (the character before a cut). */
function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

/** The character a part may end before, after an ASCII letter or digit: any other ASCII one but an apostrophe. */
function isCutBefore(code: number): boolean {
  return code < 128 && code !== 39 && !isAsciiLetterOrDigit(code);
}

export type PiecewiseCountOptions = {
  /** Texts shorter than this are counted whole: cutting them saves nothing. */
  minimumLength?: number;
  /** Parts longer than this are counted without being kept (a long unbroken run rarely repeats). */
  maximumPartLength?: number;
  /**
   * Parts kept; beyond that the oldest is forgotten. With the maximum part length this bounds the memo at 50 M
   * characters in the worst case; a 10,000-tool import's run keeps ≈ 6,300 parts.
   */
  maximumParts?: number;
};

export const PIECEWISE_COUNT_DEFAULTS = { minimumLength: 200, maximumPartLength: 500, maximumParts: 100_000 } as const;

export type PiecewiseCount = {
  count(text: string): number;
  /** Parts currently kept. */
  readonly size: number;
  /** Forgets every part. */
  clear(): void;
};

/**
 * Wraps `countWhole` (an exact count of a pre-split BPE tokenizer that treats special tokens as text) so a long
 * text is counted as the sum of its parts' counts, each part's count kept in a bounded memo.
 */
export function createPiecewiseCount(
  countWhole: (text: string) => number,
  options: PiecewiseCountOptions = {},
): PiecewiseCount {
  const { minimumLength, maximumPartLength, maximumParts } = { ...PIECEWISE_COUNT_DEFAULTS, ...options };
  const parts = new Map<string, number>();

  function countPart(part: string): number {
    if (part.length > maximumPartLength) return countWhole(part);
    const known = parts.get(part);
    if (known !== undefined) return known;
    const counted = countWhole(part);
    if (parts.size >= maximumParts) parts.delete(parts.keys().next().value as string);
    parts.set(part, counted);
    return counted;
  }

  return {
    count(text: string): number {
      if (text.length < minimumLength) return countWhole(text);
      // A scan of char codes rather than a regular expression: `exec` allocates a match per cut, millions of them
      // over a 10,000-tool run.
      let total = 0;
      let start = 0;
      let afterLetterOrDigit = false;
      for (let index = 0; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        if (afterLetterOrDigit && isCutBefore(code)) {
          total += countPart(text.slice(start, index));
          start = index;
        }
        afterLetterOrDigit = isAsciiLetterOrDigit(code);
      }
      return total + countPart(start === 0 ? text : text.slice(start));
    },
    get size() {
      return parts.size;
    },
    clear() {
      parts.clear();
    },
  };
}
