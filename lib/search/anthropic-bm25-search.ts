/**
 * An emulation of Anthropic's `tool_search_tool_bm25_20251119` (PROTOCOLS.md §1.1–§1.6). Anthropic documents what
 * is searched (name, description, argument names and descriptions), the 500-character query limit, up to 5 results
 * and that no match is an empty result rather than an error. It does not document the tokeniser, the BM25
 * parameters or any field weighting, so this emulation makes the plainest choices and says so:
 *
 * - one bag of words per tool over the four fields, unweighted;
 * - plain tokenisation: lowercase, split on non-alphanumerics and identifier boundaries, no stop words, no
 *   stemming, no synonyms (none are documented);
 * - Okapi BM25 with Lucene's non-negative IDF, k1 = 1.2 and b = 0.75 (Lucene and Elasticsearch defaults);
 * - equal scores keep catalog order.
 *
 * A hand-written inverted index keeps the scoring formula visible and fast: 10,000 tools index in well under a
 * second, and a query touches only the postings of its own terms.
 */
import type { CatalogTool } from "../core/catalog";
import { ANTHROPIC_BM25_MAX_QUERY_CHARACTERS, characterCount, resolveLimit } from "./limits";
import { searchFieldTexts } from "./tool-fields";
import { PLAIN_TOKENIZE_OPTIONS, tokenize } from "./tokenize";
import { SEARCH_FIELDS, type SearchField, type SearchHit, type SearchOutcome, type ToolSearcher } from "./types";

/**
 * BM25 parameters. `k1` (unitless, > 0; Lucene default 1.2) saturates term frequency: one occurrence of a word in
 * an average-length tool scores 1 × its IDF, and any number of occurrences at most (k1 + 1) = 2.2 × its IDF.
 * `b` (fraction, 0…1; default 0.75) normalises by length, counted in tokens over all four fields: one occurrence in
 * a tool twice the average length scores 2.2 / (1 + 1.2 × 1.75) ≈ 0.71 of what it scores in an average one.
 * Anthropic does not publish its values.
 */
export const ANTHROPIC_BM25_PARAMETERS = { k1: 1.2, b: 0.75 } as const;

/**
 * A term's tools and its count in each; `counting` and `count` are the index build's scratch for one tool, `inText`
 * and `position` for one text (which text, and where the term stands among the text's distinct terms).
 */
type Posting = {
  documents: number[];
  frequencies: number[];
  counting: number;
  count: number;
  inText: number;
  position: number;
};

/** One text's distinct terms (their postings) and how often each occurs, and its length in terms. */
type TextTerms = { postings: Posting[]; counts: number[]; length: number };

function plainTerms(text: string): string[] {
  return tokenize(text, PLAIN_TOKENIZE_OPTIONS);
}

/**
 * The index while it is built. The build's steps are module functions over this state, not closures made per
 * catalog: Chromium compiled each catalog's closures anew, so the code optimised for the code warm-up's catalogs
 * was made again for a person's import (in a 10,000-tool import's trace, ≈ 0.5 s of the compiler threads' time;
 * ≈ 0.1–0.2 s now).
 */
type Bm25Build = {
  postings: Map<string, Posting>;
  /** Scratch: the postings counted for the tool being indexed. */
  counted: Posting[];
  /** A catalog repeats its texts: each distinct one is split once. */
  termsByText: Map<string, TextTerms>;
  textSerial: number;
};

/** The index a search reads. */
type Bm25Index = {
  tools: readonly CatalogTool[];
  documents: ReadonlyArray<Record<SearchField, readonly string[]>>;
  postings: ReadonlyMap<string, Posting>;
  documentLengths: Float64Array;
  documentCount: number;
  averageLength: number;
};

/** A text's distinct terms' postings with their counts and its length in terms, split once per distinct text. */
function termsOf(build: Bm25Build, text: string): TextTerms {
  let known = build.termsByText.get(text);
  if (known === undefined) {
    known = { postings: [], counts: [], length: 0 };
    build.textSerial += 1;
    const serial = build.textSerial;
    for (const term of plainTerms(text)) {
      let posting = build.postings.get(term);
      if (posting === undefined) {
        posting = { documents: [], frequencies: [], counting: -1, count: 0, inText: -1, position: 0 };
        build.postings.set(term, posting);
      }
      if (posting.inText !== serial) {
        posting.inText = serial;
        posting.position = known.postings.length;
        known.postings.push(posting);
        known.counts.push(1);
      } else known.counts[posting.position] += 1;
      known.length += 1;
    }
    build.termsByText.set(text, known);
  }
  return known;
}

