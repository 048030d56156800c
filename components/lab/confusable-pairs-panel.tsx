"use client";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { PartialLabEvaluation } from "@/lib/lab/evaluate-catalog";
import { LAB_SEARCH_IDS, searchDescription } from "@/lib/lab/search-labels";
import type { SearchId } from "@/lib/search/types";
import { SEARCH_COLORS, linkButtonClass } from "./lab-styles";

export type ConfusablePairsPanelProps = {
  /** Partial while the first evaluation runs: a search not yet run says so. */
  evaluation: PartialLabEvaluation | undefined;
  onSelectTool: (name: string) => void;
};

/** Tools that take each other's queries at rank 1, under the search chosen: the descriptions to tell apart first. */
export function ConfusablePairsPanel({ evaluation, onSelectTool }: ConfusablePairsPanelProps) {
  const [searchId, setSearchId] = useState<SearchId>("anthropic-bm25");
  const locale = useLocale();
  const t = useTranslations("lab.confusable");
  if (evaluation === undefined) return <p className="p-6 text-sm text-muted">{t("measuring")}</p>;
  const pairs = evaluation.searches[searchId]?.confusablePairs;
  return (
    <div className="flex flex-col" data-testid="confusable-pairs">
      <div className="flex flex-wrap items-center gap-3 border-b border-line px-4 py-3">
        <div role="radiogroup" aria-label={t("search")} className="flex rounded-lg border border-line bg-panel p-0.5">
          {LAB_SEARCH_IDS.map((id) => (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={id === searchId}
              onClick={() => setSearchId(id)}
              className={`flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${id === searchId ? "bg-accent-soft text-accent" : "text-muted hover:text-ink"}`}
              data-testid={`confusable-search-${id}`}
            >
              <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: SEARCH_COLORS[id] }} />
              {searchDescription(id, locale).title}
            </button>
          ))}
        </div>
        <p className="text-sm text-muted">{t("intro")}</p>
      </div>
      {pairs === undefined ? (
        <p className="px-4 py-8 text-center text-sm text-muted" data-testid="confusable-measuring">
          {t("measuringSearch", { search: searchDescription(searchId, locale).title })}
        </p>
      ) : pairs.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-muted">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-line">
          {pairs.map((pair) => (
            <li
              key={`${pair.first}|${pair.second}`}
              className="flex flex-col gap-1 px-4 py-3"
              data-testid="confusable-pair"
            >
              <p className="flex flex-wrap items-baseline gap-x-1.5 text-[15px]">
                {pair.mutual ? (
                  <span className="mr-1 rounded bg-danger-soft px-1.5 py-0.5 text-[11px] font-bold uppercase text-danger">
                    {t("mutual")}
                  </span>
                ) : null}
                {(pair.firstTookFromSecond > 0 ? [[pair.first, pair.second, pair.firstTookFromSecond]] : [])
                  .concat(pair.secondTookFromFirst > 0 ? [[pair.second, pair.first, pair.secondTookFromFirst]] : [])
                  .map(([winner, loser, count], index) => (
                    <span key={index} className="flex flex-wrap items-baseline gap-x-1.5">
                      {index > 0 ? <span className="text-muted">{t("and")}</span> : null}
                      <button
                        type="button"
                        className={`${linkButtonClass} font-semibold`}
                        onClick={() => onSelectTool(String(winner))}
                      >
                        {winner}
                      </button>
                      <span className="text-muted">{t("won", { count: Number(count) })}</span>
                      <button
                        type="button"
                        className={`${linkButtonClass} font-semibold`}
                        onClick={() => onSelectTool(String(loser))}
                      >
                        {loser}
                      </button>
                    </span>
                  ))}
              </p>
              <p className="text-sm text-muted" translate="no">
                {pair.queries.map((query) => `“${query}”`).join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
