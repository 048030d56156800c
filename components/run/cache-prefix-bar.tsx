"use client";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import type { Divergence, DivergenceKind, Segment, SegmentCacheStatus } from "@/lib/engine/types";
import { CACHE_STATUS_ORDER, CACHE_STATUS_STYLES, cacheStatusBackground } from "@/lib/view/cache-status";
import { formatTokens } from "@/lib/view/format";
import {
  aggregateSegments,
  barIndexOfSegment,
  describeSegmentRange,
  divergenceSentence,
  layoutBars,
  outsidePromptSummary,
  statusTotals,
} from "@/lib/view/prefix-bar";

export type CachePrefixBarProps = {
  segments: readonly Segment[];
  /** Parallel to `segments`. */
  statuses: readonly SegmentCacheStatus[];
  divergence: Divergence | null;
  /** Upper bound on drawn bars (default 60). */
  maxBars?: number;
  className?: string;
};

/**
 * Divergences that happen at a place in the prompt get a marker there. The others (first request, nothing cached at
 * all) are about the whole request and are only named in words.
 */
const MARKED_KINDS: ReadonlySet<DivergenceKind> = new Set([
  "changed",
  "inserted",
  "removed",
  "ttl-expired",
  "lookback-exceeded",
]);

/**
 * The whole request in the provider's cache order as one horizontal bar: width ∝ tokens, colour = what the
 * provider does with each block, the first divergence marked and named in words above it.
 */
