"use client";
import { useRef, useState, type Dispatch } from "react";
import { useTranslations } from "use-intl";
import type { CatalogTool, InputProblem } from "@/lib/core/catalog";
import type { LabAction, LabQueryEntry } from "@/lib/lab/lab-state";
import { formatQuerySet, parseQuerySet, type QuerySetImport } from "@/lib/lab/query-set";
import { starterQueries } from "@/lib/lab/suggest-queries";
import { useProblemText } from "@/components/catalog/problem-text";
import { Button } from "@/components/ui/button";
import { selectClass } from "./lab-styles";

export type QueryFilter = "all" | "missed" | "not-first" | "changed";

export type QuerySetToolbarProps = {
  queries: LabQueryEntry[];
  querySetLabel: string;
  tools: readonly CatalogTool[];
  filter: QueryFilter;
  filters: Record<QueryFilter, string>;
  onFilter: (filter: QueryFilter) => void;
  dispatch: Dispatch<LabAction>;
};

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** The query set's name and size, the results filter, and suggest / import / export, with what an import noted. */
export function QuerySetToolbar({
  queries,
  querySetLabel,
  tools,
  filter,
  filters,
  onFilter,
  dispatch,
}: QuerySetToolbarProps) {
  const [problems, setProblems] = useState<
    { title: string; items: InputProblem[]; renamed?: QuerySetImport["renamed"] } | undefined
  >(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const t = useTranslations("lab.querySet");
  const problemText = useProblemText();
  const labelText = (label: string) =>
    label === "shipped" || label === "starter"
      ? t(label)
      : label.startsWith("imported:")
        ? t("imported", { name: label.slice("imported:".length) })
        : label;

  const importFile = async (file: File) => {
    const result = parseQuerySet(await file.text(), tools);
    if (result.queries === undefined) {
      setProblems({ title: t("notImported", { name: file.name }), items: result.problems });
      setNotice(undefined);
      return;
    }
    dispatch({ type: "queries-replaced", queries: result.queries, label: `imported:${file.name}` });
    const noted = result.problems.length > 0 || result.renamed.length > 0;
    setProblems(
      noted
        ? {
            title: t("importedWithNotes", { count: result.queries.length, name: file.name }),
            items: result.problems,
            renamed: result.renamed,
          }
        : undefined,
    );
    setNotice(t("importedNotice", { count: result.queries.length, name: file.name }));
  };

  const suggest = () => {
    const suggestions = starterQueries(tools, queries);
    dispatch({ type: "queries-appended", queries: suggestions });
    setNotice(suggestions.length === 0 ? t("everyToolHasQuery") : t("suggestedNotice", { count: suggestions.length }));
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-3">
        <p className="w-full truncate text-sm text-muted" data-testid="query-set-label">
          <span className="tabular font-semibold text-ink">{t("count", { count: queries.length })}</span> ·{" "}
          {labelText(querySetLabel)}
        </p>
        <label className="mr-auto flex items-center gap-2 text-sm">
          <span className="sr-only">{t("show")}</span>
          <select
            className={selectClass}
            value={filter}
            onChange={(event) => onFilter(event.target.value as QueryFilter)}
            data-testid="query-filter"
          >
            {Object.entries(filters).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={suggest} data-testid="queries-suggest" title={t("suggestHint")}>
          {t("suggest")}
        </Button>
        <Button onClick={() => fileInput.current?.click()} data-testid="queries-import">
          {t("import")}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="queries-import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file !== undefined) void importFile(file);
            event.target.value = "";
          }}
        />
        <Button
          onClick={() => download(formatQuerySet(queries), "queries.jsonl")}
          disabled={queries.length === 0}
          data-testid="queries-export"
          title={t("exportHint")}
        >
          {t("export")}
        </Button>
      </div>
      {problems ? (
        <div
          className={`border-b border-line px-4 py-3 text-sm ${problems.items.some((item) => item.severity === "error") ? "bg-danger-soft" : "bg-warning-soft"}`}
          data-testid="query-set-problems"
          role="alert"
        >
          <div className="flex items-start justify-between gap-3">
            <p className="font-semibold">{problems.title}</p>
            <button
              type="button"
              className="text-muted hover:text-ink"
              onClick={() => setProblems(undefined)}
              aria-label={t("dismiss")}
            >
              ✕
            </button>
          </div>
          {problems.renamed && problems.renamed.length > 0 ? (
            <p className="mt-1 text-ink-soft" data-testid="query-set-renamed">
              {t("renamed", { count: problems.renamed.length })}{" "}
              {problems.renamed.slice(0, 2).map((rename, index) => (
                <span key={index} className="font-mono">
                  {index > 0 ? ", " : ""}
                  {rename.from} → {rename.to}
                </span>
              ))}
              .
            </p>
          ) : null}
          <ul className="mt-1 max-h-32 list-disc overflow-auto pl-5">
            {problems.items.slice(0, 12).map((item, index) => (
              <li key={index} className={item.severity === "error" ? "text-danger" : "text-ink-soft"}>
                {item.toolName !== undefined && item.line !== undefined
                  ? t("notInCatalog", { line: item.line, name: item.toolName })
                  : problemText(item)}
              </li>
            ))}
            {problems.items.length > 12 ? (
              <li className="text-muted">{t("andMore", { count: problems.items.length - 12 })}</li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {notice && !problems ? (
        <p className="border-b border-line bg-accent-soft/50 px-4 py-2 text-sm" data-testid="query-set-notice">
          {notice}
        </p>
      ) : null}
    </>
  );
}
