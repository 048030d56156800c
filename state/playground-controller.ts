/**
 * The playground's effects: it watches the store and talks to the engine worker. Components call its methods for
 * anything that needs the worker (opening an example, importing a file) and otherwise just change the store. Its
 * parts are in state/controller/: runs, step details, opening an example, showing what the worker holds, the
 * store's reactions and the kept preferences.
 */
import type { Catalog, InputProblem } from "@/lib/core/catalog";
import type { FittedConversation } from "@/lib/scenario/catalog-conversation";
import type { WireRequest } from "@/lib/engine/types";
import type { StrategyId } from "@/lib/core/ids";
import type { SharedWorkspace } from "@/lib/share";
import type { OpeningSelection } from "@/lib/workbench/opening";
import { stepDetail } from "@/lib/workbench/summarise-run";
import type { StepDetail } from "@/lib/workbench/types";
import type { EngineClient } from "@/workers/engine-client";
import { createDebouncer } from "./controller/debounce";
import { openExample } from "./controller/open-example";
import { applyKeptPreferences } from "./controller/preferences";
import { createRuns, type RestoredExampleChoices } from "./controller/runs";
import { showCatalog, showScenario } from "./controller/scenario-display";
import { createStepDetails } from "./controller/step-details";
import { reactToStore } from "./controller/store-reactions";
import type { PlaygroundStore } from "./playground-store";
import { WHOLE_CATALOG_EDITOR_LIMIT, selectLiveRun } from "./selectors";

/**
 * What the catalog editor shows of an imported text: all of it when the catalog is edited whole
 * (WHOLE_CATALOG_EDITOR_LIMIT), and a text that failed unless it is larger than `maxCharacters` (it would only
 * freeze Monaco); a larger catalog is edited a tool at a time.
 */
const EDITOR_TEXT_LIMITS = { maxTools: WHOLE_CATALOG_EDITOR_LIMIT, maxCharacters: 2 * 1024 * 1024 };

function editorTextOf(text: string, catalog: Catalog | undefined): string {
  const shown = catalog
    ? catalog.tools.length <= EDITOR_TEXT_LIMITS.maxTools
    : text.length <= EDITOR_TEXT_LIMITS.maxCharacters;
  return shown ? text : "";
}

export type PlaygroundController = {
  /**
   * Opens an example on `selection` (its first request when omitted). When the page shows this example's build-time
   * first screen on the same selection, the figures stay and the worker's run replaces them with equal ones.
   */
  openExample(exampleId: string, selection?: OpeningSelection, restored?: RestoredExampleChoices): Promise<void>;
  /** Opens a scenario from a link, the autosave, the saved list or an imported file, with its strategy and step. */
  openWorkspace(workspace: SharedWorkspace): void;
  /** The request `strategyId` sends at the current step (it lives in the worker), or null when it has none. */
  requestOf(strategyId: StrategyId): Promise<WireRequest | null>;
  /**
   * The detail of any request of `strategyId` in the runs on screen (the diff tab compares two). Null when there is
   * no such request; a newer call for the same purpose makes an older one answer null.
   */
  stepDetailOf(strategyId: StrategyId, stepIndex: number): Promise<StepDetail | null>;
  /** The documented `simulate --json` document of the runs on screen. */
  resultsJson(): Promise<unknown>;
  /** A file of `bytes` bytes is being read for `importCatalogText`: the worker may start preparing for it. */
  prepareImport(bytes: number): void;
  /** The page has started and the person is idle, or is reaching for a file: the worker may load a spare helper. */
  prepareHelper(): void;
  /**
   * Parses `text` (or a file, read in the worker) there and adopts the catalog; resolves with the conversation on
   * screen fitted to the new catalog (null when the text did not take: its problems are in the catalog panel), and
   * rejects when the worker could not read or parse it at all. The run of the fitted conversation is sent right
   * behind the text (state/controller/runs.ts `importAndRun`).
   */
  importCatalogText(text: string | Blob, sourceName?: string): Promise<FittedConversation | null>;
  /** Puts an already parsed catalog (the import dialog's) in place of the current one; turns and settings stay. */
  replaceCatalog(catalog: Catalog): void;
  /** Edits the selected tool of a big catalog (per-tool editor): the text goes to the worker, which applies it. */
  editTool(toolName: string, text: string): void;
  /**
   * "Add to the catalog": the worker appends the imported tools to its catalog (only they cross), and the page adds
   * the ones it kept. Resolves with the resulting catalog and the tools left out.
   */
  appendCatalog(imported: Catalog): Promise<{ catalog: Catalog; problems: InputProblem[] }>;
  dispose(): void;
};

