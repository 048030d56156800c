/**
 * The Porter2 ("English") stemmer of the Snowball project (M.F. Porter, snowballstem.org, algorithm
 * `english.sbl`), written here from the algorithm's definition for the same reason as `stem.ts`: small, stable,
 * and it must run unchanged in Node, a Web Worker and the browser. Porter2 refines Porter's 1980 rules: `y` after
 * a consonant becomes `i` only when the stem keeps another letter before it (`cry` → `cri`, `by` stays), `-ies`
 * and `-ied` keep their `ie` on short words (`ties` → `tie`), `-li` and `-ly` endings are removed after the letters
 * that form adverbs (`quickly` → `quick`), `-ing`/`-ed` restore an `e` only on short stems (`hoping` → `hope`),
 * the regions R1 and R2 replace Porter's measure, and a few exceptions are listed (`skies` → `sky`, `news`,
 * `dying` → `die`). A test compares it with the Snowball C library's English stemmer on hundreds of words.
 *
 * Only lowercase ASCII words are stemmed; anything else is returned as is, as `stem.ts` does.
 */

const STEMMABLE = /^[a-z]+$/;

/** `y` is a vowel here; `Y` (a `y` the prelude marked as a consonant) is not. */
const isVowel = (character: string | undefined) =>
  character !== undefined &&
  (character === "a" ||
    character === "e" ||
    character === "i" ||
    character === "o" ||
    character === "u" ||
    character === "y");
const VALID_LI_ENDING = new Set("cdeghkmnrt");

/** Whole words with a fixed stem: irregular forms the rules would get wrong, and words that only look plural. */
const EXCEPTIONS_BEFORE: ReadonlyMap<string, string> = new Map([
  ["skis", "ski"],
  ["skies", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["idly", "idl"],
  ["gently", "gentl"],
  ["ugly", "ugli"],
  ["early", "earli"],
  ["only", "onli"],
  ["singly", "singl"],
  ["sky", "sky"],
  ["news", "news"],
  ["howe", "howe"],
  ["atlas", "atlas"],
  ["cosmos", "cosmos"],
  ["bias", "bias"],
  ["andes", "andes"],
]);
/** Words that, after step 1a, look inflected but are not (`inning` is not `inn` + `ing`): left as they are. */
const EXCEPTIONS_AFTER_STEP_1A = new Set([
  "inning",
  "outing",
  "canning",
  "herring",
  "earring",
  "evening",
  "proceed",
  "exceed",
  "succeed",
]);
/** Prefixes whose R1 starts right after them, so that `generate` and `general` keep distinct stems from `gener`. */
const REGION_PREFIXES = ["gener", "commun", "arsen"];

/** The position after the first non-vowel that follows a vowel, from `start` on; the word's length if none. */
function regionStart(word: string, start: number): number {
  for (let index = start + 1; index < word.length; index += 1) {
    if (!isVowel(word[index]) && isVowel(word[index - 1])) return index + 1;
  }
  return word.length;
}

/**
 * A short syllable ends at `end` (exclusive): a non-vowel other than `w`, `x`, `Y` after a vowel after a
 * non-vowel, or a vowel then a non-vowel at the very start of the word (`ow`, `hop`, but not `hoop`, `saw`).
 */
function endsWithShortSyllable(word: string, end: number): boolean {
  const last = word[end - 1];
  const middle = word[end - 2];
  if (end >= 3) {
    const first = word[end - 3];
    if (!isVowel(last) && last !== "w" && last !== "x" && last !== "Y" && isVowel(middle) && !isVowel(first)) {
      return true;
    }
  }
  return end === 2 && isVowel(middle) && !isVowel(last);
}

/** The longest of `suffixes` that `word` ends with, or undefined. */
function longestSuffix(word: string, suffixes: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && (found === undefined || suffix.length > found.length)) found = suffix;
  }
  return found;
}

function containsVowel(text: string): boolean {
  for (const character of text) if (isVowel(character)) return true;
  return false;
}

