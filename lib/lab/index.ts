/**
 * The search lab's logic, framework-free: query sets, starter queries, evaluation of a catalog under the three
 * searches, explanations, before/after deltas, the compression curve, client-option effects, and the worker
 * protocol. The page (`app/lab`, `components/lab`) only renders what this computes.
 */
export {
  COMPRESSION_LEVELS,
  STUB_DESCRIPTION_CHARACTERS,
  compressCatalog,
  compressDescription,
  compressionLevel,
  firstCharacters,
  type CompressionLevel,
} from "./compression";
export { compressionCurve, type CompressionPoint } from "./compression-curve";
export { DEFAULT_QUERY_SETS, defaultQueries } from "./default-queries";
export {
  diffEvaluations,
  hasChanges,
  type Change,
  type LabDelta,
  type QueryRankChange,
  type ToolChange,
} from "./delta";
export { LAB_SEARCH_IDS, METRIC_LABELS, SEARCH_DESCRIPTIONS, SUMMARY_METRICS } from "./search-labels";
export {
  createLabSearchers,
  evaluateCatalog,
  runSearch,
  toolReports,
  toolTokens,
  type LabEvaluation,
  type LabSearchers,
  type QueryRun,
  type SearchRun,
  type SearchSummary,
  type SummaryMetric,
  type ToolReport,
} from "./evaluate-catalog";
export {
  explainQuery,
  fieldHighlights,
  type ExpectedToolExplanation,
  type ExplainedHit,
  type FieldHighlights,
  type QueryExplanation,
  type SearchExplanation,
} from "./explain";
export { hasHit, highlight, highlightRuleFor, type HighlightRule, type HighlightSegment } from "./highlight";
export {
  applyEdit,
  createLabHandler,
  nextLabRequest,
  supersededResponse,
  type EvaluateAnswer,
  type LabAnswers,
  type LabEdit,
  type LabHandler,
  type LabRequest,
  type LabRequestType,
  type LabResponse,
} from "./lab-protocol";
export {
  INITIAL_LAB_STATE,
  activeEdit,
  catalogFamily,
  catalogKeyFor,
  editedToolNames,
  labReducer,
  plainQueries,
  selectedToolOf,
  type LabAction,
  type LabCatalog,
  type LabCatalogSource,
  type LabQueryEntry,
  type LabState,
  type RecallCutoff,
} from "./lab-state";
export {
  CLIENT_OPTION_IDS,
  optionEffects,
  optionVariants,
  type ClientOptionId,
  type OptionEffect,
  type OptionVariant,
} from "./option-effects";
export {
  formatQuerySet,
  parseQuerySet,
  queriesExpecting,
  resolveToolName,
  type LabQuery,
  type QueryOrigin,
  type QuerySetImport,
} from "./query-set";
export { saysMoreThanName, starterQueries, suggestQueries, verbAndObject } from "./suggest-queries";
export { wordSpans, type WordSpan } from "./word-spans";
