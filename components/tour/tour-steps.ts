import type { StepKind } from "@/lib/engine/types";
import type { StrategyId } from "@/lib/core/ids";
import { formatTokens } from "@/lib/view/format";
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

/** The story in seven steps, on the 200-tool example. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: "eighty-k",
    target: "prefix-bar",
    title: "The 80k-token problem",
    body: "Every one of the 200 tools is sent in full on every request: about 400 tokens a tool and 80,000 in all, as the write-ups count them. The bar is the first request in cache order, its width in tokens: almost all of it is tool definitions, written to the cache at 1.25× the first time and read on every request after.",
    bodyWithFigures: (figures) =>
      `Every one of the ${formatTokens(figures.toolCount)} tools is sent in full on every request: ${formatTokens(figures.definitionTokens)} tokens of definitions${figures.exact ? "" : " (estimated)"} for this model, about ${formatTokens(Math.round(figures.definitionTokens / figures.toolCount))} a tool, where the write-ups count 400 and 80,000. The bar is the request in cache order, its width in tokens: almost all of its ${formatTokens(figures.shownPromptTokens)} tokens are tool definitions, written to the cache at 1.25× the first time and read on every request after.`,
    story: { exampleId: TOUR_EXAMPLE_ID, strategyId: "full", stepKind: "call" },
  },
  {
    id: "changing-tools",
    target: "prefix-bar",
    title: "Change `tools`, lose the cache",
    body: "Loading a tool by editing the `tools` array changes the very front of the prefix: everything after it is invalidated and written again at full price. This request is the call right after the first search — the red part is the cache that was lost.",
    story: { exampleId: TOUR_EXAMPLE_ID, strategyId: "naive-dynamic", stepKind: "call" },
  },
  {
    id: "stubs",
    target: "request-panel",
    title: "Stubs: register everything, but small",
    body: "Every tool is a one-line stub with a loose `arguments` object, plus `load_tool_schemas`, which returns the real schema as a tool result at the tail (marked in the request). The list never changes and the prompt shrinks to about a fifth — but the provider only enforces the loose shell; the client validates the real arguments.",
    bodyWithFigures: (figures) =>
      `Every tool is a one-line stub with a loose \`arguments\` object, plus \`load_tool_schemas\`, which returns the real schema as a tool result at the tail (marked in the request). The list never changes, and this request's prompt is ${formatTokens(figures.shownPromptTokens)} tokens where loading everything's first call sends ${formatTokens(figures.fullPromptTokens)} — but the provider only enforces the loose shell; the client validates the real arguments.`,
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
    title: "The gateway: two constant tools",
    body: "`search_tools` and `invoke_tool`, whatever the catalog size: the same two definitions up front. The real arguments travel as JSON inside JSON and are checked on the client, and the whole approach stands or falls with search quality — a model that cannot find a tool stops using tools.",
    story: { exampleId: TOUR_EXAMPLE_ID, strategyId: "gateway", stepKind: "call" },
  },
  {
    id: "native-deferral",
    target: "compare-table",
    focus: '[data-testid="compare-row"][data-selected="true"]',
    title: "Provider-native deferral",
    body: "With `defer_loading`, every definition is still sent but stays outside the prompt until a search returns a `tool_reference`, which the provider expands where the result sits. The prefix never changes and schemas stay strict — compare its input tokens with loading everything (Anthropic reports 77k → 8.7k).",
    story: { exampleId: TOUR_EXAMPLE_ID, strategyId: "anthropic-tool-search" },
  },
  {
    id: "kimi",
    target: "request-panel",
    title: "Kimi: tools as an appended message",
    body: 'Kimi K3 lets a `{role: "system", tools: [...]}` message without `content` declare tools from where it stands (marked in the request). Append, never insert; once declared, never delete — and the prefix stays cached while every tool is still called natively.',
    story: {
      exampleId: TOUR_EXAMPLE_ID,
      strategyId: "kimi-dynamic",
      stepKind: "call",
      reveal: { text: '"role": "system",\n      "tools": [', occurrence: "last" },
    },
  },
  {
    id: "does-it-pay",
    target: "break-even",
    title: "Does it pay? Where is the threshold?",
    body: "Progressive disclosure adds round trips and cache writes. Shape a session on your own catalog — tools used, turns, minutes between turns against the cache lifetime — and see from which turn each strategy becomes cheaper than loading everything, with the three goals and a recommendation below. The community's variants are compared alongside: one `run` tool with `--help`, a small-model prefilter, tools as text in the system prompt, and a sub-agent that holds the catalog.",
    story: {},
  },
];