const STEP_1B_SUFFIXES = ["eed", "eedly", "ed", "edly", "ing", "ingly"];
const DOUBLES = new Set(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"]);
const STEP_2: ReadonlyArray<[string, string]> = [
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["abli", "able"],
  ["entli", "ent"],
  ["izer", "ize"],
  ["ization", "ize"],
  ["ational", "ate"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["aliti", "al"],
  ["alli", "al"],
  ["fulness", "ful"],
  ["ousli", "ous"],
  ["ousness", "ous"],
  ["iveness", "ive"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["bli", "ble"],
  ["ogi", "og"],
  ["fulli", "ful"],
  ["lessli", "less"],
  ["li", ""],
];
const STEP_2_MAP = new Map(STEP_2);
const STEP_2_SUFFIXES = STEP_2.map(([suffix]) => suffix);
const STEP_3: ReadonlyArray<[string, string]> = [
  ["tional", "tion"],
  ["ational", "ate"],
  ["alize", "al"],
  ["icate", "ic"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
  ["ative", ""],
];
const STEP_3_MAP = new Map(STEP_3);
const STEP_3_SUFFIXES = STEP_3.map(([suffix]) => suffix);
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
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
  "ion",
];

/** Steps 1b to 5 on a word that step 1a has left, with its regions R1 (from `r1`) and R2 (from `r2`). */
function stripSuffixes(input: string, r1: number, r2: number): string {
  let word = input;
  // Step 1b: -eed, -ed, -ing and their -ly forms.
  const inflection = longestSuffix(word, STEP_1B_SUFFIXES);
  if (inflection === "eed" || inflection === "eedly") {
    if (word.length - inflection.length >= r1) word = word.slice(0, -inflection.length) + "ee";
  } else if (inflection !== undefined && containsVowel(word.slice(0, -inflection.length))) {
    word = word.slice(0, -inflection.length);
    const ending = word.slice(-2);
    if (ending === "at" || ending === "bl" || ending === "iz") word += "e";
    else if (DOUBLES.has(ending)) {
      // `add`, `egg`, `off`: a double after a lone a, e or o at the start is the word's own.
      if (!(word.length === 3 && "aeo".includes(word[0]))) word = word.slice(0, -1);
    } else if (word.length === r1 && endsWithShortSyllable(word, word.length)) word += "e";
  }
  // Step 1c: a final y after a non-vowel that is not the first letter becomes i (`cry` → `cri`, `by` stays).
  const last = word[word.length - 1];
  if ((last === "y" || last === "Y") && word.length > 2 && !isVowel(word[word.length - 2])) {
    word = word.slice(0, -1) + "i";
  }
  // Step 2, in R1.
  const derivational = longestSuffix(word, STEP_2_SUFFIXES);
  if (derivational !== undefined && word.length - derivational.length >= r1) {
    const before = word[word.length - derivational.length - 1];
    if (derivational === "ogi") {
      if (before === "l") word = word.slice(0, -3) + "og";
    } else if (derivational === "li") {
      if (before !== undefined && VALID_LI_ENDING.has(before)) word = word.slice(0, -2);
    } else word = word.slice(0, -derivational.length) + STEP_2_MAP.get(derivational)!;
  }
  // Step 3, in R1 (-ative in R2).
  const step3 = longestSuffix(word, STEP_3_SUFFIXES);
  if (step3 !== undefined && word.length - step3.length >= r1) {
    if (step3 !== "ative" || word.length - step3.length >= r2) {
      word = word.slice(0, -step3.length) + STEP_3_MAP.get(step3)!;
    }
  }
  // Step 4, in R2; -ion only after s or t.
  const step4 = longestSuffix(word, STEP_4_SUFFIXES);
  if (step4 !== undefined && word.length - step4.length >= r2) {
    if (step4 !== "ion") word = word.slice(0, -step4.length);
    else if ("st".includes(word[word.length - 4] ?? "-")) word = word.slice(0, -3);
  }
  // Step 5: a final e in R2, or in R1 after no short syllable; a final l in R2 after another l.
  if (word.endsWith("e")) {
    const at = word.length - 1;
    if (at >= r2 || (at >= r1 && !endsWithShortSyllable(word, at))) word = word.slice(0, -1);
  } else if (word.endsWith("l")) {
    if (word.length - 1 >= r2 && word[word.length - 2] === "l") word = word.slice(0, -1);
  }
  return word;
}

/** The Porter2 stem of `word`: `generously` → `generous`, `cried` → `cri`, `ties` → `tie`, `skies` → `sky`. */
export function stemPorter2(word: string): string {
  if (!STEMMABLE.test(word)) return word;
  const exception = EXCEPTIONS_BEFORE.get(word);
  if (exception !== undefined) return exception;
  if (word.length < 3) return word;
  // Prelude: a y at the start or after a vowel is a consonant, written Y until the end.
  let marked = "";
  for (let index = 0; index < word.length; index += 1) {
    const character = word[index];
    marked += character === "y" && (index === 0 || isVowel(marked[index - 1])) ? "Y" : character;
  }
  const prefix = REGION_PREFIXES.find((candidate) => marked.startsWith(candidate));
  const r1 = prefix === undefined ? regionStart(marked, 0) : prefix.length;
  const r2 = r1 >= marked.length ? marked.length : regionStart(marked, r1);
  // Step 1a: plurals.
  let stemmed = marked;
  const plural = longestSuffix(stemmed, ["sses", "ied", "ies", "s", "us", "ss"]);
  if (plural === "sses") stemmed = stemmed.slice(0, -2);
  else if (plural === "ied" || plural === "ies") stemmed = stemmed.slice(0, -3) + (stemmed.length > 4 ? "i" : "ie");
  else if (plural === "s" && containsVowel(stemmed.slice(0, -2))) stemmed = stemmed.slice(0, -1);
  if (!EXCEPTIONS_AFTER_STEP_1A.has(stemmed)) stemmed = stripSuffixes(stemmed, r1, r2);
  return stemmed.replaceAll("Y", "y");
}
