"use client";
import Link from "next/link";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { LocaleSwitch } from "@/components/i18n/locale-switch";
import { EXAMPLES } from "@/lib/examples";
import { localizedExample } from "@/lib/examples/example-text";
import type { RecallCutoff } from "@/lib/lab/lab-state";
import { Button } from "@/components/ui/button";
import { ImportCatalogDialog, type CatalogImportResult } from "./import-catalog-dialog";
import { LabThemeToggle } from "./lab-theme-toggle";
import { selectClass } from "./lab-styles";

export type { CatalogImportResult } from "./import-catalog-dialog";

/** The 10,000-tool example measures nothing a tool author can act on and takes long to evaluate in a browser. */
const LAB_EXAMPLES = EXAMPLES.filter((example) => example.id !== "synthetic-10000");
const CUTOFFS: readonly RecallCutoff[] = [1, 3, 5];

export type LabStatus = "loading" | "evaluating" | "ready" | "error";

export type LabHeaderProps = {
  exampleId: string | undefined;
  sourceTitle: string | undefined;
  toolCount: number;
  queryCount: number;
  status: LabStatus;
  elapsedMs: number | undefined;
  errorMessage: string | undefined;
  k: RecallCutoff;
  onK: (k: RecallCutoff) => void;
  onOpenExample: (exampleId: string) => void;
  onImportCatalog: (text: string, name: string) => CatalogImportResult;
};

export function LabHeader({
  exampleId,
  sourceTitle,
  toolCount,
  queryCount,
  status,
  elapsedMs,
  errorMessage,
  k,
  onK,
  onOpenExample,
  onImportCatalog,
}: LabHeaderProps) {
  const [importing, setImporting] = useState(false);
  const t = useTranslations("lab.header");
  const locale = useLocale();
  return (
    <header
      className="relative z-40 border-b border-line bg-panel/95 backdrop-blur md:sticky md:top-0"
      data-testid="lab-header"
    >
      {/* One sticky row from 768 px up. On a phone three rows that scroll away with the page (a sticky header of
          three rows would take a fifth of the screen): the title and status, the catalog picker at full width so
          its name can be read, then import, k and the theme. */}
      <div className="mx-auto flex max-w-[1680px] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 md:h-16 md:flex-nowrap md:px-6 md:py-0">
        <Link
          href="/"
          className="flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-muted hover:bg-panel-muted hover:text-ink"
          data-testid="lab-back-link"
        >
          <span aria-hidden>←</span> {t("back")}
        </Link>
        <div className="min-w-0 flex-1 md:flex-none">
          <h1 className="truncate text-[17px] font-bold tracking-tight">{t("title")}</h1>
          <p className="text-xs text-muted md:truncate" data-testid="lab-catalog-title">
            {sourceTitle ?? "…"} · <span className="tabular">{t("tools", { count: toolCount })}</span> ·{" "}
            <span className="tabular">{t("queries", { count: queryCount })}</span>
          </p>
        </div>
        <span
          className={`inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold md:ml-2 ${status === "error" ? "bg-danger-soft text-danger" : status === "ready" ? "bg-success/15 text-success" : "bg-accent-soft text-accent"}`}
          data-testid="lab-status"
          data-state={status}
          role="status"
          title={errorMessage}
        >
          <span
            aria-hidden
            className={`h-2 w-2 rounded-full bg-current ${status === "evaluating" || status === "loading" ? "animate-pulse" : ""}`}
          />
          {status === "error" ? t("status.errorWith", { message: errorMessage ?? "?" }) : t(`status.${status}`)}
          {status === "ready" && elapsedMs !== undefined ? (
            <span className="tabular hidden font-normal sm:inline">
              {t("status.elapsed", { milliseconds: Math.round(elapsedMs) })}
            </span>
          ) : null}
        </span>
        <nav
          aria-label={t("navigation")}
          className="flex w-full min-w-0 flex-wrap items-center gap-2 md:ml-auto md:w-auto md:flex-nowrap"
        >
          <label className="flex min-w-0 basis-full items-center gap-2 text-sm md:basis-auto">
            <span className="sr-only">{t("catalog")}</span>
            <select
              className={`${selectClass} w-full min-w-0 md:w-auto md:max-w-56`}
              data-testid="lab-example-select"
              value={exampleId ?? ""}
              onChange={(event) => onOpenExample(event.target.value)}
            >
              {exampleId === undefined ? <option value="">{sourceTitle ?? t("importedCatalog")}</option> : null}
              {LAB_EXAMPLES.map((example) => (
                <option key={example.id} value={example.id}>
                  {localizedExample(example, locale).title}
                </option>
              ))}
            </select>
          </label>
          <Button
            onClick={() => setImporting(true)}
            data-testid="lab-import-catalog"
            aria-label={t("importCatalog")}
            className="shrink-0"
          >
            <span>
              <span className="sm:hidden">{t("importShort")}</span>
              <span className="hidden sm:inline">{t("importCatalog")}</span>
            </span>
          </Button>
          <div
            role="group"
            aria-label={t("cutoffLabel")}
            title={t("cutoffHint")}
            className="flex shrink-0 items-center rounded-lg border border-line bg-panel p-0.5 shadow-sm"
            data-testid="lab-k"
          >
            <span className="px-2 text-xs font-semibold text-muted">{t("cutoffShort")}</span>
            {CUTOFFS.map((cutoff) => (
              <button
                key={cutoff}
                type="button"
                aria-pressed={k === cutoff}
                onClick={() => onK(cutoff)}
                aria-label={t("cutoffOption", { k: cutoff })}
                className={`h-8 w-8 rounded-md text-sm font-semibold tabular ${k === cutoff ? "bg-accent text-white dark:text-[#0d1016]" : "text-muted hover:text-ink"}`}
              >
                {cutoff}
              </button>
            ))}
          </div>
          <LocaleSwitch />
          <LabThemeToggle />
        </nav>
      </div>
      {importing ? <ImportCatalogDialog onImport={onImportCatalog} onClose={() => setImporting(false)} /> : null}
    </header>
  );
}
