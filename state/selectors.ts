/** Derived values. Components select narrowly from these so a keystroke re-renders only what it changes. */
import type { CatalogTool } from "@/lib/core/catalog";
import type { StrategyRun } from "@/lib/engine/types";
import type { ScenarioTurn } from "@/lib/scenario/types";
import { summariseRun } from "@/lib/workbench/summarise-run";
import type { RunSummary, StepSummary } from "@/lib/workbench/types";
import { keysWith, type SharedKey } from "./persistence";
import type { PlaygroundState } from "./playground-store";

/** Above this many tools the editor shows one tool at a time (a 10,000-tool JSON text would be megabytes). */
export const WHOLE_CATALOG_EDITOR_LIMIT = 300;

/**
 * One summary per live transcript object: the transcript is replaced on every change, so a summary computed once
 * per transcript is a stable value for the components that select it (and is dropped with its transcript).
 */
const liveSummaries = new WeakMap<StrategyRun, RunSummary>();

/** The summary of the live transcript (the stepper, the prefix bar and the chart read it), or null without one. */
export const selectLiveSummary = (state: PlaygroundState): RunSummary | null => {
  if (!state.liveRun) return null;
  let summary = liveSummaries.get(state.liveRun);
  if (!summary) {
    summary = summariseRun(state.liveRun);
    liveSummaries.set(state.liveRun, summary);
  }
  return summary;
};

/** The live transcript of the selected strategy, when live mode is on and one exists. */
export const selectLiveRun = (state: PlaygroundState): RunSummary | undefined => {
  if (state.runMode !== "live") return undefined;
  const summary = selectLiveSummary(state);
  return summary?.id === state.strategyId && summary.steps.length > 0 ? summary : undefined;
};

const turnKeyLists = new WeakMap<readonly ScenarioTurn[], string[]>();

/**
 * React keys for `state.turns`, one per turn, from each turn's identity (`turnKey`): a moved turn keeps its key
 * and so its editors' drafts. The same array for the same turns, so a component may select it directly. A turn
 * object that appears twice gets a suffix on its second key.
 */
export const selectTurnKeys = (state: PlaygroundState): string[] => {
  let keys = turnKeyLists.get(state.turns);
  if (!keys) {
    const seen = new Map<string, number>();
    keys = state.turns.map((turn) => {
      const key = state.turnKey(turn);
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      return count === 1 ? key : `${key}-${count}`;
    });
    turnKeyLists.set(state.turns, keys);
  }
  return keys;
};

/**
 * The simulated run of the strategy on screen and the worker's run it belongs to: while that strategy's run is still
 * going, its requests so far (`runSoFar`), else its entry in `runs`.
 */
export const selectShownRun = (state: PlaygroundState): { run: RunSummary; runRequestId: number } | null => {
  const soFar = state.runSoFar;
  if (soFar && soFar.run.id === state.strategyId) return soFar;
  const run = state.runs.find((candidate) => candidate.id === state.strategyId);
  return run && state.runRequestId !== null ? { run, runRequestId: state.runRequestId } : null;
};

/** The run the stepper walks: the live transcript in live mode once it has a request, the simulated run otherwise. */
export const selectSelectedRun = (state: PlaygroundState): RunSummary | undefined =>
  selectLiveRun(state) ??
  (state.runSoFar?.run.id === state.strategyId ? state.runSoFar.run : undefined) ??
  state.runs.find((run) => run.id === state.strategyId);

export const selectStepCount = (state: PlaygroundState): number => selectSelectedRun(state)?.steps.length ?? 0;

/** The chosen step clamped to the selected run, so switching to a shorter run never points past its end. */
export const selectStepIndex = (state: PlaygroundState): number => {
  const count = selectStepCount(state);
  return count === 0 ? 0 : Math.min(state.stepIndex, count - 1);
};

export const selectCurrentStep = (state: PlaygroundState): StepSummary | undefined =>
  selectSelectedRun(state)?.steps[selectStepIndex(state)];

/**
 * While a run goes on, whether the simulated request on screen is of the previous scenario: the catalog and the
 * conversation have both been replaced since its run (an import that brought a conversation of its own), and the new
 * run has not yet handed over the strategy on screen. An edit of either alone is an update of the same scenario.
 */
export const selectShowsPreviousScenario = (state: PlaygroundState): boolean => {
  const shown = state.runsOf;
  if (!state.running || shown === null || selectLiveRun(state)) return false;
  if (state.runSoFar?.run.id === state.strategyId) return false;
  if (!state.runs.some((run) => run.id === state.strategyId)) return false;
  return shown.turns !== state.turns && shown.catalogVersion !== state.catalogVersion;
};

/** The catalog's size: while a big example's tools are still arriving (`catalogArriving`), the size they will have. */
export const selectToolCount = (state: PlaygroundState): number =>
  state.catalogArriving?.count ?? state.lastValidCatalog.tools.length;

export const selectEditorMode = (state: PlaygroundState): "whole" | "tool" =>
  selectToolCount(state) <= WHOLE_CATALOG_EDITOR_LIMIT ? "whole" : "tool";

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
