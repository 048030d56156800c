/**
 * The client-side tool search behind the `gateway`, `stubs` and `kimi-dynamic` strategies: the client owns it, so
 * it is tuned for putting the right tool first on the phrasing users actually write, not for fidelity to a
 * provider.
 *
 * Field-weighted BM25 (BM25F: a word's occurrences in the name, description, argument names and argument
 * descriptions are weighted, length-normalised per field and summed before saturation), over the shared tokeniser,
 * plus what plain BM25 misses on everyday requests: request filler dropped from the query ("can you", "I want
 * to"), whole forms of split identifiers (`PostgreSQL` is also `postgresql`), run-together words cut by the
 * catalog's own vocabulary, a prior for the server a query names ("on Stripe"), a bonus for query words that stand
 * next to each other in the tool's name or description, prefix and typo matching at a discount, and a fixed
 * tie-break. Every option is a real switch, so the lab can show what each one buys. docs/SEARCH.md has the
 * figures and how each weight was chosen.
 */
import type { CatalogTool } from "../core/catalog";
import { splitRunTogether, wholeWordsOf } from "./compound-words";
import { resolveLimit } from "./limits";
import { CONVERSATIONAL_FILLER_WORDS } from "./stop-words";
import { stem } from "./stem";
import { stemPorter2 } from "./stem-porter2";
import { actionVerbsOf, type ActionVerbRelation, type ActionVerbTable } from "./action-verb-lookup";
import { expandSynonyms } from "./synonyms";
import { extractSearchFields, type ToolSearchFields } from "./tool-fields";
import {
  FILE_NAME,
  isWebAddress,
  PATH,
  parameterKindsOf,
  requestEntitiesOf,
  requiredParameterNames,
  splitAddressWords,
  trimChunk,
  type EntityKind,
  type RequestEntity,
} from "./request-entities";
import { isStopWord, splitWords, unspacedCharactersOf } from "./tokenize";
import { SEARCH_FIELDS, type SearchField, type SearchHit, type SearchOutcome, type ToolSearcher } from "./types";
import { meanDirection, vectorOf, type WordVectors } from "./word-vectors";

export type ClientSearchOptions = {
  /** Split `get_weather`/`getWeather` into words, and know `PostgreSQL` as `postgresql` too (off: whole only). */
  splitIdentifiers: boolean;
  /** Stems, so `creating issues` meets `Create an issue`. */
  stemming: boolean;
  /** Which stemmer: Porter's 1980 rules (`stem.ts`) or Snowball's Porter2 (`stem-porter2.ts`). */
  stemmer: "porter" | "porter2";
  /** Drop English function words from tools and queries. */
  stopWords: boolean;
  /** Relative weight of a match in each field (1 = neutral, 0 = field not searched). */
  fieldWeights: Record<SearchField, number>;
  /** Expand queries with the synonym table (`remove` also looks for `delete`). */
  synonyms: boolean;
  /** Let a query word of 3+ characters match longer words it begins (`repo` → `repositories`), at a discount. */
  prefix: boolean;
  /** 0 = off; below 1, the edit distance allowed as a fraction of the word's length (words of 4+ characters). */
  fuzzy: number;
  /** Drop request filler from the query (`please`, `can you`, `I want`, `help me`). */
  requestFiller: boolean;
  /** 0 = off; a query that names a server ("in GitHub", "on Stripe") multiplies its tools' scores by 1 + this. */
  serverPrior: number;
  /** 0 = off; bonus, in IDF units, for two query words standing next to each other in a name or description. */
  proximity: number;
  /**
   * 0 = off; bonus, in IDF units, when the query matches both the action of a tool's name (its first word after a
   * namespace prefix: `search` in `search_files`) and one of the words after it (`files`), through two different
   * query words (each through any stand-in: "find" reaches `search` as a synonym).
   */
  nameAction: number;
  /**
   * What a request word looks like adds the word for what it is, when the catalog uses that word: a web address
   * (`example.com`, `https://…`) adds `url`, a file name or path (`notes.md`, `src/app.ts`) adds `file`, `#random`
   * adds `channel`, `@alice` adds `user`. Counts as a synonym (`CLIENT_MATCH_DISCOUNTS.shape`).
   */
  shapeWords: boolean;
  /** Read the string `enum` values of the arguments (`driving`, `walking`) with the argument descriptions. */
  argumentValues: boolean;
  /**
   * The weight of the words inside the request's addresses: a web address's path and query (`post`, `1` in
   * `https://blog.example.org/post/1`), a file path with a slash, an email address. 1 = as any word; 0 = not searched.
   * The host's words (`blog`, `example`) always count in full, and the shape words and the entity prior read the
   * address as written (`request-entities.ts`).
   */
  addressWords: number;
  /**
   * 0 = off; a tool whose required arguments take a kind of value the request carries (a web address and a `url`
   * argument, a date and `due_date`, `owner/name` and `repo`, `$15` and `amount`) scores × (1 + this).
   */
  entityPrior: number;
  /**
   * 0 = off; a request verb or phrase that WordNet lists as the same action as a tool-name verb, or as a way of doing
   * it (`erase` → `delete`, `clean` → `remove`, `take away` → `remove`, `look for` → `search`), also looks for that verb, at this
   * discount. A request word that is itself a tool-name verb is not expanded. Needs the table
   * (`ClientSearchResources.actionVerbs`, `action-verbs.ts`); without one it does nothing.
   */
  actionVerbs: number;
  /** 0 = off; a tool's score × (1 + this × the IDF-weighted share of the query's content words it matches). */
  coverage: number;
  /**
   * 0 = off; adds this × a plain BM25 score of the request's own words: each word as written (stemmed, no
   * stand-ins), its count summed over the four fields unweighted, one length for the whole tool. A second opinion
   * that does not trust the field weights or the guesses.
   */
  plainBm25: number;
  /**
   * 0 = off; re-ranks the first `EXACT_WORDS_DEPTH` hits with a second opinion that does not trust stemming: Okapi
   * BM25 of the request's content words **as written** over the tool's words as written (the four fields and the
   * argument values, unweighted, one length per tool), each word weighed by its stem's IDF from the index. Scaled so
   * that the best second opinion among those hits adds this × the first hit's score (measured in docs/SEARCH.md at
   * 279c54f, "Seventh pass").
   */
  exactWords: number;
  /**
   * 0 = off; a request word also matches the catalog words nearest to it in meaning ("remember" ≈ `memory`), by
   * the cosine of their word vectors, at a discount of this × the cosine. Needs a word-vector table
   * (`ClientSearchResources.wordVectors`); without one it does nothing.
   */
  similarWords: number;
  /** The smallest cosine that counts as a soft match (a fraction from 0 to 1). */
  similarWordsMinimum: number;
  /** At most this many soft matches per request word, the nearest first. */
  similarWordsCount: number;
};

/** What the client search can use besides the catalog: data too large to build into every bundle. */
export type ClientSearchResources = {
  /** The word-vector table behind `similarWords` (`loadWordVectors()`). */
  wordVectors?: WordVectors;
  /** The WordNet table behind `actionVerbs` (`ACTION_VERB_TABLE`, 85 KB: the lab and the CLI load it, pages do not). */
  actionVerbs?: ActionVerbTable;
};

/**
 * Chosen on the project's fixture queries and BFCL v4 multiple, checked on the other sets; `exactWords` and
 * `addressWords` on the blind judge (docs/SEARCH.md).
 */
export const DEFAULT_CLIENT_SEARCH_OPTIONS: ClientSearchOptions = {
  splitIdentifiers: true,
  stemming: true,
  stemmer: "porter2",
  stopWords: true,
  fieldWeights: { name: 3, description: 1.5, parameterName: 1, parameterDescription: 0.5 },
  synonyms: true,
  prefix: true,
  fuzzy: 0.2,
  requestFiller: true,
  serverPrior: 0.5,
  proximity: 0.5,
  nameAction: 0.5,
  shapeWords: true,
  argumentValues: true,
  addressWords: 0.35,
  entityPrior: 0,
  actionVerbs: 0,
  coverage: 0,
  plainBm25: 0,
  exactWords: 0.2,
  similarWords: 0.4,
  similarWordsMinimum: 0.6,
  similarWordsCount: 2,
};

