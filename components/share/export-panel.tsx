"use client";
/**
 * Export: the scenario file, the current request of each strategy as curl / TypeScript / Python, and the
 * simulation results as JSON and CSV. Presentational: the page passes the data and the loaders (request bodies and
 * full runs live in the engine worker, not in the page).
 */
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { WireRequest } from "@/lib/engine/types";
import { CODE_FORMATS, type CodeFormat, requestCode } from "@/lib/export/request-code";
import { type CsvRun, simulationCsv } from "@/lib/report/simulation-csv";
import { serializeScenario } from "@/lib/scenario/serialize-scenario";
import type { Scenario } from "@/lib/scenario/types";
import { exportRequestLabel } from "@/lib/view/export-request-label";
import { copyText, downloadText, fileNameFor } from "./download";

export type ExportPanelProps = {
  scenario: Scenario | null;
  /** Strategies that have a run (refused ones are left out by the page or shown disabled). */
  strategies: ReadonlyArray<{ id: string; label: string }>;
  /** The request of `strategyId` at the current step. */
  loadRequest(strategyId: string): Promise<WireRequest | null>;
  /** Run summaries of every strategy, for CSV. */
  runs: readonly CsvRun[];
  /** The documented `simulationJson` of the full runs (computed where the runs are: the worker). */
  loadResultsJson(): Promise<unknown>;
  /** The strategy on the page: "current request" starts there, not at the first strategy in the list. */
  initialStrategyId?: string;
  /** The page's request (0-based), to say which request the code is. */
  stepIndex?: number;
};

const EXTENSIONS: Record<CodeFormat, string> = { json: "json", curl: "sh", typescript: "ts", python: "py" };

export function ExportPanel({
  scenario,
  strategies,
  loadRequest,
  runs,
  loadResultsJson,
  initialStrategyId,
  stepIndex = 0,
}: ExportPanelProps) {
  const [strategyId, setStrategyId] = useState(
    strategies.find((strategy) => strategy.id === initialStrategyId)?.id ?? strategies[0]?.id ?? "",
  );
  const [format, setFormat] = useState<CodeFormat>("curl");
  const [code, setCode] = useState<{ text: string } | { error: string } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const t = useTranslations("share");
  const title = scenario?.title ?? "scenario";

  async function showCode(nextStrategy = strategyId, nextFormat = format) {
    setCode(null);
    try {
      const request = await loadRequest(nextStrategy);
      setCode(request ? { text: requestCode(request, nextFormat) } : { error: t("export.noRequest") });
    } catch (error) {
      setCode({
        error: t("export.loadFailed", { detail: error instanceof Error ? error.message : String(error) }),
      });
    }
  }

  async function exportJson() {
    try {
      downloadText(fileNameFor(`${title} results`, "json"), `${JSON.stringify(await loadResultsJson(), null, 2)}\n`);
    } catch (error) {
      setStatus(t("export.exportFailed", { detail: error instanceof Error ? error.message : String(error) }));
    }
  }

  return (
    <div className="space-y-5" data-testid="export-panel">
      <section className="flex flex-wrap gap-2">
        <Button
          disabled={!scenario}
          onClick={() => scenario && downloadText(fileNameFor(title, "json"), serializeScenario(scenario))}
          data-testid="export-scenario"
        >
          {t("export.scenarioFile")}
        </Button>
        <Button disabled={runs.length === 0} onClick={() => void exportJson()} data-testid="export-results-json">
          {t("export.resultsJson")}
        </Button>
        <Button
          disabled={runs.length === 0}
          onClick={() => downloadText(fileNameFor(`${title} results`, "csv"), simulationCsv(runs), "text/csv")}
          data-testid="export-results-csv"
        >
          {t("export.resultsCsv")}
        </Button>
      </section>
      {status ? (
        <p role="alert" className="text-sm text-danger">
          {status}
        </p>
      ) : null}

      <section>
        <h3 className="text-sm font-semibold">{t("export.asCode")}</h3>
        <p className="mt-0.5 text-xs text-muted" data-testid="export-request-label">
          {exportRequestLabel(
            runs.find((run) => run.id === strategyId),
            stepIndex,
          )}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <select
            aria-label={t("export.strategy")}
            value={strategyId}
            onChange={(event) => {
              setStrategyId(event.target.value);
              void showCode(event.target.value, format);
            }}
            className="h-9 rounded-lg border border-line bg-panel px-2 text-sm"
            data-testid="export-strategy"
          >
            {strategies.map((strategy) => (
              <option key={strategy.id} value={strategy.id}>
                {strategy.label}
              </option>
            ))}
          </select>
          <select
            aria-label={t("export.format")}
            value={format}
            onChange={(event) => {
              const next = event.target.value as CodeFormat;
              setFormat(next);
              void showCode(strategyId, next);
            }}
            className="h-9 rounded-lg border border-line bg-panel px-2 text-sm"
            data-testid="export-format"
          >
            {CODE_FORMATS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          <Button onClick={() => void showCode()} disabled={!strategyId} data-testid="export-show-code">
            {t("export.show")}
          </Button>
        </div>
        {code && "error" in code ? <p className="mt-2 text-sm text-muted">{code.error}</p> : null}
        {code && "text" in code ? (
          <>
            <pre
              className="mt-2 max-h-80 overflow-auto rounded-lg border border-line bg-panel-muted p-3 font-mono text-xs"
              data-testid="export-code"
            >
              {code.text}
            </pre>
            <div className="mt-2 flex gap-2">
              <Button
                size="sm"
                onClick={() => void copyText(code.text).then((ok) => setStatus(ok ? null : t("export.copyFailed")))}
              >
                {t("dialog.copy")}
              </Button>
              <Button
                size="sm"
                onClick={() =>
                  downloadText(fileNameFor(`${title} ${strategyId}`, EXTENSIONS[format]), code.text, "text/plain")
                }
              >
                {t("export.download")}
              </Button>
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
