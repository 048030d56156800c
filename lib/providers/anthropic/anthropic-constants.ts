/** Anthropic rules used by the request builder, each with the documented source (see PROTOCOLS.md). */

/** "Up to 4 breakpoints" — platform.claude.com/docs/en/build-with-claude/prompt-caching (PROTOCOLS §5.1). */
export const ANTHROPIC_MAX_CACHE_BREAKPOINTS = 4;

/**
 * The BM25 search tool's input key. UNCONFIRMED (PROTOCOLS item 1): likely `query`, not seen in a primary source.
 * The regex variant's key `pattern` is documented (§1.4).
 */
export const ANTHROPIC_BM25_INPUT_KEY = "query";

export function anthropicSearchToolType(variant: "bm25" | "regex"): string {
  return variant === "bm25" ? "tool_search_tool_bm25_20251119" : "tool_search_tool_regex_20251119";
}

export function anthropicSearchToolName(variant: "bm25" | "regex"): string {
  return variant === "bm25" ? "tool_search_tool_bm25" : "tool_search_tool_regex";
}