export function createPlaygroundController(
  store: PlaygroundStore,
  client: EngineClient,
  environment: { storage?: Storage; root?: HTMLElement },
): PlaygroundController {
  const debouncer = createDebouncer();
  const applyTheme = applyKeptPreferences(store, environment);
  const details = createStepDetails(store, client);
  const runs = createRuns(store, client, details);

  async function checkCatalogText(text: string) {
    const outcome = await client.parseCatalog(text);
    if (!outcome.ok) return;
    const state = store.getState();
    if (state.catalogText !== text) return;
    state.setCatalogCheck({ text, problems: outcome.value.problems, format: outcome.value.format });
    if (outcome.value.catalog) state.adoptCatalog(outcome.value.catalog, outcome.value.catalogVersion);
  }

  // Set by an import until its run starts: the catalog and then the conversation fitted to it (a microtask later,
  // components/import/apply-catalog-import.ts) make one run, sent at once rather than after the typing pause, which
  // would be a quarter of a second of a large import's wait for its first request.
  let importRunPending = false;
  const unsubscribe = reactToStore(store, environment, debouncer, {
    checkCatalogText: (text) => void checkCatalogText(text),
    runNow: () => {
      importRunPending = false;
      void runs.runNow();
    },
    runsAtOnce: () => importRunPending,
    fetchDetail: () => void details.fetchDetail(),
    applyTheme,
  });

  return {
    openExample: (exampleId, selection, restored) =>
      openExample({ store, client, runs }, exampleId, selection, restored),

    openWorkspace(workspace) {
      const { catalogVersion } = client.setCatalog(workspace.scenario.catalog);
      showScenario(store, workspace.scenario, catalogVersion, {
        stepIndex: workspace.stepIndex ?? 0,
        forceProvider: workspace.forceProvider ?? false,
        ...(workspace.strategyId ? { strategyId: workspace.strategyId } : {}),
      });
    },

    async requestOf(strategyId) {
      const state = store.getState();
      if (state.runRequestId === null) return null;
      const run = state.runs.find((candidate) => candidate.id === strategyId);
      if (!run || run.steps.length === 0) return null;
      const outcome = await client.stepDetail(
        state.runRequestId,
        strategyId,
        Math.min(state.stepIndex, run.steps.length - 1),
        "export",
      );
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.value.request;
    },

    async stepDetailOf(strategyId, stepIndex) {
      const state = store.getState();
      const live = selectLiveRun(state);
      if (live && state.liveRun && live.id === strategyId)
        return stepIndex < state.liveRun.steps.length ? stepDetail(state.liveRun, stepIndex) : null;
      // The strategy on screen while its run goes on: its requests so far, answered once its run is done.
      const soFar = state.runSoFar?.run.id === strategyId ? state.runSoFar : null;
      const runRequestId = soFar ? soFar.runRequestId : state.runRequestId;
      if (runRequestId === null) return null;
      const run = soFar?.run ?? state.runs.find((candidate) => candidate.id === strategyId);
      if (!run || stepIndex < 0 || stepIndex >= run.steps.length) return null;
      const outcome = await client.stepDetail(runRequestId, strategyId, stepIndex, "compare");
      if (outcome.ok) return outcome.value;
      if (outcome.stale) return null;
      throw new Error(outcome.message);
    },

    async resultsJson() {
      const { runRequestId } = store.getState();
      if (runRequestId === null) throw new Error("export: nothing has been simulated yet");
      const outcome = await client.resultsJson(runRequestId);
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.value;
    },

    prepareImport(bytes) {
      client.prepareImport(bytes);
    },

    prepareHelper() {
      client.prepareHelper();
    },

    async importCatalogText(text, sourceName) {
      // A file crosses to the worker unread; the answer brings its text back when the editor shows it.
      const outcome = await runs.importAndRun(
        text,
        sourceName,
        typeof text === "string" ? undefined : EDITOR_TEXT_LIMITS,
      );
      if (!outcome.ok) {
        if (outcome.stale) return null;
        // The worker could not read the file (or failed): nothing changed, and the person is told why.
        throw new Error(outcome.message);
      }
      const { catalog, problems, format } = outcome.value;
      const editorText = typeof text === "string" ? editorTextOf(text, catalog) : (outcome.value.text ?? "");
      store.setState({
        catalogCheck: { text: editorText, problems, format },
        catalogText: editorText,
        toolDraft: null,
      });
      if (catalog) {
        importRunPending = true;
        store.setState({ selectedTool: catalog.tools[0]?.name ?? null, stepIndex: 0 });
        store.getState().adoptCatalog(catalog, outcome.value.catalogVersion);
        return outcome.value.conversation ?? null;
      }
      return null;
    },

    replaceCatalog(catalog) {
      const { catalogVersion } = client.setCatalog(catalog);
      showCatalog(store, catalog, catalogVersion);
    },

    editTool(toolName, text) {
      store.getState().editToolDraft(toolName, text);
      debouncer.debounce("tool", async () => {
        // The text crosses to the worker, which parses it and edits its own catalog (the editor checks it too, for
        // its markers); the page takes the tool the worker answers, never a copy it made itself.
        const sentFor = store.getState().catalogVersion;
        const outcome = await client.editTool(toolName, text);
        const state = store.getState();
        // Another catalog opened meanwhile: the edit belonged to the one it replaced.
        if (!outcome.ok || !outcome.value.edited || state.catalogVersion !== sentFor) return;
        const { index, tool, catalogVersion } = outcome.value.edited;
        state.replaceTool(index, tool, catalogVersion);
        if (tool.name !== toolName && state.selectedTool === toolName) state.selectTool(tool.name);
      });
    },

    async appendCatalog(imported) {
      const sentFor = store.getState().catalogVersion;
      const outcome = await client.appendCatalog(imported);
      if (!outcome.ok) throw new Error(outcome.message);
      const state = store.getState();
      if (state.catalogVersion !== sentFor) throw new Error("import: another catalog was opened meanwhile");
      const { added, namespaces, catalogVersion, problems } = outcome.value;
      const catalog = {
        ...state.lastValidCatalog,
        tools: [...state.lastValidCatalog.tools, ...added],
        ...(namespaces ? { namespaces } : {}),
      };
      showCatalog(store, catalog, catalogVersion);
      return { catalog, problems };
    },

    dispose() {
      unsubscribe();
      debouncer.cancelAll();
      client.dispose();
    },
  };
}
