"use client";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import type { Comparison, Figures } from "@/lib/live/compare";
import { formatTokens } from "@/lib/view/format";
import { useMoney } from "@/components/ui/money";

export type MeasuredVsPredictedTableProps = {
  /** From `compareSteps(steps, exactCounts)`. */
  comparison: Comparison;
  selectedStep?: number;
  onSelectStep?: (index: number) => void;
  /** "Count exactly" for one request; absent when there is no counting endpoint (Chat Completions). */
  onCountExactly?: (index: number) => void;
  /** The request being counted right now. */
  countingStep?: number | null;
  /** Whether the counts are an estimate (Claude, Kimi) or exact (o200k), for the caption. */
  estimateLabel?: string;
  className?: string;
};

const FIGURES: Array<{ key: keyof Figures }> = [
  { key: "input" },
  { key: "cacheRead" },
  { key: "cacheWrite" },
  { key: "uncached" },
  { key: "output" },
  { key: "costUsd" },
];

type MoneyFormat = (value: number) => string;

function format(key: keyof Figures, value: number, money: MoneyFormat): string {
  return key === "costUsd" ? money(value) : formatTokens(value);
}

function signed(key: keyof Figures, value: number, money: MoneyFormat): string {
  if (value === 0) return "±0";
  return `${value > 0 ? "+" : "−"}${format(key, Math.abs(value), money)}`;
}

function Cell({
  field,
  predicted,
  measured,
  difference,
}: {
  field: keyof Figures;
  predicted: number;
  measured: number | null;
  difference: number | null;
}) {
  const { format: formatMoney } = useMoney();
  const money = (value: number) => formatMoney(value);
  return (
    <td className="px-2 py-1.5 text-right align-top">
      <span
        className="tabular block text-ink-soft"
        data-testid="live-cell"
        data-field={field}
        data-source="predicted"
        data-value={predicted}
      >
        {format(field, predicted, money)}
      </span>
      <span
        className="tabular block font-semibold text-ink"
        data-testid="live-cell"
        data-field={field}
        data-source="measured"
        data-value={measured ?? ""}
      >
        {measured === null ? "—" : format(field, measured, money)}
      </span>
      <span
        className={`tabular block text-xs ${difference === null || difference === 0 ? "text-muted" : difference > 0 ? "text-danger" : "text-success"}`}
        data-testid="live-cell"
        data-field={field}
        data-source="difference"
        data-value={difference ?? ""}
      >
        {difference === null ? "" : signed(field, difference, money)}
      </span>
    </td>
  );
}

/**
 * Each live request's prediction (the engine's cache model) beside what the provider billed, with the difference
 * (measured − predicted: red when the provider counted more). "Count exactly" asks the provider's counting
 * endpoint for the prompt size of that request.
 */
export function MeasuredVsPredictedTable({
  comparison,
  selectedStep,
  onSelectStep,
  onCountExactly,
  countingStep = null,
  estimateLabel,
  className = "",
}: MeasuredVsPredictedTableProps) {
  const t = useTranslations("live");
  const headerClass = "px-2 py-2 text-right align-bottom text-xs font-semibold text-muted";
  const { rows, totals } = comparison;
  return (
    <div className={`relative overflow-x-auto ${className}`}>
      <table className="w-full border-collapse text-sm" data-testid="live-comparison">
        <caption className="px-2 pb-2 text-left text-xs text-muted">
          {t.rich("table.caption", {
            measured: (chunks) => <span className="font-semibold text-ink">{chunks}</span>,
          })}
          {estimateLabel ? ` ${t("table.estimate", { label: estimateLabel })}` : ""}
        </caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={`${headerClass} text-left`}>
              {t("table.request")}
            </th>
            {FIGURES.map((figure) => (
              <th key={figure.key} scope="col" className={headerClass}>
                {t("table.figure", { figure: figure.key })}
              </th>
            ))}
            {onCountExactly ? (
              <th scope="col" className={headerClass}>
                {t("table.exact")}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.index}
              className={`border-b border-line last:border-b-0 ${onSelectStep ? "cursor-pointer hover:bg-panel-muted" : ""} ${row.index === selectedStep ? "bg-accent-soft" : ""}`}
              onClick={onSelectStep ? () => onSelectStep(row.index) : undefined}
              data-testid="live-comparison-row"
              data-step={row.index}
              data-measured={row.measured !== null}
            >
              <th scope="row" className="max-w-56 px-2 py-1.5 text-left align-top font-normal">
                <span className="block font-semibold text-ink">
                  {row.index + 1}. {row.title}
                </span>
                <span className="block text-xs text-muted">
                  {t("table.turn", { turn: row.turn + 1 })} · {row.kind}
                </span>
              </th>
              {FIGURES.map((figure) => (
                <Cell
                  key={figure.key}
                  field={figure.key}
                  predicted={row.predicted[figure.key]}
                  measured={row.measured ? row.measured[figure.key] : null}
                  difference={row.difference ? row.difference[figure.key] : null}
                />
              ))}
              {onCountExactly ? (
                <td className="px-2 py-1.5 text-right align-top">
                  {row.exact ? (
                    <span
                      className="tabular block"
                      data-testid="live-exact"
                      data-value={row.exact.inputTokens}
                      data-difference={row.exact.difference}
                      title={row.exact.method}
                    >
                      {formatTokens(row.exact.inputTokens)}
                      <span className="block text-xs text-muted">
                        {t("table.vsPredicted", { difference: signed("input", row.exact.difference, formatTokens) })}
                      </span>
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={(event) => {
                        event.stopPropagation();
                        onCountExactly(row.index);
                      }}
                      disabled={countingStep !== null}
                      data-testid="live-count-exactly"
                    >
                      {countingStep === row.index ? t("table.counting") : t("table.countExactly")}
                    </Button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        {rows.length > 0 ? (
          <tfoot>
            <tr className="border-t-2 border-line" data-testid="live-comparison-total">
              <th scope="row" className="px-2 py-1.5 text-left font-semibold text-ink">
                {t("table.all")}
              </th>
              {FIGURES.map((figure) => (
                <Cell
                  key={figure.key}
                  field={figure.key}
                  predicted={totals.predicted[figure.key]}
                  measured={totals.measured ? totals.measured[figure.key] : null}
                  difference={totals.difference ? totals.difference[figure.key] : null}
                />
              ))}
              {onCountExactly ? <td /> : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
