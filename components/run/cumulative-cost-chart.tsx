"use client";
import { useMoney } from "@/components/ui/money";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";
import { Button } from "@/components/ui/button";
import { ChartFrame } from "@/components/ui/chart-frame";
import type { StrategyId } from "@/lib/core/ids";
import { cumulativeCostData, type ChartStep, type CostAxis } from "@/lib/view/chart-data";

import { strategyShortTitleIn, strategyTitleIn } from "@/lib/view/strategy-info";
import { STRATEGY_STYLES } from "@/lib/view/strategy-colors";
import { ChartLegend } from "./chart-legend";
import { AXIS_STROKE, AXIS_TICK, GRID_STROKE, TOOLTIP_CLASS, Y_AXIS_LABEL, countAxisProps } from "./chart-theme";

export type CumulativeCostChartProps = {
  /** Every strategy's run (RunSummary[] fits); refused runs are left out. */
  runs: ReadonlyArray<{ id: StrategyId; refused?: { reason: string }; steps: readonly ChartStep[] }>;
  /** Drawn thicker, on top. */
  selectedId?: StrategyId;
  /** x axis: request index or turn. Leave out to let the chart's own toggle decide. */
  axis?: CostAxis;
  onAxisChange?: (axis: CostAxis) => void;
  height?: number | string;
};

function CostTooltip({ active, payload, label, axis }: TooltipContentProps & { axis: CostAxis }) {
  const money = useMoney();
  const t = useTranslations("run.charts");
  if (!active || !payload?.length) return null;
  const entries = [...payload]
    .filter((entry) => typeof entry.value === "number")
    .sort((a, b) => Number(b.value) - Number(a.value));
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="mb-1 font-semibold">
        {t(`axis.${axis}`)} {label}
      </p>
      <table className="tabular">
        <tbody>
          {entries.map((entry) => (
            <tr key={String(entry.dataKey)}>
              <td className="pr-3">
                <span className="mr-2 inline-block h-2.5 w-2.5 rounded-full" style={{ background: entry.color }} />
                {entry.name}
              </td>
              <td className="text-right">{money.format(Number(entry.value))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Cumulative cost (in the model's currency) of every strategy on one chart: where the lines part is where a strategy pays for its design. */
export function CumulativeCostChart({
  runs,
  selectedId,
  axis,
  onAxisChange,
  height = "100%",
}: CumulativeCostChartProps) {
  const t = useTranslations("run.charts");
  const locale = useLocale() as Locale;
  const money = useMoney();
  const [ownAxis, setOwnAxis] = useState<CostAxis>("request");
  const currentAxis = axis ?? ownAxis;
  const data = cumulativeCostData(runs, currentAxis);
  const chooseAxis = (next: CostAxis) => {
    if (axis === undefined) setOwnAxis(next);
    onAxisChange?.(next);
  };
  // The selected line is drawn last so it sits on top.
  const series = [...data.series].sort((a, b) => Number(a === selectedId) - Number(b === selectedId));
  const totals = data.series.map((id) => {
    const last = [...data.rows].reverse().find((row) => row[id] !== undefined);
    return `${strategyTitleIn(id, locale)} ${money.format(last?.[id] ?? 0)}`;
  });
  const summary =
    data.series.length === 0
      ? t("noStrategy")
      : t("costSummary", { axis: currentAxis, totals: totals.join("; "), currency: money.currency });

  const toolbar = (
    <div role="group" aria-label={t("costBy")} className="flex gap-1" data-testid="cost-axis-toggle">
      {(["request", "turn"] as const).map((option) => (
        <Button
          key={option}
          size="sm"
          variant="ghost"
          pressed={currentAxis === option}
          onClick={() => chooseAxis(option)}
          data-testid="cost-axis"
          data-axis={option}
        >
          {t("per", { axis: option })}
        </Button>
      ))}
    </div>
  );

  return (
    <ChartFrame
      testId="chart-cumulative-cost"
      summary={summary}
      height={height}
      toolbar={toolbar}
      empty={data.series.length === 0 ? t("noStrategyHere") : null}
      legend={
        <ChartLegend
          items={data.series.map((id) => ({
            key: id,
            label: strategyShortTitleIn(id, locale),
            title: strategyTitleIn(id, locale),
            color: STRATEGY_STYLES[id].color,
            dash: STRATEGY_STYLES[id].dash,
            shape: "line",
            emphasised: id === selectedId,
          }))}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%" minWidth={0} minHeight={0}>
        <LineChart data={data.rows} margin={{ top: 6, right: 12, bottom: 24, left: 18 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis {...countAxisProps("x", t(`axis.${currentAxis}`))} />
          <YAxis
            stroke={AXIS_STROKE}
            tick={AXIS_TICK}
            width={64}
            tickFormatter={(value: number) => money.format(value, { plain: true })}
            label={{ ...Y_AXIS_LABEL, value: t("yCost", { currency: money.currency }) }}
          />
          <Tooltip content={(props) => <CostTooltip {...props} axis={currentAxis} />} isAnimationActive={false} />
          {series.map((id) => {
            const style = STRATEGY_STYLES[id];
            const selected = id === selectedId;
            return (
              <Line
                key={id}
                type="linear"
                dataKey={id}
                name={strategyShortTitleIn(id, locale)}
                stroke={style.color}
                strokeWidth={selected ? 4 : 2}
                strokeOpacity={selectedId && !selected ? 0.75 : 1}
                strokeDasharray={style.dash}
                dot={data.rows.length <= 40 ? { r: selected ? 4 : 2.5, strokeWidth: 0, fill: style.color } : false}
                activeDot={{ r: 6 }}
                isAnimationActive={false}
                connectNulls={false}
              />
            );
          })}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
