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
import type { CatalogTool } from "../catalog/types";
import { splitRunTogether, wholeWordsOf } from "./compound-words";
import { resolveLimit } from "./limits";
import { CONVERSATIONAL_FILLER_WORDS } from "./stop-words";
import { stem } from "./stem";
import { expandSynonyms } from "./synonyms";
import { extractSearchFields } from "./tool-fields";
import { isStopWord, splitWords } from "./tokenize";
import { SEARCH_FIELDS, type SearchField, type SearchHit, type SearchOutcome, type ToolSearcher } from "./types";

export type ClientSearchOptions = {
  /** Split `get_weather`/`getWeather` into words, and know `PostgreSQL` as `postgresql` too (off: whole only). */
  splitIdentifiers: boolean;
  /** Porter stems, so `creating issues` meets `Create an issue`. */
  stemming: boolean;
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
};

/** Chosen on the project's fixture queries and BFCL v4 multiple, checked on the other sets (docs/SEARCH.md). */
export const DEFAULT_CLIENT_SEARCH_OPTIONS: ClientSearchOptions = {
  splitIdentifiers: true,
  stemming: true,
  stopWords: true,
  fieldWeights: { name: 3, description: 1.5, parameterName: 1, parameterDescription: 0.5 },
  synonyms: true,
  prefix: true,
  fuzzy: 0.2,
  requestFiller: true,
  serverPrior: 0.5,
  proximity: 0.5,
};

/**
 * BM25 saturation and length normalisation (Lucene's defaults). Length is normalised per field, so a long
 * argument list does not dilute a name match.
 */
export const CLIENT_BM25_PARAMETERS = { k1: 1.2, b: 0.75 } as const;
/** How much a query word's stand-ins count next to the word itself: a guess about what the user meant. */
export const CLIENT_MATCH_DISCOUNTS = { synonym: 0.5, prefix: 0.4, fuzzy: 0.4, joined: 0.8 } as const;
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

type FieldIndex = { terms: Map<string, number>; length: number; sequence: string[] };

type IndexedTool = {
  id: number;
  name: string;
  server: string | undefined;
  fields: Record<SearchField, FieldIndex>;
};

/** One query term and the index terms that stand in for it, each with its discount. */
type QueryTerm = { term: string; weight: number; own: boolean; variants: Array<{ term: string; discount: number }> };