/**
 * Adds one tool's occurrences to the postings and returns its length in terms. Each distinct term has one posting,
 * looked up once per occurrence; a tool's occurrences are counted on the posting itself (`counting` says for which
 * tool) and appended once per distinct term, in first-occurrence order. At 10,000 tools this is 2 M occurrences,
 * and a map of counts per tool would be a third of the index build.
 */
function indexDocument(build: Bm25Build, texts: Record<SearchField, readonly string[]>, documentIndex: number): number {
  const counted: Posting[] = (build.counted = []);
  let length = 0;
  for (const field of SEARCH_FIELDS) {
    for (const text of texts[field]) {
      const terms = termsOf(build, text);
      for (let index = 0; index < terms.postings.length; index += 1) {
        const posting = terms.postings[index];
        if (posting.counting !== documentIndex) {
          posting.counting = documentIndex;
          posting.count = 0;
          counted.push(posting);
        }
        posting.count += terms.counts[index];
      }
      length += terms.length;
    }
  }
  for (const posting of counted) {
    posting.documents.push(documentIndex);
    posting.frequencies.push(posting.count);
  }
  return length;
}

function inverseDocumentFrequency(index: Bm25Index, documentFrequency: number): number {
  return Math.log(1 + (index.documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

function matchesOf(index: Bm25Index, documentIndex: number, queryTerms: ReadonlySet<string>): SearchHit["matches"] {
  const matches: SearchHit["matches"] = [];
  for (const field of SEARCH_FIELDS) {
    const terms = new Set<string>();
    for (const text of index.documents[documentIndex][field]) {
      for (const term of plainTerms(text)) if (queryTerms.has(term)) terms.add(term);
    }
    if (terms.size > 0) matches.push({ field, terms: [...terms] });
  }
  return matches;
}

function searchIndex(index: Bm25Index, input: string, limit?: number): SearchOutcome {
  const { k1, b } = ANTHROPIC_BM25_PARAMETERS;
  const length = characterCount(input);
  if (length > ANTHROPIC_BM25_MAX_QUERY_CHARACTERS) {
    return {
      ok: false,
      errorCode: "invalid_tool_input",
      errorMessage: `Invalid query: exceeds the maximum length of ${ANTHROPIC_BM25_MAX_QUERY_CHARACTERS} characters (got ${length})`,
    };
  }
  const { documentLengths, averageLength } = index;
  const queryTerms = new Set(plainTerms(input));
  const scores = new Float64Array(index.documentCount);
  const touched: number[] = [];
  for (const term of queryTerms) {
    const posting = index.postings.get(term);
    if (posting === undefined) continue;
    const idf = inverseDocumentFrequency(index, posting.documents.length);
    for (let position = 0; position < posting.documents.length; position += 1) {
      const documentIndex = posting.documents[position];
      const frequency = posting.frequencies[position];
      const lengthRatio = averageLength === 0 ? 1 : documentLengths[documentIndex] / averageLength;
      const saturation = (frequency * (k1 + 1)) / (frequency + k1 * (1 - b + b * lengthRatio));
      if (scores[documentIndex] === 0) touched.push(documentIndex);
      scores[documentIndex] += idf * saturation;
    }
  }
  touched.sort((left, right) => scores[right] - scores[left] || left - right);
  const hits = touched.slice(0, resolveLimit(limit)).map((documentIndex) => ({
    name: index.tools[documentIndex].name,
    score: scores[documentIndex],
    matches: matchesOf(index, documentIndex, queryTerms),
  }));
  return { ok: true, hits };
}

export function createAnthropicBm25Search(tools: readonly CatalogTool[]): ToolSearcher {
  const documents = tools.map(searchFieldTexts);
  const build: Bm25Build = { postings: new Map(), counted: [], termsByText: new Map(), textSerial: 0 };
  const documentLengths = new Float64Array(documents.length);
  let totalLength = 0;
  for (let documentIndex = 0; documentIndex < documents.length; documentIndex += 1) {
    const length = indexDocument(build, documents[documentIndex], documentIndex);
    documentLengths[documentIndex] = length;
    totalLength += length;
  }
  const documentCount = documents.length;
  const index: Bm25Index = {
    tools,
    documents,
    postings: build.postings,
    documentLengths,
    documentCount,
    averageLength: documentCount === 0 ? 0 : totalLength / documentCount,
  };
  return {
    id: "anthropic-bm25",
    label: "Anthropic BM25 (emulated)",
    search: (input, limit) => searchIndex(index, input, limit),
  };
}
