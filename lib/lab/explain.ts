/**
 * "Why this tool ranked here" and "why the expected one did not", for one query under each search: the top hits
 * with their matched terms highlighted in their fields, and for each expected tool its rank in the whole catalog
 * and which of the query's words it has and lacks — in the words of the search that ranked it.
 */
import type { CatalogTool } from "../core/catalog";
import {
  createAnthropicBm25Search,
  createAnthropicRegexSearch,
  createClientSearch,
  type ClientScoreBreakdown,
  type ClientSearchOptions,
  type ClientSearchResources,
  type SearchHit,
  type SearchId,
} from "../search";
import { compilePythonPattern } from "../search/anthropic-regex-search";
import { CONVERSATIONAL_FILLER_WORDS } from "../search/stop-words";
import { searchInputFor } from "../search/evaluate";
import { extractSearchFields } from "../search/tool-fields";
import { isStopWord, PLAIN_TOKENIZE_OPTIONS, splitWords, tokenize, type TokenizeOptions } from "../search/tokenize";
import type { SearchField } from "../search/types";
import { requestEntitiesOf } from "../search/request-entities";
import type { LabSearchers } from "./evaluate-catalog";
import { LAB_SEARCH_IDS } from "./search-labels";
import { hasHit, highlight, highlightRuleFor, type HighlightRule, type HighlightSegment } from "./highlight";
import type { LabQuery } from "./query-set";

export type FieldHighlights = {
  name: HighlightSegment[];
  description: HighlightSegment[];
  /** Every argument name, each with its segments. */
  parameterNames: HighlightSegment[][];
  /** Only the argument descriptions that matched, at most `MAX_PARAMETER_DESCRIPTIONS`. */
  parameterDescriptions: HighlightSegment[][];
};

export type ExplainedHit = {
  name: string;
  rank: number;
  score: number;
  expected: boolean;
  matches: SearchHit["matches"];
  fields: FieldHighlights;
  /** The client search only: every contribution to the score (terms, proximity, coverage, server prior). */
  breakdown?: ClientScoreBreakdown;
  /** Set when the hit has the same score as its neighbour above: why it is below it anyway. */
  tie?: TieExplanation;
};

/** Equal scores are ordered by the shorter name, then catalog order (docs/SEARCH.md, "Ties"). */
export type TieExplanation = { above: string; rule: "shorter-name" | "catalog-order" };

export type ExpectedToolExplanation = {
  name: string;
  inCatalog: boolean;
  /** Rank in the whole catalog, or null when the search did not return it at all. */
  rank: number | null;
  score: number | null;
  /** The query's content words (as this search reads them; no stop words or request filler) that the tool has. */
  presentWords: string[];
  /**
   * The content words it lacks that would move it up: each was added to its description on its own and the catalog
   * ranked again. Words whose addition changes nothing are left out, so this is advice, not a diff.
   */
  missingWords: string[];
  /** For each word of `missingWords`, the rank the tool would reach with that word added. */
  rankIfAdded: Record<string, number>;
  /** How many lacking content words were tried and would not change the rank. */
  ineffectiveMissingCount: number;
  matches: SearchHit["matches"];
  fields: FieldHighlights | undefined;
  /** The client search only: how its score was made, so that it can be set beside the hits above it. */
  breakdown?: ClientScoreBreakdown;
};

export type SearchExplanation = {
  id: SearchId;
  input: string;
  errorMessage?: string;
  hits: ExplainedHit[];
  expected: ExpectedToolExplanation[];
};

export type QueryExplanation = { q: string; expect: string[]; searches: Record<SearchId, SearchExplanation> };

const MAX_PARAMETER_DESCRIPTIONS = 4;

function termsIn(matches: SearchHit["matches"], field: SearchField): string[] {
  return matches.find((match) => match.field === field)?.terms ?? [];
}

export function fieldHighlights(
  tool: CatalogTool,
  matches: SearchHit["matches"],
  rule: HighlightRule,
): FieldHighlights {
  const fields = extractSearchFields(tool);
  const parameterDescriptions = fields.parameterDescriptions
    .map((text) => highlight(text, termsIn(matches, "parameterDescription"), rule))
    .filter(hasHit)
    .slice(0, MAX_PARAMETER_DESCRIPTIONS);
  return {
    name: highlight(fields.name, termsIn(matches, "name"), rule),
    description: highlight(fields.description, termsIn(matches, "description"), rule),
    parameterNames: fields.parameterNames.map((name) => highlight(name, termsIn(matches, "parameterName"), rule)),
    parameterDescriptions,
  };
}

type WordCheck = { words: string[]; has: (tool: CatalogTool, word: string) => boolean };

function allFieldTexts(tool: CatalogTool): string[] {
  const fields = extractSearchFields(tool);
  return [fields.name, fields.description, ...fields.parameterNames, ...fields.parameterDescriptions];
}

