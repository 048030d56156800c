"use client";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { Divergence, DivergenceKind, Segment, SegmentCacheStatus, StepRejection } from "@/lib/engine/types";
import {
  type BilledPromptTokens,
  cacheCardFigures,
  cacheHeadline,
  figuresOfBlocks,
  legendFigures,
  NOTHING_BILLED,
  refusedHeadline,
} from "@/lib/view/cache-headline";
import { CACHE_STATUS_ORDER, cacheStatusBackground } from "@/lib/view/cache-status";
import { formatTokens } from "@/lib/view/format";
import { explicitCacheSentence } from "@/lib/view/explicit-cache-words";
import type { StepExplicitCache } from "@/lib/core/run";
import { useMoney } from "@/components/ui/money";
import {
  aggregateSegments,
  barIndexOfSegment,
  describeSegmentRange,
  layoutBars,
  outsidePromptSummary,
  statusTotals,
} from "@/lib/view/prefix-bar";

export type CachePrefixBarProps = {
  segments: readonly Segment[];
  /** Parallel to `segments`. */
  statuses: readonly SegmentCacheStatus[];
  divergence: Divergence | null;
  /**
   * The step's billed prompt tokens (StepTokens). The card's sentence and legend print these, the figures the step
   * summary shows and the cost is priced from; without them, the blocks' own totals.
   */
  billed?: BilledPromptTokens | null;
  /** The provider refuses this request (StepDetail.rejected): nothing is read, cached or billed. */
  rejected?: Pick<StepRejection, "status" | "type"> | null;
  /** Index into `segments` where the previous request's content ended (StepDetail.newFrom); null or absent: none. */
  newFrom?: number | null;
  /**
   * What the step did with the provider's explicit cache (StepSummary.explicitCache), where the scenario chose it:
   * a sentence under the headline, from the same record and tokens the step is priced with.
   */
  explicitCache?: StepExplicitCache | null;
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
const GROUPS = new Set(["tools", "system", "messages", "mixed"]);

export function CachePrefixBar({
  segments,
  statuses,
  divergence,
  billed = null,
  rejected = null,
  newFrom = null,
  explicitCache = null,
  maxBars,
  className = "",
}: CachePrefixBarProps) {
  const tooltipId = useId();
  const locale = useLocale() as Locale;
  const t = useTranslations("cache");
  const money = useMoney();
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  const view = useMemo(() => {
    // Bars start where the prefix diverged and where this request's new content starts, so markers sit on edges.
    const hasNewContent = newFrom !== null && newFrom > 0 && newFrom < segments.length;
    const keepApartAt = [...(divergence ? [divergence.segmentIndex] : []), ...(hasNewContent ? [newFrom] : [])];
    const bars = aggregateSegments(segments, statuses, { maxBars, keepApartAt });
    const boxes = layoutBars(bars);
    const newBar = hasNewContent ? bars.findIndex((bar) => bar.startIndex >= newFrom) : -1;
    return {
      bars,
      boxes,
      groups: groupSpans(bars, boxes),
      totals: statusTotals(segments, statuses),
      outside: outsidePromptSummary(segments, locale),
      markerBar:
        divergence && MARKED_KINDS.has(divergence.kind) ? barIndexOfSegment(bars, divergence.segmentIndex) : -1,
      newBar,
    };
  }, [segments, statuses, divergence, newFrom, maxBars, locale]);

  const { bars, boxes, groups, totals, outside, markerBar, newBar } = view;
  const totalTokens = CACHE_STATUS_ORDER.reduce((sum, status) => sum + totals[status], 0);
  const lostCache = totals.invalidated > 0;
  const figures = rejected ? NOTHING_BILLED : billed ? cacheCardFigures(billed, totals) : figuresOfBlocks(totals);
  const headline = rejected
    ? refusedHeadline(rejected, totalTokens, locale)
    : cacheHeadline(figures, divergence, locale);
  const legend = legendFigures(figures);
  const explicitSentence =
    explicitCache && !rejected && billed ? explicitCacheSentence(explicitCache, billed, money.format, locale) : null;
  // Tokens billed as read beyond the green blocks: the provider rounds what it reports to its own step.
  const readBeyondBlocks = figures.read - figures.blockRead;
  const tone = { success: "text-success", danger: "text-danger", neutral: "text-ink" }[headline.tone];
  // Blocks before the change that are written again, not read: say why, or the colour contradicts "before the change".
  const rewrittenBeforeChange =
    markerBar > 0 && totals.read === 0 && bars.slice(0, markerBar).some((bar) => bar.status === "write");
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
    <div className={`flex flex-col gap-3 px-3 pt-3 pb-4 sm:px-5 ${className}`} data-testid="prefix-bar">
      <div aria-live="polite" className="min-h-[3.25rem]">
        <div className={`flex items-start gap-2 text-base font-semibold leading-snug ${tone}`}>
          <span aria-hidden className="inline-block w-4 shrink-0 text-center">
            {headline.icon}
          </span>
          <p
            data-testid="cache-headline"
            data-kind={headline.kind}
            data-tone={headline.tone}
            data-read={figures.read}
            data-written={figures.written}
            data-stored={figures.stored}
            data-uncached={figures.uncached}
            data-invalidated={figures.invalidated}
            data-block-read={figures.blockRead}
          >
            {headline.sentence}
          </p>
        </div>
        {explicitSentence ? (
          <p className="mt-0.5 pl-6 text-sm text-ink" data-testid="explicit-cache-sentence">
            {explicitSentence}
          </p>
        ) : null}
        {headline.detail ? (
          <p
            className="mt-0.5 pl-6 text-sm text-ink-soft"
            data-testid="divergence"
            data-kind={divergence?.kind ?? "none"}
            data-lost-cache={lostCache}
          >
            {t("where", { detail: headline.detail })}
          </p>
        ) : null}
      </div>

      <div className="relative">
        <div
          role="list"
          aria-label={t("barLabel", { bars: bars.length, tokens: totalTokens })}
          className="relative flex h-14 w-full overflow-hidden rounded-lg bg-panel-muted"
          onKeyDown={onKeyDown}
          onMouseLeave={() => setActiveIndex(null)}
        >
          {bars.length === 0 ? <span className="m-auto text-sm text-muted">{t("noTokens")}</span> : null}
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
              aria-label={describeSegmentRange(bar, locale)}
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

        {newBar > 0 && boxes[newBar] ? (
          <div
            aria-hidden
            data-testid="previous-end-marker"
            className="pointer-events-none absolute -top-1 -bottom-1 z-10 w-0 border-l-2 border-dashed border-ink-soft"
            style={{ left: `${boxes[newBar].leftPercent}%` }}
          />
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
                {t("tooltipTokens", {
                  tokens: t("tokens", { count: active.tokens }),
                  status: t(`statusLower.${active.status}`),
                  mixed: active.mixed ? "yes" : "no",
                })}
              </span>
            </p>
            {active.mixed ? (
              <p className="tabular mt-1 text-xs text-muted">
                {CACHE_STATUS_ORDER.filter((status) => active.statusTokens[status] > 0)
                  .map((status) =>
                    t("statusAmount", { count: active.statusTokens[status], status: t(`statusLower.${status}`) }),
                  )
                  .join(" · ")}
              </p>
            ) : (
              <p className="mt-1 text-xs text-muted">{t(`status.${active.status}.description`)}</p>
            )}
            {active.breakpoint ? <p className="mt-1 text-xs text-muted">{t("breakpoint")}</p> : null}
          </div>
        ) : null}
      </div>

      {groups.length > 0 ? (
        <div className="relative h-5 text-[11px] text-muted" data-testid="prefix-groups" aria-hidden>
          {groups.map((group) => (
            <span
              key={`${group.group}-${group.leftPercent}`}
              className="absolute top-0 truncate border-l border-line-strong pl-1"
              style={{ left: `${group.leftPercent}%`, width: `${group.widthPercent}%` }}
              data-group={group.group}
            >
              {GROUPS.has(group.group) ? t(`groups.${group.group as "tools"}`) : group.group}
            </span>
          ))}
        </div>
      ) : null}
      <p className="text-xs text-muted" data-testid="prefix-bar-key">
        {markerBar >= 0 ? t("markerKey") : ""}
        {newBar > 0 ? <span data-testid="previous-end-note">{t("previousEnd")} </span> : null}
        {readBeyondBlocks > 0 ? (
          <span data-testid="read-beyond-blocks">
            {t("readBeyond", { beyond: t("tokens", { count: readBeyondBlocks }), read: figures.read })}{" "}
          </span>
        ) : null}
        {rewrittenBeforeChange ? t("rewritten") : ""}
      </p>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm" data-testid="prefix-legend">
        {CACHE_STATUS_ORDER.map((status, index) => {
          const stored = status === "write" && figures.stored > 0 && figures.written === 0;
          const inside = status === "invalidated" && figures.invalidated > 0;
          return (
            <span
              key={status}
              className="flex items-center gap-2"
              data-testid="prefix-legend-item"
              data-status={status}
              title={stored ? t("stored.description") : t(`status.${status}.description`)}
            >
              <span aria-hidden className="inline-block h-3.5 w-3.5 rounded-sm" style={cacheStatusBackground(status)} />
              <span className="text-ink-soft">
                {stored ? t("stored.label") : t(`status.${status}.label`)}
                {inside ? t("paidAgain") : ""}
              </span>
              <span className="tabular min-w-[4.5rem] font-semibold text-ink" data-testid="prefix-legend-tokens">
                {formatTokens(legend[index])}
              </span>
            </span>
          );
        })}
        <span className="tabular ml-auto text-muted" data-testid="prefix-outside-prompt">
          {t("promptTokens", { count: totalTokens })}
          {outside.sentence ? ` · ${outside.sentence}` : ""}
        </span>
      </div>
    </div>
  );
}

type GroupSpan = { group: string; leftPercent: number; widthPercent: number };

/** The labelled parts under the bar (tools, system, messages): consecutive bars of one group form one span. */
function groupSpans(
  bars: ReadonlyArray<{ group: string; groups: readonly string[] }>,
  boxes: ReadonlyArray<{ leftPercent: number; widthPercent: number }>,
): GroupSpan[] {
  const spans: GroupSpan[] = [];
  bars.forEach((bar, index) => {
    const group = bar.groups.length === 1 ? bar.group : "mixed";
    const last = spans[spans.length - 1];
    if (last && last.group === group) last.widthPercent += boxes[index].widthPercent;
    else spans.push({ group, leftPercent: boxes[index].leftPercent, widthPercent: boxes[index].widthPercent });
  });
  return spans;
}
