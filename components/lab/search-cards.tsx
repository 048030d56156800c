"use client";
import { useTranslations } from "use-intl";
import type { LabEvaluation, PartialLabEvaluation } from "@/lib/lab/evaluate-catalog";
import { LAB_SEARCH_IDS } from "@/lib/lab/search-labels";
import { DeltaChip } from "./delta-chip";
import { formatCount } from "./format";
import { SearchCard } from "./search-card";

export type SearchCardsProps = {
  evaluation: LabEvaluation | undefined;
  /** The evaluation with the description edit, when one is being measured. */
  edited: LabEvaluation | undefined;
  k: number;
  pending: boolean;
  editedToolCount: number;
  editing: boolean;
  /**
   * While the first evaluation of a catalog runs: its size and cost at once, and each search's figures as that
   * search finishes. The others keep their placeholders, which have the figures' size.
   */
  progress?: PartialLabEvaluation;
};

/** The three searches side by side, and the catalog's size and cost. */
export function SearchCards({ evaluation, edited, k, pending, editedToolCount, editing, progress }: SearchCardsProps) {
  const catalog = evaluation ?? progress;
  const t = useTranslations("lab.catalogCard");
  return (
    <div
      className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,0.8fr)]"
      data-testid="search-cards"
    >
      {LAB_SEARCH_IDS.map((id) => (
        <SearchCard
          key={id}
          id={id}
          summary={evaluation?.searches[id].summary ?? progress?.searches[id]?.summary}
          after={edited?.searches[id].summary}
          k={k}
          pending={pending}
          unspacedTools={catalog ? { count: catalog.unspacedToolCount, total: catalog.toolCount } : undefined}
        />
      ))}
      <section
        className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-5 shadow-sm"
        data-testid="catalog-summary"
      >
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t("tools")}</dt>
            <dd className="tabular text-2xl font-bold">{catalog ? formatCount(catalog.toolCount) : "…"}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t("queries")}</dt>
            <dd className="tabular text-2xl font-bold">{catalog ? formatCount(catalog.queryCount) : "…"}</dd>
          </div>
          <div
            className="col-span-2"
            data-testid="catalog-total-tokens"
            data-value={edited?.totalTokens ?? catalog?.totalTokens ?? ""}
          >
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t("allDefinitions")}</dt>
            <dd className="flex items-baseline gap-2">
              <span className="tabular text-2xl font-bold">
                {catalog ? formatCount(edited?.totalTokens ?? catalog.totalTokens) : "…"}
              </span>
              {evaluation && edited ? (
                <DeltaChip
                  before={evaluation.totalTokens}
                  after={edited.totalTokens}
                  kind="count"
                  lowerIsBetter
                  unit="tokens"
                  testId="delta-total-tokens"
                />
              ) : null}
            </dd>
          </div>
        </dl>
        <p className="text-xs text-muted">
          {editing
            ? t("showingDraft")
            : editedToolCount > 0
              ? t("editsApplied", { count: editedToolCount })
              : t("tokensNote")}
        </p>
      </section>
    </div>
  );
}
