/**
 * Limits of Anthropic's server-side Tool Search Tool, as documented on
 * platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool ("Limits"; PROTOCOLS.md §1.3).
 * Lengths are counted in Unicode code points, as Python's `len()` would count them.
 */

/** `tool_search_tool_bm25`: a natural-language query may be at most 500 characters. */
export const ANTHROPIC_BM25_MAX_QUERY_CHARACTERS = 500;

/** `tool_search_tool_regex`: a Python `re.search()` pattern may be at most 200 characters. */
export const ANTHROPIC_REGEX_MAX_PATTERN_CHARACTERS = 200;

/** Each search returns up to 5 tool references by default. */
export const ANTHROPIC_SEARCH_MAX_RESULTS = 5;

/** At most 10,000 tools may carry `defer_loading: true` in one request; the emulations are sized for that. */
export const ANTHROPIC_MAX_DEFERRED_TOOLS = 10_000;

/** Length in code points, so that an emoji counts as one character, as it does for the Python service. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
  return count;
}

/** The number of hits a search returns: the caller's `limit` (a whole number ≥ 0), or Anthropic's default of 5. */
export function resolveLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return ANTHROPIC_SEARCH_MAX_RESULTS;
  return Math.max(0, Math.floor(limit));
}
