import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { boundarySentence, type FullBoundary } from "@/lib/decide/limits";
import type { ProviderId } from "@/lib/core/ids";
import { formatTokensCompact } from "@/lib/view/format";
import { spacedTicks } from "@/lib/view/spaced-ticks";
import { FAILS_BOUNDARY_COLOR, FAILS_COLOR } from "@/lib/view/strategy-colors";

export type FullBoundaryViewProps = { boundary: FullBoundary; provider: ProviderId };

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { left: 44, right: 10, top: 8, bottom: 30 };
/** The room a tick label ("10k", "350") needs on the tokens axis, in the drawing's units. */
const X_LABEL_GAP = 22;

/**
 * Where sending everything stops being possible on the explorer's model: tools (up) against tokens per definition
 * (across), both on log scales. Below the line the provider accepts the full list; above it, "fails". The dot is
 * this catalog. Estimated by the quick formula, the same prediction the heat map draws its boundary with.
 */
export function FullBoundaryView({ boundary, provider }: FullBoundaryViewProps) {
  const t = useTranslations("decide");
  const sentence = boundarySentence(boundary, provider, useLocale() as Locale);
  const points = boundary.curve.filter((point) => point.maxTools > 0);
  const xs = boundary.curve.map((point) => point.tokensPerTool);
  const xMin = Math.min(...xs, boundary.tokensPerTool);
  const xMax = Math.max(...xs, boundary.tokensPerTool);
  const yMin = 1;
  const yMax = Math.max(100_000, boundary.toolCount * 2, ...points.map((point) => point.maxTools * 2));
  const x = (value: number) =>
    PAD.left +
    ((Math.log(value) - Math.log(xMin)) / (Math.log(xMax) - Math.log(xMin))) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) =>
    HEIGHT -
    PAD.bottom -
    ((Math.log(Math.max(yMin, value)) - Math.log(yMin)) / (Math.log(yMax) - Math.log(yMin))) *
      (HEIGHT - PAD.top - PAD.bottom);
  const line = points.map((point) => `${x(point.tokensPerTool)},${y(point.maxTools)}`).join(" ");
  const failsArea =
    points.length > 0
      ? `${x(points[0].tokensPerTool)},${PAD.top} ${line} ${x(points[points.length - 1].tokensPerTool)},${PAD.top}`
      : "";
  const yTicks = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].filter((tick) => tick <= yMax);
  return (
    <figure
      className="m-0 flex flex-col gap-2 rounded-lg border border-line p-3 sm:flex-row sm:items-center"
      data-testid="full-boundary"
      data-max-tools={boundary.maxTools ?? ""}
      data-fails={boundary.fails}
      data-limit={boundary.limit ?? ""}
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="w-full max-w-[320px] shrink-0"
        role="img"
        aria-label={t("boundary.aria", { sentence })}
      >
        {failsArea ? <polygon points={failsArea} fill={FAILS_COLOR} fillOpacity={0.25} /> : null}
        {line ? <polyline points={line} fill="none" stroke={FAILS_BOUNDARY_COLOR} strokeWidth={2} /> : null}
        {yTicks.map((tick) => (
          <text key={tick} x={PAD.left - 4} y={y(tick) + 3} textAnchor="end" fontSize={9} fill="var(--muted)">
            {formatTokensCompact(tick)}
          </text>
        ))}
        {spacedTicks(boundary.curve, (point) => x(point.tokensPerTool), X_LABEL_GAP).map((point) => (
          <text
            key={point.tokensPerTool}
            x={x(point.tokensPerTool)}
            y={HEIGHT - PAD.bottom + 11}
            textAnchor="middle"
            fontSize={9}
            fill="var(--muted)"
          >
            {formatTokensCompact(point.tokensPerTool)}
          </text>
        ))}
        <text x={(WIDTH + PAD.left) / 2} y={HEIGHT - 4} textAnchor="middle" fontSize={10} fill="var(--ink-soft)">
          {t("boundary.xAxis")}
        </text>
        <text x={10} y={HEIGHT / 2} fontSize={10} fill="var(--ink-soft)" transform={`rotate(-90 10 ${HEIGHT / 2})`}>
          {t("boundary.yAxis")}
        </text>
        <text x={PAD.left + 6} y={PAD.top + 12} fontSize={10} fill="var(--ink)" fontWeight={600}>
          {t("boundary.fails")}
        </text>
        <circle
          cx={x(boundary.tokensPerTool)}
          cy={y(Math.max(1, boundary.toolCount))}
          r={4.5}
          fill={boundary.fails ? FAILS_BOUNDARY_COLOR : "var(--accent)"}
          stroke="var(--panel)"
          strokeWidth={1.5}
        >
          <title>{t("boundary.thisCatalog")}</title>
        </circle>
      </svg>
      <figcaption className="text-sm text-ink-soft" data-testid="full-boundary-sentence">
        {sentence} <span className="text-xs text-muted">{t("boundary.note")}</span>
      </figcaption>
    </figure>
  );
}
