import type { RunSummary } from "../core";

/**
 * The figures the guided tour's words state, taken from the runs on screen, so a step never says "80,000 tokens"
 * beside a bar of 97,165. The seed write-ups count about 400 tokens a tool by one tokenizer; this page counts the
 * scenario's model (for Claude an estimate, o200k × 1.2), and a sentence beside its bar has to use the page's count.
 */
export type TourFigures = {
  toolCount: number;
  /** Tool-definition tokens of loading everything's first call: the request the tour's first step shows. */
  definitionTokens: number;
  /** Prompt tokens of that request. */
  fullPromptTokens: number;
  /** Prompt tokens of the request on screen (the selected strategy's selected request): what the bar adds up to. */
  shownPromptTokens: number;
  /** False when the counts are an estimate (no public tokenizer for the model). */
  exact: boolean;
};

/** What is read of a run: a RunSummary on the page, an engine run in the tests. */
type RunFigures = Pick<RunSummary, "id" | "refused" | "tokenCounting"> & {
  steps: ReadonlyArray<{ kind: string; tokens: { input: number; toolDefinitions: number } }>;
};

/** The first request of a kind, as the tour host picks it (the first step when the run has none of that kind). */
function firstOfKind(run: RunFigures, kind: string) {
  return run.steps.find((step) => step.kind === kind) ?? run.steps[0];
}

/**
 * Null until the run of loading everything and the request on screen are there. `shown` is the page's selection:
 * the words speak of the request the bar shows, whichever it is, so they agree with it even before (or without)
 * the tour's move to the request it meant.
 */
export function tourFigures(
  runs: readonly RunFigures[],
  toolCount: number,
  shown: { strategyId: string; stepIndex: number },
): TourFigures | null {
  const full = runs.find((run) => run.id === "full" && !run.refused);
  const fullCall = full && firstOfKind(full, "call");
  const shownStep = runs.find((run) => run.id === shown.strategyId && !run.refused)?.steps[shown.stepIndex];
  if (!full || !fullCall || !shownStep || toolCount <= 0) return null;
  return {
    toolCount,
    definitionTokens: fullCall.tokens.toolDefinitions,
    fullPromptTokens: fullCall.tokens.input,
    shownPromptTokens: shownStep.tokens.input,
    exact: full.tokenCounting.exact,
  };
}