/** How each search reads the query into words, and how it decides a tool has one. */
function wordCheck(
  id: SearchId,
  query: string,
  input: string,
  searchers: LabSearchers,
  clientTokenize: TokenizeOptions,
  toolCount: number,
): WordCheck {
  if (id === "anthropic-bm25") {
    return {
      words: [...new Set(tokenize(query, PLAIN_TOKENIZE_OPTIONS))],
      has: (tool, word) => allFieldTexts(tool).some((text) => tokenize(text, PLAIN_TOKENIZE_OPTIONS).includes(word)),
    };
  }
  if (id === "anthropic-regex") {
    // The derived pattern is a plain alternation of escaped words (deriveRegexFromQuery); each is tried alone.
    const alternatives = new Map(
      input
        .split("|")
        .filter((alternative) => alternative !== "")
        .map((alternative) => [alternative.replace(/\\(.)/g, "$1"), compilePythonPattern(alternative)] as const),
    );
    return {
      words: [...alternatives.keys()],
      has: (tool, word) => {
        const compiled = alternatives.get(word);
        return compiled !== undefined && compiled.ok && allFieldTexts(tool).some((text) => compiled.regex.test(text));
      },
    };
  }
  // The client search: each content word searched alone, so prefix, fuzzy and synonym matches count as it would.
  const words = [
    ...new Set(
      splitWords(query, clientTokenize.splitIdentifiers).filter(
        (word) => !(clientTokenize.stopWords && isStopWord(word)),
      ),
    ),
  ];
  const found = new Map<string, Set<string>>();
  return {
    words,
    has: (tool, word) => {
      let names = found.get(word);
      if (names === undefined) {
        const outcome = searchers.client.search(word, toolCount);
        names = new Set(outcome.ok ? outcome.hits.map((hit) => hit.name) : []);
        found.set(word, names);
      }
      return names.has(tool.name);
    },
  };
}

/** Words that say nothing about a tool, whatever a search does with them: never advice for a description. */
function isContentWord(word: string): boolean {
  return !isStopWord(word) && !CONVERSATIONAL_FILLER_WORDS.has(word);
}

/** A search's word (the regex search's is a stem) that comes from one of the query's values. */
function isValueWord(word: string, values: ReadonlySet<string>): boolean {
  const lower = word.toLowerCase();
  return [...values].some((value) => value === lower || (lower.length >= 3 && value.startsWith(lower)));
}

const catalogVocabularies = new WeakMap<readonly CatalogTool[], Set<string>>();

/** Every word any tool of the catalog uses, in any field, lowercased (computed once per catalog). */
function catalogVocabulary(tools: readonly CatalogTool[]): Set<string> {
  let vocabulary = catalogVocabularies.get(tools);
  if (vocabulary === undefined) {
    vocabulary = new Set(
      tools
        .flatMap((tool) => allFieldTexts(tool).flatMap((text) => splitWords(text, true)))
        .map((word) => word.toLowerCase()),
    );
    catalogVocabularies.set(tools, vocabulary);
  }
  return vocabulary;
}

/**
 * The query's words that are values a user supplies, not words a description should hold: the words of a web
 * address, path, email, date, amount or number in it, words with digits, and names (a word capitalised after the
 * first, such as a city or a person) that no tool of the catalog uses. Advice never suggests adding these: a
 * description that says "Paris" is tuned to one query, not findable for the next.
 */
