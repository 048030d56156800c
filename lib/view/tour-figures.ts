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
  /** Prompt tokens of that request, and of the stubs' first call (the tour's third step shows it). */
  fullPromptTokens: number;
  stubsPromptTokens: number;
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

/** Null until both runs the tour quotes (loading everything, stubs) are there and ran. */
export function tourFigures(runs: readonly RunFigures[], toolCount: number): TourFigures | null {
  const full = runs.find((run) => run.id === "full" && !run.refused);
  const stubs = runs.find((run) => run.id === "stubs" && !run.refused);
  const fullCall = full && firstOfKind(full, "call");
  const stubsCall = stubs && firstOfKind(stubs, "call");
  if (!full || !fullCall || !stubsCall || toolCount <= 0) return null;
  return {
    toolCount,
    definitionTokens: fullCall.tokens.toolDefinitions,
    fullPromptTokens: fullCall.tokens.input,
    stubsPromptTokens: stubsCall.tokens.input,
    exact: full.tokenCounting.exact,
  };
}
