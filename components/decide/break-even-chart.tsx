"use client";
import { useMoney } from "@/components/ui/money";
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";
import {
  AXIS_STROKE,
  AXIS_TICK,
  GRID_STROKE,
  TOOLTIP_CLASS,
  Y_AXIS_LABEL,
  countAxisProps,
} from "@/components/run/chart-theme";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { ChartLegend } from "@/components/run/chart-legend";
import { ChartFrame } from "@/components/ui/chart-frame";
import type { BreakEvenResult } from "@/lib/decide/break-even";
import { breakEvenChartData, type BreakEvenMetric } from "@/lib/decide/chart-data";
import { formatTokens, formatTokensCompact } from "@/lib/view/format";
import { strategyShortTitleIn, strategyTitleIn } from "@/lib/view/strategy-info";
import { FAILS_BOUNDARY_COLOR, FAILS_COLOR, STRATEGY_STYLES } from "@/lib/view/strategy-colors";
import { baselineStrategyId } from "@/lib/strategies";

export type BreakEvenChartProps = {
  result: BreakEvenResult;
  metric: BreakEvenMetric;
  /** Draw the closed form's lines (thin, dashed) beside the engine's. */
  showClosedForm: boolean;
  height?: number | string;
};

function formatValue(value: number, metric: BreakEvenMetric, money: (value: number) => string): string {
  return metric === "cost" ? money(value) : formatTokens(value);
}

