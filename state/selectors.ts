/** Derived values. Components select narrowly from these so a keystroke re-renders only what it changes. */
import type { CatalogTool } from "@/lib/catalog/types";
import type { RunSummary, StepSummary } from "@/lib/workbench/types";
import { keysWith, type SharedKey } from "./persistence";
import type { PlaygroundState } from "./playground-store";

/** Above this many tools the editor shows one tool at a time (a 10,000-tool JSON text would be megabytes). */
export const WHOLE_CATALOG_EDITOR_LIMIT = 300;

/** The live transcript of the selected strategy, when live mode is on and one exists. */
export const selectLiveRun = (state: PlaygroundState): RunSummary | undefined =>
  state.runMode === "live" && state.liveSummary?.id === state.strategyId && state.liveSummary.steps.length > 0
    ? state.liveSummary
    : undefined;

/** The run the stepper walks: the live transcript in live mode once it has a request, the simulated run otherwise. */
export const selectSelectedRun = (state: PlaygroundState): RunSummary | undefined =>
  selectLiveRun(state) ?? state.runs.find((run) => run.id === state.strategyId);

export const selectStepCount = (state: PlaygroundState): number => selectSelectedRun(state)?.steps.length ?? 0;

/** The chosen step clamped to the selected run, so switching to a shorter run never points past its end. */
export const selectStepIndex = (state: PlaygroundState): number => {
  const count = selectStepCount(state);
  return count === 0 ? 0 : Math.min(state.stepIndex, count - 1);
};

export const selectCurrentStep = (state: PlaygroundState): StepSummary | undefined =>
  selectSelectedRun(state)?.steps[selectStepIndex(state)];

export const selectEditorMode = (state: PlaygroundState): "whole" | "tool" =>
  state.lastValidCatalog.tools.length <= WHOLE_CATALOG_EDITOR_LIMIT ? "whole" : "tool";

/** Problems of the text currently in the editor; null while it has not been checked yet. */
export const selectCatalogProblems = (state: PlaygroundState) =>
  state.catalogCheck && state.catalogCheck.text === state.catalogText ? state.catalogCheck.problems : null;

export const selectToolTokens = (state: PlaygroundState): number[] | null =>
  state.toolTokens && state.toolTokens.catalogVersion === state.catalogVersion ? state.toolTokens.tokens : null;

export function filterTools(tools: readonly CatalogTool[], filter: string): number[] {
  const needle = filter.trim().toLowerCase();
  const indexes: number[] = [];
  tools.forEach((tool, index) => {
    if (
      !needle ||
      tool.name.toLowerCase().includes(needle) ||
      (tool.namespace ?? "").toLowerCase().includes(needle) ||
      tool.description.toLowerCase().includes(needle)
    ) {
      indexes.push(index);
    }
  });
  return indexes;
}

const SHARED_KEYS = keysWith("share");

/**
 * The parts of the store that make up the shareable workspace: exactly the keys the persistence table
 * (./persistence.ts) marks "share", plus the catalog version that says whether there is a workspace yet. Select
 * with useShallow (a new object per call). A key marked "none" never reaches a link, autosave or the saved list.
 */
export const selectWorkspaceFields = (
  state: PlaygroundState,
): Pick<PlaygroundState, SharedKey> & { catalogVersion: number } => {
  const fields: Record<string, unknown> = { catalogVersion: state.catalogVersion };
  for (const key of SHARED_KEYS) fields[key] = state[key];
  return fields as Pick<PlaygroundState, SharedKey> & { catalogVersion: number };
};
