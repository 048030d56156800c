"use client";
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";
import { useLocale, useTranslations } from "use-intl";
import { compressionLevel, compressionLevelLabel } from "@/lib/lab/compression";
import type { CompressionPoint } from "@/lib/lab/compression-curve";
import { LAB_SEARCH_IDS, searchDescription } from "@/lib/lab/search-labels";
import { ChartFrame } from "@/components/ui/chart-frame";
import { formatCount, formatShare } from "./format";
import { SEARCH_COLORS } from "./lab-styles";

export type CompressionChartProps = { curve: readonly CompressionPoint[]; selectedLevelId: string; k: number };

const AXIS_TICK = { fill: "var(--muted)", fontSize: 13 } as const;
const AXIS_LABEL = { fill: "var(--ink-soft)", fontSize: 13, fontWeight: 600 } as const;

type Row = { label: string; saved: number; tokens: number } & Record<string, number | string>;

function PointTooltip({ active, payload }: TooltipContentProps) {
  const row = active ? (payload?.[0]?.payload as Row | undefined) : undefined;
  const locale = useLocale();
  const t = useTranslations("lab.compression");
  if (row === undefined) return null;
  return (
    <div className="rounded-lg border border-line bg-panel px-3 py-2 text-sm text-ink shadow-lg">
      <p className="font-semibold">{row.label}</p>
      <p className="tabular text-muted">
        {t("tooltipTokens", { tokens: formatCount(row.tokens), saved: formatShare(row.saved) })}
      </p>
      {LAB_SEARCH_IDS.map((id) => (
        <p key={id} className="tabular" style={{ color: SEARCH_COLORS[id] }}>
          {searchDescription(id, locale).title}: {formatShare(Number(row[id]))}
        </p>
      ))}
    </div>
  );
}

/** Tokens saved (x) against recall@k (y) for each search, one point per compression level. */
export function CompressionChart({ curve, selectedLevelId, k }: CompressionChartProps) {
  const locale = useLocale();
  const t = useTranslations("lab.compression");
  const labelOf = (levelId: string) => compressionLevelLabel(compressionLevel(levelId), locale);
  // Levels do not save tokens in their own order (the first sentence can be shorter than 200 characters), so the
  // lines run from the least to the most saved.
  const rows: Row[] = [...curve]
    .sort((left, right) => left.savedShare - right.savedShare)
    .map((point) => ({
      label: labelOf(point.levelId),
      saved: point.savedShare,
      tokens: point.tokens,
      ...point.recallAtK,
    }));
  const maximum = Math.max(0.01, ...rows.map((row) => row.saved));
  const step = maximum > 0.4 ? 0.1 : maximum > 0.2 ? 0.05 : maximum > 0.08 ? 0.02 : 0.01;
  const ticks = Array.from({ length: Math.ceil(maximum / step) + 1 }, (_, index) => Number((index * step).toFixed(2)));
  const selected = curve.find((point) => point.levelId === selectedLevelId);
  const summary = t("chartSummary", {
    k,
    points: curve
      .map((point) =>
        t("chartPoint", {
          level: labelOf(point.levelId),
          saved: formatShare(point.savedShare),
          client: formatShare(point.recallAtK.client),
        }),
      )
      .join(t("chartSeparator")),
  });
  return (
    <ChartFrame testId="compression-chart" summary={summary} height={320}>
      <ResponsiveContainer width="100%" height="100%" minWidth={0} minHeight={0}>
        <LineChart data={rows} margin={{ top: 12, right: 24, bottom: 28, left: 8 }}>
          <CartesianGrid stroke="var(--line)" strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="saved"
            domain={[0, ticks[ticks.length - 1]]}
            ticks={ticks}
            tickFormatter={(value: number) => formatShare(value)}
            stroke="var(--line-strong)"
            tick={AXIS_TICK}
            label={{ value: t("axisSaved"), position: "insideBottom", offset: -16, style: AXIS_LABEL }}
          />
          <YAxis
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={(value: number) => formatShare(value)}
            stroke="var(--line-strong)"
            tick={AXIS_TICK}
            width={52}
            label={{
              value: `recall@${k}`,
              angle: -90,
              position: "insideLeft",
              offset: 8,
              style: { ...AXIS_LABEL, textAnchor: "middle" },
            }}
          />
          <Tooltip content={(props) => <PointTooltip {...props} />} isAnimationActive={false} />
          {selected ? (
            <ReferenceLine x={selected.savedShare} stroke="var(--accent)" strokeDasharray="4 4" strokeWidth={2} />
          ) : null}
          {LAB_SEARCH_IDS.map((id) => (
            <Line
              key={id}
              type="linear"
              dataKey={id}
              name={searchDescription(id, locale).title}
              stroke={SEARCH_COLORS[id]}
              strokeWidth={2.5}
              dot={{ r: 4, fill: SEARCH_COLORS[id] }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
