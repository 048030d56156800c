"use client";
import { useLocale, useTranslations } from "use-intl";
import type { SearchSummary } from "@/lib/lab/evaluate-catalog";
import { searchDescription, unspacedTextNote } from "@/lib/lab/search-labels";
import type { SearchId } from "@/lib/search/types";
import { Term } from "@/components/ui/term";
import { DeltaChip } from "./delta-chip";
import { formatShare } from "./format";
import { SEARCH_COLORS } from "./lab-styles";
import { SearchBadge } from "./search-badge";

export type SearchCardProps = {
  id: SearchId;
  summary: SearchSummary | undefined;
  /** The summary with the edit, when one is being measured. */
  after: SearchSummary | undefined;
  k: number;
  pending: boolean;
  /** How many of the catalog's tools hold Chinese, Japanese or Thai text, and how many tools there are. */
  unspacedTools?: { count: number; total: number };
};

function Metric({
  id,
  metric,
  label,
  before,
  after,
  large,
}: {
  id: SearchId;
  metric: string;
  label: string;
  before: number | undefined;
  after: number | undefined;
  large?: boolean;
}) {
  const t = useTranslations("lab.card");
  const value = after ?? before;
  const isMrr = metric === "mrr";
  return (
    <div className="min-w-0" data-testid={`metric-${id}-${metric}`} data-value={value ?? ""}>
      <div className="text-xs font-semibold uppercase tracking-wide text-muted">
        <Term id={isMrr ? "mrr" : "recall-at-k"}>{label}</Term>
      </div>
      {large ? (
        <div className="text-[11px] leading-tight text-muted">{t(isMrr ? "mrrWords" : "recallWords")}</div>
      ) : null}
      <div className={`tabular font-bold leading-tight ${large ? "text-4xl" : "text-xl"}`}>
        {value === undefined ? "…" : isMrr ? value.toFixed(2) : formatShare(value)}
      </div>
      {/* Always there, so the cards keep their height when an edit starts showing deltas. */}
      <div className="mt-0.5 h-5">
        {before !== undefined && after !== undefined ? (
          <DeltaChip before={before} after={after} kind={isMrr ? "score" : "share"} testId={`delta-${id}-${metric}`} />
        ) : null}
      </div>
    </div>
  );
}

/** One search's recall and MRR on the query set, with the edit's before/after when one is being measured. */
export function SearchCard({ id, summary, after, k, pending, unspacedTools }: SearchCardProps) {
  const locale = useLocale();
  const t = useTranslations("lab.card");
  const description = searchDescription(id, locale);
  const unspacedNote = unspacedTools && unspacedTextNote(id, unspacedTools.count, unspacedTools.total, locale);
  return (
    <section
      className="relative flex flex-col gap-3 overflow-hidden rounded-2xl border border-line bg-panel p-5 shadow-sm"
      data-testid={`search-card-${id}`}
      data-state={summary === undefined ? "pending" : "ready"}
      aria-busy={pending}
    >
      <span aria-hidden className="absolute inset-x-0 top-0 h-1" style={{ background: SEARCH_COLORS[id] }} />
      <header className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: SEARCH_COLORS[id] }} />
          {description.title}
        </h2>
        <SearchBadge id={id} />
      </header>
      <div className="grid grid-cols-2 gap-3">
        <Metric
          id={id}
          metric="recallAtK"
          label={t("recallAtK", { k })}
          before={summary?.recallAtK}
          after={after?.recallAtK}
          large
        />
        <Metric id={id} metric="mrr" label={t("mrr")} before={summary?.mrr} after={after?.mrr} large />
      </div>
      <div className="grid grid-cols-3 gap-3 border-t border-line pt-3">
        <Metric id={id} metric="recallAt1" label="R@1" before={summary?.recallAt1} after={after?.recallAt1} />
        <Metric id={id} metric="recallAt3" label="R@3" before={summary?.recallAt3} after={after?.recallAt3} />
        <Metric id={id} metric="recallAt5" label="R@5" before={summary?.recallAt5} after={after?.recallAt5} />
      </div>
      <p className="text-xs leading-snug text-muted">{description.note}</p>
      {unspacedNote ? (
        <p className="text-xs leading-snug text-muted" data-testid={`unspaced-note-${id}`}>
          {unspacedNote}
        </p>
      ) : null}
      {summary !== undefined && summary.errors > 0 ? (
        <p className="text-xs font-semibold text-danger">{t("refused", { count: summary.errors })}</p>
      ) : null}
    </section>
  );
}
