"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { LabQueryEntry } from "@/lib/lab/lab-state";
import { LAB_SEARCH_IDS, searchDescription } from "@/lib/lab/search-labels";
import type { SearchId } from "@/lib/search/types";
import { Button } from "@/components/ui/button";
import { ExpectedToolsInput } from "./expected-tools-input";
import { chipClass, inputClass } from "./lab-styles";
import { RankBadge } from "./rank-badge";

/** Per search that has run (all three once the evaluation is complete); a missing search shows as "…". */
export type QueryRanks = Partial<
  Record<SearchId, { rank: number | null; before?: number | null; top?: string; error?: string }>
>;

export type QueryRowProps = {
  index: number;
  query: LabQueryEntry;
  ranks: QueryRanks | undefined;
  expanded: boolean;
  toolNames: readonly string[];
  unknownTools: readonly string[];
  explanation: ReactNode;
  onToggle: () => void;
  onChange: (q: string, expect: string[]) => void;
  onRemove: () => void;
  /** Opens a tool in the description editor, as clicking a tool anywhere else in the lab does. */
  onSelectTool: (name: string) => void;
};

/**
 * A row's layout on a phone: the number and the query across the whole width, then the actions and the three ranks
 * (under the header's rank labels) on a second line; from `sm` up, an ordinary table row.
 */
export const QUERY_ROW_GRID = "grid grid-cols-[2.25rem_minmax(0,1fr)_repeat(3,3.75rem)] sm:table-row";
/** Where each search's rank sits in the phone grid: the last three columns of the second line. */
const RANK_CELL_PLACES = ["col-start-3", "col-start-4", "col-start-5"] as const;

/** One query: its text and expected tools (editable), the rank under each search, and its "why" when expanded. */
export function QueryRow({
  index,
  query,
  ranks,
  expanded,
  toolNames,
  unknownTools,
  explanation,
  onToggle,
  onChange,
  onRemove,
  onSelectTool,
}: QueryRowProps) {
  const [editing, setEditing] = useState<{ q: string; expect: string[] } | undefined>(undefined);
  const locale = useLocale();
  const t = useTranslations("lab.row");
  // The "why" opens where the person is looking: scrolled into view under its row, not below the fold.
  const explanationRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (expanded) explanationRow.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [expanded]);
  const save = () => {
    if (editing === undefined || editing.q.trim() === "" || editing.expect.length === 0) return;
    onChange(editing.q.trim(), editing.expect);
    setEditing(undefined);
  };
  return (
    <>
      <tr
        className={`${QUERY_ROW_GRID} border-t border-line align-top ${expanded ? "bg-accent-soft/40" : "hover:bg-panel-muted/60"}`}
        data-testid="query-row"
        data-query-id={query.id}
        data-query={query.q}
      >
        <td className="tabular py-2.5 pl-3 pr-1 text-sm text-muted sm:pl-4 sm:pr-2">{index + 1}</td>
        <td className="col-span-4 min-w-0 py-2.5 pr-3">
          {editing ? (
            <div className="flex flex-col gap-2" onKeyDown={(event) => event.key === "Escape" && setEditing(undefined)}>
              <input
                className={inputClass}
                value={editing.q}
                aria-label={t("queryText")}
                data-testid="query-edit-text"
                autoFocus
                onChange={(event) => setEditing({ ...editing, q: event.target.value })}
                onKeyDown={(event) => event.key === "Enter" && save()}
              />
              <ExpectedToolsInput
                toolNames={toolNames}
                value={editing.expect}
                onChange={(expect) => setEditing({ ...editing, expect })}
                testId="query-edit-expect"
              />
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="primary"
                  onClick={save}
                  disabled={editing.q.trim() === "" || editing.expect.length === 0}
                  data-testid="query-edit-save"
                >
                  {t("save")}
                </Button>
                <Button size="sm" onClick={() => setEditing(undefined)}>
                  {t("cancel")}
                </Button>
              </div>
            </div>
          ) : (
            <>
              <p className="text-[15px] font-medium leading-snug">
                {/* A user's words, kept as written in every interface language. */}
                <span translate="no">{query.q}</span>
                {query.origin === "suggested" ? (
                  <span
                    className="ml-2 rounded bg-panel-muted px-1.5 py-0.5 align-middle text-[11px] font-semibold uppercase tracking-wide text-muted"
                    title={t("suggestedHint")}
                  >
                    {t("suggested")}
                  </span>
                ) : null}
              </p>
              <p className="mt-1 flex flex-wrap gap-1">
                {query.expect.map((name) =>
                  unknownTools.includes(name) ? (
                    <span key={name} className={`${chipClass} border-danger text-danger`} title={t("notInCatalog")}>
                      {name}
                    </span>
                  ) : (
                    <button
                      key={name}
                      type="button"
                      className={`${chipClass} cursor-pointer hover:border-accent hover:text-accent`}
                      title={t("openTool", { name })}
                      onClick={() => onSelectTool(name)}
                      data-testid="query-expected-tool"
                    >
                      {name}
                    </button>
                  ),
                )}
              </p>
            </>
          )}
        </td>
        {LAB_SEARCH_IDS.map((id, column) => {
          const result = ranks?.[id];
          return (
            <td
              key={id}
              className={`${RANK_CELL_PLACES[column]} row-start-2 px-1 pb-2.5 text-center sm:px-2 sm:py-2.5`}
              title={result?.error ?? (result?.top ? t("topHit", { name: result.top }) : undefined)}
            >
              {result === undefined ? (
                <span className="text-muted">…</span>
              ) : (
                <RankBadge
                  rank={result.rank}
                  before={result.before}
                  searchTitle={searchDescription(id, locale).title}
                  testId={`rank-${id}`}
                />
              )}
            </td>
          );
        })}
        <td className="col-span-2 col-start-1 row-start-2 self-center pb-2.5 pl-3 sm:py-2.5 sm:pl-2 sm:pr-4">
          <div className="flex justify-start gap-1 whitespace-nowrap sm:justify-end">
            <Button
              size="sm"
              variant={expanded ? "primary" : "secondary"}
              onClick={onToggle}
              aria-expanded={expanded}
              data-testid="query-why"
            >
              {t("why")} {expanded ? "▾" : "▸"}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setEditing({ q: query.q, expect: [...query.expect] })}
              aria-label={t("editQuery", { number: index + 1 })}
              data-testid="query-edit"
            >
              {t("edit")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={onRemove}
              aria-label={t("removeQuery", { number: index + 1 })}
              data-testid="query-remove"
            >
              ✕
            </Button>
          </div>
        </td>
      </tr>
      {expanded ? (
        <tr ref={explanationRow} className="block scroll-mt-24 bg-accent-soft/20 sm:table-row">
          <td colSpan={6} className="block border-t border-line p-0 sm:table-cell">
            {explanation}
          </td>
        </tr>
      ) : null}
    </>
  );
}
