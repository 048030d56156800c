"use client";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { Button } from "@/components/ui/button";
import type { TourFigures } from "@/lib/view/tour-figures";
import { tourStepsIn, type TourStep } from "./tour-steps";
import {
  docks,
  DOCK_MAX_SHARE,
  SPOTLIGHT_PADDING,
  placeTour,
  targetTopFor,
  type Rect,
  type TourPlacement,
} from "./tour-placement";

export type GuidedTourProps = {
  /** Controlled: the help menu sets it to start the tour again. */
  open: boolean;
  /** `completed` is true when the last step was finished, false when skipped (Esc or "Skip"). */
  onClose: (outcome: { completed: boolean; stepIndex: number }) => void;
  /** Called when a step becomes current, so the page can switch example, strategy and request for the story. */
  onStep?: (step: TourStep, index: number) => void;
  steps?: readonly TourStep[];
  /** The figures of the runs on screen, for steps whose words state them; null while they are not known. */
  figures?: TourFigures | null;
  /**
   * True while the page is still opening the tour's example: nothing is spotlit (the card on screen still belongs
   * to the previous example, "Step 0 of 0" while it loads) and the step's words wait, so they do not change mid-read.
   */
  waiting?: boolean;
};

/**
 * A short guided walkthrough: each step highlights one page element (`[data-tour="…"]`) and explains it. Keyboard:
 * → or Enter next, ← back, Esc skips. The page stays usable around it; focus moves to the tour and back when it ends.
 */
export function GuidedTour({ open, ...rest }: GuidedTourProps) {
  // Mounted only while open, so every opening starts at the first step without syncing state from props.
  return open ? <TourOverlay {...rest} /> : null;
}

const PADDING = SPOTLIGHT_PADDING;
/** After the first (smooth) scroll, the page may have moved the target (an example loading): scroll once more. */
const RESCROLL_AFTER_MS = 900;
/** How far from where it should be the target may sit before that second scroll. */
const RESCROLL_TOLERANCE = 48;

/** What sticky bars cover at the top of the screen: the section navigation (and the header above it, when sticky). */
function stickyTopInset(): number {
  const navigation = document.querySelector<HTMLElement>("[data-testid=section-nav]");
  if (!navigation || getComputedStyle(navigation).position !== "sticky") return 0;
  return (parseFloat(getComputedStyle(navigation).top) || 0) + navigation.offsetHeight;
}

function viewportSize() {
  // clientWidth leaves the vertical scrollbar out, which innerWidth counts.
  return { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight };
}

