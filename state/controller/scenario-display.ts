/**
 * Putting what the worker now holds on screen: a whole scenario, a catalog, or the build-time first screen the page
 * already shows. Each is a store update only; the worker was told first.
 */
import type { Catalog } from "@/lib/core/catalog";
import type { Scenario } from "@/lib/scenario/types";
import { catalogToText } from "@/lib/workbench/catalog-text";
import type { PlaygroundState, PlaygroundStore } from "../playground-store";
import type { PrebuiltMark } from "../results-slice";
import { WHOLE_CATALOG_EDITOR_LIMIT } from "../selectors";

/** The catalog's text for the whole-catalog editor; empty above the size the per-tool editor takes over at. */
function editorTextOf(catalog: Catalog): string {
  return catalog.tools.length <= WHOLE_CATALOG_EDITOR_LIMIT ? catalogToText(catalog) : "";
}

/**
 * Forgets the build-time first screen when something else opens: its figures are another scenario's (or another
 * step's), so they must not stay on screen while the worker runs the new one.
 */
export function discardPrebuilt(store: PlaygroundStore): void {
  const { prebuilt, runsPrebuilt } = store.getState();
  if (prebuilt === null && !runsPrebuilt) return;
  store.setState({
    prebuilt: null,
    runsPrebuilt: false,
    runs: [],
    detail: null,
    toolTokens: null,
    timingMs: null,
    catalogArriving: null,
  });
}

/** Puts a whole scenario on screen; the worker already holds its catalog as `catalogVersion`. */
export function showScenario(
  store: PlaygroundStore,
  scenario: Scenario,
  catalogVersion: number,
  selection: Partial<Pick<PlaygroundState, "stepIndex" | "strategyId" | "forceProvider">>,
): void {
  discardPrebuilt(store);
  const catalogText = editorTextOf(scenario.catalog);
  store.setState({
    catalogCheck: { text: catalogText, problems: [] },
    selectedTool: scenario.catalog.tools[0]?.name ?? null,
    detail: null,
    ...selection,
  });
  loadScenarioIntoStore(store, scenario, catalogVersion, catalogText);
}

function loadScenarioIntoStore(
  store: PlaygroundStore,
  scenario: Scenario,
  catalogVersion: number,
  catalogText: string,
) {
  store.getState().loadScenario({
    meta: scenarioMeta(scenario),
    catalog: scenario.catalog,
    catalogVersion,
    catalogText,
    turns: scenario.turns,
    settings: scenario.settings,
  });
}

/** A catalog the worker now holds, shown whole: its text in the editor (when it fits), its first tool, request 1. */
export function showCatalog(store: PlaygroundStore, catalog: Catalog, catalogVersion: number): void {
  const catalogText = editorTextOf(catalog);
  store.setState({
    catalogCheck: { text: catalogText, problems: [] },
    catalogText,
    toolDraft: null,
    selectedTool: catalog.tools[0]?.name ?? null,
    stepIndex: 0,
  });
  store.getState().adoptCatalog(catalog, catalogVersion);
}

/**
 * The worker now holds the example the page already shows (computed at build time with the same engine): the
 * figures, the step and the token counts stay, and the run that follows replaces them with equal ones
 * (lib/workbench/first-view.test.ts keeps them equal). The selection is left as it is: a person may already have
 * moved it. So are turns or settings edited on the first screen: they are the person's work, not the example's, and
 * the run that follows is of them (the build-time figures, then another scenario's, give way as it reports).
 */
export function takeOverPrebuilt(
  store: PlaygroundStore,
  scenario: Scenario,
  catalogVersion: number,
  mark: PrebuiltMark,
): void {
  const { toolTokens, catalogText, turns, settings } = store.getState();
  const edited = turns !== mark.turns || settings !== mark.settings;
  const kept: Scenario = {
    ...scenario,
    turns: turns === mark.turns ? scenario.turns : turns,
    settings: settings === mark.settings ? scenario.settings : settings,
  };
  loadScenarioIntoStore(store, kept, catalogVersion, catalogText);
  store.setState({
    prebuilt: null,
    toolTokens: toolTokens ? { catalogVersion, tokens: toolTokens.tokens } : null,
    // The build-time figures are of the example's turns and settings, not of the edited ones.
    ...(edited ? { runs: [], detail: null, runsPrebuilt: false, timingMs: null } : {}),
  });
}

function scenarioMeta(scenario: Scenario) {
  return {
    id: scenario.id,
    title: scenario.title,
    ...(scenario.description !== undefined ? { description: scenario.description } : {}),
  };
}
