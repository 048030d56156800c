/**
 * The one tokeniser every search shares, so that a tool and a query are always cut into words the same way.
 * Pipeline: words (letters and digits, with `_ - .` allowed inside) → optional identifier splitting → lowercase →
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
};

/** What the Anthropic emulations use: documented fields, no linguistic processing Anthropic does not mention. */
export const PLAIN_TOKENIZE_OPTIONS: TokenizeOptions = { splitIdentifiers: true, stopWords: false, stemming: false };

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

/** Lowercase words of `text`, identifiers split or kept whole. No stop words removed, nothing stemmed. */
export function splitWords(text: string, splitIdentifiers: boolean): string[] {
  if (!NON_ASCII.test(text)) return splitAsciiWords(text, splitIdentifiers);
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    if (splitIdentifiers) words.push(...splitIdentifier(match[0]));
    else words.push(match[0].toLowerCase());
  }
  return words;
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
  return normalizeWords(splitWords(text, options.splitIdentifiers), options);
}
