/**
 * Framework-free SVG charts for the design-review report: plain strings, fixed colours (a report has no CSS
 * variables), readable when pasted into a document or opened on their own.
 */

export type SvgSeries = {
  label: string;
  color: string;
  dash?: string;
  points: ReadonlyArray<readonly [number, number]>;
  width?: number;
};
export type SvgMarker = { x: number; y: number; color: string; label: string };

const FONT = "font-family=\"ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif\"";
const INK = "#111827";
const MUTED = "#6b7280";
const GRID = "#e3e6eb";

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** About `count` round tick values covering [0, max]: steps of 1, 2 or 5 × 10^k. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let value = 0; value <= max + step * 1e-9; value += step) ticks.push(Number(value.toPrecision(12)));
  if (ticks[ticks.length - 1] < max) ticks.push(Number((ticks[ticks.length - 1] + step).toPrecision(12)));
  return ticks;
}

export function lineChartSvg(options: {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly SvgSeries[];
  markers?: readonly SvgMarker[];
  formatY: (value: number) => string;
  width?: number;
  height?: number;
}): string {
  const width = options.width ?? 760;
  const legendRows = Math.ceil(options.series.length / 3);
  const height = (options.height ?? 380) + legendRows * 18;
  const plot = { left: 78, right: width - 20, top: 40, bottom: height - 52 - legendRows * 18 };
  const xs = options.series.flatMap((series) => series.points.map(([x]) => x));
  const ys = options.series.flatMap((series) => series.points.map(([, y]) => y));
  const minX = xs.length ? Math.min(...xs) : 0;
  const maxX = xs.length ? Math.max(...xs) : 1;
  const yTicks = niceTicks(ys.length ? Math.max(...ys) : 1);
  const maxY = yTicks[yTicks.length - 1] || 1;
  const scaleX = (x: number) => plot.left + ((x - minX) / Math.max(1e-9, maxX - minX)) * (plot.right - plot.left);
  const scaleY = (y: number) => plot.bottom - (y / maxY) * (plot.bottom - plot.top);
  const xTicks = integerTicks(minX, maxX);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${plot.left}" y="22" font-size="15" font-weight="600" fill="${INK}">${escapeXml(options.title)}</text>`,
  ];
  for (const tick of yTicks) {
    const y = scaleY(tick).toFixed(1);
    parts.push(
      `<line x1="${plot.left}" x2="${plot.right}" y1="${y}" y2="${y}" stroke="${GRID}" stroke-dasharray="3 3"/>`,
    );
    parts.push(
      `<text x="${plot.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle" fill="${MUTED}">${escapeXml(options.formatY(tick))}</text>`,
    );
  }
  for (const tick of xTicks) {
    const x = scaleX(tick).toFixed(1);
    parts.push(`<text x="${x}" y="${plot.bottom + 16}" text-anchor="middle" fill="${MUTED}">${tick}</text>`);
  }
  parts.push(`<line x1="${plot.left}" x2="${plot.right}" y1="${plot.bottom}" y2="${plot.bottom}" stroke="#cfd4dc"/>`);
  parts.push(
    `<text x="${(plot.left + plot.right) / 2}" y="${plot.bottom + 34}" text-anchor="middle" font-weight="600" fill="#374151">${escapeXml(options.xLabel)}</text>`,
  );
  parts.push(
    `<text transform="translate(16 ${(plot.top + plot.bottom) / 2}) rotate(-90)" text-anchor="middle" font-weight="600" fill="#374151">${escapeXml(options.yLabel)}</text>`,
  );
  for (const series of options.series) {
    const path = series.points
      .map(([x, y], index) => `${index === 0 ? "M" : "L"}${scaleX(x).toFixed(1)} ${scaleY(y).toFixed(1)}`)
      .join(" ");
    parts.push(
      `<path d="${path}" fill="none" stroke="${series.color}" stroke-width="${series.width ?? 2.5}"${series.dash ? ` stroke-dasharray="${series.dash}"` : ""} stroke-linejoin="round"><title>${escapeXml(series.label)}</title></path>`,
    );
  }
  for (const marker of options.markers ?? []) {
    parts.push(
      `<circle cx="${scaleX(marker.x).toFixed(1)}" cy="${scaleY(marker.y).toFixed(1)}" r="6" fill="#ffffff" stroke="${marker.color}" stroke-width="3"><title>${escapeXml(marker.label)}</title></circle>`,
    );
  }
  options.series.forEach((series, index) => {
    const column = index % 3;
    const row = Math.floor(index / 3);
    const x = plot.left + column * ((plot.right - plot.left) / 3);
    const y = height - 12 - (legendRows - 1 - row) * 18;
    parts.push(
      `<line x1="${x}" x2="${x + 22}" y1="${y - 4}" y2="${y - 4}" stroke="${series.color}" stroke-width="3"${series.dash ? ` stroke-dasharray="${series.dash}"` : ""}/>`,
    );
    parts.push(`<text x="${x + 28}" y="${y}" fill="#374151">${escapeXml(series.label)}</text>`);
  });
  parts.push("</svg>");
  return parts.join("\n");
}

export function barChartSvg(options: {
  title: string;
  bars: ReadonlyArray<{ label: string; value: number; color: string; note?: string }>;
  formatValue: (value: number) => string;
  width?: number;
}): string {
  const width = options.width ?? 760;
  const rowHeight = 30;
  const top = 44;
  const labelWidth = 250;
  const height = top + options.bars.length * rowHeight + 36;
  const ticks = niceTicks(Math.max(0, ...options.bars.map((bar) => bar.value)));
  const maxValue = ticks[ticks.length - 1] || 1;
  const right = width - 90;
  const scale = (value: number) => labelWidth + (value / maxValue) * (right - labelWidth);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="24" font-size="15" font-weight="600" fill="${INK}">${escapeXml(options.title)}</text>`,
  ];
  for (const tick of ticks) {
    const x = scale(tick).toFixed(1);
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${top - 6}" y2="${height - 30}" stroke="${GRID}" stroke-dasharray="3 3"/>`,
    );
    parts.push(
      `<text x="${x}" y="${height - 14}" text-anchor="middle" fill="${MUTED}">${escapeXml(options.formatValue(tick))}</text>`,
    );
  }
  options.bars.forEach((bar, index) => {
    const y = top + index * rowHeight;
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + rowHeight / 2}" text-anchor="end" dominant-baseline="middle" fill="#374151">${escapeXml(bar.label)}</text>`,
    );
    const barWidth = Math.max(0, scale(bar.value) - labelWidth);
    parts.push(
      `<rect x="${labelWidth}" y="${y + 5}" width="${barWidth.toFixed(1)}" height="${rowHeight - 10}" rx="3" fill="${bar.color}"><title>${escapeXml(`${bar.label}: ${options.formatValue(bar.value)}`)}</title></rect>`,
    );
    parts.push(
      `<text x="${(labelWidth + barWidth + 6).toFixed(1)}" y="${y + rowHeight / 2}" dominant-baseline="middle" fill="${INK}" font-weight="600">${escapeXml(bar.note ?? options.formatValue(bar.value))}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("\n");
}

function integerTicks(min: number, max: number): number[] {
  const span = Math.max(1, max - min);
  const step = Math.max(1, Math.ceil(span / 12));
  const ticks: number[] = [];
  for (let value = Math.ceil(min); value <= max; value += step) ticks.push(value);
  return ticks;
}