/**
 * BM25 saturation and length normalisation (Lucene's defaults). Length is normalised per field, so a long
 * argument list does not dilute a name match.
 */
export const CLIENT_BM25_PARAMETERS = { k1: 1.2, b: 0.75 } as const;
/** How much a query word's stand-ins count next to the word itself: a guess about what the user meant. */
export const CLIENT_MATCH_DISCOUNTS = {
  synonym: 0.5,
  prefix: 0.4,
  fuzzy: 0.4,
  joined: 0.8,
  shape: 0.5,
  character: 0.35,
} as const;
/**
 * How many of the first hits the `exactWords` second opinion re-ranks: the ones a model might load. Reading 50
 * scores the same on the labelled query sets (`npm run eval:search`); each one read costs a split of its texts per
 * request.
 */
export const EXACT_WORDS_DEPTH = 20;
/** Shorter words would prefix-match half the index (`a`, `is`). */
const MIN_PREFIX_LENGTH = 3;
/** One typo in a 3-letter word is a different word (`get` → `set`). */
const MIN_FUZZY_LENGTH = 4;
/**
 * A word in the names of this many servers (`mcp`, `server`, `archived`) names none of them; a word that names a
 * product (`github` in `github-mcp-server` and `mcp-servers-archived-github`) rarely appears in more than two.
 */
const GENERIC_SERVER_WORD_COUNT = 3;
const SERVER_SEPARATOR = ":";

/** Shared by every field with the same texts: read only once built. */
type FieldIndex = { terms: Map<string, number>; length: number; sequence: string[] };
/** A node of the trie of argument lists: the list of the texts on the path here, and the lists that go on. */
type ListNode = { words?: FieldWords; next?: Map<string, ListNode> };

/** The words of one list of field texts, and its index once built. */
type FieldWords = { sequence: WordRecord[]; extras: WordRecord[]; index: FieldIndex | undefined };

/**
 * One distinct word of the catalog: its index term (undefined for a stop word) and its run-together parts, each
 * worked out on first use (null until then); the parts need the whole vocabulary, so only after the first pass.
 */
type WordRecord = { word: string; term: TermRecord | undefined | null; parts: readonly WordRecord[] | null };
/** One index term, with a scratch count for the field being indexed (`stamp` says which field it counts for). */
type TermRecord = { term: string; count: number; stamp: number };
/** A query term's best stand-in in one tool so far, with its figures. */
type BestVariant = {
  variant: { term: string; kind: ClientMatchKind; similar?: ClientSimilarWords };
  weight: number;
  idf: number;
  weightedFrequency: number;
  saturated: number;
  score: number;
};

type IndexedTool = {
  id: number;
  name: string;
  server: string | undefined;
  fields: Record<SearchField, FieldIndex>;
  /** The name's action and the words after it (index terms), namespace prefix skipped; undefined if one word. */
  nameAction: { action: string; objects: string[] } | undefined;
  /** The kinds of value its required arguments take, each with the argument (only when `entityPrior` is on). */
  entityKinds: Map<EntityKind, string> | undefined;
};

/**
 * Where a query term came from: a word of the request (`word`), a part of a run-together request word (`split`:
 * "filesystem" → `file`, `system`), two adjacent request words written together as the catalog does (`joined`),
 * or the synonym table (`synonym`).
 */
export type ClientTermOrigin = "word" | "split" | "joined" | "synonym" | "shape" | "verb" | "address" | "character";
/** How an index term stands in for a query term: itself, a longer word it begins, or a word one typo away. */
export type ClientMatchKind = "exact" | "prefix" | "typo" | "similar";

/** One query term and the index terms that stand in for it, each with its discount. */
type QueryTerm = {
  term: string;
  weight: number;
  /** A word the user wrote (or a part of one): counted for coverage. */
  own: boolean;
  origin: ClientTermOrigin;
  /** For a `shape` term: the request's text it was read from (`notes.md`). */
  shapeOf?: string;
  /** For a `verb` term: the request's verb or phrase, and how WordNet relates it to the tool verb. */
  verbOf?: ClientVerbSource;
  variants: Array<{ term: string; discount: number; kind: ClientMatchKind; similar?: ClientSimilarWords }>;
};

/** A `verb` term's source: the request's words (`clean`) and whether WordNet lists them as the same action or a kind of it. */
export type ClientVerbSource = { text: string; verb: string; relation: ActionVerbRelation };

/** A soft match in words: the request's word, the catalog's word it is near, and the cosine of their vectors. */
export type ClientSimilarWords = { requestWord: string; catalogWord: string; similarity: number };

/** One field's share of a term's weighted frequency: `fieldWeight × count / lengthNormalisation`. */
export type ClientFieldContribution = {
  field: SearchField;
  count: number;
  fieldWeight: number;
  /** BM25's `1 − b + b × length / average length` for this field of this tool. */
  lengthNormalisation: number;
  weightedCount: number;
};

/** What one query term added to a tool's score: `weight × idf × saturate(Σ fields)`. */
export type ClientTermContribution = {
  /** The query term (a stem when stemming is on). */
  queryTerm: string;
  origin: ClientTermOrigin;
  /** For a `shape` term: the request's text it was read from (`notes.md` → `file`). */
  shapeOf?: string;
  /** For a `verb` term: the request's verb or phrase it was read from (`clean` → `remove`, a kind of it). */
  verbOf?: ClientVerbSource;
  /** The index term it matched through, and how. */
  matchedTerm: string;
  match: ClientMatchKind;
  /** For a `similar` match: which words, and the cosine of their vectors ("remember" ≈ "memory", 0.71). */
  similar?: ClientSimilarWords;
  /** The query term's weight times the match's discount (1 for the word itself). */
  weight: number;
  idf: number;
  fields: ClientFieldContribution[];
  /** Σ of the fields' weighted counts, before saturation. */
  weightedFrequency: number;
  /** `weightedFrequency × (k1 + 1) / (k1 + weightedFrequency)`. */
  saturated: number;
  score: number;
};

/** A request word the search did not look for, and why: a function word, or request filler (`please`, `want`). */
export type ClientDroppedWord = { word: string; reason: "stop word" | "request filler" };

/**
 * Every contribution to one tool's client-search score, in the order they are applied:
 * `score = (Σ terms + Σ proximity + name action + plain BM25) × coverage factor × server factor + exact words` (the
 * last only for the first hits, when the option is on). The lab's "why" view shows it.
 */
export type ClientScoreBreakdown = {
  name: string;
  /** The request's words that were not searched (the `stopWords` and `requestFiller` options), once each. */
  dropped: ClientDroppedWord[];
  terms: ClientTermContribution[];
  termScore: number;
  /** The name's action and one of its objects, both matched (the `nameAction` option); undefined otherwise. */
  nameAction: { action: string; object: string; bonus: number } | undefined;
  /** Adjacent query terms that stand side by side in the tool's name or description. */
  proximity: Array<{ left: string; right: string; field: "name" | "description"; bonus: number }>;
  proximityScore: number;
  /** The plain BM25 score of the request's own words (the `plainBm25` option) and the bonus it adds. */
  plainBm25: { score: number; bonus: number };
  /**
   * The `exactWords` re-rank: the second opinion's score (the request's words as written over the tool's), and the
   * bonus `score × scale` it added, where `scale = exactWords × first hit's score / best second opinion among the
   * first EXACT_WORDS_DEPTH hits`. Undefined when the option is off or the tool is not among those hits.
   */
  exactWords: { score: number; scale: number; bonus: number } | undefined;
  /** The IDF-weighted share of the query's own content terms the tool matches, and the factor it gives. */
  coverage: { share: number; factor: number };
  /** The server the query names, by which of its words, and the factor; undefined when the query names none. */
  serverPrior: { server: string; words: string[]; factor: number } | undefined;
  /**
   * A value the request carries that one of the tool's required arguments takes (`entityPrior`): its kind, the
   * request's text, the argument, and the factor; undefined when none does or the option is off.
   */
  entityPrior: { kind: EntityKind; text: string; parameter: string; factor: number } | undefined;
  /** The final score, as the search ranks by it (0 when the tool matched nothing). */
  score: number;
};

