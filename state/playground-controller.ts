/**
 * The playground's effects: it watches the store and talks to the engine worker. Components call its methods for
 * anything that needs the worker (opening an example, importing a file) and otherwise just change the store.
 */
import type { Catalog, InputProblem } from "@/lib/core/catalog";
import type { WireRequest } from "@/lib/engine/types";
import { type Scenario, type ScenarioSettings } from "@/lib/scenario/types";
import { STRATEGY_IDS, type StrategyId } from "@/lib/core/ids";
import type { SharedWorkspace } from "@/lib/share";
import { catalogToText } from "@/lib/workbench/catalog-text";
import type { OpeningSelection } from "@/lib/workbench/opening";
import { stepDetail } from "@/lib/workbench/summarise-run";
import type { RunSummary, StepDetail } from "@/lib/workbench/types";
import { EXAMPLES } from "@/lib/examples/example-list";
import type { EngineClient, Outcome, RunProgress } from "./engine-client";
import type { PlaygroundState, PlaygroundStore } from "./playground-store";
import { readLocalPreferences, writeLocalPreferences } from "./persistence";
import type { PrebuiltMark } from "./results-slice";
import { WHOLE_CATALOG_EDITOR_LIMIT, selectLiveRun, selectStepIndex } from "./selectors";

/** Re-runs and re-parses wait this long after the last keystroke. */
export const TYPING_DEBOUNCE_MS = 250;
/**
 * A step whose request, as the page receives it, is at most this size has its detail fetched ahead while the page
 * shows the step before it, and kept a while after: an arrow key then shows the next (or the previous) request at
 * once, without waiting for the worker. The size is the shown one (`shownRequestBytes`: at 10,000 tools the worker
 * sends the request with its tool lists shortened, tens of kilobytes where the whole body is ≈ 16 MB); larger details
 * cost more main-thread time to receive than the wait they save, so they are fetched only when shown.
 */
export const PREFETCH_DETAIL_MAX_BYTES = 256 * 1024;
/** Details kept for stepping back and forth: the one on screen, the next, and a few behind. */
const KEPT_DETAILS = 6;
/** Text larger than this is not put into the editor when it fails to import (it would only freeze Monaco). */
const MAX_EDITOR_TEXT = 2 * 1024 * 1024;
/**
 * An example of at least this many tools is run as loaded: its run is sent right behind the load, and the worker
 * starts it without waiting for the page to take in the example (16 MB at 10,000 tools: the deserialising, the
 * store's update and the render take ≈ 0.5–1.5 s before the page would ask for the run). A small example keeps the round trip: it is a few milliseconds, and its short run would share the two cores
 * with the page taking the example in.
 */
export const RUN_AS_LOADED_MINIMUM_TOOLS = 2_000;

/** The catalog's text for the whole-catalog editor; empty above the size the per-tool editor takes over at. */
function editorTextOf(catalog: Catalog): string {
  return catalog.tools.length <= WHOLE_CATALOG_EDITOR_LIMIT ? catalogToText(catalog) : "";
}

/**
 * What an autosaved example brings back besides its selection: settings the person changed, and the provider they
 * forced. The example opens with them at once, in one run (not the example's own run, then a second that supersedes
 * it: seconds of work at 10,000 tools).
 */
