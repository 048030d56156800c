/**
 * The Porter stemmer (M.F. Porter, "An algorithm for suffix stripping", 1980), following the rules of his
 * reference C implementation, including its two published departures from the paper (`bli` → `ble`,
 * `logi` → `log`). Written here rather than pulled in as a dependency because it is small, stable and needs to run
 * unchanged in Node, a Web Worker and the browser.
 *
 * Stems are index terms, not words: `creating` → `creat`, `repositories` → `repositori`. Only lowercase ASCII
 * words are stemmed; anything else (digits, non-Latin scripts) is returned as is.
 */

const STEMMABLE = /^[a-z]+$/;

function isConsonant(word: string, index: number): boolean {
  const character = word[index];
  if ("aeiou".includes(character)) return false;
  // `y` is a vowel after a consonant (`happy`) and a consonant at the start or after a vowel (`yes`, `toy`).
  if (character === "y") return index === 0 ? true : !isConsonant(word, index - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in `[C](VC)^m[V]`. */
function measure(stem: string): number {
  let count = 0;
  let previousWasVowel = false;
  for (let index = 0; index < stem.length; index += 1) {
    const consonant = isConsonant(stem, index);
    if (consonant && previousWasVowel) count += 1;
    previousWasVowel = !consonant;
  }
  return count;
}

function containsVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index += 1) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const last = word.length - 1;
  return last >= 1 && word[last] === word[last - 1] && isConsonant(word, last);
}

/** Porter's *o: ends consonant-vowel-consonant, the last consonant not w, x or y (`hop`, not `how`). */
function endsWithShortSyllable(word: string): boolean {
  const last = word.length - 1;
  if (last < 2) return false;
  if (!isConsonant(word, last) || isConsonant(word, last - 1) || !isConsonant(word, last - 2)) return false;
  return !"wxy".includes(word[last]);
}

type SuffixRule = readonly [suffix: string, replacement: string];

/**
 * Applies the first rule whose suffix matches, if the stem before it has m > `minimumMeasure`. As in the
 * reference implementation, the first matching suffix ends the step even when its condition fails.
 */
function replaceSuffix(word: string, rules: readonly SuffixRule[], minimumMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    return measure(stem) > minimumMeasure ? stem + replacement : word;
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ies")) return word.slice(0, -2);
  if (word.endsWith("ss")) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

function step1b(word: string): string {
  if (word.endsWith("eed")) return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  const suffix = word.endsWith("ed") ? "ed" : word.endsWith("ing") ? "ing" : undefined;
  if (suffix === undefined) return word;
  const stem = word.slice(0, word.length - suffix.length);
  if (!containsVowel(stem)) return word;
  if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) return `${stem}e`;
  if (endsWithDoubleConsonant(stem) && !"lsz".includes(stem[stem.length - 1])) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsWithShortSyllable(stem)) return `${stem}e`;
  return stem;
}

function step1c(word: string): string {
  return word.endsWith("y") && containsVowel(word.slice(0, -1)) ? `${word.slice(0, -1)}i` : word;
}

const STEP_2_RULES: readonly SuffixRule[] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];

const STEP_3_RULES: readonly SuffixRule[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];

// Longer suffixes come before the shorter ones they end with (`ement` before `ment` before `ent`).
const STEP_4_SUFFIXES = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

function step4(word: string): string {
  for (const suffix of STEP_4_SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (suffix === "ion" && !(stem.endsWith("s") || stem.endsWith("t"))) return word;
    return measure(stem) > 1 ? stem : word;
  }
  return word;
}

function step5(word: string): string {
  let result = word;
  if (result.endsWith("e")) {
    const stem = result.slice(0, -1);
    const stemMeasure = measure(stem);
    if (stemMeasure > 1 || (stemMeasure === 1 && !endsWithShortSyllable(stem))) result = stem;
  }
  if (result.endsWith("ll") && measure(result) > 1) result = result.slice(0, -1);
  return result;
}

/**
 * Stems are memoised: a catalog repeats a small vocabulary (10,000 tools use a few thousand distinct words), so
 * indexing one stems each distinct word once instead of every occurrence. Bounded so a stream of unique words
 * (a pasted log, say) cannot grow it without limit.
 */
const STEM_CACHE_LIMIT = 100_000;
const stemCache = new Map<string, string>();

/** Stems one lowercase word. Words of one or two letters, and non-ASCII words, come back unchanged. */
export function stem(word: string): string {
  if (word.length <= 2) return word;
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const result = stemUncached(word);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, result);
  return result;
}

function stemUncached(word: string): string {
  if (!STEMMABLE.test(word)) return word;
  let result = step1c(step1b(step1a(word)));
  result = replaceSuffix(result, STEP_2_RULES, 0);
  result = replaceSuffix(result, STEP_3_RULES, 0);
  return step5(step4(result));
}
