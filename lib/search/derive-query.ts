/**
 * How the simulated model turns a user's turn into a tool-search input. A real model paraphrases; this one is
 * deterministic, so that every scenario replays identically: it keeps the content words of the user's text, in
 * order, and for the regex variant joins their word stems into a plain alternation (`weather|forecast`). A real
 * model often writes sharper patterns; this one is a deliberately simple, reproducible baseline.
 */
import { ANTHROPIC_BM25_MAX_QUERY_CHARACTERS, ANTHROPIC_REGEX_MAX_PATTERN_CHARACTERS, characterCount } from "./limits";
import { stem } from "./stem";
import { CONVERSATIONAL_FILLER_WORDS, STOP_WORDS } from "./stop-words";
import { splitWords } from "./tokenize";

function isContentWord(word: string): boolean {
  return !STOP_WORDS.has(word) && !CONVERSATIONAL_FILLER_WORDS.has(word);
}

/** The distinct content words of `text`, identifiers kept whole (`repo_path`, `config.yaml`). */
function contentWords(text: string): string[] {
  const words = splitWords(text, false);
  const content = words.filter(isContentWord);
  // A turn made only of filler ("can you help me?") still searches for something rather than nothing.
  return [...new Set(content.length > 0 ? content : words)];
}

/** Joins parts with `separator` while the result fits in `maximum` code points. */
function joinWithin(parts: readonly string[], separator: string, maximum: number): string {
  let joined = "";
  for (const part of parts) {
    const candidate = joined === "" ? part : `${joined}${separator}${part}`;
    if (characterCount(candidate) > maximum) continue;
    joined = candidate;
  }
  return joined;
}

/**
 * A BM25 query for a user turn: content words only, at most 500 characters (Anthropic's limit), e.g.
 * "Could you please post a message to the #general channel?" → "post message general channel".
 */
export function deriveQueryFromUserText(text: string): string {
  return joinWithin(contentWords(text), " ", ANTHROPIC_BM25_MAX_QUERY_CHARACTERS);
}

const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}]/g;

/**
 * The part of a word a regex should look for so that its other forms match too: `issues` → `issu` (issue, issued),
 * `repositories` → `repositor` (repository). Uses the Porter stem when it is a prefix of the word; otherwise the
 * word itself.
 */
function regexStem(word: string): string {
  if (!/^[a-z]{4,}$/.test(word)) return word;
  let root = stem(word);
  // Porter writes a final `y` as `i` (`repository`, `repositories` → `repositori`); `repositor` matches both.
  const replaced = word.slice(root.length - 1);
  if (root.endsWith("i") && (replaced.startsWith("y") || /^ie[sd]/.test(replaced))) root = root.slice(0, -1);
  return root.length >= 3 && word.startsWith(root) ? root : word;
}

/**
 * A Python regex for a natural-language query, e.g. "weather forecast" → `weather|forecast`,
 * "list open issues" → `list|open|issu`. Fits Anthropic's 200-character limit by leaving out the words that do
 * not fit. An empty query gives an empty pattern, which Python's `re.search` matches everywhere.
 */
export function deriveRegexFromQuery(query: string): string {
  const alternatives = [...new Set(contentWords(query).map(regexStem))].map((word) =>
    word.replace(REGEX_METACHARACTERS, "\\$&"),
  );
  return joinWithin(alternatives, "|", ANTHROPIC_REGEX_MAX_PATTERN_CHARACTERS);
}