function resolveOptions(options: Partial<ClientSearchOptions> | undefined): ClientSearchOptions {
  return {
    ...DEFAULT_CLIENT_SEARCH_OPTIONS,
    ...options,
    fieldWeights: { ...DEFAULT_CLIENT_SEARCH_OPTIONS.fieldWeights, ...options?.fieldWeights },
  };
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

export function createClientSearch(
  tools: readonly CatalogTool[],
  options?: Partial<ClientSearchOptions>,
): ToolSearcher {
  const settings = resolveOptions(options);
  // A catalog repeats its words many times; each is stemmed once.
  const stems = new Map<string, string>();
  const normalize = (word: string) => {
    if (!settings.stemming) return word;
    let stemmed = stems.get(word);
    if (stemmed === undefined) stems.set(word, (stemmed = stem(word)));
    return stemmed;
  };
  const keep = (word: string) => !(settings.stopWords && isStopWord(word));

  // Pass 1: the raw words of every field, and the catalog's vocabulary of raw words for run-together splitting.
  const rawFields = tools.map((tool) => {
    const fields = extractSearchFields(tool);
    const { server, tool: toolName } = splitServerName(fields.name);
    const texts: Record<SearchField, string[]> = {
      name: [toolName],
      description: [fields.description],
      parameterName: fields.parameterNames,
      parameterDescription: fields.parameterDescriptions,
    };
    return { server, texts };
  });
  const vocabulary = new Set<string>();
  const wordsOf = (text: string) => splitWords(text, settings.splitIdentifiers);
  const fieldWords = rawFields.map(({ texts }) => {
    const result = {} as Record<SearchField, { sequence: string[]; extras: string[] }>;
    for (const field of SEARCH_FIELDS) {
      const sequence: string[] = [];
      const extras: string[] = [];
      for (const text of texts[field]) {
        sequence.push(...wordsOf(text));
        if (settings.splitIdentifiers) extras.push(...wholeWordsOf(text));
      }
      for (const word of [...sequence, ...extras]) vocabulary.add(word);
      result[field] = { sequence, extras };
    }
    return result;
  });

  // Pass 2: index terms per field. A run-together word also counts as its two parts when the catalog uses both.
  const runTogetherCache = new Map<string, string[]>();
  const runTogetherPartsOf = (word: string): string[] => {
    let parts = runTogetherCache.get(word);
    if (parts === undefined) runTogetherCache.set(word, (parts = splitRunTogether(word, vocabulary) ?? []));
    return parts;
  };
  const indexed: IndexedTool[] = tools.map((tool, id) => {
    const fields = {} as Record<SearchField, FieldIndex>;
    for (const field of SEARCH_FIELDS) {
      const { sequence, extras } = fieldWords[id][field];
      const runTogetherParts = settings.splitIdentifiers ? sequence.flatMap(runTogetherPartsOf) : [];
      const kept = sequence.filter(keep).map(normalize);
      const terms = new Map<string, number>();
      for (const term of [...kept, ...[...extras, ...runTogetherParts].filter(keep).map(normalize)]) {
        terms.set(term, (terms.get(term) ?? 0) + 1);
      }
      fields[field] = { terms, length: kept.length, sequence: kept };
    }
    return { id, name: tool.name, server: rawFields[id].server, fields };
  });

  const toolCount = indexed.length;
  const documentFrequency = new Map<string, number>();
  const postings = new Map<string, number[]>();
  const averageLength = {} as Record<SearchField, number>;
  for (const field of SEARCH_FIELDS) {
    const total = indexed.reduce((sum, tool) => sum + tool.fields[field].length, 0);
    averageLength[field] = toolCount === 0 ? 0 : total / toolCount;
  }
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
  const indexTerms = [...postings.keys()].sort();
  // Typo candidates by length: a word can only be within edit distance d of words whose length differs by ≤ d.
  const termsByLength = new Map<number, string[]>();
  for (const term of indexTerms) {
    let list = termsByLength.get(term.length);
    if (list === undefined) termsByLength.set(term.length, (list = []));
    list.push(term);
  }
  const searchedFields = SEARCH_FIELDS.filter((field) => settings.fieldWeights[field] > 0);

  // Server names: the words of `<server>:` prefixes that name one server, not words most servers share.
  const serverWords = new Map<string, Set<string>>();
  const servers = [...new Set(indexed.map((tool) => tool.server).filter((server) => server !== undefined))];
  for (const server of servers) {
    const words = new Set([...wordsOf(server), ...wholeWordsOf(server)].filter(keep).map(normalize));
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

  const idf = (term: string) => inverseDocumentFrequency(toolCount, documentFrequency.get(term) ?? 0);

  function variantsOf(term: string): QueryTerm["variants"] {
    const variants: QueryTerm["variants"] = [];
    if (postings.has(term)) variants.push({ term, discount: 1 });
    if (settings.prefix && term.length >= MIN_PREFIX_LENGTH) {
      // The terms are sorted, so the ones `term` begins sit together from its insertion point on.
      let low = 0;
      let high = indexTerms.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (indexTerms[middle] < term) low = middle + 1;
        else high = middle;
      }
      for (let index = low; index < indexTerms.length && indexTerms[index].startsWith(term); index += 1) {
        if (indexTerms[index] !== term) {
          variants.push({ term: indexTerms[index], discount: CLIENT_MATCH_DISCOUNTS.prefix });
        }
      }
    }
    // Typos only for words the catalog does not have: a known word is what the user meant, and matching its
    // neighbours too (`file` → `fill`, `find`) costs precision and most of the query time.
    if (settings.fuzzy > 0 && term.length >= MIN_FUZZY_LENGTH && !postings.has(term)) {
      const maximum = Math.max(1, Math.round(settings.fuzzy * term.length));
      const seen = new Set(variants.map((variant) => variant.term));
      for (let length = term.length - maximum; length <= term.length + maximum; length += 1) {
        for (const candidate of termsByLength.get(length) ?? []) {
          if (candidate === term || seen.has(candidate)) continue;
          if (boundedEditDistance(term, candidate, maximum) <= maximum) {
            variants.push({ term: candidate, discount: CLIENT_MATCH_DISCOUNTS.fuzzy });
          }
        }
      }
    }
    return variants;
  }

  /** The query's terms, each with the index terms that count for it; and its content terms in order. */
  function queryTerms(input: string): { terms: QueryTerm[]; sequence: string[] } {
    const words = wordsOf(input);
    let content = contentWordsOfQuery(words, settings);
    // A request of filler only ("can you help me?") still searches for something rather than nothing.
    if (content.length === 0) content = words.filter(keep);
    const terms = new Map<string, QueryTerm>();
    const add = (word: string, weight: number, own: boolean) => {
      const term = normalize(word);
      const existing = terms.get(term);
      if (existing !== undefined) {
        existing.weight = Math.max(existing.weight, weight);
        existing.own ||= own;
        return;
      }
      terms.set(term, { term, weight, own, variants: variantsOf(term) });
    };
    for (const word of content) {
      // "filesystem" written together where the catalog writes `file_system`: search for both parts.
      const parts = settings.splitIdentifiers && !vocabulary.has(word) ? splitRunTogether(word, vocabulary) : undefined;
      if (parts === undefined) add(word, 1, true);
      else for (const part of parts) add(part, 1, true);
    }
    if (settings.splitIdentifiers) {
      // "sequential thinking" written apart where the catalog writes `sequentialthinking`.
      for (let index = 0; index + 1 < content.length; index += 1) {
        const joined = content[index] + content[index + 1];
        if (vocabulary.has(joined)) add(joined, CLIENT_MATCH_DISCOUNTS.joined, false);
      }
    }
    if (settings.synonyms) {
      for (const word of expandSynonyms(content).filter(keep)) add(word, CLIENT_MATCH_DISCOUNTS.synonym, false);
    }
    return { terms: [...terms.values()], sequence: content.filter(keep).map(normalize) };
  }

  function weightedFrequency(tool: IndexedTool, term: string, matched: Set<SearchField>): number {
    let frequency = 0;
    for (const field of searchedFields) {
      const index = tool.fields[field];
      const count = index.terms.get(term);
      if (count === undefined) continue;
      matched.add(field);
      const { b } = CLIENT_BM25_PARAMETERS;
      const norm = averageLength[field] > 0 ? 1 - b + (b * index.length) / averageLength[field] : 1;
      frequency += (settings.fieldWeights[field] * count) / norm;
    }
    return frequency;
  }

  function adjacent(sequence: readonly string[], left: string, right: string): boolean {
    for (let index = 0; index + 1 < sequence.length; index += 1) {
      if (sequence[index] === left && sequence[index + 1] === right) return true;
    }
    return false;
  }

  function search(input: string, limit?: number): SearchOutcome {
    const { terms, sequence } = queryTerms(input);
    if (terms.length === 0 || searchedFields.length === 0) return { ok: true, hits: [] };
    const scores = new Map<number, number>();
    const matches = new Map<number, Map<SearchField, Set<string>>>();
    for (const queryTerm of terms) {
      // Each query term counts once per tool, through its best stand-in.
      const best = new Map<number, { score: number; term: string; fields: Set<SearchField> }>();
      for (const variant of queryTerm.variants) {
        const weight = queryTerm.weight * variant.discount * idf(variant.term);
        for (const id of postings.get(variant.term) ?? []) {
          const fields = new Set<SearchField>();
          const score = weight * saturate(weightedFrequency(indexed[id], variant.term, fields));
          if (score > 0 && score > (best.get(id)?.score ?? 0)) best.set(id, { score, term: variant.term, fields });
        }
      }
      for (const [id, { score, term, fields }] of best) {
        scores.set(id, (scores.get(id) ?? 0) + score);
        let byField = matches.get(id);
        if (byField === undefined) matches.set(id, (byField = new Map()));
        for (const field of fields) {
          let set = byField.get(field);
          if (set === undefined) byField.set(field, (set = new Set()));
          set.add(term);
        }
      }
    }
    if (settings.proximity > 0) {
      for (let index = 0; index + 1 < sequence.length; index += 1) {
        const [left, right] = [sequence[index], sequence[index + 1]];
        if (left === right) continue;
        const bonus = settings.proximity * Math.min(idf(left), idf(right));
        for (const id of scores.keys()) {
          const { name, description } = indexed[id].fields;
          if (adjacent(name.sequence, left, right) || adjacent(description.sequence, left, right)) {
            scores.set(id, scores.get(id)! + bonus);
          }
        }
      }
    }
    if (settings.serverPrior > 0 && serverWords.size > 0) {
      const named = new Set(sequence.flatMap((term) => [...(serverWords.get(term) ?? [])]));
      for (const id of scores.keys()) {
        const server = indexed[id].server;
        if (server !== undefined && named.has(server)) scores.set(id, scores.get(id)! * (1 + settings.serverPrior));
      }
    }
    // Ties: higher score, then the shorter name (the more general tool), then catalog order. Scores are rounded
    // so that float noise from summing in a different order cannot reorder equal tools.
    const rounded = (id: number) => Math.round(scores.get(id)! * 1e9) / 1e9;
    const ranked = [...scores.keys()].sort(
      (left, right) =>
        rounded(right) - rounded(left) || indexed[left].name.length - indexed[right].name.length || left - right,
    );
    const hits: SearchHit[] = ranked.slice(0, resolveLimit(limit)).map((id) => {
      const byField = matches.get(id) ?? new Map<SearchField, Set<string>>();
      return {
        name: indexed[id].name,
        score: scores.get(id)!,
        matches: SEARCH_FIELDS.filter((field) => byField.has(field)).map((field) => ({
          field,
          terms: [...byField.get(field)!],
        })),
      };
    });
    return { ok: true, hits };
  }

  return { id: "client", label: "Client search (field-weighted BM25)", search };
}
