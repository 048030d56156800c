/**
 * What the engine worker keeps between messages (its catalog, its latest runs, the tool counts) and what it is given
 * from outside (the engine, the examples, the helper worker), injected so Node tests run it with fakes and no Worker.
 */
import type { Catalog, InputProblem } from "../core/catalog";
import type { RunOptions } from "../engine/engine";
import type { StrategyRun } from "../engine/types";
import type { Scenario, ScenarioTurn } from "../scenario/types";
import type { ProviderId, StrategyId } from "../core/ids";
import type { EngineRequest, EngineResponse, PageEngineRequest, ScenarioWithoutCatalog } from "./engine-messages";
import type { RunSummary } from "./types";

type Unnumbered<T> = T extends unknown ? Omit<T, "requestId"> : never;

/** The page's engine worker's view of its helper. Never throws: a dead helper answers every request with an error. */
export type EngineHelper = {
  /**
   * Sends one engine request; resolves with its final answer. `run-progress` answers go to `onProgress`; `onSent`
   * learns the helper's request id (a run's, to ask for its strategies' step details while it goes).
   */
  send(
    request: Unnumbered<PageEngineRequest>,
    onProgress?: (progress: Extract<EngineResponse, { kind: "run-progress" }>) => void,
    onSent?: (requestId: number) => void,
  ): Promise<EngineResponse>;
  /**
   * Lets the helper start loading an example the page is about to open (lib/workbench/prepared-example.ts), so its
   * `load-example` later finds it loaded. A hint: never answered, and harmless when wrong.
   */
  prepare(exampleId: string): void;
  /**
   * Lets a spare helper warm its code while it has nothing to do, or stops that (lib/workbench/code-warm-up.ts).
   * A hint: never answered.
   */
  warmUpCode(on: boolean): void;
  /** o200k counts of `texts`, in order (a CountHelper of lib/tokens/count-in-parallel.ts); rejects if the helper died. */
  count(texts: readonly string[]): Promise<readonly number[]>;
  /**
   * Ends the helper worker and answers whatever it still owed with an error (its memory, hundreds of MB at 10,000
   * tools, is freed). Called when the page has moved to a small catalog and no longer needs it. Then `failed`.
   */
  stop(): void;
  /** Set once the helper failed to load, crashed or was stopped. */
  readonly failed: boolean;
  /** The catalog version the helper holds, as far as this side has sent it (catalog messages apply in order). */
  catalogVersion: number | null;
};

/** What the worker needs from the outside world, injected so tests can use fakes and no Worker. */
export type EngineDependencies = {
  /** `onStep` (lib/engine/engine.ts RunOptions) hears each request of the run as it is made. */
  runAll(
    scenario: Scenario,
    ids: readonly StrategyId[],
    options: { provider?: ProviderId; onStep?: RunOptions["onStep"] },
  ): StrategyRun[];
  loadExample(id: string): Promise<Scenario>;
  parseCatalogText(
    text: string,
    options: { sourceName?: string },
  ): { value: Catalog | undefined; problems: InputProblem[]; format?: string };
  countTokens(text: string): number;
  now(): number;
  /**
   * Called once a run's scenario is known, before its first strategy: the worker primes its token memo with the
   * counts it kept from earlier visits (lib/tokens/persistent-counts.ts) and counts the first strategy's first
   * request on two threads. Only a speed-up: a failure is ignored. `provider` is the forced provider, if any.
   */
  beforeRun?(run: { scenario: Scenario; strategyIds: readonly StrategyId[]; provider?: ProviderId }): Promise<void>;
  /**
   * Called between two strategies of a run: lets queued messages arrive, reports progress, and says whether a newer
   * run has made this one pointless (then it stops early and answers as superseded).
   */
  betweenStrategies?(progress: {
    requestId: number;
    done: number;
    total: number;
    completed: readonly StrategyRun[];
    /** The summaries of the strategies the helper finished (a split run, lib/workbench/engine-scheduler.ts). */
    remote?: readonly RunSummary[];
    /** The run request's `shownStep`. */
    shownStep?: { strategyId: StrategyId; stepIndex: number };
    /**
     * A split run's way to answer a step detail of one of the helper's strategies while the run goes (the helper
     * answers it as soon as that strategy is done there). Null when the detail is not the helper's to answer; the
     * promise resolves with null when the helper could not (it died): the detail then waits for the run's end.
     */
    askHelper?(message: Extract<EngineRequest, { kind: "step-detail" }>): Promise<EngineResponse | null> | null;
  }): Promise<{ superseded: boolean }>;
  /**
   * Given by the message loop (lib/workbench/engine-host.ts): hands the page the request on screen (step `stepIndex`
   * of `run`, the run so far of the strategy on screen) while that strategy's run goes on, so the first request does
   * not wait for the whole strategy (seconds at 10,000 tools).
   */
  firstRequest?(report: { requestId: number; total: number; run: StrategyRun; stepIndex: number }): void;
  /**
   * The helper engine worker a large catalog's run is split with (lib/workbench/engine-scheduler.ts): started when
   * `start` is true and there is none yet; null when there is none (or it cannot start: the run stays here).
   */
  helper?(start: boolean): EngineHelper | null;
  /**
   * Ends the helper engine worker, if there is one: called once the catalog is small and the latest run has no
   * strategy on the helper, so nothing on screen needs it (its copy of a 10,000-tool catalog and its runs are
   * hundreds of MB). The next large catalog starts a new one through `helper(true)`.
   */
  stopHelper?(): void;
  /**
   * Lets go of what this worker keeps across runs for a large catalog (the token memo's counts of its definitions,
   * the rendered tool lists): called once, when a large catalog is replaced by a small one. They held ≈ 120 MB after
   * a move from 10,000 tools to weather (`scripts/bench-helper-lifetime.ts`); a step of the runs still on screen does
   * not count or render again, and a return to the large catalog takes its counts back from the stored ones.
   */
  releaseCaches?(): void;
  /** Catalogs from this many tools up split their runs with the helper (SPLIT_DEFAULTS.minimumTools). */
  splitMinimumTools?: number;
};

