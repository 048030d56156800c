/**
 * Shared Recharts styling: colours come from the theme's CSS variables so the charts follow dark mode without a
 * re-render, and sizes are large enough to read on a projector.
 */
export const AXIS_TICK = { fill: "var(--muted)", fontSize: 13 } as const;
export const AXIS_LABEL_STYLE = { fill: "var(--ink-soft)", fontSize: 13, fontWeight: 600 } as const;
export const GRID_STROKE = "var(--line)";
export const AXIS_STROKE = "var(--line-strong)";
export const CURSOR_FILL = "var(--panel-muted)";
export const TOOLTIP_CLASS = "rounded-lg border border-line bg-panel px-3 py-2 text-sm text-ink shadow-lg";

/** Rotated y-axis title placed left of the tick labels (in the chart's left margin), so the two never overlap. */
export const Y_AXIS_LABEL = {
  angle: -90,
  position: "left",
  offset: -2,
  style: { ...AXIS_LABEL_STYLE, textAnchor: "middle" },
} as const;

/**
 * The x axis of a cumulative chart: whole numbers from 1 (request or turn) to the last one. Spread onto <XAxis>
 * (Recharts needs the axis as a direct child of the chart, so the props are shared rather than a wrapper).
 */
export function countAxisProps(dataKey: string, label: string) {
  return {
    dataKey,
    type: "number",
    domain: [1, "dataMax"],
    allowDecimals: false,
    stroke: AXIS_STROKE,
    tick: AXIS_TICK,
    label: { value: label, position: "insideBottom", offset: -16, style: AXIS_LABEL_STYLE },
  } as const;
}
