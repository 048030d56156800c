"use client";
import { useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import {
  TRIANGLE_DOT_RADIUS,
  TRIANGLE_SELECTED_DOT_RADIUS,
  TRIANGLE_VIEW_BOX,
  goalsTriangle,
  triangleTextSizes,
} from "@/lib/decide/goals-triangle";
import type { ScenarioSettings } from "@/lib/scenario/types";
import type { StrategyId } from "@/lib/core/ids";
import { strategyShortTitleIn } from "@/lib/view/strategy-info";
import { STRATEGY_STYLES } from "@/lib/view/strategy-colors";
import { baselineStrategyId } from "@/lib/strategies";

export type GoalsTriangleProps = {
  settings: ScenarioSettings;
  ids?: readonly StrategyId[];
  /** Controlled selection (e.g. the page's selected strategy); the component keeps its own when absent. */
  selectedId?: StrategyId;
  onSelect?: (id: StrategyId) => void;
};

/** The drawing's width on screen, so its names can be sized in px whatever the screen (triangleTextSizes). */
function useRenderedWidth(fallback: number) {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The three goals of seed 001 as a triangle: a strategy sits on the edge between the two goals it meets, opposite
 * the corner it gives up; only provider mechanisms reach the middle. Selecting a strategy (dot or list) shows why,
 * in the strategy's own words.
 */
export function GoalsTriangle({ settings, ids, selectedId, onSelect }: GoalsTriangleProps) {
  const t = useTranslations("decide");
  const locale = useLocale() as Locale;
  const picture = goalsTriangle(settings, ids, locale);
  const [ownSelected, setOwnSelected] = useState<StrategyId>(picture.placements[0]?.id ?? baselineStrategyId());
  const current =
    picture.placements.find((placement) => placement.id === (selectedId ?? ownSelected)) ?? picture.placements[0];
  const choose = (id: StrategyId) => {
    if (selectedId === undefined) setOwnSelected(id);
    onSelect?.(id);
  };
  const [top] = picture.corners;
  // Until measured (server render), the laptop's width: the names then change size once, on a phone only.
  const [svgRef, renderedWidth] = useRenderedWidth(440);
  const text = triangleTextSizes(renderedWidth);
  const box = TRIANGLE_VIEW_BOX;
  return (
    <div
      className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
      data-testid="goals-triangle"
      data-tour="three-goals"
    >
      <svg
        ref={svgRef}
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        className="w-full max-w-[460px]"
        role="img"
        aria-labelledby="goals-triangle-title"
      >
        <title id="goals-triangle-title">
          {t("goals.svgTitle", {
            corners: picture.corners.map((corner) => corner.label).join(", "),
            placements: picture.placements
              .map((placement) => t("goals.meets", { strategy: placement.title, count: placement.met.length }))
              .join("; "),
          })}
        </title>
        <polygon
          points={picture.corners.map((corner) => `${corner.x},${corner.y}`).join(" ")}
          fill="var(--panel-muted)"
          stroke="var(--line-strong)"
          strokeWidth={0.6}
        />
        {picture.corners.map((corner) => (
          <g key={corner.key}>
            <circle cx={corner.x} cy={corner.y} r={1.6} fill="var(--ink-soft)" />
            <text
              x={corner.x}
              y={corner === top ? corner.y - 3.5 : corner.y + 3 + text.corner}
              textAnchor="middle"
              fontSize={text.corner}
              fontWeight={600}
              fill="var(--ink)"
            >
              {corner.label}
            </text>
          </g>
        ))}
        {picture.placements.map((placement) => {
          const selected = placement.id === current?.id;
          return (
            <g
              key={placement.id}
              onClick={() => choose(placement.id)}
              className="cursor-pointer"
              data-testid="goals-triangle-dot"
              data-strategy={placement.id}
              data-met={placement.met.join(",")}
              aria-hidden
            >
              <title>{strategyShortTitleIn(placement.id, locale)}</title>
              <circle
                cx={placement.x}
                cy={placement.y}
                r={selected ? TRIANGLE_SELECTED_DOT_RADIUS : TRIANGLE_DOT_RADIUS}
                fill={selected ? "var(--accent-soft)" : "var(--panel)"}
                stroke={STRATEGY_STYLES[placement.id].color}
                strokeWidth={selected ? 1.6 : 1.2}
              />
              <text
                x={placement.x}
                y={placement.y}
                dy="0.35em"
                textAnchor="middle"
                fontSize={text.label}
                fill="var(--ink)"
                fontWeight={selected ? 700 : 600}
                className="tabular"
              >
                {placement.number}
              </text>
            </g>
          );
        })}
      </svg>
      <div className="flex min-w-0 flex-col gap-3">
        {/* Below the drawing, not in it: in the middle it ran into the names of the strategies there. */}
        <p className="text-xs text-muted lg:order-last" data-testid="goals-triangle-middle">
          {t("goals.middle")}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label={t("goals.strategies")}>
          {picture.placements.map((placement) => (
            <li key={placement.id}>
              <button
                type="button"
                onClick={() => choose(placement.id)}
                aria-pressed={placement.id === current?.id}
                className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm ${placement.id === current?.id ? "border-accent bg-accent-soft text-ink" : "border-line text-ink-soft hover:border-line-strong"}`}
                data-testid="goals-triangle-strategy"
                data-strategy={placement.id}
              >
                <span
                  aria-hidden
                  className="tabular inline-flex h-5 w-5 items-center justify-center rounded-full border-2 text-xs font-semibold text-ink"
                  style={{ borderColor: STRATEGY_STYLES[placement.id].color }}
                >
                  {placement.number}
                </span>
                {strategyShortTitleIn(placement.id, locale)}
                <span className="tabular text-xs text-muted">{placement.met.length}/3</span>
              </button>
            </li>
          ))}
        </ul>
        {current ? (
          <div
            className="rounded-xl border border-line p-3"
            data-testid="goals-triangle-detail"
            data-strategy={current.id}
          >
            <h3 className="text-sm font-semibold text-ink">{current.title}</h3>
            <ul className="mt-2 space-y-1.5 text-sm">
              {current.why.map((entry) => (
                <li key={entry.goal} className="flex gap-2" data-goal={entry.goal} data-met={entry.met}>
                  <span aria-hidden className={`font-bold ${entry.met ? "text-success" : "text-danger"}`}>
                    {entry.met ? "✓" : "✗"}
                  </span>
                  <span className="text-ink-soft">
                    <span className="sr-only">
                      {t("goals.goalMet", {
                        goal: picture.corners.find((corner) => corner.key === entry.goal)?.label ?? entry.goal,
                        met: String(entry.met),
                      })}{" "}
                    </span>
                    {entry.text.replaceAll("`", "")}
                  </span>
                </li>
              ))}
            </ul>
            {current.needsProvider ? (
              <p className="mt-2 text-xs text-muted">
                {t("goals.needsProvider", { providers: current.needsProvider })}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
