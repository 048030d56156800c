/**
 * The seventh pass's variants (docs/SEARCH.md at 279c54f, "Seventh pass"), for
 * `npx tsx scripts/eval-search-variants.ts --variants scripts/eval-search-variants-seventh-pass.ts`
 * (`SEVENTH_PASS_ROUND=2` for the second round). None changes the shipped search unless it is an option variant.
 *
 * The sixth pass found that adding the BM25 emulation's score to the client search's first 50 (scaled so the
 * emulation's best hit counts λ × the client's best) raised the judge without a judge set falling, and that the
 * client's own plain-BM25 switch did not. This pass takes the emulation's reading apart: a "second opinion" is an
 * Okapi BM25 over one bag of words per tool whose reading is a set of switches, each the emulation's choice or the
 * client's, so that flipping one at a time shows which part carries the gain.
 */
import type { CatalogTool } from "../lib/core/catalog";
import { createClientSearch } from "../lib/search";
import type { ClientSearchOptions } from "../lib/search/client-search";
import { inverseDocumentFrequency, splitServerName } from "../lib/search/client-search";
import { stemPorter2 } from "../lib/search/stem-porter2";
import { extractSearchFields } from "../lib/search/tool-fields";
import { isStopWord, splitWords } from "../lib/search/tokenize";
import type { SearchHit, ToolSearcher } from "../lib/search/types";
import { ensembleWithBm25 } from "./eval-search-variants-sixth-pass";
import { readWordVectorsFile } from "./word-vectors-file";

type VariantFactory = (tools: readonly CatalogTool[]) => ToolSearcher;

const wordVectors = readWordVectorsFile();
/** How deep the client's ranking is read and re-scored (the sixth pass's ensemble read 50). */
const DEPTH = 50;

/** How the second opinion reads a tool and a request. The emulation: every switch `true` except `stem`. */
type Reading = {
  /** Porter2 stems (the client's reading) or words as written (the emulation's). */
  stem: boolean;
  /** Keep stop words in tools and requests (the emulation's reading) or drop them (the client's). */
  keepStopWords: boolean;
  /** Read the arguments' enum values (the client's reading; the emulation does not). */
  argumentValues: boolean;
  /** Read the server's words as part of the name (`github-mcp-server:create_issue`; the emulation does). */
  serverWords: boolean;
  /** Scale to the second opinion's best hit over the whole catalog (the sixth pass) or over the client's first K. */
  scale: "catalog best" | "first K best" | "absolute";
  /** BM25 k1 and b of the second opinion. */
  k1: number;
  b: number;
  /**
   * Where a word's IDF comes from: the second opinion's own bags (`own`), or the document frequency of the word's
   * Porter2 stem (`stem`), which is what the client's index already holds: no second index needed.
   */
  idfFrom: "own" | "stem";
};

const EMULATION: Reading = {
  stem: false,
  keepStopWords: true,
  argumentValues: false,
  serverWords: true,
  scale: "catalog best",
  k1: 1.2,
  b: 0.75,
  idfFrom: "own",
};

/** What the client index could give without a second index: its own words, unstemmed, its stems' statistics. */
const CLIENT_WORDS: Partial<Reading> = {
  keepStopWords: false,
  argumentValues: true,
  serverWords: false,
  scale: "first K best",
  idfFrom: "stem",
};

/** Okapi BM25 over one bag of words per tool, read as `reading` says; returns every tool's score for a request. */
function secondOpinion(tools: readonly CatalogTool[], reading: Reading) {
  const stems = new Map<string, string>();
  const normalize = (word: string) => {
    if (!reading.stem) return word;
    let stemmed = stems.get(word);
    if (stemmed === undefined) stems.set(word, (stemmed = stemPorter2(word)));
    return stemmed;
  };
  const termsOf = (text: string) =>
    splitWords(text, true)
      .filter((word) => reading.keepStopWords || !isStopWord(word))
      .map(normalize);
  const bags = tools.map((tool) => {
    const fields = extractSearchFields(tool);
    const name = reading.serverWords ? fields.name : splitServerName(fields.name).tool;
    const texts = [
      name,
      fields.description,
      ...fields.parameterNames,
      ...fields.parameterDescriptions,
      ...(reading.argumentValues ? fields.enumValues : []),
    ];
    const counts = new Map<string, number>();
    let length = 0;
    for (const text of texts) {
      for (const term of termsOf(text)) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
        length += 1;
      }
    }
    return { counts, length };
  });
  const documentFrequency = new Map<string, number>();
  for (const bag of bags)
    for (const term of bag.counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const stemFrequency = new Map<string, number>();
  for (const bag of bags) {
    for (const term of new Set([...bag.counts.keys()].map(stemPorter2))) {
      stemFrequency.set(term, (stemFrequency.get(term) ?? 0) + 1);
    }
  }
  const frequencyOf = (term: string) =>
    reading.idfFrom === "own" ? (documentFrequency.get(term) ?? 0) : (stemFrequency.get(stemPorter2(term)) ?? 0);
  const averageLength = bags.reduce((sum, bag) => sum + bag.length, 0) / Math.max(1, bags.length);
  const indexOf = new Map(tools.map((tool, index) => [tool.name, index]));
  const score = (index: number, terms: ReadonlySet<string>) => {
    const bag = bags[index];
    let total = 0;
    for (const term of terms) {
      const count = bag.counts.get(term);
      if (count === undefined) continue;
      const idf = inverseDocumentFrequency(bags.length, frequencyOf(term));
      const normalisation = 1 - reading.b + (reading.b * bag.length) / averageLength;
      total += (idf * count * (reading.k1 + 1)) / (count + reading.k1 * normalisation);
    }
    return total;
  };
  return {
    queryTerms: (input: string) => new Set(termsOf(input)),
    scoreOf: (name: string, terms: ReadonlySet<string>) => score(indexOf.get(name) ?? -1, terms),
    best: (terms: ReadonlySet<string>) => {
      let best = 0;
      for (let index = 0; index < bags.length; index += 1) best = Math.max(best, score(index, terms));
      return best;
    },
  };
}