export function valueWordsOf(query: string, tools: readonly CatalogTool[]): Set<string> {
  const values = new Set<string>();
  for (const entity of requestEntitiesOf(query)) {
    // Both how a plain tokenizer keeps it ("example.com") and its words ("example", "com").
    for (const piece of entity.text.toLowerCase().split(/[\s/:?#=&@]+/)) if (piece !== "") values.add(piece);
    for (const word of splitWords(entity.text, true)) values.add(word.toLowerCase());
  }
  const vocabulary = catalogVocabulary(tools);
  query
    .split(/[^\p{L}\p{N}_'-]+/u)
    .filter((word) => word !== "")
    .forEach((word, index) => {
      const lower = word.toLowerCase();
      if (/\p{N}/u.test(word)) values.add(lower);
      else if (index > 0 && /^\p{Lu}/u.test(word) && !vocabulary.has(lower))
        for (const part of splitWords(word, true)) values.add(part.toLowerCase());
    });
  return values;
}

/** At most this many lacking words are tried by ranking again (each try re-indexes the catalog for one search). */
const MAX_WORDS_TRIED = 8;

/** The rank `name` reaches under search `id` when `word` is added to its description, or null when not returned. */
function rankWithWord(
  id: SearchId,
  name: string,
  word: string,
  input: string,
  tools: readonly CatalogTool[],
  clientOptions: ClientSearchOptions,
  clientResources: ClientSearchResources,
): number | null {
  const changed = tools.map((tool) =>
    tool.name === name ? { ...tool, description: `${tool.description ?? ""} ${word}`.trim() } : tool,
  );
  const searcher =
    id === "anthropic-bm25"
      ? createAnthropicBm25Search(changed)
      : id === "anthropic-regex"
        ? createAnthropicRegexSearch(changed)
        : createClientSearch(changed, clientOptions, clientResources);
  const outcome = searcher.search(input, changed.length);
  if (!outcome.ok) return null;
  const position = outcome.hits.findIndex((hit) => hit.name === name);
  return position === -1 ? null : position + 1;
}

/**
 * Why `below` comes after `above` when their scores are equal, by the client search's tie rule (scores compared
 * rounded to 1e-9); undefined when the scores differ.
 */
export function tieBetween(above: SearchHit, below: SearchHit): TieExplanation | undefined {
  if (Math.round(above.score * 1e9) !== Math.round(below.score * 1e9)) return undefined;
  return { above: above.name, rule: above.name.length < below.name.length ? "shorter-name" : "catalog-order" };
}

export type ExplainInput = {
  tools: readonly CatalogTool[];
  searchers: LabSearchers;
  clientOptions: ClientSearchOptions;
  /** The word-vector table the client searcher was built with, so a re-ranking builds it the same way. */
  clientResources?: ClientSearchResources;
  /** Hits shown per search (Anthropic returns 5). */
  limit?: number;
};

function explainSearch(
  id: SearchId,
  query: LabQuery,
  { tools, searchers, clientOptions, clientResources = {}, limit = 5 }: ExplainInput,
  toolsByName: Map<string, CatalogTool>,
): SearchExplanation {
  const input = searchInputFor(id, query.q);
  const clientTokenize = {
    splitIdentifiers: clientOptions.splitIdentifiers,
    stemming: clientOptions.stemming,
    stemmer: clientOptions.stemmer,
    stopWords: clientOptions.stopWords,
  };
  const rule = highlightRuleFor(id, clientTokenize);
  const outcome = searchers[id].search(input, tools.length);
  if (!outcome.ok) {
    const expected = query.expect.map((name) => ({
      name,
      inCatalog: toolsByName.has(name),
      rank: null,
      score: null,
      presentWords: [],
      missingWords: [],
      rankIfAdded: {},
      ineffectiveMissingCount: 0,
      matches: [],
      fields: undefined,
    }));
    return { id, input, errorMessage: outcome.errorMessage, hits: [], expected };
  }
  const expectedNames = new Set(query.expect);
  const breakdownOf = (name: string) => (id === "client" ? searchers.client.explain(input, name) : undefined);
  const hits = outcome.hits.slice(0, limit).map((hit, index): ExplainedHit => {
    const explained: ExplainedHit = {
      name: hit.name,
      rank: index + 1,
      score: hit.score,
      expected: expectedNames.has(hit.name),
      matches: hit.matches,
      fields: fieldHighlights(toolsByName.get(hit.name)!, hit.matches, rule),
    };
    const breakdown = breakdownOf(hit.name);
    if (breakdown !== undefined) explained.breakdown = breakdown;
    const tie = id === "client" && index > 0 ? tieBetween(outcome.hits[index - 1], hit) : undefined;
    if (tie !== undefined) explained.tie = tie;
    return explained;
  });
  const check = wordCheck(id, query.q, input, searchers, clientTokenize, tools.length);
  const expected = query.expect.map((name): ExpectedToolExplanation => {
    const tool = toolsByName.get(name);
    if (tool === undefined)
      return {
        name,
        inCatalog: false,
        rank: null,
        score: null,
        presentWords: [],
        missingWords: [],
        rankIfAdded: {},
        ineffectiveMissingCount: 0,
        matches: [],
        fields: undefined,
      };
    const position = outcome.hits.findIndex((hit) => hit.name === name);
    const hit = position === -1 ? undefined : outcome.hits[position];
    const rank = position === -1 ? null : position + 1;
    const content = check.words.filter(isContentWord);
    const values = valueWordsOf(query.q, tools);
    const present = content.filter((word) => check.has(tool, word));
    const lacking =
      rank === 1
        ? []
        : content.filter((word) => !present.includes(word) && !isValueWord(word, values)).slice(0, MAX_WORDS_TRIED);
    const rankIfAdded: Record<string, number> = {};
    for (const word of lacking) {
      const reached = rankWithWord(id, name, word, input, tools, clientOptions, clientResources);
      if (reached !== null && (rank === null || reached < rank)) rankIfAdded[word] = reached;
    }
    const missingWords = lacking.filter((word) => word in rankIfAdded);
    return {
      name,
      inCatalog: true,
      rank,
      score: hit?.score ?? null,
      presentWords: present,
      missingWords,
      rankIfAdded,
      ineffectiveMissingCount: lacking.length - missingWords.length,
      matches: hit?.matches ?? [],
      fields: fieldHighlights(tool, hit?.matches ?? [], rule),
      ...(id === "client" ? { breakdown: breakdownOf(name) } : {}),
    };
  });
  return { id, input, hits, expected };
}

export function explainQuery(query: LabQuery, input: ExplainInput): QueryExplanation {
  const toolsByName = new Map(input.tools.map((tool) => [tool.name, tool]));
  const searches = Object.fromEntries(
    LAB_SEARCH_IDS.map((id) => [id, explainSearch(id, query, input, toolsByName)]),
  ) as Record<SearchId, SearchExplanation>;
  return { q: query.q, expect: query.expect, searches };
}
