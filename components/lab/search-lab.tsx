"use client";
/**
 * The search lab page: wires the lab state (lib/lab/lab-state) and the lab worker to the presentational panels.
 * Everything measured comes from the worker; this component only decides what to ask and when.
 */
import { useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { parseCatalogText } from "@/lib/catalog";
import { EXAMPLES, loadExample } from "@/lib/examples";
import { localizedExample } from "@/lib/examples/example-text";
import type { Locale } from "@/lib/i18n/locales";
import { defaultQueries } from "@/lib/lab/default-queries";
import { startLabClient, type LabClient } from "@/workers/lab-client";
import {
  INITIAL_LAB_STATE,
  activeEdit,
  catalogFamily,
  editedToolNames,
  labReducer,
  plainQueries,
  selectedToolOf,
} from "@/lib/lab/lab-state";
import type { PartialLabEvaluation } from "@/lib/lab/evaluate-catalog";
import type { LabQuery } from "@/lib/lab/query-set";
import type { LabTabId } from "@/lib/lab/search-labels";
import { starterQueries, suggestQueries } from "@/lib/lab/suggest-queries";
import { ClientOptionsPanel } from "./client-options-panel";
import { CompressionPanel } from "./compression-panel";
import { ConfusablePairsPanel } from "./confusable-pairs-panel";
import { DescriptionEditor } from "./description-editor";
import { LabHeader, type CatalogImportResult } from "./lab-header";
import { LabTabs } from "./lab-tabs";
import { LinterPanel } from "./linter-panel";
import { QueriesPanel } from "./queries-panel";
import { SearchCards } from "./search-cards";
import { SemanticPanel } from "./semantic-panel";
import { ToolTable } from "./tool-table";
import { useLabAnswer } from "./use-lab-answer";
import { useStable } from "./use-stable";

/** Typing in the description editor asks again only after a short pause. */
const EDIT_DEBOUNCE_MS = 250;

/** An example's title in the reader's language, switched in place without reloading the catalog. */
function localizedTitle(exampleId: string, fallback: string, locale: Locale): string {
  const summary = EXAMPLES.find((example) => example.id === exampleId);
  return summary ? localizedExample(summary, locale).title : fallback;
}

export type SearchLabProps = { initialExampleId: string; initialTab?: LabTabId };

export function SearchLab({ initialExampleId, initialTab = "queries" }: SearchLabProps) {
  const [state, dispatch] = useReducer(labReducer, INITIAL_LAB_STATE);
  const [client, setClient] = useState<LabClient | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [tab, setTab] = useState<string>(initialTab);
  const t = useTranslations("lab");
  const locale = useLocale();

  useEffect(() => {
    const created = startLabClient();
    setClient(created);
    return () => created.dispose();
  }, []);

  const openExample = useCallback(async (exampleId: string) => {
    setLoading(true);
    setLoadError(undefined);
    try {
      const scenario = await loadExample(exampleId);
      const tools = scenario.catalog.tools;
      const shipped = defaultQueries(exampleId);
      dispatch({
        type: "catalog-loaded",
        source: { kind: "example", exampleId, title: scenario.title },
        tools,
        queries: shipped ?? starterQueries(tools),
        querySetLabel: shipped ? "shipped" : "starter",
      });
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void openExample(initialExampleId);
  }, [initialExampleId, openExample]);

  const importCatalog = useCallback((text: string, name: string): CatalogImportResult => {
    const imported = parseCatalogText(text, { sourceName: name });
    const tools = imported.value?.tools ?? [];
    if (tools.length === 0) return { ok: false, problems: imported.problems };
    dispatch({
      type: "catalog-loaded",
      source: { kind: "imported", title: name },
      tools,
      queries: starterQueries(tools),
      querySetLabel: "starter",
    });
    return { ok: true, problems: imported.problems };
  }, []);

  const catalog = state.catalog;
  const queries = plainQueries(state);
  // Kept by value, so selecting or editing something else does not ask the worker again.
  const stableQueries = useStable<LabQuery[]>(queries, JSON.stringify(queries.map((query) => [query.q, query.expect])));
  const edit = activeEdit(state);
  const stableEdit = useStable(edit, edit === undefined ? "" : JSON.stringify(edit));

  useEffect(() => {
    if (client !== undefined && catalog !== undefined) client.setCatalog(catalog.key, catalog.tools);
  }, [client, catalog]);

  const baseBody = useMemo(
    () =>
      catalog === undefined
        ? undefined
        : { catalogKey: catalog.key, queries: stableQueries, clientOptions: state.clientOptions, k: state.k },
    [catalog, stableQueries, state.clientOptions, state.k],
  );
  const evaluateBody = useMemo(
    () => (baseBody === undefined ? undefined : { ...baseBody, edit: stableEdit }),
    [baseBody, stableEdit],
  );
  const evaluation = useLabAnswer(client, "evaluate", evaluateBody, stableEdit === undefined ? 0 : EDIT_DEBOUNCE_MS);
  const effects = useLabAnswer(client, "option-effects", baseBody, 150);
  const compression = useLabAnswer(client, "compression", baseBody, 300);

  const expandedQuery = state.queries.find((query) => query.id === state.expandedQueryId);
  const explainBody = useMemo(
    () =>
      catalog === undefined || expandedQuery === undefined
        ? undefined
        : {
            catalogKey: catalog.key,
            clientOptions: state.clientOptions,
            edit: stableEdit,
            query: { q: expandedQuery.q, expect: expandedQuery.expect },
          },
    [catalog, expandedQuery, state.clientOptions, stableEdit],
  );
  const explanation = useLabAnswer(client, "explain", explainBody, stableEdit === undefined ? 0 : EDIT_DEBOUNCE_MS);

  // An answer about another catalog is not shown; one about an earlier version of this catalog, or an earlier query
  // set, stays on screen until the new one arrives (rows find their results by query, not by position).
  const answeredBody = evaluation.answeredBody;
  const current =
    evaluation.answer !== undefined &&
    catalog !== undefined &&
    answeredBody !== undefined &&
    catalogFamily(answeredBody.catalogKey) === catalogFamily(catalog.key)
      ? evaluation.answer
      : undefined;
  // While the first evaluation of a catalog runs, every tab shows what is known so far: the tools, their tokens and
  // findings at once, each search's ranks and findability as that search finishes (`evaluate-progress`).
  const progress = current === undefined ? evaluation.interim?.partial : undefined;
  const shown: PartialLabEvaluation | undefined = current?.baseline ?? progress;
  const answeredQueries =
    current !== undefined ? answeredBody?.queries : progress !== undefined ? evaluateBody?.queries : undefined;
  const editMeasured =
    current !== undefined &&
    stableEdit !== undefined &&
    answeredBody?.edit !== undefined &&
    answeredBody.edit.tool === stableEdit.tool
      ? current
      : undefined;
  const selectedTool = selectedToolOf(state);
  const toolNames = useMemo(() => catalog?.tools.map((tool) => tool.name) ?? [], [catalog]);
  const edited = editedToolNames(state);

  const selectTool = useCallback((name: string | undefined) => dispatch({ type: "tool-selected", name }), []);
  const suggestForTool = useCallback(
    (name: string) => {
      const tool = catalog?.tools.find((candidate) => candidate.name === name);
      if (tool === undefined) return;
      const known = new Set(queries.map((query) => query.q.toLowerCase()));
      const suggestions = suggestQueries(tool).filter((q) => !known.has(q.toLowerCase()));
      dispatch({
        type: "queries-appended",
        queries: suggestions.map((q) => ({ q, expect: [name], origin: "suggested" as const })),
      });
    },
    [catalog, queries],
  );

  const failure = loadError ?? evaluation.error;
  const status = failure
    ? "error"
    : loading || current === undefined
      ? "loading"
      : evaluation.pending
        ? "evaluating"
        : "ready";

  return (
    <div className="min-h-screen bg-surface text-ink">
      <LabHeader
        exampleId={catalog?.source.kind === "example" ? catalog.source.exampleId : undefined}
        sourceTitle={
          catalog?.source.kind === "example"
            ? localizedTitle(catalog.source.exampleId, catalog.source.title, locale)
            : catalog?.source.title
        }
        toolCount={catalog?.tools.length ?? 0}
        queryCount={state.queries.length}
        status={status}
        elapsedMs={current?.elapsedMs}
        errorMessage={failure}
        k={state.k}
        onK={(k) => dispatch({ type: "k-changed", k })}
        onOpenExample={(id) => void openExample(id)}
        onImportCatalog={importCatalog}
      />
      <main className="mx-auto flex max-w-[1680px] flex-col gap-5 px-4 py-5 sm:px-6">
        <p className="max-w-4xl text-sm leading-relaxed text-ink-soft" data-testid="lab-intro">
          {t("intro")}
        </p>
        <SearchCards
          evaluation={current?.baseline}
          progress={progress}
          edited={editMeasured?.edited}
          k={state.k}
          pending={evaluation.pending}
          editedToolCount={edited.length}
          editing={stableEdit !== undefined}
        />
        <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1fr)_440px]">
          <LabTabs
            selected={tab}
            onSelect={setTab}
            tabs={[
              {
                id: "queries",
                label: t("tabs.queries", { count: state.queries.length }),
                content: (
                  <QueriesPanel
                    queries={state.queries}
                    querySetLabel={state.querySetLabel}
                    tools={catalog?.tools ?? []}
                    toolNames={toolNames}
                    baseline={shown}
                    edited={editMeasured?.edited}
                    answeredQueries={answeredQueries}
                    expandedQueryId={state.expandedQueryId}
                    explanation={explanation.answer?.explanation}
                    explanationPending={explanation.pending}
                    clientOptions={state.clientOptions}
                    dispatch={dispatch}
                    onSelectTool={selectTool}
                  />
                ),
              },
              {
                id: "tools",
                label: t("tabs.tools", { count: catalog?.tools.length ?? 0 }),
                content: (
                  <ToolTable
                    evaluation={shown}
                    delta={editMeasured?.delta}
                    selectedTool={state.selectedTool}
                    editedTools={edited}
                    k={state.k}
                    onSelectTool={selectTool}
                  />
                ),
              },
              {
                id: "linter",
                label: t("tabs.linter", { count: shown?.findings.length ?? "…" }),
                content: <LinterPanel evaluation={shown} k={state.k} onSelectTool={selectTool} />,
              },
              {
                id: "confusable",
                label: t("tabs.confusable"),
                content: <ConfusablePairsPanel evaluation={shown} onSelectTool={selectTool} />,
              },
              {
                id: "semantic",
                label: t("tabs.semantic"),
                content: (
                  <SemanticPanel
                    tools={catalog?.tools ?? []}
                    queries={stableQueries}
                    clientOptions={state.clientOptions}
                    k={state.k}
                  />
                ),
              },
              {
                id: "compression",
                label: t("tabs.compression"),
                content: (
                  <CompressionPanel
                    curve={compression.answer?.curve}
                    pending={compression.pending}
                    levelId={state.compressionLevel}
                    k={state.k}
                    selectedTool={selectedTool}
                    onLevel={(levelId) => dispatch({ type: "compression-level-changed", levelId })}
                  />
                ),
              },
            ]}
          />
          <aside className="flex flex-col gap-5 xl:sticky xl:top-[84px]">
            <DescriptionEditor
              tool={selectedTool}
              originalDescription={catalog?.originalTools.find((tool) => tool.name === state.selectedTool)?.description}
              draft={state.draft}
              toolNames={toolNames}
              baseline={current?.baseline}
              measured={editMeasured}
              pending={evaluation.pending && stableEdit !== undefined}
              editedCount={edited.length}
              queries={state.queries}
              onSelectTool={selectTool}
              onDraft={(description) => dispatch({ type: "draft-changed", description })}
              onApply={() => dispatch({ type: "draft-applied" })}
              onDiscard={() => dispatch({ type: "draft-discarded" })}
              onResetAll={() => dispatch({ type: "edits-reset" })}
              onSuggest={suggestForTool}
            />
            <ClientOptionsPanel
              options={state.clientOptions}
              effects={effects.answer?.effects}
              wordVectors={effects.answer?.wordVectors}
              pending={effects.pending}
              k={state.k}
              onChange={(options) => dispatch({ type: "client-options-changed", options })}
              onReset={() => dispatch({ type: "client-options-reset" })}
            />
          </aside>
        </div>
      </main>
    </div>
  );
}
