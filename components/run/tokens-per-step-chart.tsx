"use client";
import { useMoney } from "@/components/ui/money";
import { useCallback, useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type XAxisTickContentProps,
} from "recharts";
import { ChartFrame } from "@/components/ui/chart-frame";
import { engineTitleText } from "@/lib/i18n/engine-notes";
import type { Locale } from "@/lib/i18n/locales";
import type { SegmentCacheStatus } from "@/lib/engine/types";
import { isLiveStep } from "@/lib/live/chart-overlay";
import { CACHE_STATUS_STYLES } from "@/lib/view/cache-status";
import { tokensPerStepRows, type ChartStep, type TokensPerStepRow } from "@/lib/view/chart-data";
import { formatTokens, formatTokensCompact } from "@/lib/view/format";
import { ChartLegend } from "./chart-legend";
import {
  AXIS_LABEL_STYLE,
  AXIS_STROKE,
  AXIS_TICK,
  CURSOR_FILL,
  GRID_STROKE,
  TOOLTIP_CLASS,
  Y_AXIS_LABEL,
} from "./chart-theme";

export type TokensPerStepChartProps = {
  /** The selected strategy's run (RunSummary fits). */
  run: { steps: readonly ChartStep[] };
  /** Index of the current step, highlighted. */
  currentIndex: number;
  /** Clicking a step's bar selects it. */
  onSelectStep?: (index: number) => void;
  height?: number | string;
};

/** Named by lib/i18n's run.charts.series.<key>. */
const SERIES: ReadonlyArray<{ key: "cacheRead" | "cacheWrite" | "uncached"; status: SegmentCacheStatus }> = [
  { key: "cacheRead", status: "read" },
  { key: "cacheWrite", status: "write" },
  { key: "uncached", status: "uncached" },
];

/** A refused request's tokens: sent, but read and billed by nobody. */
const REFUSED_COLOR = "var(--danger)";

/** A live run's row also carries the input the provider reported (null when it reported none). */
type ChartRow = TokensPerStepRow & { measuredInput?: number | null };
const MEASURED_COLOR = "var(--ink)";