function ExplorerTooltip({ active, payload, label, metric }: TooltipContentProps & { metric: BreakEvenMetric }) {
  const t = useTranslations("decide");
  const money = useMoney();
  if (!active || !payload?.length) return null;
  const entries = payload
    .filter((entry) => typeof entry.value === "number")
    .sort((a, b) => Number(b.value) - Number(a.value));
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="mb-1 font-semibold">{t("chart.afterTurn", { turn: String(label) })}</p>
      <table className="tabular">
        <tbody>
          {entries.map((entry) => (
            <tr key={String(entry.dataKey)}>
              <td className="pr-3">
                <span className="mr-2 inline-block h-2.5 w-2.5 rounded-full" style={{ background: entry.color }} />
                {entry.name}
              </td>
              <td className="text-right">{formatValue(Number(entry.value), metric, (value) => money.format(value))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Cumulative cost (or input tokens) of every strategy over the session's turns: the engine's line solid, the closed
 * form's dashed beside it, and a ring where each progressive strategy becomes cheaper than loading everything.
 */
export function BreakEvenChart({ result, metric, showClosedForm, height = 340 }: BreakEvenChartProps) {
  const t = useTranslations("decide");
  const money = useMoney();
  const locale = useLocale() as Locale;
  const data = breakEvenChartData(result, metric);
  const failsText = failuresSummary(data.failures, t, locale);
  const summary =
    t("chart.summary", { metric, count: data.series.length, currency: money.currency }) +
    " " +
    (data.points.length === 0
      ? t("chart.noBreakEven")
      : t("chart.breakEvens", {
          list: data.points
            .map((point) => t("chart.breakEvenAt", { strategy: strategyTitleIn(point.id, locale), turn: point.turn }))
            .join(t("chart.listSeparator")),
        })) +
    (failsText ? ` ${failsText}` : "");
  const lastTurn = result.parameters.turns;
  return (
    <ChartFrame
      testId="break-even-chart"
      summary={summary}
      height={height}
      empty={data.series.length === 0 ? t("chart.empty") : null}
      legend={
        <ChartLegend
          items={[
            ...data.series.map((series) => ({
              key: series.id,
              label: strategyShortTitleIn(series.id, locale),
              title: strategyTitleIn(series.id, locale),
              color: STRATEGY_STYLES[series.id].color,
              dash: STRATEGY_STYLES[series.id].dash,
              shape: "line" as const,
            })),
            ...(data.failures.length > 0
              ? [
                  {
                    key: "fails",
                    label: t("chart.legendFails"),
                    color: FAILS_COLOR,
                    shape: "square" as const,
                  },
                ]
              : []),
            ...(showClosedForm
              ? [
                  {
                    key: "closed-form",
                    label: t("chart.legendEstimate"),
                    color: "var(--muted)",
                    dash: "2 3",
                    shape: "line" as const,
                  },
                ]
              : []),
          ]}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%" minWidth={0} minHeight={0}>
        <LineChart data={data.rows} margin={{ top: 10, right: 16, bottom: 24, left: 18 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis {...countAxisProps("turn", t("chart.turnAxis"))} />
          <YAxis
            stroke={AXIS_STROKE}
            tick={AXIS_TICK}
            width={68}
            tickFormatter={(value: number) =>
              metric === "cost" ? money.format(value, { plain: true }) : formatTokensCompact(value)
            }
            label={{ ...Y_AXIS_LABEL, value: t("chart.yAxis", { metric, currency: money.currency }) }}
          />
          <Tooltip content={(props) => <ExplorerTooltip {...props} metric={metric} />} isAnimationActive={false} />
          {data.series.map((series) => {
            const style = STRATEGY_STYLES[series.id];
            return [
              series.hasEngine ? (
                <Line
                  key={series.engineKey}
                  type="linear"
                  dataKey={series.engineKey}
                  name={t("chart.seriesSimulated", { strategy: strategyShortTitleIn(series.id, locale) })}
                  stroke={style.color}
                  strokeWidth={series.id === baselineStrategyId() ? 3.5 : 2.5}
                  strokeDasharray={style.dash}
                  dot={data.rows.length <= 24 ? { r: 2.5, strokeWidth: 0, fill: style.color } : false}
                  isAnimationActive={false}
                />
              ) : null,
              showClosedForm || !series.hasEngine ? (
                <Line
                  key={series.closedFormKey}
                  type="linear"
                  dataKey={series.closedFormKey}
                  name={t("chart.seriesEstimate", { strategy: strategyShortTitleIn(series.id, locale) })}
                  stroke={style.color}
                  strokeWidth={1.5}
                  strokeOpacity={0.8}
                  strokeDasharray="2 3"
                  dot={false}
                  isAnimationActive={false}
                />
              ) : null,
            ];
          })}
          {data.baselineFailsFrom !== null ? (
            <ReferenceArea
              x1={Math.max(1, data.baselineFailsFrom - 0.5)}
              x2={lastTurn}
              fill={FAILS_COLOR}
              fillOpacity={0.18}
              stroke={FAILS_BOUNDARY_COLOR}
              strokeDasharray="4 3"
              ifOverflow="visible"
              label={{
                value: t("chart.baselineFailsFrom", {
                  strategy: strategyShortTitleIn(baselineStrategyId(), locale),
                  turn: data.baselineFailsFrom ?? 0,
                }),
                position: "insideTopLeft",
                fill: "var(--ink-soft)",
                fontSize: 11,
              }}
            />
          ) : null}
          {data.failures
            .filter((failure) => failure.id !== baselineStrategyId())
            .map((failure) => (
              <ReferenceLine
                key={`fails-${failure.id}`}
                x={failure.turn}
                stroke={FAILS_BOUNDARY_COLOR}
                strokeDasharray="4 3"
                label={{
                  value: t("chart.strategyFails", { strategy: strategyShortTitleIn(failure.id, locale) }),
                  position: "insideTopRight",
                  fill: "var(--ink-soft)",
                  fontSize: 11,
                }}
              />
            ))}
          {data.points.map((point) => (
            <ReferenceDot
              key={`${point.id}-${point.source}`}
              x={point.turn}
              y={point.value}
              r={7}
              fill="var(--panel)"
              stroke={STRATEGY_STYLES[point.id].color}
              strokeWidth={3}
              zIndex={700}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** The chart's words for its "fails" marks: from the same failures the marks are drawn from. */
export function failuresSummary(
  failures: ReturnType<typeof breakEvenChartData>["failures"],
  t: ReturnType<typeof useTranslations<"decide">>,
  locale: Locale,
): string {
  if (failures.length === 0) return "";
  return failures
    .map((failure) =>
      failure.atRequest !== null
        ? t("chart.failsAtRequest", {
            strategy: strategyTitleIn(failure.id, locale),
            turn: failure.turn,
            request: failure.atRequest,
            reason: failure.reason,
          })
        : t("chart.failsEstimated", {
            strategy: strategyTitleIn(failure.id, locale),
            turn: failure.turn,
            reason: failure.reason,
          }),
    )
    .join(" ");
}