/** The client search, which can also say how it scored any tool. */
export interface ClientToolSearcher extends ToolSearcher {
  /** The score breakdown of tool `name` for `input`; undefined when the catalog has no such tool. */
  explain(input: string, name: string): ClientScoreBreakdown | undefined;
}

function resolveOptions(options: Partial<ClientSearchOptions> | undefined): ClientSearchOptions {
  return {
    ...DEFAULT_CLIENT_SEARCH_OPTIONS,
    ...options,
    fieldWeights: { ...DEFAULT_CLIENT_SEARCH_OPTIONS.fieldWeights, ...options?.fieldWeights },
  };
}

/** A tool's texts per field as the client search reads them: the name without its server, argument values or not. */
function fieldTextsOf(
  tool: CatalogTool,
  argumentValues: boolean,
): { server: string | undefined; texts: Record<SearchField, readonly string[]> } {
  const fields = extractSearchFields(tool);
  const { server, tool: toolName } = splitServerName(fields.name);
  const texts: Record<SearchField, readonly string[]> = {
    name: [toolName],
    description: [fields.description],
    parameterName: fields.parameterNames,
    parameterDescription: argumentValues ? descriptionsWithValues(fields) : fields.parameterDescriptions,
  };
  return { server, texts };
}

/**
 * The argument descriptions followed by the argument values, one list per schema: the lists come from one walk per
 * schema object (lib/search/tool-fields.ts), so the descriptions' list stands for its schema.
 */
const withValuesBySchema = new WeakMap<readonly string[], readonly string[]>();

function descriptionsWithValues(fields: ToolSearchFields): readonly string[] {
  let texts = withValuesBySchema.get(fields.parameterDescriptions);
  if (texts === undefined) {
    texts = [...fields.parameterDescriptions, ...fields.enumValues];
    withValuesBySchema.set(fields.parameterDescriptions, texts);
  }
  return texts;
}

/** `github-mcp-server:create_issue` → server `github-mcp-server`, tool `create_issue`; no separator, no server. */
export function splitServerName(name: string): { server: string | undefined; tool: string } {
  const at = name.lastIndexOf(SERVER_SEPARATOR);
  if (at <= 0 || at === name.length - 1) return { server: undefined, tool: name };
  return { server: name.slice(0, at), tool: name.slice(at + 1) };
}

/** Two rows of the edit-distance table, reused across calls: typo search compares one word with thousands. */
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/** Levenshtein distance of `left` and `right`, or `maximum + 1` as soon as it must exceed `maximum`. */
export function boundedEditDistance(left: string, right: string, maximum: number): number {
  if (Math.abs(left.length - right.length) > maximum) return maximum + 1;
  if (previousRow.length <= right.length) {
    previousRow = new Int32Array(right.length + 1);
    currentRow = new Int32Array(right.length + 1);
  }
  for (let column = 0; column <= right.length; column += 1) previousRow[column] = column;
  for (let row = 1; row <= left.length; row += 1) {
    currentRow[0] = row;
    let best = row;
    const code = left.charCodeAt(row - 1);
    for (let column = 1; column <= right.length; column += 1) {
      const cost = code === right.charCodeAt(column - 1) ? 0 : 1;
      const value = Math.min(previousRow[column] + 1, currentRow[column - 1] + 1, previousRow[column - 1] + cost);
      currentRow[column] = value;
      if (value < best) best = value;
    }
    if (best > maximum) return maximum + 1;
    [previousRow, currentRow] = [currentRow, previousRow];
  }
  return previousRow[right.length];
}

