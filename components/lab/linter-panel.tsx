"use client";
import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { PartialLabEvaluation } from "@/lib/lab/evaluate-catalog";
import { finishedSearches, LAB_SEARCH_IDS } from "@/lib/lab/search-labels";
import { rankFindings, type RankedFinding } from "@/lib/lab/rank-findings";
import { findingWords, type DescriptionFindingCode } from "@/lib/search/lint-description";
import { findingTitle, groupSuggestion } from "./finding-titles";
import { linkButtonClass } from "./lab-styles";

export type LinterPanelProps = {
  /** The evaluation the findings belong to: their weight is the recall at stake on each finding's tool. */
  evaluation: PartialLabEvaluation | undefined;
  k: number;
  onSelectTool: (name: string) => void;
};

const SEVERITY_STYLE = {
  error: "bg-danger-soft text-danger",
  warning: "bg-warning-soft text-warning",
  info: "bg-accent-soft text-accent",
} as const;
const SHOWN_PER_GROUP = 12;
/** The findings shown first, before the groups: the few whose tools' queries are missed. */
const TOP_FINDINGS = 5;

type Translate = ReturnType<typeof useTranslations<"lab.linter">>;

function stakeText(finding: RankedFinding, k: number, t: Translate): string {
  if (finding.queryCount === 0) return t("stakeNotMeasured");
  if (finding.recallAtStake === 0) return t("stakeFound", { count: finding.queryCount });
  return t("stakeMissed", {
    points: (finding.recallAtStake * 100).toFixed(1),
    k,
    missed: finding.mostMissedBySearch,
    count: finding.queryCount,
  });
}

/**
 * The description linter's findings: first the few that matter (on tools whose queries a search misses, by the
 * recall at stake), then every finding grouped by kind, each group with its fix suggestion and ordered the same way.
 */
export function LinterPanel({ evaluation, k, onSelectTool }: LinterPanelProps) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const locale = useLocale();
  const t = useTranslations("lab.linter");
  const findings = useMemo(() => (evaluation === undefined ? undefined : rankFindings(evaluation)), [evaluation]);
  const groups = useMemo(() => {
    const byCode = new Map<DescriptionFindingCode, RankedFinding[]>();
    for (const finding of findings ?? []) byCode.set(finding.code, [...(byCode.get(finding.code) ?? []), finding]);
    const stake = (items: RankedFinding[]) => items.reduce((sum, finding) => sum + finding.recallAtStake, 0);
    return [...byCode.entries()].sort(
      (left, right) => stake(right[1]) - stake(left[1]) || right[1].length - left[1].length,
    );
  }, [findings]);
  const top = (findings ?? []).filter((finding) => finding.recallAtStake > 0).slice(0, TOP_FINDINGS);
  if (findings === undefined || evaluation === undefined)
    return <p className="p-6 text-sm text-muted">{t("measuring")}</p>;
  // The findings are known at once; their weights need the searches, which finish one after the other.
  const searchesRun = finishedSearches(evaluation).length;
  const searchTotal = LAB_SEARCH_IDS.length;
  if (findings.length === 0)
    return (
      <p className="p-6 text-sm text-muted" data-testid="linter-panel">
        {t("none")}
      </p>
    );
  return (
    <div className="flex flex-col gap-4 p-4" data-testid="linter-panel">
      <section className="rounded-xl border border-accent/40 bg-accent-soft/30" data-testid="lint-top">
        <header className="border-b border-line px-4 py-3">
          <h3 className="text-base font-semibold">{t("fixFirst")}</h3>
          <p className="text-sm text-ink-soft">
            {searchesRun === 0
              ? t("measuringWhich", { count: findings.length, total: searchTotal })
              : top.length === 0
                ? t("nonePressing", { count: findings.length, k })
                : t("topIntro", {
                    count: findings.length,
                    k,
                    searches:
                      searchesRun === searchTotal
                        ? t("allSearches")
                        : t("someSearches", { run: searchesRun, total: searchTotal }),
                  })}
            {searchesRun > 0 && searchesRun < searchTotal ? (
              <span data-testid="lint-measuring"> {t("measuringRest")}</span>
            ) : null}
          </p>
        </header>
        {top.length > 0 ? (
          <ol className="divide-y divide-line">
            {top.map((finding, index) => (
              <li
                key={`${finding.tool}-${finding.code}-${index}`}
                className="flex flex-wrap items-baseline gap-x-3 px-4 py-2 text-sm"
                data-testid="lint-top-finding"
                data-tool={finding.tool}
              >
                <button type="button" className={linkButtonClass} onClick={() => onSelectTool(finding.tool)}>
                  {finding.tool}
                </button>
                <span className="font-medium">{findingTitle(finding.code, locale)}</span>
                <span className="tabular text-xs font-semibold text-accent">{stakeText(finding, k, t)}</span>
                <span className="basis-full text-muted">{findingWords(finding.facts, locale).message}</span>
              </li>
            ))}
          </ol>
        ) : null}
      </section>
      {groups.map(([code, items]) => {
        const expanded = open[code] === true;
        return (
          <section key={code} className="rounded-xl border border-line" data-testid="lint-group" data-code={code}>
            <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-line px-4 py-3">
              <h3 className="text-base font-semibold">{findingTitle(code, locale)}</h3>
              <span
                className={`tabular rounded-md px-1.5 py-0.5 text-xs font-bold ${SEVERITY_STYLE[items[0].severity]}`}
              >
                {items.length}
              </span>
              <p className="basis-full text-sm text-ink-soft">
                <span className="font-semibold">{t("fix")}</span>
                {groupSuggestion(code, items, locale)}
              </p>
            </header>
            <ul className="divide-y divide-line">
              {(expanded ? items : items.slice(0, SHOWN_PER_GROUP)).map((finding, index) => (
                <li
                  key={`${finding.tool}-${index}`}
                  className="flex flex-wrap items-baseline gap-x-3 px-4 py-2 text-sm"
                  data-testid="lint-finding"
                >
                  <button type="button" className={linkButtonClass} onClick={() => onSelectTool(finding.tool)}>
                    {finding.tool}
                  </button>
                  <span className="text-muted">{findingWords(finding.facts, locale).message}</span>
                  <span className="tabular text-xs text-muted">· {stakeText(finding, k, t)}</span>
                </li>
              ))}
            </ul>
            {items.length > SHOWN_PER_GROUP ? (
              <button
                type="button"
                className="w-full border-t border-line px-4 py-2 text-sm text-accent hover:bg-panel-muted"
                onClick={() => setOpen({ ...open, [code]: !expanded })}
              >
                {expanded ? t("showFewer") : t("showAll", { count: items.length })}
              </button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
