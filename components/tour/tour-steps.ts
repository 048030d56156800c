import type { StepKind } from "@/lib/engine/types";
import type { StrategyId } from "@/lib/core/ids";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import type { TourFigures } from "@/lib/view/tour-figures";
import type { RequestReveal } from "./request-reveal";

/**
 * The page elements the tour points at. The page marks each with `data-tour="<value>"`; "break-even" is set by
 * components/decide itself. A missing target is not an error: the step is then shown in the middle of the screen.
 */
export const TOUR_TARGETS = ["prefix-bar", "request-panel", "compare-table", "break-even"] as const;
export type TourTarget = (typeof TOUR_TARGETS)[number];

/** What the page should show for a step, so the story runs on a live example. All fields are optional hints. */
export type TourStory = {
  /** Load this example first (the tour is told on the 200-tool example). */
  exampleId?: string;
  strategyId?: StrategyId;
  /** Show the first request of this kind in the selected run (e.g. the call right after a discovery). */
  stepKind?: StepKind;
  /** Scroll the request body to this text and mark its line: the part of a long request the step describes. */
  reveal?: RequestReveal;
};

export type TourStep = {
  id: string;
  target: TourTarget;
  /**
   * A selector inside the target for the part the words are about. On a phone, where the docked sheet leaves only
   * part of the screen, a target taller than that room is scrolled by this part so the sheet does not cover it.
   */
  focus?: string;
  title: string;
  /** Plain text; `code` in backticks is rendered as code. Shown while the figures below are not known yet. */
  body: string;
  /** The same text stating the figures of the runs on screen (lib/view/tour-figures.ts), once they are there. */
  bodyWithFigures?: (figures: TourFigures) => string;
  story: TourStory;
};

export const TOUR_EXAMPLE_ID = "seed-200-tools";

/** Where each step points and what it shows; its words are lib/i18n's tour.steps.<id>. */
const STORY: ReadonlyArray<Omit<TourStep, "title" | "body" | "bodyWithFigures"> & { withFigures?: true }> = [
  {
    id: "eighty-k",
    target: "prefix-bar",
    withFigures: true,
    story: { exampleId: TOUR_EXAMPLE_ID, strategyId: "full", stepKind: "call" },
  },
  {
    id: "changing-tools",
    target: "prefix-bar",
    story: { exampleId: TOUR_EXAMPLE_ID, strategyId: "naive-dynamic", stepKind: "call" },
  },
  {
    id: "stubs",
    target: "request-panel",
    withFigures: true,
    story: {
      exampleId: TOUR_EXAMPLE_ID,
      strategyId: "stubs",
      stepKind: "call",
      reveal: { text: '"type": "tool_result"', occurrence: "last" },
    },
  },
  {
    id: "gateway",
    target: "request-panel",
    story: { exampleId: TOUR_EXAMPLE_ID, strategyId: "gateway", stepKind: "call" },
  },
  {
    id: "native-deferral",
    target: "compare-table",
    focus: '[data-testid="compare-row"][data-selected="true"]',
    story: { exampleId: TOUR_EXAMPLE_ID, strategyId: "anthropic-tool-search" },
  },
  {
    id: "kimi",
    target: "request-panel",
    story: {
      exampleId: TOUR_EXAMPLE_ID,
      strategyId: "kimi-dynamic",
      stepKind: "call",
      reveal: { text: '"role": "system",\n      "tools": [', occurrence: "last" },
    },
  },
  { id: "does-it-pay", target: "break-even", story: {} },
];

/** The story in seven steps, on the 200-tool example, in `locale`: the figures in the words are the runs' own. */
export function tourStepsIn(locale: Locale): readonly TourStep[] {
  const t = translatorFor(locale, "tour");
  return STORY.map(({ withFigures, ...step }) => {
    const key = step.id as "stubs";
    return {
      ...step,
      title: t(`steps.${key}.title`),
      body: t(`steps.${key}.body`),
      bodyWithFigures: withFigures
        ? (figures: TourFigures) =>
            t(`steps.${key}.bodyWithFigures`, {
              tools: figures.toolCount,
              definitions: figures.definitionTokens,
              exact: figures.exact ? "yes" : "no",
              perTool: Math.round(figures.definitionTokens / figures.toolCount),
              shown: figures.shownPromptTokens,
              full: figures.fullPromptTokens,
            })
        : undefined,
    };
  });
}

/** The English story (tests and the default of the tour). */
export const TOUR_STEPS: readonly TourStep[] = tourStepsIn("en");
