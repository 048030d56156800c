"use client";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { ClientOnly } from "./client-only";

export type ChartFrameProps = {
  testId: string;
  /** Accessible summary of what the chart shows, read instead of the SVG. */
  summary: string;
  /** Fixed height in px, or "100%" to fill a parent of fixed height. */
  height?: number | string;
  /** Shown instead of the chart when there is nothing to plot. */
  empty?: string | null;
  /** Controls above the plot (axis toggles). */
  toolbar?: ReactNode;
  /** HTML legend above the plot (wraps instead of overlapping it). */
  legend?: ReactNode;
  children: ReactNode;
};

/** A fixed-height box for a Recharts chart: client-only rendering, a placeholder of the same size, an empty state. */
export function ChartFrame({
  testId,
  summary,
  height = "100%",
  empty = null,
  toolbar,
  legend,
  children,
}: ChartFrameProps) {
  const t = useTranslations("run.charts");
  return (
    <figure className="m-0 flex min-h-0 flex-col gap-2 px-4 pt-3 pb-2" style={{ height }} data-testid={testId}>
      {toolbar || legend ? (
        // The toolbar floats right and the legend wraps around it, so a narrow chart loses no height to either.
        <div className="shrink-0">
          {toolbar ? <div className="float-right ml-3 flex items-center gap-2">{toolbar}</div> : null}
          {/* Shown whole, never cut to a scrolling strip: a legend names at most the eight strategies, which at */}
          {/* 360 px take seven short lines, and a series whose name is hidden cannot be read off the plot. */}
          <div role="group" aria-label={t("legend")} data-testid="chart-legend-box">
            {legend}
          </div>
        </div>
      ) : null}
      <div className="relative min-h-0 flex-1">
        {empty ? (
          <p className="flex h-full items-center justify-center text-sm text-muted" data-testid="chart-empty">
            {empty}
          </p>
        ) : (
          <ClientOnly fallback={<div className="h-full w-full rounded-lg bg-panel-muted" aria-hidden />}>
            {children}
          </ClientOnly>
        )}
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