function StepTooltip({ active, payload }: TooltipContentProps) {
  const money = useMoney();
  const t = useTranslations("run");
  const locale = useLocale() as Locale;
  const row = active ? (payload?.[0]?.payload as ChartRow | undefined) : undefined;
  if (!row) return null;
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="font-semibold">
        {t("charts.tooltipTitle", {
          index: row.index + 1,
          kind: t(`stepKind.${row.kind}.label`),
          turn: row.turn + 1,
        })}
      </p>
      <p className="mb-1 text-muted">{engineTitleText(row.title, locale)}</p>
      {row.refused !== null ? (
        <p className="mb-1 font-semibold text-danger">
          {t("charts.tooltipRefused", { status: row.refused, tokens: row.refusedInput })}
        </p>
      ) : null}
      <table className="tabular">
        <tbody>
          {SERIES.map((series) => (
            <tr key={series.key}>
              <td className="pr-3">
                <span
                  className="mr-2 inline-block h-2.5 w-2.5 rounded-sm"
                  style={{ background: CACHE_STATUS_STYLES[series.status].color }}
                />
                {t(`charts.series.${series.key}`)}
              </td>
              <td className="text-right">{formatTokens(row[series.key])}</td>
            </tr>
          ))}
          <tr className="border-t border-line font-semibold">
            <td className="pr-3 pt-1">{t("charts.input")}</td>
            <td className="pt-1 text-right">{formatTokens(row.input)}</td>
          </tr>
          {row.measuredInput !== undefined ? (
            <tr>
              <td className="pr-3">{t("charts.measured")}</td>
              <td className="text-right">
                {row.measuredInput === null ? t("charts.notReported") : formatTokens(row.measuredInput)}
              </td>
            </tr>
          ) : null}
          <tr>
            <td className="pr-3">{t("charts.output")}</td>
            <td className="text-right">{formatTokens(row.output)}</td>
          </tr>
          <tr>
            <td className="pr-3">{t("charts.cost")}</td>
            <td className="text-right">{money.format(row.costUsd)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** Two-line x tick: the request number, and its kind underneath. The current step is bold. */
function StepTick({
  x,
  y,
  value,
  rows,
  currentIndex,
}: {
  x: number;
  y: number;
  value: unknown;
  rows: readonly TokensPerStepRow[];
  currentIndex: number;
}) {
  const t = useTranslations("run");
  const row = rows.find((candidate) => candidate.index === value);
  if (!row) return null;
  const current = row.index === currentIndex;
  return (
    <g transform={`translate(${x},${y})`}>
      <text
        dy={14}
        textAnchor="middle"
        fill={current ? "var(--ink)" : "var(--muted)"}
        fontSize={13}
        fontWeight={current ? 700 : 400}
      >
        {row.index + 1}
      </text>
      <text dy={29} textAnchor="middle" fill={row.refused !== null ? REFUSED_COLOR : "var(--muted)"} fontSize={11}>
        {row.refused !== null ? t("charts.refused") : t(`stepKind.${row.kind}.label`)}
      </text>
    </g>
  );
}

const CHART_MARGIN = { top: 4, right: 8, bottom: 30, left: 18 };
const X_AXIS_LABEL = { position: "insideBottom", offset: -26, style: AXIS_LABEL_STYLE } as const;
const CURSOR = { fill: CURSOR_FILL };
const POINTER = { cursor: "pointer" };
const formatYTick = (value: number) => formatTokensCompact(value);

/** Input tokens of every request of one strategy, stacked by what the cache did with them. */
export function TokensPerStepChart({ run, currentIndex, onSelectStep, height = "100%" }: TokensPerStepChartProps) {
  const t = useTranslations("run");
  const xAxisLabel = useMemo(() => ({ ...X_AXIS_LABEL, value: t("charts.xAxis") }), [t]);
  const yAxisLabel = useMemo(() => ({ ...Y_AXIS_LABEL, value: t("charts.yTokens") }), [t]);
  // A live run is overlaid with what the provider measured: bars are the engine's prediction, the line the bill.
  // Kept per run (and every prop below kept too): stepping moves only the marker, and Recharts recomputes its whole
  // layout whenever its data or an axis prop is a new object.
  const rows: ChartRow[] = useMemo(
    () =>
      tokensPerStepRows(run.steps).map((row, position) => {
        const step = run.steps[position];
        return isLiveStep(step) ? { ...row, measuredInput: step.measured?.input ?? null } : row;
      }),
    [run.steps],
  );
  const onChartClick = useCallback(
    (state: { activeTooltipIndex?: unknown } | null) => {
      const position = Number(state?.activeTooltipIndex);
      if (onSelectStep && Number.isInteger(position) && rows[position]) onSelectStep(rows[position].index);
    },
    [onSelectStep, rows],
  );
  // Only measured, to space the ticks: the kind is the wider of the tick's two lines.
  const formatXTick = useCallback(
    (value: number) => t(`stepKind.${rows.find((row) => row.index === value)?.kind ?? "answer"}.label`),
    [rows, t],
  );
  const renderTick = useCallback(
    (props: XAxisTickContentProps) => (
      <StepTick
        x={Number(props.x)}
        y={Number(props.y)}
        value={props.payload.value}
        rows={rows}
        currentIndex={currentIndex}
      />
    ),
    [rows, currentIndex],
  );
  const hasMeasured = rows.some((row) => row.measuredInput !== undefined);
  const current = rows.find((row) => row.index === currentIndex);
  const summary =
    rows.length === 0
      ? t("charts.noRequests")
      : t("charts.tokensSummary", { count: rows.length }) +
        (current
          ? current.refused !== null
            ? t("charts.tokensCurrentRefused", {
                index: current.index + 1,
                status: current.refused,
                tokens: current.refusedInput,
              })
            : t("charts.tokensCurrent", {
                index: current.index + 1,
                read: current.cacheRead,
                written: current.cacheWrite,
                uncached: current.uncached,
              })
          : "");
  return (
    <ChartFrame
      testId="chart-tokens-per-step"
      summary={summary}
      height={height}
      empty={rows.length === 0 ? t("charts.noRun") : null}
      legend={
        <ChartLegend
          items={[
            ...SERIES.map((series) => ({
              key: series.key,
              label: hasMeasured
                ? t("charts.predicted", { name: t(`charts.series.${series.key}`) })
                : t(`charts.series.${series.key}`),
              color: CACHE_STATUS_STYLES[series.status].color,
              shape: "square" as const,
            })),
            ...(rows.some((row) => row.refused !== null)
              ? [{ key: "refused", label: t("charts.refusedLegend"), color: REFUSED_COLOR, shape: "square" as const }]
              : []),
            ...(hasMeasured
              ? [{ key: "measured", label: t("charts.measured"), color: MEASURED_COLOR, shape: "line" as const }]
              : []),
          ]}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%" minWidth={0} minHeight={0}>
        <ComposedChart
          data={rows}
          margin={CHART_MARGIN}
          onClick={onChartClick}
          style={onSelectStep ? POINTER : undefined}
        >
          <CartesianGrid vertical={false} stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis
            dataKey="index"
            stroke={AXIS_STROKE}
            tickLine={false}
            interval="preserveStartEnd"
            minTickGap={8}
            height={36}
            tickFormatter={formatXTick}
            tick={renderTick}
            label={xAxisLabel}
          />
          <YAxis stroke={AXIS_STROKE} tick={AXIS_TICK} tickFormatter={formatYTick} width={64} label={yAxisLabel} />
          <Tooltip content={StepTooltip} cursor={CURSOR} isAnimationActive={false} />
          {current ? (
            <ReferenceArea
              x1={current.index}
              x2={current.index}
              fill="var(--accent)"
              fillOpacity={0.14}
              stroke="var(--accent)"
              strokeOpacity={0.6}
              ifOverflow="extendDomain"
            />
          ) : null}
          {SERIES.map((series) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={t(`charts.series.${series.key}`)}
              stackId="input"
              fill={CACHE_STATUS_STYLES[series.status].color}
              isAnimationActive={false}
              maxBarSize={48}
            />
          ))}
          <Bar
            dataKey="refusedInput"
            name="Refused (not billed)"
            stackId="input"
            fill={REFUSED_COLOR}
            isAnimationActive={false}
            maxBarSize={48}
          />
          {hasMeasured ? (
            <Line
              dataKey="measuredInput"
              name={t("charts.measured")}
              stroke={MEASURED_COLOR}
              strokeWidth={2}
              dot={{ r: 4, fill: MEASURED_COLOR }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
