"use client";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
} from "recharts";
import { ChartFrame } from "@/components/ui/chart-frame";
import type { StrategyId } from "@/lib/core/ids";
import { toolShareRows, type ToolShareRow } from "@/lib/view/chart-data";
import { formatPercent } from "@/lib/view/format";
import { strategyShortTitleIn, strategyTitleIn } from "@/lib/view/strategy-info";
import { STRATEGY_STYLES } from "@/lib/view/strategy-colors";
import type { RunSummary } from "@/lib/workbench/types";
import { AXIS_LABEL_STYLE, AXIS_STROKE, AXIS_TICK, CURSOR_FILL, GRID_STROKE, TOOLTIP_CLASS } from "./chart-theme";

export type ToolShareChartProps = {
  runs: ReadonlyArray<
    Pick<RunSummary, "id" | "refused"> & { totals: Pick<RunSummary["totals"], "toolDefinitions" | "input"> }
  >;
  selectedId?: StrategyId;
  height?: number | string;
};

type Row = ToolShareRow & { title: string; shortTitle: string };

function ShareTooltip({ active, payload }: TooltipContentProps) {
  const t = useTranslations("run.charts");
  const row = active ? (payload?.[0]?.payload as Row | undefined) : undefined;
  if (!row) return null;
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="font-semibold">{row.title}</p>
      <p className="tabular">{t("shareTooltip", { percent: formatPercent(row.share) })}</p>
      <p className="tabular text-muted">{t("shareOf", { tools: row.toolDefinitions, input: row.input })}</p>
    </div>
  );
}

/** How much of the context each strategy spends on tool definitions, over all its requests. */
export function ToolShareChart({ runs, selectedId, height = "100%" }: ToolShareChartProps) {
  const t = useTranslations("run.charts");
  const locale = useLocale() as Locale;
  const rows: Row[] = toolShareRows(runs).map((row) => ({
    ...row,
    title: strategyTitleIn(row.id, locale),
    shortTitle: strategyShortTitleIn(row.id, locale),
  }));
  const summary =
    rows.length === 0
      ? t("noStrategy")
      : t("shareSummary", { list: rows.map((row) => `${row.title} ${formatPercent(row.share)}`).join("; ") });
  const shape = (props: BarShapeProps) => {
    const row = props.payload as Row;
    const selected = row.id === selectedId;
    return (
      <Rectangle
        {...props}
        fill={STRATEGY_STYLES[row.id].color}
        fillOpacity={selectedId && !selected ? 0.75 : 1}
        stroke={selected ? "var(--ink)" : "none"}
        strokeWidth={selected ? 2 : 0}
        radius={[0, 4, 4, 0]}
      />
    );
  };
  return (
    <ChartFrame
      testId="chart-tool-share"
      summary={summary}
      height={height}
      empty={rows.length === 0 ? t("noStrategyHere") : null}
    >
      <ResponsiveContainer width="100%" height="100%" minWidth={0} minHeight={0}>
        <BarChart
          data={rows}
          layout="vertical"
          margin={{ top: 4, right: 48, bottom: 24, left: 4 }}
          barCategoryGap="22%"
        >
          <CartesianGrid horizontal={false} stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis
            type="number"
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={(value: number) => formatPercent(value, { digits: 0 })}
            stroke={AXIS_STROKE}
            tick={AXIS_TICK}
            label={{ value: t("shareAxis"), position: "insideBottom", offset: -16, style: AXIS_LABEL_STYLE }}
          />
          <YAxis
            type="category"
            dataKey="shortTitle"
            width={128}
            stroke={AXIS_STROKE}
            tick={{ ...AXIS_TICK, fill: "var(--ink-soft)" }}
            interval={0}
          />
          <Tooltip content={ShareTooltip} cursor={{ fill: CURSOR_FILL }} isAnimationActive={false} />
          <Bar dataKey="share" name={t("shareBar")} shape={shape} isAnimationActive={false} maxBarSize={28}>
            <LabelList
              dataKey="share"
              position="right"
              formatter={(value: unknown) => formatPercent(Number(value), { digits: 0 })}
              style={{ fill: "var(--ink)", fontSize: 13, fontWeight: 600 }}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
