import type { SearchId } from "@/lib/search/types";

/** The searches' names where space is short (rank chips, stat grids). */
export const SHORT_TITLES: Record<SearchId, string> = {
  "anthropic-bm25": "BM25",
  "anthropic-regex": "Regex",
  client: "Client",
};
