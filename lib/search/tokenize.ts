/**
 * The one tokeniser every search shares, so that a tool and a query are always cut into words the same way.
 * Pipeline: words (letters and digits, with `_ - .` allowed inside) → words of scripts written without spaces
 * (Chinese, Japanese, Thai…) cut by the platform's word segmenter → optional identifier splitting → lowercase →
 * optional stop-word removal → optional stemming. Apostrophes separate words (`user's` → `user`, `s`).
 */
import { stem } from "./stem";
import { stemPorter2 } from "./stem-porter2";
import { STOP_WORDS } from "./stop-words";

export type TokenizeOptions = {
  /** Split `get_weather`, `getWeather`, `get-weather` and `weather.get` into their words. */
  splitIdentifiers: boolean;
  /** Drop English function words (`the`, `of`, `with`…). */
  stopWords: boolean;
  /** Reduce words to Porter stems (`creating` → `creat`). */
  stemming: boolean;
  /** Which stemmer (default Porter's): the client search may use Snowball's Porter2, and its highlights follow. */
  stemmer?: "porter" | "porter2";
  /**
   * Cut runs of Chinese, Japanese, Thai, Lao, Khmer or Burmese into words with `Intl.Segmenter` (default true).
   * Without it "查询指定城市的天气" is one word and a request for "天气" matches nothing.
   */
  segmentUnspacedScripts?: boolean;
};

/**
 * What the Anthropic emulations use: documented fields, no linguistic processing Anthropic does not mention. Nor
 * does Anthropic say how its search cuts Chinese or Japanese text, so the plainest reading is kept there too: a run
 * of such characters between spaces or punctuation is one word (docs/SEARCH.md, "Text without spaces").
 */
export const PLAIN_TOKENIZE_OPTIONS: TokenizeOptions = {
  splitIdentifiers: true,
  stopWords: false,
  stemming: false,
  segmentUnspacedScripts: false,
};

/** A run of letters and digits, possibly joined by identifier punctuation (`read_text_file`, `a.b`, `kebab-case`). */
const WORD = /[\p{L}\p{N}]+(?:[._-]+[\p{L}\p{N}]+)*/gu;
const IDENTIFIER_PUNCTUATION = /[._-]+/u;
/** `getWeather` → `get Weather`, `v2Api` → `v2 Api`. */
const LOWER_OR_DIGIT_BEFORE_UPPER = /(\p{Ll}|\p{N})(\p{Lu})/gu;
/** `HTMLParser` → `HTML Parser`: an acronym ends where a capitalised word starts. */
const ACRONYM_BEFORE_WORD = /(\p{Lu})(\p{Lu}\p{Ll})/gu;

/** Splits one identifier into lowercase words: `listPullRequests` → `list`, `pull`, `requests`. */
export function splitIdentifier(identifier: string): string[] {
  return identifier
    .replace(LOWER_OR_DIGIT_BEFORE_UPPER, "$1 $2")
    .replace(ACRONYM_BEFORE_WORD, "$1 $2")
    .split(/\s+/u)
    .flatMap((part) => part.split(IDENTIFIER_PUNCTUATION))
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

/** Any UTF-16 unit above ASCII (surrogates included), i.e. text the ASCII fast path must not see. */
const NON_ASCII = /[\u0080-\uffff]/;

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
const isUpper = (code: number) => code >= 65 && code <= 90;
const isLower = (code: number) => code >= 97 && code <= 122;
const isLowerOrDigit = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
const isConnector = (code: number) => code === 95 || code === 45 || code === 46; // _ - .

/**
 * `splitWords` for ASCII text in one pass over character codes, with the same boundaries as the regular
 * expressions above: indexing 10,000 tools tokenises megabytes of text, and this path is several times faster.
 */
function splitAsciiWords(text: string, splitIdentifiers: boolean): string[] {
  const words: string[] = [];
  let start = -1;
  const end = (index: number) => {
    words.push(text.slice(start, index).toLowerCase());
    start = -1;
  };
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!isAsciiLetterOrDigit(code)) {
      if (start < 0) continue;
      if (!splitIdentifiers && isConnector(code)) {
        let next = index;
        while (next < text.length && isConnector(text.charCodeAt(next))) next += 1;
        if (next < text.length && isAsciiLetterOrDigit(text.charCodeAt(next))) {
          index = next - 1;
          continue;
        }
      }
      end(index);
      continue;
    }
    if (start < 0) {
      start = index;
      continue;
    }
    if (!splitIdentifiers) continue;
    const previous = text.charCodeAt(index - 1);
    if (isUpper(code) && isLowerOrDigit(previous)) {
      end(index);
      start = index;
    } else if (isLower(code) && isUpper(previous) && index - 1 > start && isUpper(text.charCodeAt(index - 2))) {
      // `HTMLParser`: the acronym ends before the capital that starts the next word.
      end(index - 1);
      start = index - 1;
    }
  }
  if (start >= 0) end(text.length);
  return words;
}

