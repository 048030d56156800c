/** Names and labels of the lab's three searches and their metrics: light enough for the page's own bundle. */
import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import type { SearchId } from "../search/types";

export const LAB_SEARCH_IDS: readonly SearchId[] = ["anthropic-bm25", "anthropic-regex", "client"];

/** The searches of `evaluation` that have run, in `LAB_SEARCH_IDS` order. */
export function finishedSearches(evaluation: { searches: Partial<Record<SearchId, unknown>> }): SearchId[] {
  return LAB_SEARCH_IDS.filter((id) => evaluation.searches[id] !== undefined);
}

/**
 * What each search does with text written without spaces (Chinese, Japanese, Thai), said beside its figures when
 * the catalog has such text: `count` of `total` tools.
 */
export function unspacedTextNote(
  id: SearchId,
  count: number,
  total: number,
  locale: Locale = "en",
): string | undefined {
  if (count === 0) return undefined;
  const t = translatorFor(locale, "lab");
  return `${t("unspaced.share", { count, total })} ${t(`unspaced.${SEARCH_KEYS[id]}`)}`;
}

/** Message keys of the searches (lib/i18n/messages/<locale>/lab.json, `searches`). */
const SEARCH_KEYS = { "anthropic-bm25": "bm25", "anthropic-regex": "regex", client: "client" } as const;

export type SearchDescription = { title: string; emulated: boolean; note: string };

/** The emulations rank the way Anthropic's service plausibly does; the client search is the playground's own. */
export function searchDescription(id: SearchId, locale: Locale = "en"): SearchDescription {
  const t = translatorFor(locale, "lab");
  const key = SEARCH_KEYS[id];
  return { title: t(`searches.${key}.title`), emulated: id !== "client", note: t(`searches.${key}.note`) };
}

/** The searches' names where space is short (rank chips, table columns). */
export function searchShortTitle(id: SearchId, locale: Locale = "en"): string {
  return translatorFor(locale, "lab")(`searches.${SEARCH_KEYS[id]}.short`);
}

/** In English, for the CLI and the tests. */
export const SEARCH_DESCRIPTIONS: Record<SearchId, SearchDescription> = {
  "anthropic-bm25": searchDescription("anthropic-bm25"),
  "anthropic-regex": searchDescription("anthropic-regex"),
  client: searchDescription("client"),
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
export const LAB_TAB_IDS = ["queries", "tools", "linter", "confusable", "semantic", "compression"] as const;
export type LabTabId = (typeof LAB_TAB_IDS)[number];

/** The tab a `?tab=` value names, or the queries tab for anything else. */
export function labTabOf(value: unknown): LabTabId {
  return LAB_TAB_IDS.find((id) => id === value) ?? "queries";
}
