/**
 * Opening a built-in example: loaded in the worker (a large one with its run right behind it), then shown — or, when
 * the page already shows this example's build-time first screen on the same selection, taken over as it is.
 */
import { EXAMPLES } from "@/lib/examples/example-list";
import type { OpeningSelection } from "@/lib/workbench/opening";
import type { EngineClient } from "@/workers/engine-client";
import type { PlaygroundStore } from "../playground-store";
import type { RestoredExampleChoices, Runs } from "./runs";
import { discardPrebuilt, showScenario, takeOverPrebuilt } from "./scenario-display";

/**
 * An example of at least this many tools is run as loaded: its run is sent right behind the load, and the worker
 * starts it without waiting for the page to take in the example (16 MB at 10,000 tools: the deserialising, the
 * store's update and the render took ≈ 0.5–1.5 s before the page asked for the run; PERFORMANCE.md at 279c54f). A small
 * example keeps the round trip: it is a few milliseconds, and its short run would share the two cores with the page
 * taking the example in.
 */
export const RUN_AS_LOADED_MINIMUM_TOOLS = 2_000;

export async function openExample(
  context: { store: PlaygroundStore; client: EngineClient; runs: Runs },
  exampleId: string,
  selection: OpeningSelection | undefined,
  restored: RestoredExampleChoices = {},
): Promise<void> {
  const { store, client, runs } = context;
  const toolCount = EXAMPLES.find((example) => example.id === exampleId)?.toolCount ?? 0;
  const forceProvider = restored.forceProvider ?? false;
  const outcome =
    toolCount >= RUN_AS_LOADED_MINIMUM_TOOLS
      ? await runs.loadExampleAndRun(exampleId, selection, restored)
      : await client.loadExample(exampleId);
  const state = store.getState();
  if (!outcome.ok) {
    discardPrebuilt(store);
    if (!outcome.stale) state.runFailed(outcome.message);
    return;
  }
  const { scenario, catalogVersion } = outcome.value;
  // The example as loaded, for the "edited" marker: the page need not load and check it a second time (Ajv
  // compiling the scenario schema was start-up's longest main-thread task, PERFORMANCE.md at 279c54f).
  store.setState({ exampleOrigin: { exampleId, scenario } });
  const prebuilt = state.prebuilt;
  // The build-time figures are of the example's own settings, not forced to a provider.
  const asBuilt = !restored.settings && !forceProvider;
  if (
    asBuilt &&
    prebuilt?.exampleId === exampleId &&
    selection?.strategyId === prebuilt.strategyId &&
    selection.stepIndex === prebuilt.stepIndex
  ) {
    takeOverPrebuilt(store, scenario, catalogVersion, prebuilt);
    return;
  }
  showScenario(
    store,
    // The settings object the early run was sent with: the store's run then adopts it (runNow).
    restored.settings ? { ...scenario, settings: restored.settings } : scenario,
    catalogVersion,
    { ...(selection ?? { stepIndex: 0 }), ...(restored.forceProvider !== undefined ? { forceProvider } : {}) },
  );
}
