"use client";
/**
 * Moves between the long page's sections (the run, the charts, the comparison, the decision, the lessons) and
 * follows the scroll: the section in view is marked current. It sticks under the header while the run area scrolls.
 */
import { useEffect, useState } from "react";

export const PAGE_SECTIONS = [
  { id: "section-run", label: "Run" },
  { id: "section-charts", label: "Charts" },
  { id: "section-compare", label: "Compare" },
  { id: "section-decide", label: "Decide" },
  { id: "section-learn", label: "Learn" },
] as const;

export function SectionNav() {
  const [current, setCurrent] = useState<string>(PAGE_SECTIONS[0].id);

  useEffect(() => {
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting ? entry.intersectionRatio : 0);
        // The first section (in page order) that is in view is the one being read.
        const first = PAGE_SECTIONS.find((section) => (visible.get(section.id) ?? 0) > 0);
        if (first) setCurrent(first.id);
      },
      { rootMargin: "-96px 0px -45% 0px", threshold: [0, 0.01, 0.25] },
    );
    for (const section of PAGE_SECTIONS) {
      const element = document.getElementById(section.id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);

  return (
    <nav
      aria-label="Page sections"
      className="sticky top-0 z-30 -mx-1 overflow-x-auto rounded-xl border border-line bg-panel/95 px-1 py-1 shadow-sm backdrop-blur xl:top-[4.25rem]"
      data-testid="section-nav"
    >
      <ul className="flex gap-1">
        {PAGE_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              aria-current={current === section.id ? "true" : undefined}
              className={`block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium ${current === section.id ? "bg-accent-soft text-accent" : "text-muted hover:text-ink"}`}
              onClick={(event) => {
                // Scrolls without writing the section into the URL: the fragment is where share links live.
                event.preventDefault();
                setCurrent(section.id);
                document.getElementById(section.id)?.scrollIntoView({ behavior: "smooth", block: "start" });
              }}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The first screen's one line: what this is, what to do, and the tour on offer. */
export function PageIntro({ onTour }: { onTour(): void }) {
  return (
    <section
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-accent/30 bg-accent-soft px-5 py-3 text-sm text-ink"
      data-testid="page-intro"
      aria-label="About this page"
    >
      <p className="min-w-0 flex-1 basis-72">
        {/* The stepper's buttons first: a phone has no arrow keys. */}
        <strong>See what giving an agent many tools costs, request by request:</strong> pick a strategy, step through
        its requests (buttons, or ← → on a keyboard), and watch the prompt cache read (green), write (blue) or lose
        (red) what was sent before.
      </p>
      <button
        type="button"
        className="inline-flex h-9 shrink-0 items-center rounded-lg bg-accent px-3 text-sm font-semibold text-white shadow-sm hover:opacity-90 dark:text-[#0d1016]"
        onClick={onTour}
        data-testid="intro-tour"
      >
        Take the 2-minute tour
      </button>
    </section>
  );
}
