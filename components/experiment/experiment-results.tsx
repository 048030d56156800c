"use client";
/** The results: the cells table, the bars with whiskers, the per-task heat map, paired comparisons and exports. */
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { useMoney } from "@/components/ui/money";
import { currencyOf } from "@/lib/view/money";
import { metricsByCell, type CellMetrics } from "@/lib/experiment/metrics";
import { allComparisons, experimentCsv, experimentJson, experimentMarkdown } from "@/lib/experiment/report";
import type { Interval } from "@/lib/experiment/stats";
import type { TaskRunResult } from "@/lib/experiment/types";
import type { StrategyId } from "@/lib/core/ids";
import { ExperimentChart } from "./experiment-chart";

function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

const percent = (value: number | null) => (value === null ? null : `${(value * 100).toFixed(1)} %`);
const range = (interval: Interval | null) =>
  interval ? `[${(interval[0] * 100).toFixed(1)}, ${(interval[1] * 100).toFixed(1)}]` : "";

export function ExperimentResults({
  results,
  title,
  onShare,
  shareState,
  baseline,
}: {
  results: readonly TaskRunResult[];
  title: string;
  onShare?: () => void;
  shareState?: "idle" | "copied";
  /** The position design's up-front strategy: only the comparisons against it are shown, under the design's name. */
  baseline?: StrategyId;
}) {
  const t = useTranslations("experiment");
  const money = useMoney();
  const cells = metricsByCell(results);
  const mode = (cell: CellMetrics) => (cell.mode === "measured" ? t("measured") : t("simulatedMode"));
  const label = (cell: CellMetrics) => `${cell.strategy} (${mode(cell)})`;
  const none = t("none");
  const tasks = [...new Set(results.map((result) => result.taskId))];
  const comparisons = allComparisons(results).filter(
    (comparison) => comparison.metric === "completion" && (baseline === undefined || comparison.a === baseline),
  );
  return (
    <section className="flex flex-col gap-4" aria-label={t("results")}>
      <h2 className="text-lg font-semibold">{t("results")}</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="experiment-table">
          <thead>
            <tr className="border-b border-line">
              <th className="p-1">{t("strategy")}</th>
              <th className="p-1">{t("mode")}</th>
              <th className="p-1">{t("runs")}</th>
              <th className="p-1">{t("selection")}</th>
              <th className="p-1">{t("argumentErrors")}</th>
              <th className="p-1">{t("completion")}</th>
              <th className="p-1">{t("discovery")}</th>
              <th className="p-1">{t("inputTokens")}</th>
              <th className="p-1">{t("cacheHitRate")}</th>
              <th className="p-1">{t("ttft")}</th>
              <th className="p-1">{t("cost")}</th>
            </tr>
          </thead>
          <tbody>
            {cells.map((cell) => (
              <tr key={`${cell.mode}-${cell.strategy}-${cell.model}`} className="border-b border-line">
                <td className="p-1">
                  <code>{cell.strategy}</code>
                  {cell.searches.length > 0 && (
                    <span className="block text-xs text-muted" data-testid="experiment-search-ran">
                      {t("searchRan", { searches: cell.searches.map((kind) => t(`searchKind.${kind}`)).join(", ") })}
                      {cell.searchFallbacks > 0 ? ` ${t("searchFellBack", { count: cell.searchFallbacks })}` : ""}
                    </span>
                  )}
                </td>
                <td className="p-1">{mode(cell)}</td>
                <td className="p-1">{cell.runs}</td>
                <td className="p-1">
                  {percent(cell.toolSelectionAccuracy) ?? none} {range(cell.toolSelectionAccuracyInterval)}
                </td>
                <td className="p-1">
                  {percent(cell.argumentErrorRate) ?? none} {range(cell.argumentErrorRateInterval)}
                </td>
                <td className="p-1">
                  {percent(cell.completionRate) ?? none} {range(cell.completionRateInterval)}
                </td>
                <td className="p-1">{cell.discoveryCallsPerTask?.toFixed(2) ?? none}</td>
                <td className="p-1">
                  {cell.tokens ? Math.round(cell.tokens.input) : none} (
                  {cell.predictedTokens ? Math.round(cell.predictedTokens.input) : none})
                </td>
                <td className="p-1">{percent(cell.cacheHitRate) ?? none}</td>
                <td className="p-1">
                  {cell.ttftMs.median === null
                    ? none
                    : t("ttftValue", { median: Math.round(cell.ttftMs.median), p90: Math.round(cell.ttftMs.p90 ?? 0) })}
                </td>
                <td className="p-1" data-currency={currencyOf(cell.provider, cell.model)}>
                  {/* Each cell in its own model's currency: cells of two providers may be in CNY and USD. */}
                  {cell.costUsd === null
                    ? none
                    : money.format(cell.costUsd, { currency: currencyOf(cell.provider, cell.model), decimals: 5 })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="font-semibold">{t("chartTitle")}</h3>
      <ExperimentChart cells={cells} label={label} />
      <h3 className="font-semibold">{t("heatMap")}</h3>
      <div className="overflow-x-auto">
        <table className="text-xs" data-testid="experiment-heat-map">
          <thead>
            <tr>
              <th />
              {cells.map((cell) => (
                <th key={label(cell)} className="p-1 font-normal">
                  {label(cell)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => (
              <tr key={task}>
                <th className="p-1 text-left font-normal">
                  <code>{task}</code>
                </th>
                {cells.map((cell) => {
                  const runs = results.filter(
                    (result) =>
                      result.taskId === task && result.mode === cell.mode && result.cell.strategy === cell.strategy,
                  );
                  const done = runs.filter((result) => result.completed).length;
                  const share = runs.length ? done / runs.length : 0;
                  return (
                    <td
                      key={label(cell)}
                      className="h-6 w-16 border border-line text-center"
                      style={{ background: `color-mix(in srgb, #16a34a ${Math.round(share * 100)}%, #dc2626)` }}
                      title={t("heatMapCell", { task, strategy: cell.strategy, done, total: runs.length })}
                    >
                      {done}/{runs.length}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {comparisons.length > 0 && (
        <>
          <h3 className="font-semibold">{baseline ? t("positionComparisons", { baseline }) : t("comparisons")}</h3>
          <ul className="list-disc pl-5 text-sm" data-testid="experiment-comparisons">
            {comparisons.map((comparison) => {
              const values = {
                a: comparison.a,
                b: comparison.b,
                difference: comparison.difference.toFixed(3),
                interval: comparison.interval
                  ? `[${comparison.interval[0].toFixed(3)}, ${comparison.interval[1].toFixed(3)}]`
                  : "",
              };
              return (
                <li key={`${comparison.mode}-${comparison.a}-${comparison.b}`}>
                  {comparison.distinguishable ? t("distinguishable", values) : t("notDistinguishable", values)}
                  {comparison.tooSmall ? ` (${t("tooSmall", { pairs: comparison.pairs })})` : ""}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">{t("export")}</span>
        <Button onClick={() => download(experimentCsv(results), "experiment.csv", "text/csv")}>{t("exportCsv")}</Button>
        <Button
          onClick={() =>
            download(JSON.stringify(experimentJson(results), null, 2), "experiment.json", "application/json")
          }
        >
          {t("exportJson")}
        </Button>
        <Button onClick={() => download(experimentMarkdown(results, title), "experiment.md", "text/markdown")}>
          {t("exportMarkdown")}
        </Button>
        {onShare && <Button onClick={onShare}>{shareState === "copied" ? t("shared") : t("share")}</Button>}
      </div>
    </section>
  );
}
