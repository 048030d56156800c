"use client";
import { Fragment } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { LabDelta } from "@/lib/lab/delta";
import { LAB_SEARCH_IDS, searchDescription, searchShortTitle } from "@/lib/lab/search-labels";
import { DeltaChip } from "./delta-chip";
import { formatShare } from "./format";
import { SEARCH_COLORS } from "./lab-styles";
import { RankBadge } from "./rank-badge";

export type EditDeltaSummaryProps = {
  delta: LabDelta;
  k: number;
  queryCount: number;
  pending: boolean;
  /** The edited tool's own queries, shown by the editor already: the others that moved are listed here. */
  ownQueryTexts: readonly string[];
};

/** What a draft does to every search over the whole query set, and to the queries of other tools. */
export function EditDeltaSummary({ delta, k, queryCount, pending, ownQueryTexts }: EditDeltaSummaryProps) {
  const otherMoves = delta.queries.filter((change) => !ownQueryTexts.includes(change.q));
  const locale = useLocale();
  const t = useTranslations("lab.editDelta");
  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-accent/40 bg-accent-soft/30 p-3"
      data-testid="edit-delta"
    >
      <h4 className="text-sm font-semibold">
        {t("title", { count: queryCount })}{" "}
        {pending ? <span className="font-normal text-muted">{t("measuring")}</span> : null}
      </h4>
      <div className="grid grid-cols-[auto_1fr_auto_auto] items-center gap-x-3 gap-y-1 text-sm">
        {LAB_SEARCH_IDS.map((id) => {
          const summary = delta.summaries[id];
          return (
            <Fragment key={id}>
              <span className="flex items-center gap-1.5 text-muted">
                <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: SEARCH_COLORS[id] }} />
                {searchShortTitle(id, locale)}
              </span>
              <span className="tabular">
                R@{k} {formatShare(summary.recallAtK.before)} → {formatShare(summary.recallAtK.after)}
              </span>
              <span className="text-right">
                <DeltaChip
                  before={summary.recallAtK.before}
                  after={summary.recallAtK.after}
                  kind="share"
                  testId={`edit-delta-${id}`}
                />
              </span>
              <span className="text-right">
                <DeltaChip before={summary.mrr.before} after={summary.mrr.after} kind="score" />
              </span>
            </Fragment>
          );
        })}
      </div>
      {otherMoves.length > 0 ? (
        <>
          <p className="mt-1 text-xs font-semibold uppercase tracking-wide text-muted">{t("otherMoved")}</p>
          <ul className="flex flex-col gap-1.5" data-testid="edit-rank-changes">
            {otherMoves.slice(0, 6).map((change) => (
              <li key={change.index} className="flex flex-col gap-1 text-sm">
                <span className="truncate" title={change.q} translate="no">
                  “{change.q}”
                </span>
                <span className="flex flex-wrap gap-3">
                  {LAB_SEARCH_IDS.filter((id) => change.ranks[id] !== undefined).map((id) => (
                    <span key={id} className="flex items-center gap-1.5">
                      <span className="text-xs text-muted">{searchShortTitle(id, locale)}</span>
                      <RankBadge
                        rank={change.ranks[id]!.after}
                        before={change.ranks[id]!.before}
                        searchTitle={searchDescription(id, locale).title}
                      />
                    </span>
                  ))}
                </span>
              </li>
            ))}
            {otherMoves.length > 6 ? (
              <li className="text-xs text-muted">{t("andMore", { count: otherMoves.length - 6 })}</li>
            ) : null}
          </ul>
        </>
      ) : null}
    </div>
  );
}
