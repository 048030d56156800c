/**
 * The store's starting state when the page is rendered with an example's build-time first screen
 * (lib/workbench/opening.ts): the server renders it into the HTML and the browser hydrates from the same state, so
 * the figures are on screen before any script has run. `catalogVersion` stays 0 (the worker holds no catalog yet),
 * so nothing runs or autosaves until the startup takes the view over or discards it (state/playground-controller.ts).
 * A big example's view comes without its tools (`omittedTools`): `catalogArriving` says how many are on their way.
 */
import type { FirstView } from "@/lib/workbench/opening";
import { catalogToText } from "@/lib/workbench/catalog-text";
import type { PlaygroundState } from "./playground-store";
import { WHOLE_CATALOG_EDITOR_LIMIT } from "./selectors";

export function firstViewState(view: FirstView): Partial<PlaygroundState> {
  const { scenario } = view;
  const catalogText =
    scenario.catalog.tools.length <= WHOLE_CATALOG_EDITOR_LIMIT ? catalogToText(scenario.catalog) : "";
  return {
    scenarioMeta: {
      id: scenario.id,
      title: scenario.title,
      ...(scenario.description !== undefined ? { description: scenario.description } : {}),
    },
    catalogText,
    catalogCheck: { text: catalogText, problems: [] },
    lastValidCatalog: scenario.catalog,
    catalogArriving: view.omittedTools ?? null,
    turns: scenario.turns,
    settings: scenario.settings,
    selectedTool: view.omittedTools ? view.omittedTools.firstToolName : (scenario.catalog.tools[0]?.name ?? null),
    strategyId: view.strategyId,
    stepIndex: view.stepIndex,
    runs: view.runs,
    runsOf: { turns: scenario.turns, catalogVersion: 0 },
    detail: view.detail,
    toolTokens: { catalogVersion: 0, tokens: view.toolTokens },
    prebuilt: {
      exampleId: view.exampleId,
      strategyId: view.strategyId,
      stepIndex: view.stepIndex,
      turns: scenario.turns,
      settings: scenario.settings,
    },
    runsPrebuilt: true,
  };
}
