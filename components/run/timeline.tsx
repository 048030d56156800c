"use client";
import { useEffect, useRef, type KeyboardEvent } from "react";
import type { StepKind } from "@/lib/engine/types";
import { useLocale, useTranslations } from "use-intl";
import { engineTitleText } from "@/lib/i18n/engine-notes";
import type { Locale } from "@/lib/i18n/locales";
import { StepKindIcon } from "./step-kind-icon";
import { STEP_KIND_CLASSES } from "./step-kind-style";

export type TimelineStep = { index: number; turn: number; kind: StepKind; title: string };

export type TimelineProps = {
  /** Every request of the selected strategy (StepSummary[] fits). */
  steps: readonly TimelineStep[];
  currentIndex: number;
  onSelect: (index: number) => void;
  className?: string;
};

function groupByTurn(steps: readonly TimelineStep[]): Array<{ turn: number; steps: TimelineStep[] }> {
  const groups: Array<{ turn: number; steps: TimelineStep[] }> = [];
  for (const step of steps) {
    const last = groups[groups.length - 1];
    if (last && last.turn === step.turn) last.steps.push(step);
    else groups.push({ turn: step.turn, steps: [step] });
  }
  return groups;
}

/**
 * Every request of the selected strategy as chips grouped by user turn (search → load → call → retry → answer). The
 * current one is highlighted and kept in view. One Tab stop: ←/→/Home/End move the selection.
 */
export function Timeline({ steps, currentIndex, onSelect, className = "" }: TimelineProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const chips = useRef(new Map<number, HTMLButtonElement>());

  // Keeps the current chip in view (and focused, if focus is already in the timeline) as the selection moves. Its
  // place is read in the next frame, where the page is laid out anyway: read here, right after a commit, it forced
  // that layout inside the commit's task (≈ 20 ms of each long task while a 10,000-tool import's run arrives).
  useEffect(() => {
    const container = scroller.current;
    const chip = chips.current.get(currentIndex);
    if (!container || !chip) return;
    if (container.contains(document.activeElement) && document.activeElement !== chip)
      chip.focus({ preventScroll: true });
    const frame = requestAnimationFrame(() => {
      const left = chip.offsetLeft - container.clientWidth / 2 + chip.offsetWidth / 2;
      const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      container.scrollTo({ left: Math.max(0, left), behavior: reduceMotion ? "auto" : "smooth" });
    });
    return () => cancelAnimationFrame(frame);
  }, [currentIndex, steps]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (steps.length === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const position = Math.max(
      0,
      steps.findIndex((step) => step.index === currentIndex),
    );
    const target =
      event.key === "ArrowRight"
        ? Math.min(steps.length - 1, position + 1)
        : event.key === "ArrowLeft"
          ? Math.max(0, position - 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? steps.length - 1
              : null;
    if (target === null) return;
    // Handled here; preventDefault tells the page's own stepping shortcut not to step a second time.
    event.preventDefault();
    onSelect(steps[target].index);
  };

  const t = useTranslations("run.timeline");
  const tRun = useTranslations("run");
  const locale = useLocale() as Locale;
  const kindLabel = (kind: StepKind) => tRun(`stepKind.${kind}.label`);
  const hasCurrent = steps.some((step) => step.index === currentIndex);

  return (
    <div
      ref={scroller}
      className={`relative overflow-x-auto overflow-y-hidden py-1 ${className}`}
      onKeyDown={onKeyDown}
    >
      <ol className="flex w-max items-end gap-3 px-1" data-testid="timeline" aria-label={t("label")}>
        {groupByTurn(steps).map((group, groupIndex) => (
          <li
            key={`${group.turn}-${groupIndex}`}
            className={`flex flex-col gap-1 ${groupIndex > 0 ? "border-l-2 border-line pl-3" : ""}`}
            data-testid="timeline-turn"
            data-turn={group.turn}
          >
            <span className="text-xs font-semibold uppercase tracking-wide text-muted">
              {t("turn", { turn: group.turn + 1 })}
            </span>
            <ol className="flex gap-1.5">
              {group.steps.map((step, position) => {
                const current = step.index === currentIndex;
                const styles = STEP_KIND_CLASSES[step.kind];
                const focusable = current || (!hasCurrent && groupIndex === 0 && position === 0);
                return (
                  <li key={step.index}>
                    <button
                      ref={(element) => {
                        if (element) chips.current.set(step.index, element);
                        else chips.current.delete(step.index);
                      }}
                      type="button"
                      tabIndex={focusable ? 0 : -1}
                      data-testid="timeline-step"
                      data-kind={step.kind}
                      data-index={step.index}
                      aria-current={current ? "step" : undefined}
                      aria-label={t("step", {
                        index: step.index + 1,
                        kind: kindLabel(step.kind),
                        title: engineTitleText(step.title, locale),
                      })}
                      title={`${step.index + 1}. ${engineTitleText(step.title, locale)}`}
                      onClick={() => onSelect(step.index)}
                      className={`tabular flex h-10 min-w-[3.25rem] items-center justify-center gap-1 rounded-lg border-2 px-2 text-sm font-semibold transition-colors ${
                        current
                          ? `${styles.current} shadow-md`
                          : `${styles.chip} hover:brightness-95 dark:hover:brightness-125`
                      }`}
                    >
                      <StepKindIcon kind={step.kind} />
                      {step.index + 1}
                    </button>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </div>
  );
}
