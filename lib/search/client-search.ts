/**
 * The client-side tool search behind the `gateway`, `stubs` and `kimi-dynamic` strategies: the client owns it, so
 * it is tuned for recall on the phrasing models and users actually write, not for fidelity to a provider.
 *
 * MiniSearch (BM25+, prefix and fuzzy matching, per-field boosts) over the four searchable fields, fed by the
 * shared tokeniser. Every option is a real switch, so the playground can show what each one buys.
 */
import MiniSearch from "minisearch";
import type { CatalogTool } from "../catalog/types";
import { resolveLimit } from "./limits";
import { expandSynonyms } from "./synonyms";
import { extractSearchFields } from "./tool-fields";
import { normalizeWords, splitWords, tokenize, type TokenizeOptions } from "./tokenize";
import { SEARCH_FIELDS, type SearchField, type SearchHit, type SearchOutcome, type ToolSearcher } from "./types";

export type ClientSearchOptions = {
  /** Split `get_weather`/`getWeather` into words (off: identifiers match only whole). */
  splitIdentifiers: boolean;
  /** Porter stems, so `creating issues` meets `Create an issue`. */
  stemming: boolean;
  /** Drop English function words from tools and queries. */
  stopWords: boolean;
  /** Relative weight of a match in each field (1 = neutral, 0 = field not searched). */
  fieldWeights: Record<SearchField, number>;
  /** Expand queries with the synonym table (`remove` also looks for `delete`). */
  synonyms: boolean;
  /** Let a query word of 3+ characters match longer words it begins (`repo` → `repositories`). */
  prefix: boolean;
  /** 0 = off; below 1, the edit distance allowed as a fraction of the word's length (MiniSearch `fuzzy`). */
  fuzzy: number;
};

/** Defaults chosen on the fixture query set (`npm run eval:search`); see docs/SEARCH.md. */
export const DEFAULT_CLIENT_SEARCH_OPTIONS: ClientSearchOptions = {
  splitIdentifiers: true,
  stemming: true,
  stopWords: true,
  fieldWeights: { name: 3, description: 1.5, parameterName: 1, parameterDescription: 0.5 },
  synonyms: true,
  prefix: true,
  fuzzy: 0.2,
};

/** A synonym counts half as much as a word the user wrote: it is a guess about what they meant. */
const SYNONYM_WEIGHT = 0.5;
/** Shorter words would prefix-match half the index (`a`, `is`). */
const MIN_PREFIX_LENGTH = 3;
/** One typo in a 3-letter word is a different word (`get` → `set`). */
const MIN_FUZZY_LENGTH = 4;

type ClientDocument = { id: number } & Record<SearchField, string>;

function resolveOptions(options: Partial<ClientSearchOptions> | undefined): ClientSearchOptions {
  return {
    ...DEFAULT_CLIENT_SEARCH_OPTIONS,
    ...options,
    fieldWeights: { ...DEFAULT_CLIENT_SEARCH_OPTIONS.fieldWeights, ...options?.fieldWeights },
  };
}

export function createClientSearch(
  tools: readonly CatalogTool[],
  options?: Partial<ClientSearchOptions>,
): ToolSearcher {
  const settings = resolveOptions(options);
  const tokenizeOptions: TokenizeOptions = {
    splitIdentifiers: settings.splitIdentifiers,
    stemming: settings.stemming,
    stopWords: settings.stopWords,
  };
  const index = new MiniSearch<ClientDocument>({
    fields: [...SEARCH_FIELDS],
    tokenize: (text) => tokenize(text, tokenizeOptions),
    // The tokeniser already lowercased, stemmed and filtered; MiniSearch must not process terms again.
    processTerm: (term) => term,
  });
  index.addAll(
    tools.map((tool, id) => {
      const fields = extractSearchFields(tool);
      return {
        id,
        name: fields.name,
        description: fields.description,
        parameterName: fields.parameterNames.join("\n"),
        parameterDescription: fields.parameterDescriptions.join("\n"),
      };
    }),
  );
  // MiniSearch reads a boost of 0 as "unset" (1), so a field weighted 0 is left out of the search instead.
  const searchedFields = SEARCH_FIELDS.filter((field) => settings.fieldWeights[field] > 0);

  function queryTerms(input: string): { terms: string[]; synonyms: Set<string> } {
    const words = splitWords(input, settings.splitIdentifiers);
    const terms = [...new Set(normalizeWords(words, tokenizeOptions))];
    if (!settings.synonyms) return { terms, synonyms: new Set() };
    const own = new Set(terms);
    const synonyms = new Set(normalizeWords(expandSynonyms(words), tokenizeOptions).filter((term) => !own.has(term)));
    return { terms: [...terms, ...synonyms], synonyms };
  }

  function search(input: string, limit?: number): SearchOutcome {
    const { terms, synonyms } = queryTerms(input);
    if (terms.length === 0 || searchedFields.length === 0) return { ok: true, hits: [] };
    const results = index.search(terms.join(" "), {
      fields: searchedFields,
      tokenize: (query) => query.split(" "),
      processTerm: (term) => term,
      boost: settings.fieldWeights,
      boostTerm: (term) => (synonyms.has(term) ? SYNONYM_WEIGHT : 1),
      prefix: settings.prefix ? (term) => term.length >= MIN_PREFIX_LENGTH : false,
      fuzzy: settings.fuzzy > 0 ? (term) => (term.length >= MIN_FUZZY_LENGTH ? settings.fuzzy : false) : false,
      combineWith: "OR",
    });
    // Equal scores keep catalog order, as the Anthropic emulations do.
    results.sort((left, right) => right.score - left.score || (left.id as number) - (right.id as number));
    const hits: SearchHit[] = results.slice(0, resolveLimit(limit)).map((result) => ({
      name: tools[result.id as number].name,
      score: result.score,
      matches: SEARCH_FIELDS.map((field) => ({
        field,
        terms: Object.keys(result.match).filter((term) => result.match[term].includes(field)),
      })).filter((match) => match.terms.length > 0),
    }));
    return { ok: true, hits };
  }

  return { id: "client", label: "Client search (MiniSearch)", search };
}
