export type ChartLegendItem = {
  key: string;
  label: string;
  color: string;
  /** A filled square (bars) or a line sample with the series' dash (lines). */
  shape: "square" | "line";
  dash?: string;
  /** Full name for the tooltip when `label` is shortened. */
  title?: string;
  emphasised?: boolean;
};

/** An HTML legend above a chart: wraps instead of overlapping the plot, and always shows every entry. */
export function ChartLegend({ items }: { items: readonly ChartLegendItem[] }) {
  return (
    // Inline items (not a flex row) so the legend flows around a floated toolbar.
    // Small type, so all eight strategies fit above the plot and leave it most of the chart's height.
    <ul className="text-xs leading-5 text-ink-soft" data-testid="chart-legend">
      {items.map((item) => (
        <li
          key={item.key}
          className={`mr-3 inline-flex items-center gap-1.5 whitespace-nowrap ${item.emphasised ? "font-semibold text-ink" : ""}`}
          title={item.title}
        >
          {item.shape === "square" ? (
            <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: item.color }} />
          ) : (
            <svg aria-hidden width="22" height="10" viewBox="0 0 22 10">
              <line
                x1="1"
                y1="5"
                x2="21"
                y2="5"
                stroke={item.color}
                strokeWidth={item.emphasised ? 4 : 2.5}
                strokeDasharray={item.dash}
                strokeLinecap="round"
              />
            </svg>
          )}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
