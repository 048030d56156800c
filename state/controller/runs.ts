/**
 * Runs of the scenario on screen: sent when the store's inputs change, their progress and answer put in the store,
 * and the run of a large example or of an import sent right behind its load or its text, so the worker starts it
 * before the page has taken the catalog in.
 */
import { type ScenarioSettings, type ScenarioTurn } from "@/lib/scenario/types";
import { STRATEGY_IDS, type StrategyId } from "@/lib/core/ids";
import type { OpeningSelection } from "@/lib/workbench/opening";
import type { EditorTextLimits, EngineClient, ImportParsed, Outcome, RunProgress } from "@/workers/engine-client";
import type { PlaygroundStore } from "../playground-store";
import type { StepDetails } from "./step-details";

/**
 * What an autosaved example brings back besides its selection: settings the person changed, and the provider they
 * forced. The example opens with them at once, in one run (not the example's own run, then a second that supersedes
 * it: seconds of work at 10,000 tools).
 */
export type RestoredExampleChoices = { settings?: ScenarioSettings; forceProvider?: boolean };

/** The strategy on screen first: at 10,000 tools a run takes seconds per strategy. */
const runOrder = (first: StrategyId) => [first, ...STRATEGY_IDS.filter((id) => id !== first)];

export function createRuns(store: PlaygroundStore, client: EngineClient, details: StepDetails) {
  function runProgressed(progress: RunProgress) {
    // Kept before the store hears of the run: the store's update asks for the step's detail at once.
    if (progress.detail) details.handOver(progress.runRequestId, progress.detail);
    if (progress.firstRequest) details.handOverFirstRequest(progress.runRequestId, progress.firstRequest.detail);
    store.getState().runProgressed(progress);
    // The step on screen may be the same index as before (no store reaction asks for it): shown now.
    if (progress.firstRequest) void details.fetchDetail();
  }

  /**
   * The run sent behind a large example's load (RUN_AS_LOADED_MINIMUM_TOOLS) or behind an import's text. It is the
   * store's next run when the store then holds that example unedited (or the import's fitted conversation), on the
   * strategy it ran first; otherwise the run the store asks for replaces it (the worker drops the older run).
   */
  let runAsLoaded: {
    catalogVersion: number;
    strategyId: StrategyId;
    outcome: ReturnType<EngineClient["run"]>;
    /** The provider the run was forced to, if any (a restored choice). */
    forceProvider: boolean;
    /**
     * The turns and settings the run is of (the objects the store then holds), once the example has arrived or the
     * import has been parsed.
     */
    loaded?: { turns: readonly ScenarioTurn[]; settings: ScenarioSettings };
  } | null = null;

  /** Runs the store's scenario (or takes the run sent behind the load, when it is of that scenario). */
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

  /**
   * Loads a large example and sends its run right behind the load; resolves with the load's outcome. The run is
   * the store's next one if the store then holds the example as loaded (`runNow`).
   */
  async function loadExampleAndRun(
    exampleId: string,
    selection: OpeningSelection | undefined,
    restored: RestoredExampleChoices,
  ): ReturnType<EngineClient["loadExample"]> {
    const forceProvider = restored.forceProvider ?? false;
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
    const outcome = await sent.loaded;
    if (outcome.ok && runAsLoaded === early) {
      const { turns, settings } = outcome.value.scenario;
      early.loaded = { turns, settings: restored.settings ?? settings };
      // The worker starts the run as it answers (the run waited in its queue): the page's run starts now too.
      store.getState().runStarted(performance.now());
    } else if (runAsLoaded === early) runAsLoaded = null;
    return outcome;
  }

  /**
   * An import's text (or file) parsed with its run right behind it, over the conversation the worker fits to the
   * catalog (`parseCatalogAndRun`), in the store's settings, strategy and forced provider: at 10,000 tools the
   * worker starts the run while the page takes the catalog in. Resolves with the parse's outcome. The early run is
   * of the fitted turns (the worker's array, which the import puts in the store) or, when nothing was replaced, of
   * the store's own: `runNow` takes it only while the store holds those turns and these settings.
   */
  async function importAndRun(
    text: string | Blob,
    sourceName: string | undefined,
    /** For a file (its text read in the worker): what of it to send back for the editor. */
    answerWithText?: EditorTextLimits,
  ): Promise<Outcome<ImportParsed>> {
    const state = store.getState();
    const { strategyId, forceProvider, settings } = state;
    const sent = client.parseCatalogAndRun(
      text,
      sourceName,
      {
        formatVersion: 1,
        id: state.scenarioMeta.id,
        title: state.scenarioMeta.title,
        description: state.scenarioMeta.description,
        turns: state.turns,
        settings,
      },
      {
        strategyIds: runOrder(strategyId),
        shownStep: { strategyId, stepIndex: 0 },
        onProgress: runProgressed,
        ...(answerWithText ? { answerWithText } : {}),
        ...(forceProvider ? { provider: settings.provider } : {}),
      },
    );
    const early: NonNullable<typeof runAsLoaded> = {
      catalogVersion: sent.catalogVersion,
      strategyId,
      outcome: sent.ran,
      forceProvider,
    };
    runAsLoaded = early;
    const outcome = await sent.parsed;
    if (outcome.ok && outcome.value.catalog && runAsLoaded === early) {
      // The run is of the fitted turns: the store holds them once the import has put them on screen.
      const fitted = outcome.value.conversation;
      early.loaded = { turns: fitted?.replaced ? fitted.turns : state.turns, settings };
      store.getState().runStarted(performance.now());
    } else if (runAsLoaded === early) runAsLoaded = null;
    return outcome;
  }

  return { runNow, loadExampleAndRun, importAndRun };
}

export type Runs = ReturnType<typeof createRuns>;
