"use client";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Button } from "@/components/ui/button";
import { TOUR_STEPS, type TourStep } from "./tour-steps";

export type GuidedTourProps = {
  /** Controlled: the help menu sets it to start the tour again. */
  open: boolean;
  /** `completed` is true when the last step was finished, false when skipped (Esc or "Skip"). */
  onClose: (outcome: { completed: boolean; stepIndex: number }) => void;
  /** Called when a step becomes current, so the page can switch example, strategy and request for the story. */
  onStep?: (step: TourStep, index: number) => void;
  steps?: readonly TourStep[];
};

/**
 * A short guided walkthrough: each step highlights one page element (`[data-tour="…"]`) and explains it. Keyboard:
 * → or Enter next, ← back, Esc skips. The page stays usable around it; focus moves to the tour and back when it ends.
 */
export function GuidedTour({ open, ...rest }: GuidedTourProps) {
  // Mounted only while open, so every opening starts at the first step without syncing state from props.
  return open ? <TourOverlay {...rest} /> : null;
}

type Rect = { top: number; left: number; width: number; height: number };

const PADDING = 8;
const POPOVER_WIDTH = 400;
const GAP = 14;
const MARGIN = 12;
/** A target taller than this share of the viewport is scrolled to its top, and the tour sits in a corner. */
const TALL_SHARE = 0.6;
const RESCROLL_AFTER_MS = 900;

function TourOverlay({ onClose, onStep, steps = TOUR_STEPS }: Omit<GuidedTourProps, "open">) {
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

  // Tell the page which step is current (it may switch strategy or example), then find and follow the target.
  useEffect(() => {
    if (!step) return;
    onStepRef.current?.(step, index);
    let frame = 0;
    let scrolls = 0;
    const startedAt = performance.now();
    const measure = () => {
      const element = document.querySelector(`[data-tour="${step.target}"]`);
      if (element instanceof HTMLElement || element instanceof SVGElement) {
        const box = element.getBoundingClientRect();
        const offScreen = box.bottom < 0 || box.top > window.innerHeight;
        // Scroll once smoothly; once more, at once, if the page moved it away meanwhile (an example loading).
        if (scrolls === 0 || (scrolls === 1 && offScreen && performance.now() - startedAt > RESCROLL_AFTER_MS)) {
          element.scrollIntoView({
            block: box.height > window.innerHeight * TALL_SHARE ? "start" : "center",
            behavior: scrolls === 0 ? "smooth" : "auto",
          });
          scrolls += 1;
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
      const height = popoverRef.current?.offsetHeight ?? 0;
      setPopoverHeight((previous) => (previous === height ? previous : height));
      // Follow the element while the page scrolls, lays out or switches strategy underneath the tour.
      frame = requestAnimationFrame(measure);
    };
    measure();
    const primary = popoverRef.current?.querySelector<HTMLElement>("[data-tour-primary]");
    (primary ?? popoverRef.current)?.focus({ preventScroll: true });
    return () => cancelAnimationFrame(frame);
  }, [step, index]);

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
  const popoverStyle = popoverPosition(rect, popoverHeight || 240);
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
        className="pointer-events-auto absolute rounded-2xl border border-line bg-panel p-5 text-ink shadow-2xl outline-none"
        style={popoverStyle}
        data-testid="tour"
        data-step={step.id}
        data-step-index={index}
        data-target-found={rect !== null}
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-muted" data-testid="tour-progress">
          Step {index + 1} of {steps.length}
        </p>
        <h2 id="tour-title" className="mt-1 text-lg font-semibold">
          {withCode(step.title)}
        </h2>
        <p id="tour-body" className="mt-2 text-sm leading-relaxed text-ink-soft">
          {withCode(step.body)}
        </p>
        {rect === null ? (
          <p className="mt-2 text-xs text-muted">(The part of the page this step describes is not shown right now.)</p>
        ) : null}
        <div className="mt-4 flex items-center gap-2">
          <Button size="sm" variant="ghost" onClick={() => close(false)} data-testid="tour-skip">
            Skip tour
          </Button>
          <span className="ml-auto" />
          <Button size="sm" onClick={() => go(index - 1)} disabled={index === 0} data-testid="tour-back">
            Back
          </Button>
          {last ? (
            <Button size="sm" variant="primary" onClick={() => close(true)} data-testid="tour-finish" data-tour-primary>
              Finish
            </Button>
          ) : (
            <Button size="sm" variant="primary" onClick={() => go(index + 1)} data-testid="tour-next" data-tour-primary>
              Next
            </Button>
          )}
        </div>
        <p className="mt-3 text-xs text-muted" data-testid="tour-keeps-work">
          The tour shows its own example; your work comes back as it was when the tour ends. ← → to move, Esc to leave.
        </p>
      </div>
    </div>,
    document.body,
  );
}

/** Below the target when it fits, above it otherwise, in a corner for tall targets; always inside the viewport. */
function popoverPosition(rect: Rect | null, height: number): CSSProperties {
  const viewportWidth = window.innerWidth;
  const viewportHeight = window.innerHeight;
  const width = Math.min(POPOVER_WIDTH, viewportWidth - 2 * MARGIN);
  if (!rect) return { left: (viewportWidth - width) / 2, top: Math.max(MARGIN, (viewportHeight - height) / 2), width };
  if (rect.height > viewportHeight * TALL_SHARE) return { right: 2 * MARGIN, bottom: 2 * MARGIN, width };
  const left = Math.min(Math.max(MARGIN, rect.left), viewportWidth - width - MARGIN);
  const below = rect.top + rect.height + PADDING + GAP;
  const top = below + height + MARGIN <= viewportHeight ? below : rect.top - PADDING - GAP - height;
  return { left, top: Math.min(Math.max(MARGIN, top), viewportHeight - height - MARGIN), width };
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
