/**
 * Where a tour step's story puts the page, once the page can be put there: the request of the story's kind in the
 * story's own strategy. Pure, so the waiting rules are tested without a page.
 */
import type { StepKind } from "@/lib/engine/types";
import type { StrategyId } from "@/lib/core/ids";
import type { TourStory } from "./tour-steps";

export type StoryPageState = {
  exampleId: string | null | undefined;
  strategyId: StrategyId;
  running: boolean;
  catalogVersion: number;
  runRequestId: number | null;
  runs: ReadonlyArray<{ id: StrategyId; steps: ReadonlyArray<{ kind: StepKind | string }> }>;
};

/**
 * The request index to select for `story`: null while the page is not ready for it (another example, a run still
 * going or from before the example opened, or another strategy on screen). Waiting for the story's own strategy
 * matters: the page's store reports every change, and a step that took the previous strategy's run would land on
 * that strategy's request number (the tour's first step showed request 2, an answer, instead of the first call).
 * A story without a kind keeps the request on screen (undefined).
 */
export function storyStepIndex(
  story: TourStory,
  state: StoryPageState,
  staleRun: number | null | undefined,
): number | undefined | null {
  if (story.exampleId && state.exampleId !== story.exampleId) return null;
  if (state.running || state.catalogVersion === 0 || (staleRun !== undefined && state.runRequestId === staleRun))
    return null;
  if (story.strategyId && state.strategyId !== story.strategyId) return null;
  const run = state.runs.find((candidate) => candidate.id === state.strategyId);
  if (!run) return null;
  if (!story.stepKind) return undefined;
  const index = run.steps.findIndex((step) => step.kind === story.stepKind);
  return index >= 0 ? index : 0;
}