function TourOverlay({
  onClose,
  onStep,
  steps: givenSteps,
  figures = null,
  waiting = false,
}: Omit<GuidedTourProps, "open">) {
  const t = useTranslations("tour");
  const locale = useLocale() as Locale;
  const localeSteps = useMemo(() => tourStepsIn(locale), [locale]);
  const steps = givenSteps ?? localeSteps;
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<Rect | null>(null);
  const [popoverHeight, setPopoverHeight] = useState(0);
  const popoverRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<Element | null>(null);
  const step = steps[index];
  const last = index === steps.length - 1;

  const close = useCallback(
    (completed: boolean) => {
      onClose({ completed, stepIndex: index });
      const previous = returnFocusTo.current;
      if (previous instanceof HTMLElement) previous.focus();
    },
    [onClose, index],
  );
  const go = useCallback((next: number) => setIndex(Math.max(0, Math.min(steps.length - 1, next))), [steps.length]);

  useLayoutEffect(() => {
    returnFocusTo.current = document.activeElement;
  }, []);

  // The page may pass a new callback on every render; only a new step should call it.
  const onStepRef = useRef(onStep);
  useEffect(() => {
    onStepRef.current = onStep;
  }, [onStep]);

  // Tell the page which step is current (it may switch strategy or example).
  useEffect(() => {
    if (step) onStepRef.current?.(step, index);
  }, [step, index]);

  // Find and follow the target, once the page shows what the step is about.
  useEffect(() => {
    if (!step) return;
    if (waiting) {
      setRect(null);
      return;
    }
    let frame = 0;
    let scrolls = 0;
    let scrolledForHeight = 0;
    const startedAt = performance.now();
    const measure = () => {
      const element = document.querySelector(`[data-tour="${step.target}"]`);
      const boxHeight = popoverRef.current?.offsetHeight ?? 0;
      if (element instanceof HTMLElement || element instanceof SVGElement) {
        const box = element.getBoundingClientRect();
        const viewport = viewportSize();
        const inset = stickyTopInset();
        const docked = docks(viewport);
        // On a phone the sheet leaves little room: a tall target is scrolled by the part the step is about (the
        // compare table's selected row), so that part is above the sheet, not under it.
        const focus = docked && step.focus ? element.querySelector(step.focus) : null;
        const scrollBox = focus ? focus.getBoundingClientRect() : box;
        // A docked sheet that grew (its words arrived) covers more: scroll again for its new height.
        if (docked && scrolls > 0 && Math.abs(boxHeight - scrolledForHeight) > RESCROLL_TOLERANCE / 2) scrolls = 0;
        const wantedTop = targetTopFor(scrollBox, boxHeight || 240, viewport, inset);
        // Scroll once smoothly so the target and the box both fit; once more, at once, if the page moved the target
        // away meanwhile (an example loading above it).
        const moved = Math.abs(scrollBox.top - wantedTop) > RESCROLL_TOLERANCE;
        if (scrolls === 0 || (scrolls === 1 && moved && performance.now() - startedAt > RESCROLL_AFTER_MS)) {
          window.scrollTo({
            top: window.scrollY + scrollBox.top - wantedTop,
            behavior: scrolls === 0 ? "smooth" : "auto",
          });
          scrolls += 1;
          scrolledForHeight = boxHeight;
        }
        setRect((previous) =>
          previous &&
          previous.top === box.top &&
          previous.left === box.left &&
          previous.width === box.width &&
          previous.height === box.height
            ? previous
            : { top: box.top, left: box.left, width: box.width, height: box.height },
        );
      } else {
        setRect(null);
      }
      setPopoverHeight((previous) => (previous === boxHeight ? previous : boxHeight));
      // Follow the element while the page scrolls, lays out or switches strategy underneath the tour.
      frame = requestAnimationFrame(measure);
    };
    measure();
    // A rotated phone or a resized window lays the page out again: scroll to the target once more.
    const onResize = () => {
      scrolls = 0;
    };
    window.addEventListener("resize", onResize);
    const primary = popoverRef.current?.querySelector<HTMLElement>("[data-tour-primary]");
    (primary ?? popoverRef.current)?.focus({ preventScroll: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", onResize);
    };
  }, [step, index, waiting]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing =
        target &&
        (target.tagName === "INPUT" ||
          target.tagName === "TEXTAREA" ||
          target.tagName === "SELECT" ||
          target.isContentEditable);
      if (event.key === "Escape") {
        event.preventDefault();
        close(false);
      } else if (!typing && event.key === "ArrowRight") {
        event.preventDefault();
        event.stopPropagation();
        if (last) close(true);
        else go(index + 1);
      } else if (!typing && event.key === "ArrowLeft") {
        event.preventDefault();
        event.stopPropagation();
        go(index - 1);
      }
    };
    // Capture phase: the page's own ←/→ stepping shortcut must not also fire while the tour is open.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [close, go, index, last]);

  if (!step) return null;
  const placement = placeTour(rect, popoverHeight || 240, viewportSize(), stickyTopInset());
  const docked = placement.kind === "dock";
  return createPortal(
    <div className="pointer-events-none fixed inset-0 z-[60]" data-testid="tour-overlay">
      {rect ? (
        <div
          aria-hidden
          className="absolute rounded-xl ring-4 ring-accent transition-all duration-200"
          style={{
            top: rect.top - PADDING,
            left: rect.left - PADDING,
            width: rect.width + PADDING * 2,
            height: rect.height + PADDING * 2,
            boxShadow: "0 0 0 9999px rgba(10, 12, 20, 0.45)",
          }}
          data-testid="tour-spotlight"
          data-target={step.target}
        />
      ) : (
        <div aria-hidden className="absolute inset-0 bg-black/40" />
      )}
      <div
        ref={popoverRef}
        role="dialog"
        aria-modal="false"
        aria-labelledby="tour-title"
        aria-describedby="tour-body"
        tabIndex={-1}
        className={`pointer-events-auto absolute border border-line bg-panel text-ink shadow-2xl outline-none ${docked && placement.width === viewportSize().width ? "overflow-y-auto rounded-t-2xl p-4" : "rounded-2xl p-5"}`}
        style={popoverStyle(placement)}
        data-testid="tour"
        data-placement={placement.kind}
        data-step={step.id}
        data-step-index={index}
        data-target-found={rect !== null}
        data-waiting={waiting}
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-muted" data-testid="tour-progress">
          {t("progress", { n: index + 1, count: steps.length })}
        </p>
        <h2 id="tour-title" className="mt-1 text-lg font-semibold">
          {withCode(step.title)}
        </h2>
        <p id="tour-body" className="mt-2 text-sm leading-relaxed text-ink-soft" aria-busy={waiting}>
          {waiting
            ? t("opening")
            : withCode(figures && step.bodyWithFigures ? step.bodyWithFigures(figures) : step.body)}
        </p>
        {rect === null && !waiting ? <p className="mt-2 text-xs text-muted">{t("notShown")}</p> : null}
        <div className="mt-4 flex items-center gap-2">
          <Button size="sm" variant="ghost" onClick={() => close(false)} data-testid="tour-skip">
            {t("skip")}
          </Button>
          <span className="ml-auto" />
          <Button size="sm" onClick={() => go(index - 1)} disabled={index === 0} data-testid="tour-back">
            {t("back")}
          </Button>
          {last ? (
            <Button size="sm" variant="primary" onClick={() => close(true)} data-testid="tour-finish" data-tour-primary>
              {t("finish")}
            </Button>
          ) : (
            <Button size="sm" variant="primary" onClick={() => go(index + 1)} data-testid="tour-next" data-tour-primary>
              {t("next")}
            </Button>
          )}
        </div>
        <p className="mt-3 text-xs text-muted" data-testid="tour-keeps-work">
          {t("keepsWork")}
        </p>
      </div>
    </div>,
    document.body,
  );
}

function popoverStyle(placement: TourPlacement): CSSProperties {
  if (placement.kind !== "dock") return { left: placement.left, top: placement.top, width: placement.width };
  const fullWidth = placement.width === viewportSize().width;
  return fullWidth
    ? { left: 0, bottom: 0, width: placement.width, maxHeight: `${DOCK_MAX_SHARE * 100}vh` }
    : { left: placement.left, bottom: 12, width: placement.width };
}

function withCode(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/).map((part, position) =>
    part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
      <code key={position} className="rounded bg-panel-muted px-1 py-0.5 font-mono text-[0.9em]">
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}