/** Scripts whose words are not separated by spaces: only a dictionary-based segmenter finds their words. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

let wordSegmenter: Intl.Segmenter | undefined;

/**
 * The word-like pieces of a run that holds Chinese, Japanese or Thai text, with their offsets in the run, by ICU's
 * dictionaries (`Intl.Segmenter`, the same in Node and in the browsers): "查询GitHub仓库的天气" → 查询, GitHub, 仓库, 的,
 * 天气. The highlighter (`lib/lab/word-spans.ts`) cuts text with it too, so highlights fall on the searched words.
 */
export function segmentUnspacedRun(run: string): Array<{ segment: string; index: number }> {
  wordSegmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  const pieces: Array<{ segment: string; index: number }> = [];
  for (const piece of wordSegmenter.segment(run)) {
    if (piece.isWordLike) pieces.push({ segment: piece.segment, index: piece.index });
  }
  return pieces;
}

/** Whether `text` holds a character of a script written without spaces. */
export function isUnspacedRun(text: string): boolean {
  return UNSPACED_SCRIPT.test(text);
}

/** The words of an unspaced run; Latin pieces inside it keep identifier splitting. */
function segmentRun(run: string, splitIdentifiers: boolean, words: string[]): void {
  for (const piece of segmentUnspacedRun(run)) {
    if (UNSPACED_SCRIPT.test(piece.segment)) words.push(piece.segment.toLowerCase());
    else if (splitIdentifiers) words.push(...splitIdentifier(piece.segment));
    else words.push(piece.segment.toLowerCase());
  }
}

/**
 * Lowercase words of `text`, identifiers split or kept whole, runs of unspaced scripts segmented unless told not
 * to. No stop words removed, nothing stemmed.
 */
export function splitWords(text: string, splitIdentifiers: boolean, segmentUnspacedScripts = true): string[] {
  if (!NON_ASCII.test(text)) return splitAsciiWords(text, splitIdentifiers);
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    if (segmentUnspacedScripts && UNSPACED_SCRIPT.test(match[0])) segmentRun(match[0], splitIdentifiers, words);
    else if (splitIdentifiers) words.push(...splitIdentifier(match[0]));
    else words.push(match[0].toLowerCase());
  }
  return words;
}

/** Scripts whose single characters carry meaning: a Chinese character is a morpheme, a Hangul block a syllable. */
const MEANINGFUL_CHARACTER = /[\p{Script=Han}\p{Script=Hangul}]/u;

/**
 * The single Chinese characters and Hangul syllables of the words that have more than one: two wordings of one
 * request share them where their words differ (股价 / 股票, 温度 / 气温, 报表 / 表格; Korean 날씨를 / 날씨, where a
 * particle is written onto the word). The client search matches them at a discount.
 */
export function unspacedCharactersOf(words: readonly string[]): string[] {
  const characters: string[] = [];
  for (const word of words) {
    if (word.length < 2 || !MEANINGFUL_CHARACTER.test(word)) continue;
    for (const character of word) if (MEANINGFUL_CHARACTER.test(character)) characters.push(character);
  }
  return characters;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Applies the stop-word and stemming steps to words already split and lowercased. */
export function normalizeWords(
  words: readonly string[],
  options: Pick<TokenizeOptions, "stopWords" | "stemming" | "stemmer">,
): string[] {
  const terms: string[] = [];
  const stemWord = options.stemmer === "porter2" ? stemPorter2 : stem;
  for (const word of words) {
    if (options.stopWords && isStopWord(word)) continue;
    terms.push(options.stemming ? stemWord(word) : word);
  }
  return terms;
}

/** The full pipeline: the index terms of `text`. */
export function tokenize(text: string, options: TokenizeOptions): string[] {
  return normalizeWords(splitWords(text, options.splitIdentifiers, options.segmentUnspacedScripts ?? true), options);
}