/** The BM25 IDF with Lucene's non-negative form: ln(1 + (N − df + 0.5) / (df + 0.5)). */
export function inverseDocumentFrequency(toolCount: number, documentFrequency: number): number {
  return Math.log(1 + (toolCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** BM25 saturation of a weighted, length-normalised term frequency: tf × (k1 + 1) / (k1 + tf). */
export function saturate(weightedFrequency: number, k1: number = CLIENT_BM25_PARAMETERS.k1): number {
  return weightedFrequency === 0 ? 0 : (weightedFrequency * (k1 + 1)) / (k1 + weightedFrequency);
}

/** The words of a request that say nothing about the tool wanted: function words and request filler. */
export function contentWordsOfQuery(words: readonly string[], options: ClientSearchOptions): string[] {
  const content = words.filter(
    (word) =>
      !(options.stopWords && isStopWord(word)) && !(options.requestFiller && CONVERSATIONAL_FILLER_WORDS.has(word)),
  );
  return content;
}

/** The identity, as one function, so that lookups keyed by the word normaliser are shared when stemming is off. */
const unchanged = (word: string) => word;

/**
 * A client search: the index of one catalog and what its queries read. Its build and its queries are module
 * functions over this object, not closures made per catalog: Chromium compiled each catalog's closures anew, so the
 * code optimised for the code warm-up's catalogs, the lab's variants or the last import was made again for the next
 * (in a 10,000-tool import's trace, ≈ 1.5 s of the compiler threads' time went to this file's closures; ≈ 0.6 s goes
 * to its functions now). Fields set by the build are filled in place.
 */
type ClientIndex = {
  tools: readonly CatalogTool[];
  settings: ClientSearchOptions;
  wordVectors: WordVectors | undefined;
  actionVerbTable: ActionVerbTable | undefined;
  stemWord: (word: string) => string;
  /** A catalog repeats its words many times; each is stemmed once. */
  stems: Map<string, string>;
  /**
   * Pass 1: the raw words of every field, and the catalog's vocabulary of raw words for run-together splitting.
   * Each distinct word gets one record, looked up once per occurrence: what the word stands for (kept or a stop
   * word, its stem, its run-together parts) is then worked out once per distinct word, not once per occurrence — at
   * 10,000 tools that is 60,000 words against 1.7 M occurrences.
   */
  vocabulary: Map<string, WordRecord>;
  /** The catalog's own spellings of each index term, for soft matches: a stem has no word vector, its words do. */
  rawWordsByTerm: Map<string, Set<string>>;
  indexed: IndexedTool[];
  averageLength: Record<SearchField, number>;
  averageToolLength: number;
  documentFrequency: Map<string, number>;
  postings: Map<string, number[]>;
  indexTerms: string[];
  /** Typo candidates by length: a word can only be within edit distance d of words whose length differs by ≤ d. */
  termsByLength: Map<number, string[]>;
  searchedFields: SearchField[];
  /** Server names: the words of `<server>:` prefixes that name one server, not words most servers share. */
  serverWords: Map<string, Set<string>>;
  /** Asked once per candidate tool and stand-in: each term's IDF is worked out once. */
  idfs: Map<string, number>;
  /**
   * The index terms with a word vector (the mean direction of the catalog's words for the term), packed one after
   * another. Built on the first request that asks for soft matches, so an index that never does pays nothing.
   */
  similarTable: { terms: string[]; vectors: Float32Array } | undefined;
  /** Request word → every index term at or above the minimum cosine, nearest first: requests repeat their words. */
  neighbourCache: Map<string, Array<{ term: string; similarity: number }>>;
  idsByName: Map<string, number>;
  /** The "why" view asks about several tools of one request in a row: the request's first hits are kept. */
  explainedHead: { input: string; head: RankedTool[] } | undefined;
};

/** The index build's scratch, let go once the index is built. */
type ClientIndexBuild = {
  index: ClientIndex;
  /**
   * A field's words depend on its texts only, and a catalog repeats whole fields (the same server's arguments under
   * many tool names): each distinct list of texts is read once, and its field index is built once and shared. One
   * text is its own key (most fields: no serialising of long descriptions); a list of texts is found by identity
   * first (tools that share a schema share its lists, lib/search/tool-fields.ts), then by its texts, one map per
   * position (a trie), so that equal lists of different schemas meet without a key made for each: a catalog whose
   * schemas are all different made 20,000 JSON keys of its argument lists at 10,000 tools.
   */
  fieldWordsByText: Map<string, FieldWords>;
  fieldWordsByList: Map<readonly string[], FieldWords>;
  listsByTexts: ListNode;
  termRecords: Map<string, TermRecord>;
  /**
   * A field's terms are counted on their records (stamped with the field's number), and the field's map is made from
   * the distinct terms only: a description repeats its words, and a map update per occurrence is the cost.
   */
  fieldNumber: number;
  counted: TermRecord[];
};

type RawFields = { server: string | undefined; words: Record<SearchField, FieldWords> };

function normalizeWord(index: ClientIndex, word: string): string {
  if (!index.settings.stemming) return word;
  let stemmed = index.stems.get(word);
  if (stemmed === undefined) index.stems.set(word, (stemmed = index.stemWord(word)));
  return stemmed;
}

function keepWord(settings: ClientSearchOptions, word: string): boolean {
  return !(settings.stopWords && isStopWord(word));
}

function wordsOfText(settings: ClientSearchOptions, text: string): string[] {
  return splitWords(text, settings.splitIdentifiers);
}

function recordOf(index: ClientIndex, word: string): WordRecord {
  let record = index.vocabulary.get(word);
  if (record === undefined) index.vocabulary.set(word, (record = { word, term: null, parts: null }));
  return record;
}

function pushWords(index: ClientIndex, into: WordRecord[], words: readonly string[]): void {
  for (const word of words) into.push(recordOf(index, word));
}

function readFieldWords(index: ClientIndex, texts: readonly string[]): FieldWords {
  const sequence: WordRecord[] = [];
  const extras: WordRecord[] = [];
  for (const text of texts) {
    const words = wordsOfText(index.settings, text);
    pushWords(index, sequence, words);
    if (index.settings.splitIdentifiers) pushWords(index, extras, wholeWordsOf(text));
    pushWords(index, extras, unspacedCharactersOf(words));
  }
  return { sequence, extras, index: undefined };
}

function fieldWordsOf(build: ClientIndexBuild, texts: readonly string[]): FieldWords {
  if (texts.length === 1) {
    let known = build.fieldWordsByText.get(texts[0]);
    if (known === undefined) build.fieldWordsByText.set(texts[0], (known = readFieldWords(build.index, texts)));
    return known;
  }
  let known = build.fieldWordsByList.get(texts);
  if (known === undefined) {
    let node = build.listsByTexts;
    for (const text of texts) {
      const next = (node.next ??= new Map());
      let child = next.get(text);
      if (child === undefined) next.set(text, (child = {}));
      node = child;
    }
    known = node.words ??= readFieldWords(build.index, texts);
    build.fieldWordsByList.set(texts, known);
  }
  return known;
}

function rawFieldsOf(build: ClientIndexBuild, tool: CatalogTool): RawFields {
  const { server, texts } = fieldTextsOf(tool, build.index.settings.argumentValues);
  const words = {} as Record<SearchField, FieldWords>;
  for (const field of SEARCH_FIELDS) words[field] = fieldWordsOf(build, texts[field]);
  return { server, words };
}

/** Pass 2: the word's index term, or undefined for a dropped stop word. */
function termOf(build: ClientIndexBuild, record: WordRecord): TermRecord | undefined {
  if (record.term === null) {
    if (keepWord(build.index.settings, record.word)) {
      const term = normalizeWord(build.index, record.word);
      let termRecord = build.termRecords.get(term);
      if (termRecord === undefined) build.termRecords.set(term, (termRecord = { term, count: 0, stamp: -1 }));
      record.term = termRecord;
    } else record.term = undefined;
  }
  return record.term;
}

/** A run-together word also counts as its two parts when the catalog uses both. */
function partsOf(index: ClientIndex, record: WordRecord): readonly WordRecord[] {
  if (record.parts === null) {
    record.parts = (splitRunTogether(record.word, index.vocabulary) ?? []).map((part) => index.vocabulary.get(part)!);
  }
  return record.parts;
}

function countTerm(build: ClientIndexBuild, termRecord: TermRecord): void {
  if (termRecord.stamp !== build.fieldNumber) {
    termRecord.stamp = build.fieldNumber;
    termRecord.count = 0;
    build.counted.push(termRecord);
  }
  termRecord.count += 1;
}

function indexTool(build: ClientIndexBuild, tool: CatalogTool, id: number, raw: RawFields): IndexedTool {
  const { index } = build;
  const { settings, wordVectors } = index;
  const fields = {} as Record<SearchField, FieldIndex>;
  for (const field of SEARCH_FIELDS) {
    const fieldWords = raw.words[field];
    if (fieldWords.index !== undefined) {
      fields[field] = fieldWords.index;
      continue;
    }
    const { sequence, extras } = fieldWords;
    build.fieldNumber += 1;
    build.counted = [];
    // The order the terms are first counted in is the sequence's, then the whole forms', then the parts'.
    const kept: string[] = [];
    for (const record of sequence) {
      const termRecord = termOf(build, record);
      if (termRecord === undefined) continue;
      kept.push(termRecord.term);
      countTerm(build, termRecord);
    }
    for (const record of extras) {
      const termRecord = termOf(build, record);
      if (termRecord !== undefined) countTerm(build, termRecord);
    }
    if (settings.splitIdentifiers) {
      for (const record of sequence) {
        for (const part of partsOf(index, record)) {
          const termRecord = termOf(build, part);
          if (termRecord !== undefined) countTerm(build, termRecord);
        }
      }
    }
    const terms = new Map<string, number>();
    for (const termRecord of build.counted) terms.set(termRecord.term, termRecord.count);
    if (wordVectors !== undefined) {
      const runTogetherParts = settings.splitIdentifiers ? sequence.flatMap((record) => partsOf(index, record)) : [];
      for (const record of [...sequence, ...extras, ...runTogetherParts]) {
        const termRecord = termOf(build, record);
        if (termRecord === undefined) continue;
        let rawWords = index.rawWordsByTerm.get(termRecord.term);
        if (rawWords === undefined) index.rawWordsByTerm.set(termRecord.term, (rawWords = new Set()));
        rawWords.add(record.word);
      }
    }
    fields[field] = fieldWords.index = { terms, length: kept.length, sequence: kept };
  }
  const entityKinds = settings.entityPrior > 0 ? parameterKindsOf(requiredParameterNames(tool)) : undefined;
  return { id, name: tool.name, server: raw.server, fields, nameAction: undefined, entityKinds };
}

/** The collection's figures: average field lengths, document frequencies and postings, sorted terms, server words. */
function indexStatistics(index: ClientIndex): void {
  const { indexed, settings } = index;
  const toolCount = indexed.length;
  for (const field of SEARCH_FIELDS) {
    const total = indexed.reduce((sum, tool) => sum + tool.fields[field].length, 0);
    index.averageLength[field] = toolCount === 0 ? 0 : total / toolCount;
  }
  index.averageToolLength = SEARCH_FIELDS.reduce((sum, field) => sum + index.averageLength[field], 0);
  const { documentFrequency, postings } = index;
  for (const tool of indexed) {
    const seen = new Set<string>();
    for (const field of SEARCH_FIELDS) for (const term of tool.fields[field].terms.keys()) seen.add(term);
    for (const term of seen) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      let list = postings.get(term);
      if (list === undefined) postings.set(term, (list = []));
      list.push(tool.id);
    }
  }
  index.indexTerms = [...postings.keys()].sort();
  for (const term of index.indexTerms) {
    let list = index.termsByLength.get(term.length);
    if (list === undefined) index.termsByLength.set(term.length, (list = []));
    list.push(term);
  }
  index.searchedFields = SEARCH_FIELDS.filter((field) => settings.fieldWeights[field] > 0);

  const { serverWords } = index;
  const servers = [...new Set(indexed.map((tool) => tool.server).filter((server) => server !== undefined))];
  for (const server of servers) {
    const words = new Set(
      [...wordsOfText(settings, server), ...wholeWordsOf(server)]
        .filter((word) => keepWord(settings, word))
        .map((word) => normalizeWord(index, word)),
    );
    for (const word of words) {
      let named = serverWords.get(word);
      if (named === undefined) serverWords.set(word, (named = new Set()));
      named.add(server);
    }
  }
  for (const [word, named] of serverWords) {
    if (named.size >= GENERIC_SERVER_WORD_COUNT || (named.size > 1 && named.size > servers.length / 2)) {
      serverWords.delete(word);
    }
  }
  index.idsByName = new Map(indexed.map((tool) => [tool.name, tool.id]));
}

export function createClientSearch(
  tools: readonly CatalogTool[],
  options?: Partial<ClientSearchOptions>,
  resources: ClientSearchResources = {},
): ClientToolSearcher {
  const settings = resolveOptions(options);
  const index: ClientIndex = {
    tools,
    settings,
    wordVectors: settings.similarWords > 0 ? resources.wordVectors : undefined,
    actionVerbTable: settings.actionVerbs > 0 ? resources.actionVerbs : undefined,
    stemWord: settings.stemmer === "porter2" ? stemPorter2 : stem,
    stems: new Map(),
    vocabulary: new Map(),
    rawWordsByTerm: new Map(),
    indexed: [],
    averageLength: {} as Record<SearchField, number>,
    averageToolLength: 0,
    documentFrequency: new Map(),
    postings: new Map(),
    indexTerms: [],
    termsByLength: new Map(),
    searchedFields: [],
    serverWords: new Map(),
    idfs: new Map(),
    similarTable: undefined,
    neighbourCache: new Map(),
    idsByName: new Map(),
    explainedHead: undefined,
  };
  const build: ClientIndexBuild = {
    index,
    fieldWordsByText: new Map(),
    fieldWordsByList: new Map(),
    listsByTexts: {},
    termRecords: new Map(),
    fieldNumber: 0,
    counted: [],
  };
  // Plain loops calling module functions: a callback made here would be compiled anew for each catalog.
  const rawFields: RawFields[] = [];
  for (const tool of tools) rawFields.push(rawFieldsOf(build, tool));
  const indexed: IndexedTool[] = [];
  for (let id = 0; id < tools.length; id += 1) indexed.push(indexTool(build, tools[id], id, rawFields[id]));
  index.indexed = indexed;
  if (settings.nameAction > 0) {
    const ownWords = new Map<string, Set<string>>();
    markNameActions(indexed, (server) => {
      let words = ownWords.get(server);
      if (words === undefined)
        ownWords.set(
          server,
          (words = new Set(
            wordsOfText(settings, server)
              .filter((word) => keepWord(settings, word))
              .map((word) => normalizeWord(index, word)),
          )),
        );
      return words;
    });
  }
  indexStatistics(index);
  return {
    id: "client",
    label: "Client search (field-weighted BM25)",
    search: (input, limit) => searchIndex(index, input, limit),
    explain: (input, name) => explainIndex(index, input, name),
  };
}

function idfOf(index: ClientIndex, term: string): number {
  let value = index.idfs.get(term);
  if (value === undefined)
    index.idfs.set(
      term,
      (value = inverseDocumentFrequency(index.indexed.length, index.documentFrequency.get(term) ?? 0)),
    );
  return value;
}

function variantsOf(index: ClientIndex, term: string): QueryTerm["variants"] {
  const { settings, postings, indexTerms } = index;
  const variants: QueryTerm["variants"] = [];
  if (postings.has(term)) variants.push({ term, discount: 1, kind: "exact" });
  if (settings.prefix && term.length >= MIN_PREFIX_LENGTH) {
    // The terms are sorted, so the ones `term` begins sit together from its insertion point on.
    let low = 0;
    let high = indexTerms.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (indexTerms[middle] < term) low = middle + 1;
      else high = middle;
    }
    for (let position = low; position < indexTerms.length && indexTerms[position].startsWith(term); position += 1) {
      if (indexTerms[position] !== term) {
        variants.push({ term: indexTerms[position], discount: CLIENT_MATCH_DISCOUNTS.prefix, kind: "prefix" });
      }
    }
  }
  // Typos only for words the catalog does not have: a known word is what the user meant, and matching its
  // neighbours too (`file` → `fill`, `find`) costs precision and most of the query time.
  if (settings.fuzzy > 0 && term.length >= MIN_FUZZY_LENGTH && !postings.has(term)) {
    const maximum = Math.max(1, Math.round(settings.fuzzy * term.length));
    const seen = new Set(variants.map((variant) => variant.term));
    for (let length = term.length - maximum; length <= term.length + maximum; length += 1) {
      for (const candidate of index.termsByLength.get(length) ?? []) {
        if (candidate === term || seen.has(candidate)) continue;
        if (boundedEditDistance(term, candidate, maximum) <= maximum) {
          variants.push({ term: candidate, discount: CLIENT_MATCH_DISCOUNTS.fuzzy, kind: "typo" });
        }
      }
    }
  }
  return variants;
}

function similarTermTable(index: ClientIndex, table: WordVectors): { terms: string[]; vectors: Float32Array } {
  if (index.similarTable !== undefined) return index.similarTable;
  const terms: string[] = [];
  const directions: Float32Array[] = [];
  for (const term of index.indexTerms) {
    const vectors = [...(index.rawWordsByTerm.get(term) ?? [])]
      .map((word) => vectorOf(table, word))
      .filter((vector) => vector !== undefined);
    const direction = meanDirection(vectors, table.dimensions);
    if (direction === undefined) continue;
    terms.push(term);
    directions.push(direction);
  }
  const vectors = new Float32Array(terms.length * table.dimensions);
  directions.forEach((direction, row) => vectors.set(direction, row * table.dimensions));
  return (index.similarTable = { terms, vectors });
}

function neighboursOf(
  index: ClientIndex,
  table: WordVectors,
  word: string,
): Array<{ term: string; similarity: number }> {
  let nearest = index.neighbourCache.get(word);
  if (nearest !== undefined) return nearest;
  nearest = [];
  const query = vectorOf(table, word);
  if (query !== undefined) {
    const { terms, vectors } = similarTermTable(index, table);
    const dimensions = table.dimensions;
    for (let row = 0; row < terms.length; row += 1) {
      let similarity = 0;
      const offset = row * dimensions;
      for (let column = 0; column < dimensions; column += 1) similarity += query[column] * vectors[offset + column];
      if (similarity >= index.settings.similarWordsMinimum) nearest.push({ term: terms[row], similarity });
    }
    nearest.sort((left, right) => right.similarity - left.similarity || (left.term < right.term ? -1 : 1));
  }
  index.neighbourCache.set(word, nearest);
  return nearest;
}

/** The index terms nearest in meaning to request word `word`, other than those it already matches. */
function similarVariantsOf(index: ClientIndex, word: string, taken: ReadonlySet<string>): QueryTerm["variants"] {
  if (index.wordVectors === undefined) return [];
  const nearest = neighboursOf(index, index.wordVectors, word).filter(({ term }) => !taken.has(term));
  return nearest.slice(0, index.settings.similarWordsCount).map(({ term, similarity }) => ({
    term,
    discount: index.settings.similarWords * similarity,
    kind: "similar",
    // The catalog's first spelling of the term (a stem reads badly: "memori").
    similar: { requestWord: word, catalogWord: [...(index.rawWordsByTerm.get(term) ?? [term])][0], similarity },
  }));
}

/** A request, read once: its terms with their stand-ins, its content terms in order, the servers it names. */
type PreparedQuery = {
  terms: QueryTerm[];
  sequence: string[];
  /** Server → the query terms that name it. */
  namedServers: Map<string, string[]>;
  /** Σ of the coverage weights of the query's own terms that match anything. */
  coverageTotal: number;
  /** Each own term's coverage weight, worked out once per request rather than once per candidate tool. */
  coverageWeights: Map<QueryTerm, number>;
  dropped: ClientDroppedWord[];
  /** The request's content words as written (unstemmed), for the `exactWords` second opinion. */
  writtenWords: Set<string>;
  /** The kinds of value the request carries (only when `entityPrior` is on). */
  entities: RequestEntity[];
};

/** A term's weight in the coverage share: its own weight times the IDF of its rarest stand-in. */
function coverageWeight(index: ClientIndex, queryTerm: QueryTerm): number {
  return queryTerm.weight * Math.max(0, ...queryTerm.variants.map((variant) => idfOf(index, variant.term)));
}

function prepare(index: ClientIndex, input: string): PreparedQuery {
  const { settings, vocabulary, wordVectors } = index;
  const keep = (word: string) => keepWord(settings, word);
  const addresses = settings.addressWords < 1 ? splitAddressWords(input) : undefined;
  const words = wordsOfText(settings, addresses?.text ?? input);
  let content = contentWordsOfQuery(words, settings);
  // A request of filler only ("can you help me?") still searches for something rather than nothing.
  if (content.length === 0) content = words.filter(keep);
  const searched = new Set(content);
  const dropped = [...new Set(words)]
    .filter((word) => !searched.has(word))
    .map((word): ClientDroppedWord => ({
      word,
      reason: settings.stopWords && isStopWord(word) ? "stop word" : "request filler",
    }));
  const terms = new Map<string, QueryTerm>();
  const add = (word: string, weight: number, origin: ClientTermOrigin, shapeOf?: string, verbOf?: ClientVerbSource) => {
    const term = normalizeWord(index, word);
    const own = origin === "word" || origin === "split" || origin === "address";
    const existing = terms.get(term);
    if (existing !== undefined) {
      if (weight > existing.weight) existing.weight = weight;
      if (own && !existing.own) {
        existing.own = true;
        existing.origin = origin;
      }
      return;
    }
    const variants = variantsOf(index, term);
    if (own && wordVectors !== undefined) {
      variants.push(...similarVariantsOf(index, word, new Set([term, ...variants.map((variant) => variant.term)])));
    }
    terms.set(term, {
      term,
      weight,
      own,
      origin,
      ...(shapeOf === undefined ? {} : { shapeOf }),
      ...(verbOf === undefined ? {} : { verbOf }),
      variants,
    });
  };
  for (const word of content) {
    // "filesystem" written together where the catalog writes `file_system`: search for both parts.
    const parts = settings.splitIdentifiers && !vocabulary.has(word) ? splitRunTogether(word, vocabulary) : undefined;
    if (parts === undefined) add(word, 1, "word");
    else for (const part of parts) add(part, 1, "split");
  }
  // A Chinese word's characters, at a discount, for the catalog's other wordings of the same thing.
  for (const character of unspacedCharactersOf(content)) {
    if (keep(character)) add(character, CLIENT_MATCH_DISCOUNTS.character, "character");
  }
  if (addresses !== undefined && settings.addressWords > 0) {
    // What the address points to, at a discount: a word also written outside an address keeps its full weight.
    for (const word of contentWordsOfQuery(addresses.addressWords, settings))
      add(word, settings.addressWords, "address");
  }
  if (settings.splitIdentifiers) {
    // "sequential thinking" written apart where the catalog writes `sequentialthinking`.
    for (let position = 0; position + 1 < content.length; position += 1) {
      const joined = content[position] + content[position + 1];
      if (vocabulary.has(joined)) add(joined, CLIENT_MATCH_DISCOUNTS.joined, "joined");
    }
  }
  if (settings.synonyms) {
    for (const word of expandSynonyms(content).filter(keep)) add(word, CLIENT_MATCH_DISCOUNTS.synonym, "synonym");
  }
  if (settings.shapeWords) {
    for (const { text, word } of shapeWordsOf(input)) {
      if (vocabulary.has(word)) add(word, CLIENT_MATCH_DISCOUNTS.shape, "shape", text);
    }
  }
  if (index.actionVerbTable !== undefined) {
    // The stemmer itself (a module-level function), not this search's memo: the table's lookup is built once per
    // stemmer and shared by every client search, such as the lab's option variants.
    const verbNormalize = settings.stemming ? index.stemWord : unchanged;
    for (const { text, verb, relation } of actionVerbsOf(index.actionVerbTable, words, verbNormalize)) {
      // Only the catalog's own verbs: a verb no tool uses would add nothing but prefix guesses.
      if (index.postings.has(normalizeWord(index, verb)))
        add(verb, settings.actionVerbs, "verb", undefined, { text, verb, relation });
    }
  }
  const sequence = content.filter(keep).map((word) => normalizeWord(index, word));
  const namedServers = new Map<string, string[]>();
  if (settings.serverPrior > 0) {
    for (const term of new Set(sequence)) {
      for (const server of index.serverWords.get(term) ?? [])
        namedServers.set(server, [...(namedServers.get(server) ?? []), term]);
    }
  }
  const list = [...terms.values()];
  const coverageWeights = new Map(list.filter((term) => term.own).map((term) => [term, coverageWeight(index, term)]));
  const coverageTotal = [...coverageWeights.values()].reduce((sum, weight) => sum + weight, 0);
  const entities = settings.entityPrior > 0 ? requestEntitiesOf(input) : [];
  return {
    terms: list,
    sequence,
    namedServers,
    coverageTotal,
    coverageWeights,
    dropped,
    writtenWords: new Set(content.filter(keep)),
    entities,
  };
}

function fieldContributions(index: ClientIndex, tool: IndexedTool, term: string): ClientFieldContribution[] {
  const contributions: ClientFieldContribution[] = [];
  const { b } = CLIENT_BM25_PARAMETERS;
  const { averageLength, settings } = index;
  for (const field of index.searchedFields) {
    const fieldIndex = tool.fields[field];
    const count = fieldIndex.terms.get(term);
    if (count === undefined) continue;
    const lengthNormalisation = averageLength[field] > 0 ? 1 - b + (b * fieldIndex.length) / averageLength[field] : 1;
    const fieldWeight = settings.fieldWeights[field];
    contributions.push({
      field,
      count,
      fieldWeight,
      lengthNormalisation,
      weightedCount: (fieldWeight * count) / lengthNormalisation,
    });
  }
  return contributions;
}

/**
 * Σ of a term's weighted counts over the searched fields, as `fieldContributions` sums them (same order, same
 * arithmetic), without building them; undefined when no field has the term.
 */
function weightedFrequencyOf(index: ClientIndex, tool: IndexedTool, term: string): number | undefined {
  const { b } = CLIENT_BM25_PARAMETERS;
  const { averageLength, settings } = index;
  let sum: number | undefined;
  for (const field of index.searchedFields) {
    const fieldIndex = tool.fields[field];
    const count = fieldIndex.terms.get(term);
    if (count === undefined) continue;
    const lengthNormalisation = averageLength[field] > 0 ? 1 - b + (b * fieldIndex.length) / averageLength[field] : 1;
    sum = (sum ?? 0) + (settings.fieldWeights[field] * count) / lengthNormalisation;
  }
  return sum;
}

/** One query term's match in a tool, as far as the name-action bonus asks: the stand-in and its strength. */
type MatchedTerm = { matchedTerm: string; weight: number; idf: number };

function matchStrength(term: MatchedTerm): number {
  return term.weight * term.idf;
}

/** The name-action bonus: the name's action and one of its objects matched by two different query terms. */
function nameActionOf(index: ClientIndex, tool: IndexedTool, matched: readonly MatchedTerm[]) {
  const { settings } = index;
  if (settings.nameAction <= 0 || tool.nameAction === undefined) return undefined;
  const { action, objects } = tool.nameAction;
  let verb: MatchedTerm | undefined;
  for (const term of matched) {
    if (term.matchedTerm === action) {
      verb = term;
      break;
    }
  }
  if (verb === undefined) return undefined;
  let best: { action: string; object: string; bonus: number } | undefined;
  for (const term of matched) {
    if (term === verb || !objects.includes(term.matchedTerm)) continue;
    const bonus = settings.nameAction * Math.min(matchStrength(verb), matchStrength(term));
    if (bonus > (best?.bonus ?? 0)) best = { action, object: term.matchedTerm, bonus };
  }
  return best;
}

function adjacent(sequence: readonly string[], left: string, right: string): boolean {
  for (let position = 0; position + 1 < sequence.length; position += 1) {
    if (sequence[position] === left && sequence[position + 1] === right) return true;
  }
  return false;
}

/**
 * The one scoring function: the search ranks by it and `explain` shows it, so the "why" view can never disagree
 * with the ranking. Each query term counts once per tool, through its best stand-in. Without `detail` it gives the
 * score alone, by the same arithmetic in the same order: the search scores every candidate (thousands at 10,000
 * tools for a common word) and builds the breakdown only for the hits it returns.
 */
function evaluateTool(index: ClientIndex, tool: IndexedTool, query: PreparedQuery, detail: true): ClientScoreBreakdown;
function evaluateTool(index: ClientIndex, tool: IndexedTool, query: PreparedQuery, detail: false): number;
function evaluateTool(
  index: ClientIndex,
  tool: IndexedTool,
  query: PreparedQuery,
  detail: boolean,
): ClientScoreBreakdown | number {
  const { settings } = index;
  const contributions: ClientTermContribution[] = [];
  // The matches the name-action bonus reads: the contributions themselves, or (score alone) their figures only.
  const matched: MatchedTerm[] = detail ? contributions : [];
  const wantsMatches = detail || (settings.nameAction > 0 && tool.nameAction !== undefined);
  let termScore = 0;
  let covered = 0;
  for (const queryTerm of query.terms) {
    // Every candidate tool tries every stand-in: the figures first, the contribution built for the best one only.
    let best: BestVariant | undefined;
    for (const variant of queryTerm.variants) {
      const weightedFrequency = weightedFrequencyOf(index, tool, variant.term);
      if (weightedFrequency === undefined) continue;
      const weight = queryTerm.weight * variant.discount;
      const termIdf = idfOf(index, variant.term);
      const saturated = saturate(weightedFrequency);
      const score = weight * termIdf * saturated;
      if (score > 0 && score > (best?.score ?? 0)) {
        best = { variant, weight, idf: termIdf, weightedFrequency, saturated, score };
      }
    }
    if (best === undefined) continue;
    const { variant } = best;
    if (detail)
      contributions.push({
        queryTerm: queryTerm.term,
        origin: queryTerm.origin,
        ...(queryTerm.shapeOf === undefined ? {} : { shapeOf: queryTerm.shapeOf }),
        ...(queryTerm.verbOf === undefined ? {} : { verbOf: queryTerm.verbOf }),
        matchedTerm: variant.term,
        match: variant.kind,
        ...(variant.similar === undefined ? {} : { similar: variant.similar }),
        weight: best.weight,
        idf: best.idf,
        fields: fieldContributions(index, tool, variant.term),
        weightedFrequency: best.weightedFrequency,
        saturated: best.saturated,
        score: best.score,
      });
    else if (wantsMatches) matched.push({ matchedTerm: variant.term, weight: best.weight, idf: best.idf });
    termScore += best.score;
    if (queryTerm.own) covered += query.coverageWeights.get(queryTerm) ?? 0;
  }
  const nameAction = termScore > 0 ? nameActionOf(index, tool, matched) : undefined;
  const plain = termScore > 0 && settings.plainBm25 > 0 ? plainBm25Of(index, tool, query) : 0;
  const plainBm25 = { score: plain, bonus: settings.plainBm25 * plain };
  const proximity: ClientScoreBreakdown["proximity"] = [];
  let proximityScore = 0;
  if (settings.proximity > 0 && termScore > 0) {
    const { name, description } = tool.fields;
    for (let position = 0; position + 1 < query.sequence.length; position += 1) {
      const left = query.sequence[position];
      const right = query.sequence[position + 1];
      if (left === right) continue;
      const field = adjacent(name.sequence, left, right)
        ? "name"
        : adjacent(description.sequence, left, right)
          ? "description"
          : undefined;
      if (field !== undefined) {
        const bonus = settings.proximity * Math.min(idfOf(index, left), idfOf(index, right));
        proximityScore += bonus;
        if (detail) proximity.push({ left, right, field, bonus });
      }
    }
  }
  const share = query.coverageTotal > 0 ? Math.min(1, covered / query.coverageTotal) : 0;
  const coverage = { share, factor: 1 + settings.coverage * share };
  const words = tool.server === undefined ? undefined : query.namedServers.get(tool.server);
  const serverPrior =
    words === undefined || tool.server === undefined
      ? undefined
      : { server: tool.server, words, factor: 1 + settings.serverPrior };
  const entityPrior = entityPriorOf(index, tool, query);
  const score =
    termScore === 0
      ? 0
      : (termScore + proximityScore + (nameAction?.bonus ?? 0) + plainBm25.bonus) *
        coverage.factor *
        (serverPrior?.factor ?? 1) *
        (entityPrior?.factor ?? 1);
  if (!detail) return score;
  return {
    name: tool.name,
    dropped: query.dropped,
    terms: contributions,
    termScore,
    nameAction,
    proximity,
    proximityScore,
    plainBm25,
    exactWords: undefined,
    coverage,
    serverPrior,
    entityPrior,
    score,
  };
}

/** The first value of the request that one of the tool's required arguments takes, and the factor it gives. */
function entityPriorOf(
  index: ClientIndex,
  tool: IndexedTool,
  query: PreparedQuery,
): ClientScoreBreakdown["entityPrior"] {
  if (tool.entityKinds === undefined || tool.entityKinds.size === 0) return undefined;
  for (const entity of query.entities) {
    const parameter = tool.entityKinds.get(entity.kind);
    if (parameter !== undefined) {
      return { kind: entity.kind, text: entity.text, parameter, factor: 1 + index.settings.entityPrior };
    }
  }
  return undefined;
}

/** Okapi BM25 of the request's own words as written, over the whole tool: every field counts once, unweighted. */
function plainBm25Of(index: ClientIndex, tool: IndexedTool, query: PreparedQuery): number {
  const { b } = CLIENT_BM25_PARAMETERS;
  const { averageToolLength } = index;
  let length = 0;
  for (const field of SEARCH_FIELDS) length += tool.fields[field].length;
  const lengthNormalisation = averageToolLength > 0 ? 1 - b + (b * length) / averageToolLength : 1;
  let score = 0;
  for (const queryTerm of query.terms) {
    if (!queryTerm.own) continue;
    let count = 0;
    for (const field of SEARCH_FIELDS) count += tool.fields[field].terms.get(queryTerm.term) ?? 0;
    if (count > 0) score += idfOf(index, queryTerm.term) * saturate(count / lengthNormalisation);
  }
  return score;
}

/** The tools that share at least one stand-in with the query: the only ones that can score. */
function candidatesOf(index: ClientIndex, query: PreparedQuery): number[] {
  const candidates = new Set<number>();
  for (const queryTerm of query.terms) {
    for (const variant of queryTerm.variants)
      for (const id of index.postings.get(variant.term) ?? []) candidates.add(id);
  }
  return [...candidates];
}

/**
 * The exact-words second opinion of one tool: Okapi BM25 of the request's words as written, counted in the tool's
 * words as written (split from its texts now: the index keeps only stems), one length per tool, each word weighed by
 * its stem's IDF.
 */
function exactWordsScoreOf(index: ClientIndex, id: number, written: ReadonlySet<string>): number {
  const { settings, averageToolLength } = index;
  const counts = new Map<string, number>();
  // From the tool itself: keeping every tool's split words for this would hold the whole catalog twice.
  const { texts } = fieldTextsOf(index.tools[id], settings.argumentValues);
  for (const field of SEARCH_FIELDS) {
    for (const text of texts[field]) {
      for (const word of wordsOfText(settings, text))
        if (written.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  if (counts.size === 0) return 0;
  const { b } = CLIENT_BM25_PARAMETERS;
  let length = 0;
  for (const field of SEARCH_FIELDS) length += index.indexed[id].fields[field].length;
  const lengthNormalisation = averageToolLength > 0 ? 1 - b + (b * length) / averageToolLength : 1;
  let score = 0;
  for (const [word, count] of counts)
    score += idfOf(index, normalizeWord(index, word)) * saturate(count / lengthNormalisation);
  return score;
}

// Ties: higher score, then the shorter name (the more general tool), then catalog order. Scores are rounded so
// that float noise from summing in a different order cannot reorder equal tools.
const rounded = (score: number) => Math.round(score * 1e9) / 1e9;
type RankedEntry = { id: number; rounded: number; nameLength: number };
const byRank = (left: RankedEntry, right: RankedEntry) =>
  right.rounded - left.rounded || left.nameLength - right.nameLength || left.id - right.id;
type RankedTool = RankedEntry & { breakdown: ClientScoreBreakdown };

/**
 * The first `depth` tools that score (at least the `EXACT_WORDS_DEPTH` the exact-words second opinion re-ranks),
 * best first, with their breakdowns. Every candidate is scored (`evaluateTool` without detail), the breakdowns are
 * built for the ones returned only: the same figures, so the order is the one full breakdowns would give.
 */
function rank(index: ClientIndex, query: PreparedQuery, depth: number): RankedTool[] {
  const { indexed, settings } = index;
  const scored: RankedEntry[] = [];
  for (const id of candidatesOf(index, query)) {
    const score = evaluateTool(index, indexed[id], query, false);
    if (score > 0) scored.push({ id, rounded: rounded(score), nameLength: indexed[id].name.length });
  }
  scored.sort(byRank);
  const ranked: RankedTool[] = scored.slice(0, Math.max(depth, EXACT_WORDS_DEPTH)).map(({ id, nameLength }) => {
    const breakdown = evaluateTool(index, indexed[id], query, true);
    return { id, breakdown, rounded: rounded(breakdown.score), nameLength };
  });
  if (settings.exactWords > 0 && ranked.length > 0) {
    const head = ranked.slice(0, EXACT_WORDS_DEPTH);
    const seconds = head.map(({ id }) => exactWordsScoreOf(index, id, query.writtenWords));
    const best = Math.max(...seconds);
    // Scaled to the first hit, so the option's level means the same on any catalog and any request.
    const scale = best > 0 ? (settings.exactWords * head[0].breakdown.score) / best : 0;
    head.forEach((entry, position) => {
      const bonus = seconds[position] * scale;
      entry.breakdown = {
        ...entry.breakdown,
        exactWords: { score: seconds[position], scale, bonus },
        score: entry.breakdown.score + bonus,
      };
      entry.rounded = rounded(entry.breakdown.score);
    });
    head.sort(byRank);
    ranked.splice(0, head.length, ...head);
  }
  return ranked;
}

function searchIndex(index: ClientIndex, input: string, limit?: number): SearchOutcome {
  const query = prepare(index, input);
  if (query.terms.length === 0 || index.searchedFields.length === 0) return { ok: true, hits: [] };
  const shown = resolveLimit(limit);
  const hits: SearchHit[] = rank(index, query, shown)
    .slice(0, shown)
    .map(({ breakdown }) => {
      const byField = new Map<SearchField, Set<string>>();
      for (const term of breakdown.terms) {
        for (const { field } of term.fields) {
          let set = byField.get(field);
          if (set === undefined) byField.set(field, (set = new Set()));
          set.add(term.matchedTerm);
        }
      }
      return {
        name: breakdown.name,
        score: breakdown.score,
        matches: SEARCH_FIELDS.filter((field) => byField.has(field)).map((field) => ({
          field,
          terms: [...byField.get(field)!],
        })),
      };
    });
  return { ok: true, hits };
}

function explainIndex(index: ClientIndex, input: string, name: string): ClientScoreBreakdown | undefined {
  const id = index.idsByName.get(name);
  if (id === undefined) return undefined;
  const query = prepare(index, input);
  if (index.settings.exactWords > 0 && query.terms.length > 0 && index.searchedFields.length > 0) {
    // The re-rank depends on the first hits, so the breakdown of a re-ranked tool comes from the ranking itself.
    if (index.explainedHead?.input !== input)
      index.explainedHead = { input, head: rank(index, query, EXACT_WORDS_DEPTH) };
    const reranked = index.explainedHead.head.find((entry) => entry.id === id);
    if (reranked !== undefined) return reranked.breakdown;
  }
  return evaluateTool(index, index.indexed[id], query, true);
}

/**
 * A word that begins most of one server's tool names (`browser_` in Playwright's, `slack_` in Slack's) names the
 * namespace, not the action: below this share of the server's names (and below 3 tools) there is no prefix, unless
 * the word is one of the server's own (`brave_` in `brave-search`'s two tools). Real servers are far from the bar
 * either way: every name or one in three (`list_` in GitHub's).
 */
const NAMESPACE_PREFIX_SHARE = 0.8;
const NAMESPACE_PREFIX_MINIMUM_TOOLS = 3;

/**
 * Sets each tool's name action: the first word of its name (index terms, in order) after a namespace prefix, and
 * the words after it. A tool named with one word (`fetch`) has an action and no object, so no bonus. Tools without
 * a server form one group, so a catalog where most names begin alike (`math_…`) has that prefix skipped too.
 */
function markNameActions(tools: IndexedTool[], serverWordsOf: (server: string) => ReadonlySet<string>): void {
  const groups = new Map<string, IndexedTool[]>();
  for (const tool of tools) {
    const key = tool.server ?? "";
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = []));
    group.push(tool);
  }
  for (const group of groups.values()) {
    const firstWords = new Map<string, number>();
    for (const tool of group) {
      const first = tool.fields.name.sequence[0];
      if (first !== undefined) firstWords.set(first, (firstWords.get(first) ?? 0) + 1);
    }
    const prefixes = new Set(
      group.length < NAMESPACE_PREFIX_MINIMUM_TOOLS
        ? []
        : [...firstWords].filter(([, count]) => count / group.length >= NAMESPACE_PREFIX_SHARE).map(([word]) => word),
    );
    for (const tool of group) {
      const words = tool.fields.name.sequence;
      const namespace =
        prefixes.has(words[0]) || (tool.server !== undefined && serverWordsOf(tool.server).has(words[0]));
      const start = words.length > 1 && namespace ? 1 : 0;
      const [action, ...objects] = words.slice(start);
      tool.nameAction = action === undefined || objects.length === 0 ? undefined : { action, objects };
    }
  }
}

/**
 * The words a request's text stands for by its shape, each with the text: a web address → `url`, a file name or
 * path → `file`, `#name` → `channel`, `@name` → `user`. General forms only: no list of sites, files or names.
 */
export function shapeWordsOf(input: string): Array<{ text: string; word: string }> {
  const found: Array<{ text: string; word: string }> = [];
  for (const chunk of input.split(/\s+/u)) {
    // Sentence punctuation and quotes around the text are not part of it.
    const text = trimChunk(chunk);
    if (text === "") continue;
    if (isWebAddress(text)) found.push({ text, word: "url" });
    else if (FILE_NAME.test(text) || PATH.test(text)) found.push({ text, word: "file" });
    else if (/^#\p{L}[\p{L}\p{N}_-]*$/u.test(text)) found.push({ text, word: "channel" });
    else if (/^@\p{L}[\p{L}\p{N}_.-]*$/u.test(text)) found.push({ text, word: "user" });
  }
  return found;
}
