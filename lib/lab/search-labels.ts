/** Names and labels of the lab's three searches and their metrics: light enough for the page's own bundle. */
import type { SearchId } from "../search/types";

export const LAB_SEARCH_IDS: readonly SearchId[] = ["anthropic-bm25", "anthropic-regex", "client"];

/**
 * What each search does with text written without spaces (Chinese, Japanese, Thai), said beside its figures when
 * the catalog has such text: `count` of `total` tools.
 */
export function unspacedTextNote(id: SearchId, count: number, total: number): string | undefined {
  if (count === 0) return undefined;
  const share = `${count} of ${total} ${total === 1 ? "tool is" : "tools are"} written in Chinese, Japanese or Thai.`;
  if (id === "anthropic-bm25") {
    return (
      `${share} Anthropic does not document how its BM25 search cuts such text; this emulation keeps each run ` +
      "between spaces and punctuation as one word, so a request matches only a whole run."
    );
  }
  if (id === "anthropic-regex") {
    return `${share} A pattern matches such text character by character, as Python's re does; the query's words become its parts.`;
  }
  return `${share} The client search cuts it into words (the platform's word segmenter) and matches their characters at a discount.`;
}

/** The emulations rank the way Anthropic's service plausibly does; the client search is the playground's own. */
export const SEARCH_DESCRIPTIONS: Record<SearchId, { title: string; emulated: boolean; note: string }> = {
  "anthropic-bm25": {
    title: "Anthropic BM25",
    emulated: true,
    note: "Emulation of tool_search_tool_bm25: plain words over name, description and arguments; Okapi BM25; top 5.",
  },
  "anthropic-regex": {
    title: "Anthropic regex",
    emulated: true,
    note: "Emulation of tool_search_tool_regex: the query becomes a pattern of its word stems; tools ranked by the fields they match.",
  },
  client: {
    title: "Client search",
    emulated: false,
    note: "Ours (field-weighted BM25), used by gateway, stubs and Kimi: identifier splitting, stemming (Porter2), stop words, weights, synonyms, prefix, fuzzy, request filler, server prior, proximity, argument values, shape words, name action, address words at a discount, exact words, similar words (word vectors, loaded by the lab and eval:search; the playground's simulated runs search without them).",
  },
};

export type SummaryMetric = "recallAt1" | "recallAt3" | "recallAt5" | "recallAtK" | "mrr";
export const SUMMARY_METRICS: readonly SummaryMetric[] = ["recallAt1", "recallAt3", "recallAt5", "recallAtK", "mrr"];

export const METRIC_LABELS: Record<SummaryMetric, string> = {
  recallAt1: "Recall@1",
  recallAt3: "Recall@3",
  recallAt5: "Recall@5",
  recallAtK: "Recall@k",
  mrr: "MRR",
};

/** The lab's views, in tab order; `/lab?tab=<id>` opens one (a link to the tools, the linter…). */
export const LAB_TAB_IDS = ["queries", "tools", "linter", "confusable", "compression"] as const;
export type LabTabId = (typeof LAB_TAB_IDS)[number];

/** The tab a `?tab=` value names, or the queries tab for anything else. */
export function labTabOf(value: unknown): LabTabId {
  return LAB_TAB_IDS.find((id) => id === value) ?? "queries";
}
