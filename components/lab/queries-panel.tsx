"use client";
import { useEffect, useMemo, useState, type Dispatch } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { CatalogTool } from "@/lib/core/catalog";
import type { LabEvaluation, PartialLabEvaluation } from "@/lib/lab/evaluate-catalog";
import { finishedSearches } from "@/lib/lab/search-labels";
import type { QueryExplanation } from "@/lib/lab/explain";
import type { LabAction, LabQueryEntry } from "@/lib/lab/lab-state";
import type { LabQuery } from "@/lib/lab/query-set";
import { stickyFilterIds, type StickyFilter } from "@/lib/lab/sticky-filter";
import { LAB_SEARCH_IDS, searchDescription, searchShortTitle } from "@/lib/lab/search-labels";
import type { ClientSearchOptions } from "@/lib/search/client-search";
import { Button } from "@/components/ui/button";
import { ExpectedToolsInput } from "./expected-tools-input";
import { inputClass } from "./lab-styles";
import { QueryExplanationView } from "./query-explanation";
import { QUERY_ROW_GRID, QueryRow, type QueryRanks } from "./query-row";
import { QuerySetToolbar, type QueryFilter } from "./query-set-toolbar";

export type QueriesPanelProps = {
  queries: LabQueryEntry[];
  querySetLabel: string;
  tools: readonly CatalogTool[];
  toolNames: readonly string[];
  /** Partial while the first evaluation runs: each search's ranks appear as it finishes. */
  baseline: PartialLabEvaluation | undefined;
  edited: LabEvaluation | undefined;
  /** The queries `baseline` was computed for, to find each row's results. */
  answeredQueries: readonly LabQuery[] | undefined;
  expandedQueryId: number | undefined;
  explanation: QueryExplanation | undefined;
  explanationPending: boolean;
  clientOptions: ClientSearchOptions;
  dispatch: Dispatch<LabAction>;
  onSelectTool: (name: string) => void;
};

type Filter = QueryFilter;
const FILTER_IDS: readonly Filter[] = ["all", "missed", "not-first", "changed"];

const queryKey = (query: Pick<LabQuery, "q" | "expect">) => JSON.stringify([query.q, query.expect]);

function rowRanks(
  index: number | undefined,
  baseline: PartialLabEvaluation | undefined,
  edited: LabEvaluation | undefined,
): QueryRanks | undefined {
  if (index === undefined || baseline === undefined) return undefined;
  return Object.fromEntries(
    finishedSearches(baseline).flatMap((id) => {
      const before = baseline.searches[id]?.perQuery[index];
      if (before === undefined) return [];
      const after = edited?.searches[id].perQuery[index];
      const shown = after ?? before;
      return [
        [
          id,
          {
            rank: shown.rank,
            ...(after ? { before: before.rank } : {}),
            top: shown.top[0]?.name,
            error: shown.errorMessage,
          },
        ],
      ];
    }),
  ) as QueryRanks;
}

