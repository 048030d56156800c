"use client";
/** Completion rate per cell as bars, each with its 95 % Wilson interval as a whisker (Recharts ErrorBar). */
import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { CellMetrics } from "@/lib/experiment/metrics";

export function ExperimentChart({
  cells,
  label,
}: {
  cells: readonly CellMetrics[];
  label: (cell: CellMetrics) => string;
}) {
  const data = cells.map((cell) => {
    const value = (cell.completionRate ?? 0) * 100;
    const interval = cell.completionRateInterval;
    return {
      name: label(cell),
      value,
      // ErrorBar takes the distances below and above the bar's value.
      whisker: interval ? [value - interval[0] * 100, interval[1] * 100 - value] : [0, 0],
    };
  });
  return (
    <div className="h-64 w-full" data-testid="experiment-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 40, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" angle={-20} textAnchor="end" interval={0} fontSize={11} />
          <YAxis domain={[0, 100]} unit="%" fontSize={11} />
          <Tooltip formatter={(value: unknown) => `${Number(value).toFixed(1)} %`} />
          <Bar dataKey="value" fill="var(--color-accent, #4f46e5)" isAnimationActive={false}>
            <ErrorBar dataKey="whisker" width={6} strokeWidth={1.5} stroke="currentColor" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
