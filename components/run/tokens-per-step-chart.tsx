"use client";
import { useCallback, useMemo } from "react";
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
import type { SegmentCacheStatus } from "@/lib/engine/types";
import { isLiveStep } from "@/lib/live/chart-overlay";
import { CACHE_STATUS_STYLES } from "@/lib/view/cache-status";
import { tokensPerStepRows, type ChartStep, type TokensPerStepRow } from "@/lib/view/chart-data";
import { formatTokens, formatTokensCompact, formatUsd } from "@/lib/view/format";
import { STEP_KINDS } from "@/lib/view/step-kind";
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

const SERIES: ReadonlyArray<{
  key: "cacheRead" | "cacheWrite" | "uncached";
  status: SegmentCacheStatus;
  name: string;
}> = [
  { key: "cacheRead", status: "read", name: "Cache read" },
  { key: "cacheWrite", status: "write", name: "Cache write" },
  { key: "uncached", status: "uncached", name: "Uncached input" },
];

/** A refused request's tokens: sent, but read and billed by nobody. */
const REFUSED_COLOR = "var(--danger)";

/** A live run's row also carries the input the provider reported (null when it reported none). */
type ChartRow = TokensPerStepRow & { measuredInput?: number | null };
const MEASURED_COLOR = "var(--ink)";

function StepTooltip({ active, payload }: TooltipContentProps) {
  const row = active ? (payload?.[0]?.payload as ChartRow | undefined) : undefined;
  if (!row) return null;
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="font-semibold">
        Request {row.index + 1} · {STEP_KINDS[row.kind].label} · turn {row.turn + 1}
      </p>
      <p className="mb-1 text-muted">{row.title}</p>
      {row.refused !== null ? (
        <p className="mb-1 font-semibold text-danger">
          Refused by the provider ({row.refused}): {formatTokens(row.refusedInput)} tokens sent, none read or billed
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
                {series.name}
              </td>
              <td className="text-right">{formatTokens(row[series.key])}</td>
            </tr>
          ))}
          <tr className="border-t border-line font-semibold">
            <td className="pr-3 pt-1">Input</td>
            <td className="pt-1 text-right">{formatTokens(row.input)}</td>
          </tr>
          {row.measuredInput !== undefined ? (
            <tr>
              <td className="pr-3">Measured input</td>
              <td className="text-right">
                {row.measuredInput === null ? "not reported" : formatTokens(row.measuredInput)}
              </td>
            </tr>
          ) : null}
          <tr>
            <td className="pr-3">Output</td>
            <td className="text-right">{formatTokens(row.output)}</td>
          </tr>
          <tr>
            <td className="pr-3">Cost</td>
            <td className="text-right">{formatUsd(row.costUsd)}</td>
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
        {row.refused !== null ? "refused" : STEP_KINDS[row.kind].label}
      </text>
    </g>
  );
}

const CHART_MARGIN = { top: 4, right: 8, bottom: 30, left: 18 };
const X_AXIS_LABEL = {
  value: "Request (number and kind)",
  position: "insideBottom",
  offset: -26,
  style: AXIS_LABEL_STYLE,
} as const;
const Y_AXIS_LABEL_TOKENS = { ...Y_AXIS_LABEL, value: "Input tokens" };
const CURSOR = { fill: CURSOR_FILL };
const POINTER = { cursor: "pointer" };
const formatYTick = (value: number) => formatTokensCompact(value);

/** Input tokens of every request of one strategy, stacked by what the cache did with them. */
export function TokensPerStepChart({ run, currentIndex, onSelectStep, height = "100%" }: TokensPerStepChartProps) {
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
    (value: number) => STEP_KINDS[rows.find((row) => row.index === value)?.kind ?? "answer"].label,
    [rows],
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
      ? "No requests to chart."
      : `Input tokens per request for ${rows.length} requests, stacked as cache read, cache write and uncached.` +
        (current
          ? current.refused !== null
            ? ` Request ${current.index + 1}: refused by the provider (${current.refused}), ${formatTokens(current.refusedInput)} tokens sent and none billed.`
            : ` Request ${current.index + 1}: ${formatTokens(current.cacheRead)} read, ${formatTokens(current.cacheWrite)} written, ${formatTokens(current.uncached)} uncached.`
          : "");
  return (
    <ChartFrame
      testId="chart-tokens-per-step"
      summary={summary}
      height={height}
      empty={rows.length === 0 ? "No requests: this strategy did not run." : null}
      legend={
        <ChartLegend
          items={[
            ...SERIES.map((series) => ({
              key: series.key,
              label: hasMeasured ? `${series.name} (predicted)` : series.name,
              color: CACHE_STATUS_STYLES[series.status].color,
              shape: "square" as const,
            })),
            ...(rows.some((row) => row.refused !== null)
              ? [{ key: "refused", label: "Refused (not billed)", color: REFUSED_COLOR, shape: "square" as const }]
              : []),
            ...(hasMeasured
              ? [{ key: "measured", label: "Measured input", color: MEASURED_COLOR, shape: "line" as const }]
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
            label={X_AXIS_LABEL}
          />
          <YAxis
            stroke={AXIS_STROKE}
            tick={AXIS_TICK}
            tickFormatter={formatYTick}
            width={64}
            label={Y_AXIS_LABEL_TOKENS}
          />
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
              name={series.name}
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
              name="Measured input"
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