export type RestoredExampleChoices = { settings?: ScenarioSettings; forceProvider?: boolean };

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
  importCatalogText(text: string, sourceName?: string): Promise<void>;
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
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const debounce = (key: string, action: () => void, delay = TYPING_DEBOUNCE_MS) => {
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(action, delay));
  };

  const preferences = environment.storage ? readLocalPreferences(environment.storage) : {};
  // Without a saved choice, keep what the layout's pre-paint script chose from prefers-color-scheme.
  if (!preferences.theme && environment.root?.classList.contains("dark")) preferences.theme = "dark";
  store.setState(preferences);
  applyTheme();

  function applyTheme() {
    environment.root?.classList.toggle("dark", store.getState().theme === "dark");
  }

  /** The strategy on screen first: at 10,000 tools a run takes seconds per strategy. */
  const runOrder = (first: StrategyId) => [first, ...STRATEGY_IDS.filter((id) => id !== first)];

  function runProgressed(progress: RunProgress) {
    // Kept before the store hears of the run: the store's update asks for the step's detail at once.
    if (progress.detail) handedOver = { runRequestId: progress.runRequestId, detail: progress.detail };
    store.getState().runProgressed(progress);
  }

  /**
   * The run sent behind a large example's load (RUN_AS_LOADED_MINIMUM_TOOLS). It is the store's next run when the
   * store then holds that example unedited, on the strategy it ran first; otherwise the run the store asks for
   * replaces it (the worker drops the older run).
   */
  let runAsLoaded: {
    catalogVersion: number;
    strategyId: StrategyId;
    outcome: ReturnType<EngineClient["run"]>;
    /** The provider the run was forced to, if any (a restored choice). */
    forceProvider: boolean;
    /** The turns and settings the run is of (the objects the store then holds), once the example has arrived. */
    loaded?: Pick<Scenario, "turns" | "settings">;
  } | null = null;

  async function runNow() {
    const state = store.getState();
    if (state.catalogVersion === 0) return;
    const early = runAsLoaded;
    runAsLoaded = null;
    if (
      early?.loaded &&
      early.catalogVersion === state.catalogVersion &&
      early.loaded.turns === state.turns &&
      early.loaded.settings === state.settings &&
      early.strategyId === state.strategyId &&
      early.forceProvider === state.forceProvider
    )
      return finishRun(await early.outcome);
    state.runStarted(performance.now());
    const outcome = await client.run(
      state.catalogVersion,
      {
        formatVersion: 1,
        id: state.scenarioMeta.id,
        title: state.scenarioMeta.title,
        description: state.scenarioMeta.description,
        turns: state.turns,
        settings: state.settings,
      },
      runOrder(state.strategyId),
      state.forceProvider ? state.settings.provider : undefined,
      runProgressed,
      { strategyId: state.strategyId, stepIndex: state.stepIndex },
    );
    finishRun(outcome);
  }

  function finishRun(outcome: Awaited<ReturnType<EngineClient["run"]>>) {
    if (outcome.ok) {
      // Back in the documented order, whatever order they ran in.
      const runs = STRATEGY_IDS.flatMap((id) => outcome.value.summaries.filter((run) => run.id === id));
      store.getState().runFinished({ runRequestId: outcome.value.requestId, runs, timingMs: outcome.value.timingMs });
    } else if (!outcome.stale) store.getState().runFailed(outcome.message);
    // Token counts depend on the catalog alone: the list shows them even when the conversation cannot run.
    if (outcome.ok || !outcome.stale) void fetchToolTokens();
  }

  async function fetchToolTokens() {
    const { catalogVersion, toolTokens } = store.getState();
    if (catalogVersion === 0 || toolTokens?.catalogVersion === catalogVersion) return;
    const outcome = await client.toolTokens(catalogVersion);
    if (outcome.ok) store.getState().setToolTokens(outcome.value);
  }

  /** Small step details of the run on screen, by `detailKey`, oldest first; emptied when another run arrives. */
  const keptDetails = new Map<string, StepDetail>();
  let keptFor: number | null = null;
  /**
   * The detail of the step on screen, handed over by a slow run with its strategy's summary (`shownStep`); used once,
   * by the step it is for. Large (tens of megabytes at 10,000 tools), so it is never kept beyond that.
   */
  let handedOver: { runRequestId: number; detail: StepDetail } | null = null;
  /** The one detail being fetched ahead, with its key. */
  let ahead: { key: string; outcome: Promise<Outcome<StepDetail>> } | null = null;
  const detailKey = (runRequestId: number, strategyId: StrategyId, stepIndex: number) =>
    `${runRequestId}:${strategyId}:${stepIndex}`;

  function keepDetail(runRequestId: number, detail: StepDetail) {
    if (keptFor !== runRequestId) {
      keptDetails.clear();
      keptFor = runRequestId;
    }
    const key = detailKey(runRequestId, detail.strategyId, detail.stepIndex);
    keptDetails.delete(key);
    keptDetails.set(key, detail);
    while (keptDetails.size > KEPT_DETAILS) keptDetails.delete(keptDetails.keys().next().value as string);
  }

  /** Fetches the next step's detail ahead when what the page receives of it is small (PREFETCH_DETAIL_MAX_BYTES). */
  function fetchAhead(runRequestId: number, run: RunSummary, stepIndex: number) {
    const next = run.steps[stepIndex + 1];
    if (!next || (next.shownRequestBytes ?? next.requestBytes) > PREFETCH_DETAIL_MAX_BYTES) return;
    const key = detailKey(runRequestId, run.id, stepIndex + 1);
    if (keptDetails.has(key) || ahead?.key === key) return;
    const outcome = client.stepDetail(runRequestId, run.id, stepIndex + 1, "ahead");
    ahead = { key, outcome };
    void outcome.then((answer) => {
      if (ahead?.key === key) ahead = null;
      if (answer.ok && store.getState().runRequestId === runRequestId) keepDetail(runRequestId, answer.value);
    });
  }

  async function fetchDetail() {
    const state = store.getState();
    if (selectLiveRun(state) && state.liveRun) {
      // A live transcript lives on this thread: its detail is computed here, at once.
      state.setDetail(stepDetail(state.liveRun, selectStepIndex(state)));
      return;
    }
    if (state.runRequestId === null) return;
    const run = state.runs.find((candidate) => candidate.id === state.strategyId);
    if (!run || run.steps.length === 0) {
      state.setDetail(null);
      return;
    }
    const { runRequestId, strategyId } = state;
    const stepIndex = selectStepIndex(state);
    const key = detailKey(runRequestId, strategyId, stepIndex);
    const isCurrent = () => {
      const now = store.getState();
      return now.runRequestId === runRequestId && now.strategyId === strategyId && selectStepIndex(now) === stepIndex;
    };
    const show = (detail: StepDetail) => {
      if (detail.requestJson.length <= PREFETCH_DETAIL_MAX_BYTES * 2) keepDetail(runRequestId, detail);
      store.getState().setDetail(detail);
      fetchAhead(runRequestId, run, stepIndex);
    };
    const delivered = handedOver;
    handedOver = null;
    if (
      delivered?.runRequestId === runRequestId &&
      delivered.detail.strategyId === strategyId &&
      delivered.detail.stepIndex === stepIndex
    )
      return show(delivered.detail);
    const kept = keptFor === runRequestId ? keptDetails.get(key) : undefined;
    if (kept) return show(kept);
    // Asked for ahead and still on its way: its answer is this step's (unless something newer is shown by then).
    if (ahead?.key === key) {
      const early = await ahead.outcome;
      if (!isCurrent()) return;
      if (early.ok) return show(early.value);
    }
    const outcome = await client.stepDetail(runRequestId, strategyId, stepIndex);
    if (outcome.ok) show(outcome.value);
    else if (!outcome.stale) store.getState().setDetail(null, outcome.message);
  }

  async function checkCatalogText(text: string) {
    const outcome = await client.parseCatalog(text);
    if (!outcome.ok) return;
    const state = store.getState();
    if (state.catalogText !== text) return;
    state.setCatalogCheck({ text, problems: outcome.value.problems, format: outcome.value.format });
    if (outcome.value.catalog) state.adoptCatalog(outcome.value.catalog, outcome.value.catalogVersion);
  }

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.catalogText !== previous.catalogText && state.catalogCheck?.text !== state.catalogText) {
      const text = state.catalogText;
      debounce("parse", () => void checkCatalogText(text));
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
      debounce("run", () => void runNow(), state.scenarioMeta !== previous.scenarioMeta ? 0 : TYPING_DEBOUNCE_MS);
    }
    if (
      state.runRequestId !== previous.runRequestId ||
      state.strategyId !== previous.strategyId ||
      selectStepIndex(state) !== selectStepIndex(previous) ||
      selectLiveRun(state) !== selectLiveRun(previous)
    ) {
      void fetchDetail();
    }
    if (state.theme !== previous.theme) applyTheme();
    if (
      environment.storage &&
      (state.theme !== previous.theme || state.runTab !== previous.runTab || state.sidePanel !== previous.sidePanel)
    ) {
      writeLocalPreferences(environment.storage, state);
    }
  });

  /**
   * Forgets the build-time first screen when something else opens: its figures are another scenario's (or another
   * step's), so they must not stay on screen while the worker runs the new one.
   */
  function discardPrebuilt() {
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
  function showScenario(
    scenario: Scenario,
    catalogVersion: number,
    selection: Partial<Pick<PlaygroundState, "stepIndex" | "strategyId" | "forceProvider">>,
  ) {
    discardPrebuilt();
    const catalogText = editorTextOf(scenario.catalog);
    store.setState({
      catalogCheck: { text: catalogText, problems: [] },
      selectedTool: scenario.catalog.tools[0]?.name ?? null,
      detail: null,
      ...selection,
    });
    loadScenarioIntoStore(scenario, catalogVersion, catalogText);
  }

  function loadScenarioIntoStore(scenario: Scenario, catalogVersion: number, catalogText: string) {
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
  function showCatalog(catalog: Catalog, catalogVersion: number) {
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
  function takeOverPrebuilt(scenario: Scenario, catalogVersion: number, mark: PrebuiltMark) {
    const { toolTokens, catalogText, turns, settings } = store.getState();
    const edited = turns !== mark.turns || settings !== mark.settings;
    const kept: Scenario = {
      ...scenario,
      turns: turns === mark.turns ? scenario.turns : turns,
      settings: settings === mark.settings ? scenario.settings : settings,
    };
    loadScenarioIntoStore(kept, catalogVersion, catalogText);
    store.setState({
      prebuilt: null,
      toolTokens: toolTokens ? { catalogVersion, tokens: toolTokens.tokens } : null,
      // The build-time figures are of the example's turns and settings, not of the edited ones.
      ...(edited ? { runs: [], detail: null, runsPrebuilt: false, timingMs: null } : {}),
    });
  }

  return {
    async openExample(exampleId, selection, restored = {}) {
      const toolCount = EXAMPLES.find((example) => example.id === exampleId)?.toolCount ?? 0;
      const forceProvider = restored.forceProvider ?? false;
      let outcome: Awaited<ReturnType<EngineClient["loadExample"]>>;
      if (toolCount >= RUN_AS_LOADED_MINIMUM_TOOLS) {
        const strategyId = selection?.strategyId ?? store.getState().strategyId;
        // A forced provider is the settings' provider: the restored settings' when there are some.
        const forcedProvider = forceProvider ? restored.settings?.provider : undefined;
        const sent = client.loadExampleAndRun(exampleId, {
          strategyIds: runOrder(strategyId),
          shownStep: { strategyId, stepIndex: selection?.stepIndex ?? 0 },
          onProgress: runProgressed,
          ...(restored.settings ? { settings: restored.settings } : {}),
          ...(forcedProvider ? { provider: forcedProvider } : {}),
        });
        const early: NonNullable<typeof runAsLoaded> = {
          catalogVersion: sent.catalogVersion,
          strategyId,
          outcome: sent.ran,
          // Forced without restored settings: the example's own provider is only known once it has arrived.
          forceProvider: forceProvider && forcedProvider !== undefined,
        };
        runAsLoaded = early;
        outcome = await sent.loaded;
        if (outcome.ok && runAsLoaded === early) {
          const { turns, settings } = outcome.value.scenario;
          early.loaded = { turns, settings: restored.settings ?? settings };
          // The worker starts the run as it answers (the run waited in its queue): the page's run starts now too.
          store.getState().runStarted(performance.now());
        } else if (runAsLoaded === early) runAsLoaded = null;
      } else outcome = await client.loadExample(exampleId);
      const state = store.getState();
      if (!outcome.ok) {
        discardPrebuilt();
        if (!outcome.stale) state.runFailed(outcome.message);
        return;
      }
      const { scenario, catalogVersion } = outcome.value;
      // The example as loaded, for the "edited" marker: the page need not load and check it a second time (Ajv
      // compiling the scenario schema was start-up's longest main-thread task, docs/PERFORMANCE.md).
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
        takeOverPrebuilt(scenario, catalogVersion, prebuilt);
        return;
      }
      showScenario(
        // The settings object the early run was sent with: the store's run then adopts it (runNow).
        restored.settings ? { ...scenario, settings: restored.settings } : scenario,
        catalogVersion,
        { ...(selection ?? { stepIndex: 0 }), ...(restored.forceProvider !== undefined ? { forceProvider } : {}) },
      );
    },

    openWorkspace(workspace) {
      const { catalogVersion } = client.setCatalog(workspace.scenario.catalog);
      showScenario(workspace.scenario, catalogVersion, {
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
      if (state.runRequestId === null) return null;
      const run = state.runs.find((candidate) => candidate.id === strategyId);
      if (!run || stepIndex < 0 || stepIndex >= run.steps.length) return null;
      const outcome = await client.stepDetail(state.runRequestId, strategyId, stepIndex, "compare");
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

    async importCatalogText(text, sourceName) {
      const outcome = await client.parseCatalog(text, sourceName);
      if (!outcome.ok) return;
      const { catalog, problems, format } = outcome.value;
      const fitsEditor = catalog ? catalog.tools.length <= WHOLE_CATALOG_EDITOR_LIMIT : text.length <= MAX_EDITOR_TEXT;
      const editorText = fitsEditor ? text : "";
      store.setState({
        catalogCheck: { text: editorText, problems, format },
        catalogText: editorText,
        toolDraft: null,
      });
      if (catalog) {
        store.setState({ selectedTool: catalog.tools[0]?.name ?? null, stepIndex: 0 });
        store.getState().adoptCatalog(catalog, outcome.value.catalogVersion);
      }
    },

    replaceCatalog(catalog) {
      const { catalogVersion } = client.setCatalog(catalog);
      showCatalog(catalog, catalogVersion);
    },

    editTool(toolName, text) {
      store.getState().editToolDraft(toolName, text);
      debounce("tool", async () => {
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
      showCatalog(catalog, catalogVersion);
      return { catalog, problems };
    },

    dispose() {
      unsubscribe();
      timers.forEach((timer) => clearTimeout(timer));
      client.dispose();
    },
  };
}

function scenarioMeta(scenario: Scenario) {
  return {
    id: scenario.id,
    title: scenario.title,
    ...(scenario.description !== undefined ? { description: scenario.description } : {}),
  };
}
