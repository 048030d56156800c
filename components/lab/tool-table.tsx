"use client";
import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { LabDelta } from "@/lib/lab/delta";
import type { PartialLabEvaluation, ToolReport } from "@/lib/lab/evaluate-catalog";
import { LAB_SEARCH_IDS, searchShortTitle } from "@/lib/lab/search-labels";
import type { SearchId } from "@/lib/search/types";
import { DeltaChip } from "./delta-chip";
import { formatCount } from "./format";
import { SEARCH_COLORS, inputClass, selectClass } from "./lab-styles";

export type ToolTableProps = {
  /** Partial while the first evaluation runs: the tools and tokens at once, each search's column as it finishes. */
  evaluation: PartialLabEvaluation | undefined;
  delta: LabDelta | undefined;
  selectedTool: string | undefined;
  editedTools: readonly string[];
  k: number;
  onSelectTool: (name: string) => void;
};

type Sort = "catalog" | "tokens" | "findability" | "findings";
const SORTS: readonly Sort[] = ["catalog", "tokens", "findability", "findings"];

function worstFindability(report: ToolReport): number {
  const values = LAB_SEARCH_IDS.map((id) => report.findability[id]).filter((value): value is number => value !== null);
  return values.length === 0 ? 2 : Math.min(...values);
}

function Findability({ report, id, measured }: { report: ToolReport; id: SearchId; measured: boolean }) {
  const share = report.findability[id];
  const t = useTranslations("lab.toolTable");
  if (!measured)
    return (
      <span className="text-xs text-muted" data-testid={`tool-findability-pending-${id}`}>
        {t("measuring")}
      </span>
    );
  if (share === null) return <span className="text-xs text-muted">{t("noQuery")}</span>;
  return (
    <span className="flex items-center gap-2" data-testid={`tool-findability-${id}`} data-value={share}>
      <span className="h-2 w-14 overflow-hidden rounded-full bg-panel-muted" aria-hidden>
        <span
          className="block h-full rounded-full"
          style={{ width: `${share * 100}%`, background: SEARCH_COLORS[id] }}
        />
      </span>
      <span className="tabular text-sm">
        {report.found[id]}/{report.queryCount}
      </span>
    </span>
  );
}

/** Every tool's token cost beside its findability (share of its queries that had it in the top k) and its findings. */
export function ToolTable({ evaluation, delta, selectedTool, editedTools, k, onSelectTool }: ToolTableProps) {
  const [sort, setSort] = useState<Sort>("catalog");
  const locale = useLocale();
  const t = useTranslations("lab.toolTable");
  const [filter, setFilter] = useState("");
  // Tools no query expects have no findability to show: they come second, behind a checkbox.
  const [onlyMeasured, setOnlyMeasured] = useState(true);
  const changes = useMemo(() => new Map(delta?.tools.map((change) => [change.name, change]) ?? []), [delta]);

  const rows = useMemo(() => {
    if (evaluation === undefined) return [];
    const needle = filter.trim().toLowerCase();
    const measuredOnly = onlyMeasured && evaluation.tools.some((report) => report.queryCount > 0);
    const kept = evaluation.tools.filter(
      (report) =>
        (needle === "" || report.name.toLowerCase().includes(needle)) && (!measuredOnly || report.queryCount > 0),
    );
    const sorted = [...kept];
    if (sort === "tokens") sorted.sort((left, right) => right.tokens - left.tokens);
    if (sort === "findability") sorted.sort((left, right) => worstFindability(left) - worstFindability(right));
    if (sort === "findings") sorted.sort((left, right) => right.findingCount - left.findingCount);
    return sorted;
  }, [evaluation, filter, onlyMeasured, sort]);

  if (evaluation === undefined) return <p className="p-6 text-sm text-muted">{t("measuringAll")}</p>;
  const measured = evaluation.tools.filter((report) => report.queryCount > 0).length;

  return (
    <div className="flex flex-col" data-testid="tool-table">
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-3">
        <input
          className={`${inputClass} w-64`}
          placeholder={t("filterPlaceholder")}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          aria-label={t("filter")}
          data-testid="tool-filter"
        />
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">{t("sort")}</span>
          <select
            className={selectClass}
            value={sort}
            onChange={(event) => setSort(event.target.value as Sort)}
            data-testid="tool-sort"
          >
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`sorts.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={onlyMeasured}
            onChange={(event) => setOnlyMeasured(event.target.checked)}
            className="h-4 w-4 accent-[var(--accent)]"
            data-testid="tool-only-measured"
          />
          {t("onlyMeasured", { count: measured })}
        </label>
        <p className="ml-auto text-xs text-muted">{t("findabilityNote", { k })}</p>
      </div>
      <div className="max-h-[720px] overflow-auto">
        <table className="w-full border-collapse text-left">
          <thead className="sticky top-0 z-10 bg-panel text-xs font-semibold uppercase tracking-wide text-muted">
            <tr>
              <th className="py-2 pl-4 pr-2">{t("tool")}</th>
              <th className="px-2 py-2 text-right">{t("tokens")}</th>
              {LAB_SEARCH_IDS.map((id) => (
                <th key={id} className="px-2 py-2">
                  {searchShortTitle(id, locale)}
                </th>
              ))}
              <th className="py-2 pl-2 pr-4 text-right">{t("findings")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((report) => {
              const change = changes.get(report.name);
              const selected = report.name === selectedTool;
              return (
                <tr
                  key={report.name}
                  className={`cursor-pointer border-t border-line ${selected ? "bg-accent-soft" : "hover:bg-panel-muted/60"}`}
                  onClick={() => onSelectTool(report.name)}
                  data-testid="tool-row"
                  data-tool={report.name}
                  aria-selected={selected}
                >
                  <td className="max-w-[340px] py-2 pl-4 pr-2">
                    <button
                      type="button"
                      className="truncate text-left font-mono text-[13.5px] text-ink hover:text-accent"
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelectTool(report.name);
                      }}
                    >
                      {report.name}
                    </button>
                    {editedTools.includes(report.name) ? (
                      <span className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-[11px] font-semibold text-accent">
                        {t("edited")}
                      </span>
                    ) : null}
                  </td>
                  <td
                    className="px-2 py-2 text-right"
                    data-testid="tool-tokens"
                    data-value={change?.tokens?.after ?? report.tokens}
                  >
                    <span className="tabular text-sm">{formatCount(change?.tokens?.after ?? report.tokens)}</span>{" "}
                    {change?.tokens ? (
                      <DeltaChip
                        before={change.tokens.before}
                        after={change.tokens.after}
                        kind="count"
                        lowerIsBetter
                        unit="tokens"
                      />
                    ) : null}
                  </td>
                  {LAB_SEARCH_IDS.map((id) => {
                    const moved = change?.findability?.[id];
                    return (
                      <td key={id} className="px-2 py-2">
                        <Findability report={report} id={id} measured={evaluation.searches[id] !== undefined} />
                        {moved && moved.before !== null && moved.after !== null ? (
                          <DeltaChip before={moved.before} after={moved.after} kind="share" />
                        ) : null}
                      </td>
                    );
                  })}
                  <td className="py-2 pl-2 pr-4 text-right">
                    {report.findingCount > 0 ? (
                      <span className="tabular rounded-md bg-warning-soft px-1.5 py-0.5 text-sm font-semibold text-warning">
                        {report.findingCount}
                      </span>
                    ) : (
                      <span className="text-sm text-muted">—</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