export function CachePrefixBar({ segments, statuses, divergence, maxBars, className = "" }: CachePrefixBarProps) {
  const tooltipId = useId();
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  const view = useMemo(() => {
    const keepApartAt = divergence ? [divergence.segmentIndex] : [];
    const bars = aggregateSegments(segments, statuses, { maxBars, keepApartAt });
    return {
      bars,
      boxes: layoutBars(bars),
      totals: statusTotals(segments, statuses),
      outside: outsidePromptSummary(segments),
      markerBar:
        divergence && MARKED_KINDS.has(divergence.kind) ? barIndexOfSegment(bars, divergence.segmentIndex) : -1,
    };
  }, [segments, statuses, divergence, maxBars]);

  const { bars, boxes, totals, outside, markerBar } = view;
  const totalTokens = CACHE_STATUS_ORDER.reduce((sum, status) => sum + totals[status], 0);
  const lostCache = totals.invalidated > 0;
  const tone = divergence === null ? "text-success" : lostCache ? "text-danger" : "text-ink";
  const icon = divergence === null ? "✓" : lostCache ? "✕" : "•";
  const rovingIndex = Math.min(focusIndex, Math.max(0, bars.length - 1));
  const active = activeIndex !== null && activeIndex < bars.length ? bars[activeIndex] : null;
  const activeBox = activeIndex !== null ? boxes[activeIndex] : null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target =
      event.key === "ArrowRight"
        ? Math.min(bars.length - 1, rovingIndex + 1)
        : event.key === "ArrowLeft"
          ? Math.max(0, rovingIndex - 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? bars.length - 1
              : null;
    if (event.key === "Escape") setActiveIndex(null);
    if (target === null) return;
    // preventDefault also tells the page's ←/→ stepping shortcut that this key was used.
    event.preventDefault();
    setFocusIndex(target);
    setActiveIndex(target);
    const element = event.currentTarget.querySelector<HTMLElement>(`[data-bar-index="${target}"]`);
    element?.focus();
  };

  return (
    <div className={`flex flex-col gap-3 px-5 pt-3 pb-4 ${className}`} data-testid="prefix-bar">
      <div className={`flex min-h-[3.25rem] items-start gap-2 text-lg font-semibold leading-snug ${tone}`}>
        <span aria-hidden className="inline-block w-4 shrink-0 text-center">
          {icon}
        </span>
        <p
          className="line-clamp-2"
          data-testid="divergence"
          data-kind={divergence?.kind ?? "none"}
          data-lost-cache={lostCache}
          aria-live="polite"
        >
          {divergenceSentence(divergence)}
        </p>
      </div>

      <div className="relative">
        <div
          role="list"
          aria-label={`The request in cache order: ${bars.length} blocks, ${formatTokens(totalTokens)} prompt tokens. Use arrow keys to move between blocks.`}
          className="relative flex h-14 w-full overflow-hidden rounded-lg bg-panel-muted"
          onKeyDown={onKeyDown}
          onMouseLeave={() => setActiveIndex(null)}
        >
          {bars.length === 0 ? (
            <span className="m-auto text-sm text-muted">No prompt tokens in this request</span>
          ) : null}
          {bars.map((bar, index) => (
            <div
              key={`${bar.startIndex}-${bar.endIndex}`}
              role="listitem"
              tabIndex={index === rovingIndex ? 0 : -1}
              data-testid="prefix-segment"
              data-status={bar.status}
              data-paths={bar.paths}
              data-tokens={bar.tokens}
              data-bar-index={index}
              aria-label={describeSegmentRange(bar)}
              aria-describedby={activeIndex === index ? tooltipId : undefined}
              className="h-full shrink-0 border-r-2 border-panel outline-none last:border-r-0 focus-visible:relative focus-visible:z-10 focus-visible:ring-4 focus-visible:ring-[var(--focus)] focus-visible:ring-inset"
              style={{ width: `${boxes[index].widthPercent}%`, ...cacheStatusBackground(bar.status) }}
              onMouseEnter={() => setActiveIndex(index)}
              onFocus={() => {
                setFocusIndex(index);
                setActiveIndex(index);
              }}
              onBlur={() => setActiveIndex((current) => (current === index ? null : current))}
            />
          ))}
        </div>

        {markerBar >= 0 && boxes[markerBar] ? (
          <div
            aria-hidden
            data-testid="divergence-marker"
            className="pointer-events-none absolute -top-2 -bottom-2 z-20 w-1 -translate-x-1/2 rounded-full bg-ink shadow-[0_0_0_2px_var(--panel)]"
            style={{ left: `${boxes[markerBar].leftPercent}%` }}
          >
            <span className="absolute -top-1 left-1/2 h-0 w-0 -translate-x-1/2 border-x-[6px] border-t-[7px] border-x-transparent border-t-ink" />
          </div>
        ) : null}

        {active && activeBox ? (
          <div
            role="tooltip"
            id={tooltipId}
            data-testid="prefix-tooltip"
            className="pointer-events-none absolute top-full z-30 mt-3 w-[26rem] max-w-[90%] -translate-x-1/2 rounded-lg border border-line bg-panel px-4 py-3 text-sm text-ink shadow-lg"
            style={{ left: `${Math.min(78, Math.max(22, activeBox.leftPercent + activeBox.widthPercent / 2))}%` }}
          >
            <p className="break-all font-mono text-xs text-muted">{active.paths}</p>
            <p className="mt-1 font-semibold">{active.label}</p>
            <p className="tabular mt-1 flex items-center gap-2">
              <span className="inline-block h-3 w-3 rounded-sm" style={cacheStatusBackground(active.status)} />
              <span>
                {formatTokens(active.tokens)} tokens · {CACHE_STATUS_STYLES[active.status].label.toLowerCase()}
                {active.mixed ? " (mostly)" : ""}
              </span>
            </p>
            {active.mixed ? (
              <p className="tabular mt-1 text-xs text-muted">
                {CACHE_STATUS_ORDER.filter((status) => active.statusTokens[status] > 0)
                  .map(
                    (status) =>
                      `${formatTokens(active.statusTokens[status])} ${CACHE_STATUS_STYLES[status].label.toLowerCase()}`,
                  )
                  .join(" · ")}
              </p>
            ) : (
              <p className="mt-1 text-xs text-muted">{CACHE_STATUS_STYLES[active.status].description}</p>
            )}
            {active.breakpoint ? (
              <p className="mt-1 text-xs text-muted">A cache breakpoint sits in this range.</p>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm" data-testid="prefix-legend">
        {CACHE_STATUS_ORDER.map((status) => (
          <span
            key={status}
            className="flex items-center gap-2"
            data-testid="prefix-legend-item"
            data-status={status}
            title={CACHE_STATUS_STYLES[status].description}
          >
            <span aria-hidden className="inline-block h-3.5 w-3.5 rounded-sm" style={cacheStatusBackground(status)} />
            <span className="text-ink-soft">{CACHE_STATUS_STYLES[status].label}</span>
            <span className="tabular min-w-[4.5rem] font-semibold text-ink" data-testid="prefix-legend-tokens">
              {formatTokens(totals[status])}
            </span>
          </span>
        ))}
        <span className="tabular ml-auto text-muted" data-testid="prefix-outside-prompt">
          {formatTokens(totalTokens)} prompt tokens{outside.sentence ? ` · ${outside.sentence}` : ""}
        </span>
      </div>
    </div>
  );
}