/** The helper's part of the latest run: its strategies' full runs stay there, for step details and the export. */
export type HelperRunPart = {
  helperRunRequestId: number;
  strategyIds: StrategyId[];
  /** What the run was made of, to run a strategy here when the helper can no longer answer for it. */
  scenario: Scenario;
  options: { provider?: ProviderId };
};

export type EngineWorkerState = {
  catalog: { version: number; value: Catalog } | null;
  /**
   * The runs of the latest completed run request, and its id; in a split run, `helper` names the strategies whose
   * full runs the helper keeps (`runs` has the others).
   */
  runs: { requestId: number; runs: StrategyRun[]; strategyIds?: StrategyId[]; helper?: HelperRunPart } | null;
  /** Token counts per tool, cached per catalog version. */
  toolTokens: { version: number; tokens: number[] } | null;
  /** The turns and settings of the example loaded as catalog `version`, for a run of it `"as-loaded"`. */
  loadedExample?: { version: number; scenario: ScenarioWithoutCatalog };
  /** The conversation the page's import of catalog `version` is fitted to (the `parse-catalog` answer's). */
  importedTurns?: { version: number; turns: readonly ScenarioTurn[] };
};

export const INITIAL_ENGINE_STATE: EngineWorkerState = { catalog: null, runs: null, toolTokens: null };

export type HandledMessage = { state: EngineWorkerState; response: EngineResponse };

/**
 * The page never shows the previous request's text of a run step (the diff tab asks for both steps), and takes the
 * body as its text (`withRequestBody` parses it when something needs the object).
 */
const WORKER_STEP_DETAIL = { previousRequestJson: false, requestBody: false } as const;

/**
 * A detail the page shows (its current step, the next one fetched ahead, the one handed over with a run's progress)
 * has its long tool lists shortened (lib/workbench/summarise-run.ts SHOWN_TOOL_LISTS); the export and the diff tab's
 * two steps get the whole text.
 */
export function workerStepDetailOptions(purpose: Extract<EngineRequest, { kind: "step-detail" }>["purpose"]) {
  return purpose === "export" || purpose === "compare"
    ? WORKER_STEP_DETAIL
    : { ...WORKER_STEP_DETAIL, shortenToolLists: true };
}

export function adoptCatalog(state: EngineWorkerState, version: number, catalog: Catalog): EngineWorkerState {
  // A new catalog is no longer the loaded example's (load-example sets it again after this), nor an import's.
  return {
    ...state,
    catalog: { version, value: catalog },
    toolTokens: null,
    loadedExample: undefined,
    importedTurns: undefined,
  };
}
