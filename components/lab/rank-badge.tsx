"use client";
import { useTranslations } from "use-intl";
import { formatRank } from "./format";

export type RankBadgeProps = {
  rank: number | null;
  /** The rank before an edit, when it differs: shown as "before → after". */
  before?: number | null;
  testId?: string;
  /** Which search, for the accessible label. */
  searchTitle: string;
};

function tone(rank: number | null): string {
  if (rank === null) return "bg-danger-soft text-danger";
  if (rank === 1) return "bg-success/15 text-success";
  if (rank <= 3) return "bg-warning-soft text-warning";
  return "bg-panel-muted text-ink-soft";
}

/** The expected tool's rank under one search: green at 1, amber in the top 3, red when missed. */
export function RankBadge({ rank, before, testId, searchTitle }: RankBadgeProps) {
  const t = useTranslations("lab.rank");
  const describe = (value: number | null) => (value === null ? t("notInTop") : t("rank", { rank: value }));
  const changed = before !== undefined && before !== rank;
  const label = changed
    ? t("changed", { search: searchTitle, before: describe(before ?? null), after: describe(rank) })
    : t("unchanged", { search: searchTitle, rank: describe(rank) });
  return (
    <span
      className="inline-flex items-center gap-1 tabular"
      data-testid={testId}
      data-rank={rank ?? "none"}
      data-before={changed ? (before ?? "none") : undefined}
      aria-label={label}
      title={label}
    >
      {changed ? (
        <>
          <span
            className={`inline-flex h-7 min-w-7 items-center justify-center rounded-md px-1.5 text-sm font-semibold opacity-60 line-through ${tone(before ?? null)}`}
          >
            {formatRank(before ?? null)}
          </span>
          <span aria-hidden className="text-muted">
            →
          </span>
        </>
      ) : null}
      <span
        className={`inline-flex h-7 min-w-7 items-center justify-center rounded-md px-1.5 text-sm font-bold ${tone(rank)} ${changed ? "ring-2 ring-accent/50" : ""}`}
      >
        {formatRank(rank)}
      </span>
    </span>
  );
}
