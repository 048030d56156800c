"use client";
/**
 * Moves between the long page's sections (the run, the charts, the comparison, the decision, the lessons) and
 * follows the scroll: the section in view is marked current. It sticks under the header while the run area scrolls.
 *
 * A section reached by a click stays at the reading line until the person scrolls, taps, clicks or types: panels
 * above it still mount and grow after the click (the decide views replace their 480 px placeholder with panels
 * several times taller after the first run, and grow again when their own figures arrive), and a smooth scroll aims
 * at where the section was when it started, so it would end inside the section before it, with that one lit. The
 * browser's own scroll anchoring does not help there: the node it keeps still is in the growing section, at the top
 * of the screen.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { usePlayground } from "@/state/playground-provider";

export const PAGE_SECTIONS = [
  { id: "section-run", label: "Run" },
  { id: "section-charts", label: "Charts" },
  { id: "section-compare", label: "Compare" },
  { id: "section-decide", label: "Decide" },
  { id: "section-learn", label: "Learn" },
  // Below 1024 px the inputs (catalog editor, conversation, settings) stack under the run; from 1024 px up they
  // are a column always in view, so the entry is not needed there.
  { id: "section-inputs", label: "Catalog", narrowOnly: true },
] as const;

/** Width from which the inputs sit beside the run (Tailwind `lg`, as in playground.tsx). */
const WIDE_QUERY = "(min-width: 1024px)";

/**
 * The section being read: the last one whose top has passed the reading line (just under the sticky nav, where a
 * section lands after a click: `.scroll-below-bars` in app/globals.css). At the foot of the page the last sections
 * cannot scroll that far up, so there the last one whose top is on screen counts.
 */
export function currentSection(
  tops: ReadonlyArray<{ id: string; top: number }>,
  readingLine: number,
  viewportHeight: number,
  atPageEnd: boolean,
): string | undefined {
  const passed = tops.filter((section) => section.top <= readingLine);
  if (atPageEnd) {
    const onScreen = tops.filter((section) => section.top < viewportHeight);
    return (onScreen.at(-1) ?? passed.at(-1))?.id;
  }
  return (passed.at(-1) ?? tops[0])?.id;
}

/**
 * The reading line: 26 px under the navigation's foot, and never above 136 px (8 rem of scroll margin, where a section
 * clicked below 1280 px lands, plus 8 px). From 1280 px the navigation sticks under the header, whose height follows
 * its content, so the line moves down with it.
 */
function readingLine(nav: HTMLElement | null): number {
  return Math.max(136, (nav?.getBoundingClientRect().bottom ?? 0) + 26);
}

export function SectionNav() {
  const t = useTranslations("playground");
  const [current, setCurrent] = useState<string>(PAGE_SECTIONS[0].id);
  const setSidePanel = usePlayground((state) => state.setSidePanel);
  // The section a click asked for, kept at the reading line while the page's height changes, and whether the
  // click's smooth scroll is still under way (then a correction retargets it; after it, one is made at once, before
  // the moved page is painted).
  const aim = useRef<{ element: HTMLElement; moving: boolean } | null>(null);
  const navElement = useRef<HTMLElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const wide = window.matchMedia(WIDE_QUERY).matches;
      const tops = PAGE_SECTIONS.filter((section) => !(wide && "narrowOnly" in section)).flatMap((section) => {
        const element = document.getElementById(section.id);
        return element ? [{ id: section.id, top: element.getBoundingClientRect().top }] : [];
      });
      // Page order, not list order: below 1024 px the inputs come last, whatever the list says.
      tops.sort((a, b) => a.top - b.top);
      const root = document.documentElement;
      const atPageEnd = window.scrollY > 0 && window.scrollY + window.innerHeight >= root.scrollHeight - 2;
      const id = currentSection(tops, readingLine(navElement.current), window.innerHeight, atPageEnd);
      if (id) setCurrent(id);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    const keepAim = () => {
      const target = aim.current;
      // Without `scrollend` (older Safari) the end of the smooth scroll is not known: corrections stay smooth.
      if (target) target.element.scrollIntoView({ behavior: target.moving ? "smooth" : "instant", block: "start" });
    };
    const scrollEnded = () => {
      if (aim.current) aim.current.moving = false;
    };
    const letGo = () => {
      aim.current = null;
    };
    // Content that moves under a still page fires no scroll event: the lit section is worked out again too.
    const layout =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => {
            keepAim();
            schedule();
          });
    layout?.observe(document.body);
    const handOver = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    if ("onscrollend" in window) window.addEventListener("scrollend", scrollEnded);
    for (const type of handOver) window.addEventListener(type, letGo, { capture: true, passive: true });
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      window.removeEventListener("scrollend", scrollEnded);
      for (const type of handOver) window.removeEventListener(type, letGo, { capture: true });
      layout?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <nav
      ref={navElement}
      aria-label={t("sections.label")}
      className="sticky top-0 z-30 -mx-1 overflow-x-auto rounded-xl border border-line bg-panel/95 px-1 py-1 shadow-sm backdrop-blur sticky-below-header"
      data-testid="section-nav"
    >
      <ul className="flex gap-1">
        {PAGE_SECTIONS.map((section) => (
          <li key={section.id} className={"narrowOnly" in section ? "lg:hidden" : undefined}>
            <a
              href={`#${section.id}`}
              aria-current={current === section.id ? "true" : undefined}
              className={`block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium ${current === section.id ? "bg-accent-soft text-accent" : "text-muted hover:text-ink"}`}
              onClick={(event) => {
                // Scrolls without writing the section into the URL: the fragment is where share links live.
                event.preventDefault();
                setCurrent(section.id);
                if (section.id === "section-inputs") setSidePanel("catalog");
                const element = document.getElementById(section.id);
                if (!element) return;
                // The pointer or key that made this click has already let go of the previous aim.
                aim.current = { element, moving: true };
                element.scrollIntoView({ behavior: "smooth", block: "start" });
              }}
            >
              {t(`sections.${section.id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The first screen's one line: what this is, what to do, and the tour on offer. */
export function PageIntro({ onTour }: { onTour(): void }) {
  const t = useTranslations("playground");
  return (
    <section
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-accent/30 bg-accent-soft px-5 py-3 text-sm text-ink"
      data-testid="page-intro"
      aria-label={t("intro.label")}
    >
      {/* On a phone the long line pushed the first figures below the fold: a short one there, the same offer. */}
      <p className="min-w-0 flex-1 basis-40 sm:hidden" data-testid="page-intro-short">
        {t.rich("intro.short", { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <p className="hidden min-w-0 flex-1 basis-72 sm:block">
        {/* The stepper's buttons first: a phone has no arrow keys. */}
        {t.rich("intro.long", { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <button
        type="button"
        className="inline-flex h-9 shrink-0 items-center rounded-lg bg-accent px-3 text-sm font-semibold text-white shadow-sm hover:opacity-90 dark:text-[#0d1016]"
        onClick={onTour}
        data-testid="intro-tour"
      >
        {t("intro.tour")}
      </button>
    </section>
  );
}
