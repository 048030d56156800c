"use client";
import type { KeyboardEvent } from "react";
import { useLocale, useTranslations } from "use-intl";
import { supportReasonText } from "@/lib/i18n/engine-notes";
import type { Locale } from "@/lib/i18n/locales";
import type { ProviderId, StrategyId } from "@/lib/core/ids";
import { compareTable } from "@/lib/view/compare";
import { formatPercent, formatTokens } from "@/lib/view/format";
import { currencyNote } from "@/lib/view/money";
import { useMoney } from "@/components/ui/money";
import { GOALS } from "@/lib/view/goals";
import { providerLabel } from "@/lib/view/provider-labels";
import { strategyTitleIn } from "@/lib/view/strategy-info";
import { STRATEGY_STYLES } from "@/lib/view/strategy-colors";
import type { RunSummary } from "@/lib/workbench/types";
import { ThirdPartySurfaceLines } from "@/components/variants/third-party-surface";

export type CompareTableProps = {
  runs: ReadonlyArray<Pick<RunSummary, "id" | "provider" | "model" | "refused" | "totals" | "goals" | "thirdParty">>;
  selectedId?: StrategyId;
  /** Click or Enter on a row. */
  onSelect?: (id: StrategyId) => void;
  /** The provider and model "cheapest" is judged on: runs moved elsewhere pay other prices and are not compared. */
  comparableOn?: { provider: ProviderId; model: string };
  className?: string;
};

const NUMBER_COLUMNS = 6;

/**
 * Every strategy on the current scenario, side by side. Raw values sit in `data-value` so tests can compare them
 * with `npm run simulate --json` without parsing formatted text.
 */
