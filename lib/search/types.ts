/** Shapes shared by every tool search: the emulated Anthropic ones and the client-side one. */

/** The four parts of a tool definition that Anthropic documents as searched (PROTOCOLS.md §1.3). */
export type SearchField = "name" | "description" | "parameterName" | "parameterDescription";

export const SEARCH_FIELDS: readonly SearchField[] = ["name", "description", "parameterName", "parameterDescription"];

/** One ranked tool. `matches` says which fields matched and on what (index terms, or the regex's matched text). */
export type SearchHit = { name: string; score: number; matches: Array<{ field: SearchField; terms: string[] }> };

/**
 * A search either ranks tools (possibly none: an empty result is not an error, PROTOCOLS.md §1.4) or fails the
 * way Anthropic's `tool_search_tool_result_error` does, with `error_code: "invalid_tool_input"` (§1.6).
 */
export type SearchOutcome =
  { ok: true; hits: SearchHit[] } | { ok: false; errorCode: "invalid_tool_input"; errorMessage: string };

export type SearchId = "anthropic-bm25" | "anthropic-regex" | "client";

export const SEARCH_IDS: readonly SearchId[] = ["anthropic-bm25", "anthropic-regex", "client"];

/** Every search the evaluation can measure: the three above, and the two over an embedding endpoint's vectors. */
export type EvaluatedSearchId = SearchId | "semantic" | "hybrid";

export const EVALUATED_SEARCH_IDS: readonly EvaluatedSearchId[] = [...SEARCH_IDS, "semantic", "hybrid"];

/** What the evaluation needs of a search: its id (the regex search gets a pattern) and a ranking. */
export type RankingSearcher = { readonly id: EvaluatedSearchId; search(input: string, limit?: number): SearchOutcome };

export interface ToolSearcher {
  readonly id: SearchId;
  /** Short human label for the UI and the CLI table. */
  readonly label: string;
  /** `input` is a query (BM25, client) or a Python regex pattern (regex). `limit` defaults to 5. */
  search(input: string, limit?: number): SearchOutcome;
}
