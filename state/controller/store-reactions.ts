/**
 * What the controller does when the store changes: a catalog text re-parsed after a pause, a run when the inputs
 * change (at once for a new scenario or an import, after a pause for typing), the step's detail when the step changes, the theme
 * and the kept preferences.
 */
import type { PlaygroundStore } from "../playground-store";
import { writeLocalPreferences } from "../persistence";
import { selectLiveRun, selectStepIndex } from "../selectors";
import { TYPING_DEBOUNCE_MS, type Debouncer } from "./debounce";

export function reactToStore(
  store: PlaygroundStore,
  environment: { storage?: Storage },
  debouncer: Debouncer,
  actions: {
    checkCatalogText(text: string): void;
    runNow(): void;
    /** True while an import's changes arrive (its catalog, then the conversation fitted to it): they run at once. */
    runsAtOnce?(): boolean;
    fetchDetail(): void;
    applyTheme(): void;
  },
): () => void {
  return store.subscribe((state, previous) => {
    if (state.catalogText !== previous.catalogText && state.catalogCheck?.text !== state.catalogText) {
      const text = state.catalogText;
      debouncer.debounce("parse", () => actions.checkCatalogText(text));
    }
    const inputsChanged =
      state.catalogVersion !== previous.catalogVersion ||
      state.turns !== previous.turns ||
      state.settings !== previous.settings ||
      state.forceProvider !== previous.forceProvider;
    // An edit made before the first run finished: the build-time runs are no longer this scenario's.
    if (inputsChanged && state.runsPrebuilt && previous.prebuilt === null) store.setState({ runsPrebuilt: false });
    if (inputsChanged) {
      // A new example or import runs at once; typing waits for a pause.
      debouncer.debounce(
        "run",
        () => actions.runNow(),
        state.scenarioMeta !== previous.scenarioMeta || actions.runsAtOnce?.() ? 0 : TYPING_DEBOUNCE_MS,
      );
    }
    if (
      state.runRequestId !== previous.runRequestId ||
      state.strategyId !== previous.strategyId ||
      selectStepIndex(state) !== selectStepIndex(previous) ||
      selectLiveRun(state) !== selectLiveRun(previous)
    ) {
      actions.fetchDetail();
    }
    if (state.theme !== previous.theme) actions.applyTheme();
    if (
      environment.storage &&
      (state.theme !== previous.theme || state.runTab !== previous.runTab || state.sidePanel !== previous.sidePanel)
    ) {
      writeLocalPreferences(environment.storage, state);
    }
  });
}