/** The query set editor and, for each query, the expected tool's rank under each search and the "why". */
export function QueriesPanel(props: QueriesPanelProps) {
  const {
    queries,
    querySetLabel,
    tools,
    toolNames,
    baseline,
    edited,
    answeredQueries,
    expandedQueryId,
    explanation,
    explanationPending,
    dispatch,
    onSelectTool,
  } = props;
  const [newQuery, setNewQuery] = useState("");
  const [newExpect, setNewExpect] = useState<string[]>([]);
  const [newExpectText, setNewExpectText] = useState("");
  const locale = useLocale();
  const t = useTranslations("lab.queries");
  const [filter, setFilter] = useState<Filter>("all");
  const known = useMemo(() => new Set(toolNames), [toolNames]);
  // A known name typed in the expected-tool field counts as chosen, Enter or not.
  const typedTool = newExpectText.trim();
  const expectToAdd = known.has(typedTool) && !newExpect.includes(typedTool) ? [...newExpect, typedTool] : newExpect;
  const filters = Object.fromEntries(FILTER_IDS.map((id) => [id, t(`filters.${id}`)])) as Record<Filter, string>;

  // Rows find their results by query, so results stay on screen while a changed set is measured again.
  const indexes = useMemo(() => {
    const byKey = new Map<string, number[]>();
    answeredQueries?.forEach((query, index) =>
      byKey.set(queryKey(query), [...(byKey.get(queryKey(query)) ?? []), index]),
    );
    return queries.map((query) => byKey.get(queryKey(query))?.shift());
  }, [queries, answeredQueries]);

  const rows = queries.map((query, position) => ({
    query,
    position,
    ranks: rowRanks(indexes[position], baseline, edited),
  }));
  const matching = rows.filter(({ ranks }) => {
    if (filter === "all" || ranks === undefined) return filter === "all";
    const values = Object.values(ranks);
    if (filter === "missed") return values.some((value) => value.rank === null);
    if (filter === "not-first") return values.some((value) => value.rank !== 1);
    return values.some((value) => value.before !== undefined && value.before !== value.rank);
  });
  // A row that matched stays while the user works on it: editing a description must not hide it (and its "why").
  const matchingIds = matching.map(({ query }) => query.id);
  const matchingKey = matchingIds.join(",");
  const [sticky, setSticky] = useState<StickyFilter<Filter> | undefined>(undefined);
  useEffect(() => {
    setSticky((previous) =>
      stickyFilterIds(previous, filter, matchingKey === "" ? [] : matchingKey.split(",").map(Number)),
    );
  }, [filter, matchingKey]);
  const kept = sticky?.filter === filter ? sticky.ids : new Set<number>();
  const visible = rows.filter(({ query }) => filter === "all" || matchingIds.includes(query.id) || kept.has(query.id));

  const addQuery = () => {
    if (newQuery.trim() === "" || expectToAdd.length === 0) return;
    dispatch({ type: "queries-appended", queries: [{ q: newQuery.trim(), expect: expectToAdd, origin: "written" }] });
    setNewQuery("");
    setNewExpect([]);
    setNewExpectText("");
  };

  const explained =
    explanation !== undefined && queries.find((query) => query.id === expandedQueryId)?.q === explanation.q
      ? explanation
      : undefined;

  return (
    <div className="flex flex-col" data-testid="queries-panel">
      <QuerySetToolbar
        queries={queries}
        querySetLabel={querySetLabel}
        tools={tools}
        filter={filter}
        filters={filters}
        onFilter={setFilter}
        dispatch={dispatch}
      />
      <form
        className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-3"
        onSubmit={(event) => {
          event.preventDefault();
          addQuery();
        }}
        data-testid="query-add"
      >
        <input
          className={`${inputClass} min-w-64 flex-1`}
          value={newQuery}
          placeholder={t("addPlaceholder")}
          aria-label={t("newQuery")}
          data-testid="query-add-text"
          onChange={(event) => setNewQuery(event.target.value)}
        />
        <ExpectedToolsInput
          toolNames={toolNames}
          value={newExpect}
          onChange={setNewExpect}
          text={newExpectText}
          onTextChange={setNewExpectText}
          testId="query-add-expect"
          label={t("newExpected")}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={newQuery.trim() === "" || expectToAdd.length === 0}
          data-testid="query-add-submit"
        >
          {t("add")}
        </Button>
      </form>
      <div className="relative overflow-x-auto">
        {/* On a phone the table is a grid: the query keeps the width (the actions move under it), so its words do
            not break one per line between five fixed columns. */}
        <table className="block w-full border-collapse text-left sm:table sm:table-fixed" data-testid="results-table">
          <colgroup>
            <col className="w-12" />
            <col />
            <col className="w-[104px]" />
            <col className="w-[104px]" />
            <col className="w-[104px]" />
            <col className="w-[200px]" />
          </colgroup>
          <thead className="block text-xs font-semibold uppercase tracking-wide text-muted sm:table-header-group">
            <tr className={QUERY_ROW_GRID}>
              <th className="py-2 pl-4 pr-2">#</th>
              <th className="py-2 pr-3">
                {t("columnQuery")}
                <span className="hidden sm:inline">{t("columnRanks")}</span>
              </th>
              {LAB_SEARCH_IDS.map((id) => (
                <th key={id} className="px-1 py-2 text-center sm:px-2" title={searchDescription(id, locale).note}>
                  {searchShortTitle(id, locale)}
                  <span className="block text-[10px] font-medium normal-case tracking-normal">
                    {id === "client" ? t("ours") : t("emulated")}
                  </span>
                </th>
              ))}
              <th className="hidden py-2 pl-2 pr-4 text-right sm:table-cell">
                <span className="sr-only">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {visible.map(({ query, position, ranks }) => (
              <QueryRow
                key={query.id}
                index={position}
                query={query}
                ranks={ranks}
                expanded={query.id === expandedQueryId}
                toolNames={toolNames}
                unknownTools={query.expect.filter((name) => !known.has(name))}
                explanation={
                  <QueryExplanationView
                    explanation={explained}
                    pending={explanationPending}
                    toolCount={tools.length}
                    onSelectTool={onSelectTool}
                  />
                }
                onToggle={() =>
                  dispatch({ type: "query-expanded", id: query.id === expandedQueryId ? undefined : query.id })
                }
                onChange={(q, expect) => dispatch({ type: "query-changed", id: query.id, q, expect })}
                onSelectTool={onSelectTool}
                onRemove={() => dispatch({ type: "query-removed", id: query.id })}
              />
            ))}
          </tbody>
        </table>
        {visible.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted">{queries.length === 0 ? t("empty") : t("noMatch")}</p>
        ) : null}
      </div>
    </div>
  );
}