/** The client search's first `DEPTH` hits, re-scored with `λ ×` the second opinion (scaled as `reading.scale`). */
function ensemble(
  lambda: number,
  changes: Partial<Reading> = {},
  options: Partial<ClientSearchOptions> = {},
  depth: number = DEPTH,
): VariantFactory {
  const reading = { ...EMULATION, ...changes };
  return (tools) => {
    const primary = createClientSearch(tools, options, { wordVectors });
    const second = secondOpinion(tools, reading);
    return {
      id: "client",
      label: "client + second opinion",
      search(input, limit = 5) {
        const first = primary.search(input, depth);
        if (!first.ok || first.hits.length === 0) return first;
        const terms = second.queryTerms(input);
        const scores = first.hits.map((hit) => second.scoreOf(hit.name, terms));
        const best =
          reading.scale === "catalog best"
            ? second.best(terms)
            : reading.scale === "first K best"
              ? Math.max(0, ...scores)
              : 1;
        if (best === 0) return { ok: true, hits: first.hits.slice(0, limit) };
        const scale = reading.scale === "absolute" ? lambda : (lambda * first.hits[0].score) / best;
        const combined: SearchHit[] = first.hits.map((hit, index) => ({
          ...hit,
          score: hit.score + scores[index] * scale,
        }));
        combined.sort((left, right) => right.score - left.score || left.name.length - right.name.length);
        return { ok: true, hits: combined.slice(0, limit) };
      },
    };
  };
}

const roundOne: Record<string, VariantFactory | Partial<ClientSearchOptions>> = {
  defaults: {},
  "sixth pass: + BM25 emulation, λ 0.1": ensembleWithBm25(0.1),
  "second opinion = emulation's reading, λ 0.1": ensemble(0.1),
  "… but stemmed": ensemble(0.1, { stem: true }),
  "… but stop words dropped": ensemble(0.1, { keepStopWords: false }),
  "… but argument values read": ensemble(0.1, { argumentValues: true }),
  "… but no server words": ensemble(0.1, { serverWords: false }),
  "… but scaled to the first 50's best": ensemble(0.1, { scale: "first K best" }),
};

const roundTwo: Record<string, VariantFactory | Partial<ClientSearchOptions>> = {
  defaults: {},
  "client's words unstemmed, own IDF, λ 0.1": ensemble(0.1, { ...CLIENT_WORDS, idfFrom: "own" }),
  "client's words unstemmed, stems' IDF, λ 0.1": ensemble(0.1, CLIENT_WORDS),
  "client's words unstemmed, stems' IDF, λ 0.2": ensemble(0.2, CLIENT_WORDS),
  "client's words unstemmed, stems' IDF, λ 0.05": ensemble(0.05, CLIENT_WORDS),
  "client's words unstemmed, stems' IDF, first 20, λ 0.1": ensemble(0.1, CLIENT_WORDS, {}, 20),
};

const roundThree: Record<string, VariantFactory | Partial<ClientSearchOptions>> = {
  "client's words unstemmed, stems' IDF, λ 0.3": ensemble(0.3, CLIENT_WORDS),
  "client's words unstemmed, stems' IDF, λ 0.4": ensemble(0.4, CLIENT_WORDS),
  "client's words unstemmed, stems' IDF, unscaled, λ 0.2": ensemble(0.2, { ...CLIENT_WORDS, scale: "absolute" }),
  "client's words unstemmed, stems' IDF, unscaled, λ 0.4": ensemble(0.4, { ...CLIENT_WORDS, scale: "absolute" }),
  "client's words stemmed, stems' IDF, λ 0.2": ensemble(0.2, { ...CLIENT_WORDS, stem: true }),
};

const rounds: Record<string, Record<string, VariantFactory | Partial<ClientSearchOptions>>> = {
  "2": roundTwo,
  "3": roundThree,
};

export default rounds[process.env.SEVENTH_PASS_ROUND ?? ""] ?? roundOne;