export function CompareTable({ runs, selectedId, onSelect, comparableOn, className = "" }: CompareTableProps) {
  const { rows, costDecimals } = compareTable(runs, comparableOn);
  const t = useTranslations("run");
  const locale = useLocale() as Locale;
  const money = useMoney();
  const note = currencyNote(
    rows.map((row) => row.currency),
    locale,
  );
  const br = () => <br />;
  const verdict = (key: (typeof GOALS)[number]["key"], met: boolean) =>
    t("goals.verdict", { goal: t(`goals.${key}.label`), met: met ? "yes" : "no" });
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, id: StrategyId) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onSelect?.(id);
  };
  // The figures' headers sit right, over their numbers; the strategy's header sits left, over the names.
  const headerBaseClass = "px-2 py-2 align-bottom text-xs leading-tight font-semibold text-muted";
  const headerClass = `${headerBaseClass} text-right`;

  return (
    <div className={`relative overflow-x-auto px-3 pb-2 ${className}`}>
      <table className="w-full border-collapse text-base" data-testid="compare-table">
        <caption className="sr-only">{t("compare.caption")}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={`${headerBaseClass} text-left`} data-testid="compare-strategy-header">
              {t("compare.strategy")}
            </th>
            <th scope="col" className={headerClass}>
              {t("compare.requests")}
            </th>
            <th scope="col" className={headerClass}>
              {t("compare.input")}
            </th>
            <th scope="col" className={headerClass}>
              {t.rich("compare.hitTokens", { br })}
            </th>
            <th scope="col" className={headerClass}>
              {t.rich("compare.hitRequests", { br })}
            </th>
            <th scope="col" className={headerClass}>
              {t("compare.cost")}
            </th>
            <th scope="col" className={headerClass}>
              {t.rich("compare.tools", { br })}
            </th>
            {GOALS.map((goal) => (
              <th
                key={goal.key}
                scope="col"
                className={`${headerClass} w-16 text-center`}
                title={t(`goals.${goal.key}.description`)}
              >
                {t(`goals.${goal.key}.label`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const selected = row.id === selectedId;
            const totals = row.totals;
            return (
              <tr
                key={row.id}
                tabIndex={onSelect ? 0 : undefined}
                data-testid="compare-row"
                data-strategy={row.id}
                data-selected={selected}
                data-refused={row.refusedReason !== null}
                aria-current={selected ? "true" : undefined}
                onClick={onSelect ? () => onSelect(row.id) : undefined}
                onKeyDown={onSelect ? (event) => onKeyDown(event, row.id) : undefined}
                className={`border-b border-line last:border-b-0 ${onSelect ? "cursor-pointer hover:bg-panel-muted" : ""} ${selected ? "bg-accent-soft" : ""}`}
              >
                <th scope="row" className="w-44 max-w-44 px-2 py-2.5 text-left font-normal sm:w-56 sm:max-w-56">
                  <span className="flex items-center gap-2.5">
                    <span
                      aria-hidden
                      className="inline-block h-3 w-3 shrink-0 rounded-full"
                      style={{ background: STRATEGY_STYLES[row.id].color }}
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink">
                        {strategyTitleIn(row.id, locale)}
                        {selected ? <span className="sr-only">{t("compare.selected")}</span> : null}
                      </span>
                      {/* Whole, never cut: the provider and model are what this row's figures are for. */}
                      <span className="block text-sm text-muted [overflow-wrap:anywhere]" data-testid="compare-model">
                        {providerLabel(row.provider, locale)} · <span className="whitespace-nowrap">{row.model}</span>
                      </span>
                    </span>
                  </span>
                </th>
                {totals ? (
                  <>
                    <td className="tabular px-2 text-right" data-testid="compare-requests" data-value={totals.requests}>
                      {formatTokens(totals.requests)}
                    </td>
                    <td className="tabular px-2 text-right" data-testid="compare-input" data-value={totals.input}>
                      {formatTokens(totals.input)}
                    </td>
                    <td
                      className="tabular px-2 text-right"
                      data-testid="compare-hit-tokens"
                      data-value={totals.cacheHitRateByTokens}
                    >
                      {formatPercent(totals.cacheHitRateByTokens)}
                    </td>
                    <td
                      className="tabular px-2 text-right"
                      data-testid="compare-hit-requests"
                      data-value={totals.cacheHitRateByRequests}
                    >
                      {formatPercent(totals.cacheHitRateByRequests)}
                    </td>
                    <td
                      className="px-2 text-right"
                      data-testid="compare-cost"
                      data-value={totals.costUsd}
                      data-currency={row.currency}
                      data-cheapest={row.cheapest}
                    >
                      {totals.failsAtRequest !== undefined ? (
                        <span
                          className="inline-block font-semibold text-danger"
                          data-testid="compare-fails"
                          title={t("compare.failsTitle")}
                        >
                          {t("compare.fails", { request: totals.failsAtRequest })}
                        </span>
                      ) : (
                        <span
                          className={`tabular inline-block rounded-md px-1.5 py-0.5 font-semibold ${row.cheapest ? "bg-success/15 text-success ring-1 ring-success/40" : "text-ink"}`}
                        >
                          {money.format(totals.costUsd, { decimals: costDecimals, currency: row.currency })}
                        </span>
                      )}
                      {row.cheapest ? (
                        <span className="block text-xs font-medium text-success">{t("compare.cheapest")}</span>
                      ) : null}
                      {row.comparable ? null : (
                        <span
                          className="block text-xs text-muted"
                          data-testid="compare-other-model"
                          title={t("compare.otherModelTitle", {
                            provider: providerLabel(row.provider, locale),
                            model: row.model,
                          })}
                        >
                          {t("compare.otherModel")}
                        </span>
                      )}
                    </td>
                    <td
                      className="tabular px-2 text-right"
                      data-testid="compare-tools"
                      data-found={totals.toolsFound}
                      data-needed={totals.toolsNeeded}
                    >
                      <span className={totals.toolsFound < totals.toolsNeeded ? "font-semibold text-danger" : ""}>
                        {formatTokens(totals.toolsFound)} / {formatTokens(totals.toolsNeeded)}
                      </span>
                    </td>
                  </>
                ) : (
                  <td colSpan={NUMBER_COLUMNS} className="px-2 py-2.5 text-sm text-muted" data-testid="compare-refused">
                    <span className="font-semibold text-danger">{t("compare.cannotRun")}</span>
                    {row.refusedReason === null ? null : supportReasonText(row.refusedReason, locale)}
                  </td>
                )}
                {GOALS.map((goal) => {
                  const met = row.goals[goal.key];
                  return (
                    <td
                      key={goal.key}
                      className="px-2 text-center"
                      data-testid="compare-goal"
                      data-goal={goal.key}
                      data-met={met}
                    >
                      <span
                        role="img"
                        aria-label={verdict(goal.key, met)}
                        title={verdict(goal.key, met)}
                        className={`text-xl font-bold ${met ? "text-success" : "text-danger"}`}
                      >
                        {met ? "✓" : "✗"}
                      </span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {note ? (
        <p className="mt-1 text-xs text-muted" data-testid="compare-currency">
          {note}
        </p>
      ) : null}
      <ThirdPartySurfaceLines runs={runs} titleOf={(id) => strategyTitleIn(id, locale)} />
    </div>
  );
}
