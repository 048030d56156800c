/**
 * The playground's store: one zustand store per page (never module-global, per the zustand Next.js guide), made of
 * typed slices. It holds what the person chose and what the worker answered; everything else is derived by the
 * selectors in ./selectors.ts.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { createResultsSlice, type ResultsSlice } from "./results-slice";
import { createScenarioSlice, type ScenarioSlice } from "./scenario-slice";
import { createSelectionSlice, type SelectionSlice } from "./selection-slice";
import { createUiSlice, type UiSlice } from "./ui-slice";

export type PlaygroundState = ScenarioSlice & SelectionSlice & ResultsSlice & UiSlice;
export type PlaygroundStore = StoreApi<PlaygroundState>;

export function createPlaygroundStore(defaults: {
  settings: ScenarioSettings;
  overrides?: Partial<PlaygroundState>;
}): PlaygroundStore {
  const store = createStore<PlaygroundState>()((...args) => ({
    ...createScenarioSlice({ settings: defaults.settings })(...args),
    ...createSelectionSlice(...args),
    ...createResultsSlice(...args),
    ...createUiSlice(...args),
    // Part of the initial state, not set afterwards: the server renders (and the browser hydrates) from
    // `getInitialState()`, so a build-time first screen (./first-view-state.ts) must be in it.
    ...defaults.overrides,
  }));
  return store;
}
