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
import { SEARCH_FIELDS, type SearchHit, type SearchOutcome, type ToolSearcher } from "./types";

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

export function createAnthropicBm25Search(tools: readonly CatalogTool[]): ToolSearcher {
  const { k1, b } = ANTHROPIC_BM25_PARAMETERS;
  const documents = tools.map(searchFieldTexts);
  const postings = new Map<string, Posting>();
  const documentLengths = new Float64Array(documents.length);
  let totalLength = 0;

  // Each distinct term has one posting, looked up once per occurrence; a tool's occurrences are counted on the
  // posting itself (`counting` says for which tool) and appended once per distinct term, in first-occurrence order.
  // At 10,000 tools this is 2 M occurrences, and a map of counts per tool would be a third of the index build.
  let counted: Posting[] = [];
  // A catalog repeats its texts (argument names and descriptions of the same server under many names): each
  // distinct text is split once, into its distinct terms' postings with their counts and its length in terms.
  const termsByText = new Map<string, TextTerms>();
  let textSerial = 0;
  const termsOf = (text: string): TextTerms => {
    let known = termsByText.get(text);
    if (known === undefined) {
      known = { postings: [], counts: [], length: 0 };
      textSerial += 1;
      for (const term of plainTerms(text)) {
        let posting = postings.get(term);
        if (posting === undefined) {
          posting = { documents: [], frequencies: [], counting: -1, count: 0, inText: -1, position: 0 };
          postings.set(term, posting);
        }
        if (posting.inText !== textSerial) {
          posting.inText = textSerial;
          posting.position = known.postings.length;
          known.postings.push(posting);
          known.counts.push(1);
        } else known.counts[posting.position] += 1;
        known.length += 1;
      }
      termsByText.set(text, known);
    }
    return known;
  };
  documents.forEach((texts, documentIndex) => {
    counted = [];
    let length = 0;
    for (const field of SEARCH_FIELDS) {
      for (const text of texts[field]) {
        const terms = termsOf(text);
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
    documentLengths[documentIndex] = length;
    totalLength += length;
  });
  // The searcher's closures share one scope with the build's: the texts' terms would stay as long as the searcher.
  termsByText.clear();

  const documentCount = documents.length;
  const averageLength = documentCount === 0 ? 0 : totalLength / documentCount;

  function inverseDocumentFrequency(documentFrequency: number): number {
    return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }

  function matchesOf(documentIndex: number, queryTerms: ReadonlySet<string>): SearchHit["matches"] {
    const matches: SearchHit["matches"] = [];
    for (const field of SEARCH_FIELDS) {
      const terms = new Set<string>();
      for (const text of documents[documentIndex][field]) {
        for (const term of plainTerms(text)) if (queryTerms.has(term)) terms.add(term);
      }
      if (terms.size > 0) matches.push({ field, terms: [...terms] });
    }
    return matches;
  }

  function search(input: string, limit?: number): SearchOutcome {
    const length = characterCount(input);
    if (length > ANTHROPIC_BM25_MAX_QUERY_CHARACTERS) {
      return {
        ok: false,
        errorCode: "invalid_tool_input",
        errorMessage: `Invalid query: exceeds the maximum length of ${ANTHROPIC_BM25_MAX_QUERY_CHARACTERS} characters (got ${length})`,
      };
    }
    const queryTerms = new Set(plainTerms(input));
    const scores = new Float64Array(documentCount);
    const touched: number[] = [];
    for (const term of queryTerms) {
      const posting = postings.get(term);
      if (posting === undefined) continue;
      const idf = inverseDocumentFrequency(posting.documents.length);
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
      name: tools[documentIndex].name,
      score: scores[documentIndex],
      matches: matchesOf(documentIndex, queryTerms),
    }));
    return { ok: true, hits };
  }

  return { id: "anthropic-bm25", label: "Anthropic BM25 (emulated)", search };
}
