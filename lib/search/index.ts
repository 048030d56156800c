/**
 * Tool search for the playground: emulations of Anthropic's two server-side tool searches, the client-side
 * search the other strategies use, and the tools to measure and improve searchability. See docs/SEARCH.md.
 */
export type { SearchField, SearchHit, SearchOutcome, SearchId, ToolSearcher } from "./types";
export { createAnthropicBm25Search } from "./anthropic-bm25-search";
export { createAnthropicRegexSearch } from "./anthropic-regex-search";
export {
  createClientSearch,
  DEFAULT_CLIENT_SEARCH_OPTIONS,
  type ClientScoreBreakdown,
  type ClientSearchOptions,
  type ClientSearchResources,
  type ClientToolSearcher,
} from "./client-search";
export { lazySearcher, memoiseSearcher } from "./memoised-searcher";
export { parseWordVectors, WORD_VECTORS_URL_PATH, type WordVectors } from "./word-vectors";
export { deriveQueryFromUserText, deriveRegexFromQuery } from "./derive-query";
export {
  ANTHROPIC_BM25_MAX_QUERY_CHARACTERS,
  ANTHROPIC_REGEX_MAX_PATTERN_CHARACTERS,
  ANTHROPIC_SEARCH_MAX_RESULTS,
} from "./limits";

// Measuring and improving searchability (the search lab page and `npm run eval:search`).
export {
  confusablePairs,
  evaluateSearch,
  searchInputFor,
  type ConfusablePair,
  type EvaluationQuery,
  type QueryEvaluation,
  type SearchEvaluation,
} from "./evaluate";
export {
  lintDescription,
  lintDescriptions,
  type DescriptionFinding,
  type DescriptionFindingCode,
} from "./lint-description";
export { loadCatalogDirectory, loadCatalogFile, type CatalogFile } from "./load-catalog-directory";
