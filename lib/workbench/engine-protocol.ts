/**
 * The message protocol between the page and the engine worker, and the worker's behaviour as one function.
 *
 * Framework-free on purpose: `handleEngineMessage` runs unchanged in Node tests, so the worker file is only a shell
 * that feeds it messages. Runs stay here (request bodies reach ~16 MB at 10,000 tools); the page holds RunSummary[]
 * and asks for one StepDetail at a time. Every answer carries the request id it answers, so the client can drop a
 * stale answer, and every failure comes back as a value, never as an exception across the boundary.
 */
import { appendCatalog } from "../catalog/append-catalog";
import type { Catalog, CatalogTool, InputProblem } from "../catalog/types";
import type { StrategyRun } from "../engine/types";
import type { ProviderId, Scenario, ScenarioSettings, StrategyId } from "../scenario/types";
import { simulationJson } from "../report/simulation-output";
import { parseToolEdit } from "./catalog-text";
import { SPLIT_DEFAULTS, inRunOrder, splitStrategies, type EngineHelper } from "./engine-split";
import { summariseRun, stepDetail } from "./summarise-run";
import type { RunSummary, StepDetail } from "./types";

/** The scenario without its catalog: the catalog is sent once per version and kept in the worker. */
export type ScenarioWithoutCatalog = Omit<Scenario, "catalog">;

/** A run's scenario that is the example the worker loaded, as it was loaded (see the `run` request). */
export const AS_LOADED = "as-loaded" as const;

/**
 * The worker owns the parsed catalog: every edit crosses to it once, as what the person did (text they typed, one
 * tool's text, the tools of an imported file), and the worker applies it to its own catalog. What comes back is
 * what the page shows and did not have: a parsed catalog, an edited tool, the tools an import added. The page never
 * sends back a catalog the worker made, so there are no two copies to keep in step.
 */
export type EngineRequest =
  /** Adopt `catalog` as version `catalogVersion` (sent when the page built the catalog itself: a link, a file). */
  | { kind: "set-catalog"; requestId: number; catalogVersion: number; catalog: Catalog }
  /**
   * The text of one tool of the current catalog, as typed in the per-tool editor of a big catalog: parsed here and,
   * when it has no error and keeps its name unique, put in place of `toolName` as `catalogVersion`.
   */
  | { kind: "edit-tool"; requestId: number; catalogVersion: number; toolName: string; text: string }
  /** "Add to the catalog": `imported`'s new tools after the current ones, as `catalogVersion`. */
  | { kind: "append-catalog"; requestId: number; catalogVersion: number; imported: Catalog }
  /** Parse catalog text in any accepted format; adopt it as `catalogVersion` when it has no errors. */
  | { kind: "parse-catalog"; requestId: number; catalogVersion: number; text: string; sourceName?: string }
  /**
   * Load an example scenario and adopt its catalog as `catalogVersion`. `answer: "catalog-set"` (the page's engine
   * worker to its helper, which loads the example itself rather than receive 16 MB) answers as `set-catalog` does,
   * without the scenario.
   */
  | { kind: "load-example"; requestId: number; catalogVersion: number; exampleId: string; answer?: "catalog-set" }
  | {
      kind: "run";
      requestId: number;
      catalogVersion: number;
      /**
       * `"as-loaded"`: the turns and settings of the example loaded as `catalogVersion`, unedited. The page sends this
       * right behind its `load-example` for a large example, so the run starts as soon as the example is loaded,
       * not after the page has taken in 16 MB of tools and answered (its round trip was ≈ 1.5 s of the start-up at
       * 10,000 tools, docs/PERFORMANCE.md, session 10).
       */
      scenario: ScenarioWithoutCatalog | typeof AS_LOADED;
      /**
       * With `"as-loaded"`: settings that replace the example's own (an autosaved example whose settings the person
       * changed, restored in one run rather than the example's run and then the settings' run that supersedes it).
       */
      settings?: ScenarioSettings;
      strategyIds: readonly StrategyId[];
      provider?: ProviderId;
      /**
       * The step the page shows (its strategy runs first). When that strategy is handed over before the others
       * (a slow run's `run-progress`), the step's detail comes with it: otherwise the page's request for it would wait
       * behind the next strategy, seconds at 10,000 tools.
       */
      shownStep?: { strategyId: StrategyId; stepIndex: number };
    }
  /** `runRequestId` names the run the page is looking at, so a detail of a newer run is never mixed in. */
  | {
      kind: "step-detail";
      requestId: number;
      runRequestId: number;
      strategyId: StrategyId;
      stepIndex: number;
      /**
       * A detail for something other than the page's current step (the export, the diff tab's two steps, the next
       * step fetched ahead).
       */
      purpose?: "export" | "compare" | "ahead";
    }
  /** o200k tokens of each tool's Anthropic JSON, for the catalog list. */
  | { kind: "tool-tokens"; requestId: number; catalogVersion: number }
  /** The documented `simulate --json` document of run `runRequestId` (full runs stay in the worker). */
  | { kind: "results-json"; requestId: number; runRequestId: number };

export type CatalogParseResult = {
  /** Present when the text was accepted: it parsed and has no error-severity problem. */
  catalog?: Catalog;
  problems: InputProblem[];
  format?: string;
};

export type EngineResponse =
  | { kind: "catalog-set"; requestId: number; catalogVersion: number }
  /**
   * The per-tool editor's answer: the text's problems, and with no error the parsed tool, its index and the version
   * now in the worker. Without `tool` the worker's catalog is unchanged.
   */
  | {
      kind: "tool-edited";
      requestId: number;
      toolName: string;
      text: string;
      problems: InputProblem[];
      edited?: { catalogVersion: number; index: number; tool: CatalogTool };
    }
  /** The tools an append added (after the current ones), the namespaces now declared, and what was left out. */
  | {
      kind: "catalog-appended";
      requestId: number;
      catalogVersion: number;
      added: CatalogTool[];
      namespaces?: Record<string, string>;
      problems: InputProblem[];
    }
  /** `toolsInParts`: as for `example-loaded` below, a large catalog's tools went ahead in `example-tools` parts. */
  | ({ kind: "catalog-parsed"; requestId: number; catalogVersion: number; toolsInParts?: number } & CatalogParseResult)
  /**
   * `toolsInParts`: the catalog's tools were sent ahead in `example-tools` parts (a large example,
   * lib/workbench/example-parts.ts) and this answer's catalog holds none; the page joins them.
   */
  | { kind: "example-loaded"; requestId: number; catalogVersion: number; scenario: Scenario; toolsInParts?: number }
  /** Tools `from` … of a large example's catalog, posted before its `example-loaded` (each one its own task on the page). */
  | { kind: "example-tools"; requestId: number; from: number; tools: CatalogTool[] }
  | { kind: "run-result"; requestId: number; catalogVersion: number; summaries: RunSummary[]; timingMs: number }
  /**
   * Sent between strategies of a run, so the page can show how far it is. A slow run (10,000 tools) also carries
   * the summaries of the strategies finished since the last progress, so the page shows the first strategy's
   * requests while the others still run (`partialResults`).
   */
  | {
      kind: "run-progress";
      requestId: number;
      done: number;
      total: number;
      summaries?: RunSummary[];
      /** The detail of the run request's `shownStep` (clamped to its strategy's steps), when `summaries` has it. */
      detail?: StepDetail;
    }
  | { kind: "step-detail"; requestId: number; runRequestId: number; detail: StepDetail }
  | { kind: "tool-tokens"; requestId: number; catalogVersion: number; tokens: number[] }
  | { kind: "results-json"; requestId: number; runRequestId: number; json: ReturnType<typeof simulationJson> }
  | { kind: "error"; requestId: number; request: EngineRequest["kind"]; message: string };

/** What the worker needs from the outside world, injected so tests can use fakes and no Worker. */
export type EngineDependencies = {
  runAll(scenario: Scenario, ids: readonly StrategyId[], options: { provider?: ProviderId }): StrategyRun[];
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
    /** The summaries of the strategies the helper finished (a split run, lib/workbench/engine-split.ts). */
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
   * The helper engine worker a large catalog's run is split with (lib/workbench/engine-split.ts): started when
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
   * a move from 10,000 tools to weather (docs/PERFORMANCE.md, session 12); a step of the runs still on screen does
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
};

export const INITIAL_ENGINE_STATE: EngineWorkerState = { catalog: null, runs: null, toolTokens: null };

export type HandledMessage = { state: EngineWorkerState; response: EngineResponse };

export async function handleEngineMessage(
  state: EngineWorkerState,
  message: EngineRequest,
  dependencies: EngineDependencies,
): Promise<HandledMessage> {
  try {
    const handled = await dispatch(state, message, dependencies);
    // A large catalog's helper starts loading (its code, its tokenizer) now, so it is ready when the run comes.
    const catalog = handled.state.catalog;
    if (catalog && catalog !== state.catalog && isLarge(catalog.value, dependencies)) {
      const helper = dependencies.helper?.(true);
      // An example is loaded by the helper itself (from the same build-time file, or generated alike), instead of
      // being sent whole when the first split run comes: 16 MB cloned here and parsed there at 10,000 tools.
      if (helper && !helper.failed && message.kind === "load-example" && handled.response.kind === "example-loaded")
        forwardExampleLoad(helper, message.exampleId, catalog.version);
    }
    if (catalog && !isLarge(catalog.value, dependencies) && !handled.state.runs?.helper) dependencies.stopHelper?.();
    if (catalog && state.catalog && catalog !== state.catalog)
      if (isLarge(state.catalog.value, dependencies) && !isLarge(catalog.value, dependencies))
        dependencies.releaseCaches?.();
    return handled;
  } catch (error) {
    return {
      state,
      response: errorResponse(message, `engine: ${error instanceof Error ? error.message : String(error)}`),
    };
  }
}

async function dispatch(
  state: EngineWorkerState,
  message: EngineRequest,
  dependencies: EngineDependencies,
): Promise<HandledMessage> {
  switch (message.kind) {
    case "set-catalog":
      return {
        state: adoptCatalog(state, message.catalogVersion, message.catalog),
        response: { kind: "catalog-set", requestId: message.requestId, catalogVersion: message.catalogVersion },
      };
    case "edit-tool": {
      if (!state.catalog) return { state, response: errorResponse(message, "engine: no catalog is loaded") };
      const tools = state.catalog.value.tools;
      const index = tools.findIndex((tool) => tool.name === message.toolName);
      if (index < 0)
        return { state, response: errorResponse(message, `engine: the catalog has no tool "${message.toolName}"`) };
      const { tool, problems } = parseToolEdit(message.text, message.toolName, tools, (text) =>
        dependencies.parseCatalogText(text, {}),
      );
      const answer = {
        kind: "tool-edited",
        requestId: message.requestId,
        toolName: message.toolName,
        text: message.text,
      };
      if (!tool || problems.some((problem) => problem.severity === "error"))
        return { state, response: { ...answer, kind: "tool-edited", problems } };
      const edited = tools.slice();
      edited[index] = tool;
      forwardCatalogChange(state, message, dependencies);
      return {
        state: adoptCatalog(state, message.catalogVersion, { ...state.catalog.value, tools: edited }),
        response: {
          ...answer,
          kind: "tool-edited",
          problems,
          edited: { catalogVersion: message.catalogVersion, index, tool },
        },
      };
    }
    case "append-catalog": {
      if (!state.catalog) return { state, response: errorResponse(message, "engine: no catalog is loaded") };
      const merged = appendCatalog(state.catalog.value, message.imported);
      forwardCatalogChange(state, message, dependencies);
      const added = merged.catalog.tools.slice(state.catalog.value.tools.length);
      return {
        state: adoptCatalog(state, message.catalogVersion, merged.catalog),
        response: {
          kind: "catalog-appended",
          requestId: message.requestId,
          catalogVersion: message.catalogVersion,
          added,
          ...(merged.catalog.namespaces ? { namespaces: merged.catalog.namespaces } : {}),
          problems: merged.problems,
        },
      };
    }
    case "parse-catalog": {
      const parsed = dependencies.parseCatalogText(message.text, { sourceName: message.sourceName });
      const accepted = parsed.value !== undefined && !parsed.problems.some((problem) => problem.severity === "error");
      const response: EngineResponse = {
        kind: "catalog-parsed",
        requestId: message.requestId,
        catalogVersion: message.catalogVersion,
        problems: parsed.problems,
        ...(parsed.format ? { format: parsed.format } : {}),
        ...(accepted ? { catalog: parsed.value } : {}),
      };
      return {
        state: accepted && parsed.value ? adoptCatalog(state, message.catalogVersion, parsed.value) : state,
        response,
      };
    }
    case "load-example": {
      const scenario = await dependencies.loadExample(message.exampleId);
      const { catalog: _catalog, ...withoutCatalog } = scenario;
      return {
        state: {
          ...adoptCatalog(state, message.catalogVersion, scenario.catalog),
          loadedExample: { version: message.catalogVersion, scenario: withoutCatalog },
        },
        response:
          message.answer === "catalog-set"
            ? { kind: "catalog-set", requestId: message.requestId, catalogVersion: message.catalogVersion }
            : {
                kind: "example-loaded",
                requestId: message.requestId,
                catalogVersion: message.catalogVersion,
                scenario,
              },
      };
    }
    case "run": {
      if (!state.catalog || state.catalog.version !== message.catalogVersion) {
        return {
          state,
          response: errorResponse(
            message,
            `engine: catalog version ${message.catalogVersion} is not loaded in the worker`,
          ),
        };
      }
      if (message.scenario === AS_LOADED) {
        const loaded = state.loadedExample;
        if (loaded?.version !== message.catalogVersion)
          return {
            state,
            response: errorResponse(
              message,
              `engine: catalog version ${message.catalogVersion} is not an example loaded in the worker`,
            ),
          };
        const scenario = message.settings ? { ...loaded.scenario, settings: message.settings } : loaded.scenario;
        return runRequest(state, { ...message, scenario }, state.catalog, dependencies);
      }
      return runRequest(state, { ...message, scenario: message.scenario }, state.catalog, dependencies);
    }
    case "step-detail": {
      if (!state.runs || state.runs.requestId !== message.runRequestId) {
        return {
          state,
          response: errorResponse(message, `engine: run ${message.runRequestId} is no longer the latest`),
        };
      }
      const helperPart = state.runs.helper;
      if (helperPart?.strategyIds.includes(message.strategyId)) {
        const answer = await dependencies.helper?.(false)?.send({
          kind: "step-detail",
          runRequestId: helperPart.helperRunRequestId,
          strategyId: message.strategyId,
          stepIndex: message.stepIndex,
          ...(message.purpose ? { purpose: message.purpose } : {}),
        });
        if (answer?.kind === "step-detail")
          return {
            state,
            response: { ...answer, requestId: message.requestId, runRequestId: message.runRequestId },
          };
        // The helper is gone or no longer has the run: its strategies run here, once, and answer from here on.
        state = takeOverHelperPart(state, dependencies);
        return dispatch(state, message, dependencies);
      }
      const run = state.runs.runs.find((candidate) => candidate.id === message.strategyId);
      const detail = run ? stepDetail(run, message.stepIndex, workerStepDetailOptions(message.purpose)) : null;
      if (!detail)
        return {
          state,
          response: errorResponse(message, `engine: ${message.strategyId} has no step ${message.stepIndex + 1}`),
        };
      return {
        state,
        response: { kind: "step-detail", requestId: message.requestId, runRequestId: message.runRequestId, detail },
      };
    }
    case "results-json": {
      if (!state.runs || state.runs.requestId !== message.runRequestId) {
        return {
          state,
          response: errorResponse(message, `engine: run ${message.runRequestId} is no longer the latest`),
        };
      }
      const helperPart = state.runs.helper;
      if (helperPart) {
        const answer = await dependencies.helper?.(false)?.send({
          kind: "results-json",
          runRequestId: helperPart.helperRunRequestId,
        });
        if (answer?.kind !== "results-json") {
          state = takeOverHelperPart(state, dependencies);
          return dispatch(state, message, dependencies);
        }
        const order = state.runs.strategyIds ?? [];
        const json = {
          strategies: inRunOrder(order, [...simulationJson(state.runs.runs).strategies, ...answer.json.strategies]),
        };
        return {
          state,
          response: { kind: "results-json", requestId: message.requestId, runRequestId: message.runRequestId, json },
        };
      }
      return {
        state,
        response: {
          kind: "results-json",
          requestId: message.requestId,
          runRequestId: message.runRequestId,
          json: simulationJson(state.runs.runs),
        },
      };
    }
    case "tool-tokens": {
      if (!state.catalog || state.catalog.version !== message.catalogVersion) {
        return {
          state,
          response: errorResponse(
            message,
            `engine: catalog version ${message.catalogVersion} is not loaded in the worker`,
          ),
        };
      }
      const cached = state.toolTokens?.version === message.catalogVersion ? state.toolTokens.tokens : null;
      const tokens =
        cached ?? state.catalog.value.tools.map((tool) => dependencies.countTokens(anthropicToolJson(tool)));
      return {
        state: { ...state, toolTokens: { version: message.catalogVersion, tokens } },
        response: { kind: "tool-tokens", requestId: message.requestId, catalogVersion: message.catalogVersion, tokens },
      };
    }
  }
}

function isLarge(catalog: Catalog, dependencies: EngineDependencies): boolean {
  return catalog.tools.length >= (dependencies.splitMinimumTools ?? SPLIT_DEFAULTS.minimumTools);
}

/** How often a run waiting for its helper looks at its own queue (a newer run, a step detail it can answer). */
export const HELPER_WAIT_POLL_MS = 100;

/**
 * One run: the strategies in order, with progress between them. A large catalog's run is split with the helper
 * (lib/workbench/engine-split.ts): the strategy on screen and its group run here, the others there at the same time,
 * and the answer is the same as one worker's, in the run's order. A helper that fails (to start, to hold the
 * catalog, mid-run) leaves its strategies to this worker.
 */
async function runRequest(
  state: EngineWorkerState,
  message: Omit<Extract<EngineRequest, { kind: "run" }>, "scenario"> & { scenario: ScenarioWithoutCatalog },
  catalog: { version: number; value: Catalog },
  dependencies: EngineDependencies,
): Promise<HandledMessage> {
  const started = dependencies.now();
  const scenario: Scenario = { ...message.scenario, catalog: catalog.value };
  const options = message.provider ? { provider: message.provider } : {};
  const large = isLarge(catalog.value, dependencies);
  const helper = large && message.strategyIds.length > 1 ? (dependencies.helper?.(true) ?? null) : null;
  const split =
    helper && !helper.failed ? splitStrategies(message.strategyIds) : { here: [...message.strategyIds], helper: [] };
  if (helper && split.helper.length > 0 && helper.catalogVersion !== catalog.version) {
    // Catalog messages apply in order in the helper, so the run below finds this version there.
    helper.catalogVersion = catalog.version;
    void helper.send({ kind: "set-catalog", catalogVersion: catalog.version, catalog: catalog.value });
  }
  try {
    await dependencies.beforeRun?.({ scenario, strategyIds: message.strategyIds, ...options });
  } catch {
    // Stored counts only save time; without them the engine counts as before.
  }

  // The helper's strategies, sent after the first request's counting (the helper counts half of it first).
  const remote: RunSummary[] = [];
  let helperAnswer: EngineResponse | null = null;
  let helperRunRequestId: number | null = null;
  let signalled = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    signalled = true;
    wake?.();
  };
  if (helper && split.helper.length > 0) {
    void helper
      .send(
        {
          kind: "run",
          catalogVersion: catalog.version,
          scenario: message.scenario,
          strategyIds: split.helper,
          ...options,
        },
        (progress) => {
          for (const summary of progress.summaries ?? [])
            if (!remote.some((known) => known.id === summary.id)) remote.push(summary);
          signal();
        },
        (requestId) => (helperRunRequestId = requestId),
      )
      .then((answer) => {
        helperAnswer = answer;
        signal();
      });
  }
  // A step detail of a helper strategy, asked while the run goes, is passed to the helper, which answers it as soon
  // as that strategy is done there (its own run answers from its finished strategies), not at the end of this run.
  const askHelper = (detail: Extract<EngineRequest, { kind: "step-detail" }>) => {
    if (!helper || helperRunRequestId === null || helperAnswer !== null) return null;
    if (detail.runRequestId !== message.requestId || !split.helper.includes(detail.strategyId)) return null;
    const { requestId, runRequestId, ...asked } = detail;
    return helper.send({ ...asked, runRequestId: helperRunRequestId }).then((answer): EngineResponse | null => {
      if (answer.kind === "step-detail") return { ...answer, requestId, runRequestId };
      // "No such step" and the like are the answer; a helper that died leaves the detail to this worker.
      if (answer.kind === "error" && !helper.failed) return { ...answer, requestId };
      return null;
    });
  };

  const runs: StrategyRun[] = [];
  const superseded = async (): Promise<boolean> => {
    if (!dependencies.betweenStrategies) return false;
    const finished = new Set([...runs.map((run) => run.id), ...remote.map((summary) => summary.id)]);
    const answer = await dependencies.betweenStrategies({
      requestId: message.requestId,
      done: finished.size,
      total: message.strategyIds.length,
      completed: runs,
      ...(remote.length > 0 ? { remote } : {}),
      ...(message.shownStep ? { shownStep: message.shownStep } : {}),
      ...(helper && split.helper.length > 0 ? { askHelper } : {}),
    });
    return answer.superseded;
  };
  for (const [index, id] of split.here.entries()) {
    if (index > 0 && (await superseded())) return { state, response: supersededResponse(message) };
    runs.push(...dependencies.runAll(scenario, [id], options));
  }

  let helperPart: HelperRunPart | undefined;
  let remoteSummaries: RunSummary[] = [];
  if (helper && split.helper.length > 0) {
    // Wait for the helper, handing over its strategies as they finish and answering the queue meanwhile.
    while (helperAnswer === null) {
      if (await superseded()) return { state, response: supersededResponse(message) };
      if (helperAnswer !== null) break;
      if (!signalled)
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, HELPER_WAIT_POLL_MS);
        });
      wake = null;
      signalled = false;
    }
    const answer = helperAnswer as EngineResponse;
    if (answer.kind === "run-result") {
      remoteSummaries = answer.summaries;
      helperPart = {
        helperRunRequestId: answer.requestId,
        strategyIds: split.helper,
        scenario,
        options,
      };
    } else {
      // The helper failed or lost the catalog: its strategies run here (identical results), the catalog is sent
      // again next time.
      helper.catalogVersion = null;
      for (const id of split.helper) {
        if (await superseded()) return { state, response: supersededResponse(message) };
        runs.push(...dependencies.runAll(scenario, [id], options));
      }
    }
  }

  const summaries = inRunOrder(message.strategyIds, [...runs.map(summariseRun), ...remoteSummaries]);
  const timingMs = dependencies.now() - started;
  return {
    state: {
      ...state,
      runs: {
        requestId: message.requestId,
        // In the run's order, as the export lists them, whichever worker ran them first.
        runs: inRunOrder(message.strategyIds, runs),
        strategyIds: [...message.strategyIds],
        ...(helperPart ? { helper: helperPart } : {}),
      },
    },
    response: {
      kind: "run-result",
      requestId: message.requestId,
      catalogVersion: message.catalogVersion,
      summaries,
      timingMs,
    },
  };
}

/** The helper's strategies of the latest run, run here (the helper died or no longer holds that run). */
function takeOverHelperPart(state: EngineWorkerState, dependencies: EngineDependencies): EngineWorkerState {
  const part = state.runs?.helper;
  if (!state.runs || !part) return state;
  const taken = dependencies.runAll(part.scenario, part.strategyIds, part.options);
  const { helper: _gone, ...rest } = state.runs;
  void _gone;
  const runs = [...state.runs.runs, ...taken];
  return { ...state, runs: { ...rest, runs: rest.strategyIds ? inRunOrder(rest.strategyIds, runs) : runs } };
}

/**
 * The helper loads example `exampleId` as `catalogVersion` itself. Catalog messages apply in order there, so the run
 * that follows finds that version; if the load fails, the next split run sends the catalog whole.
 */
function forwardExampleLoad(helper: EngineHelper, exampleId: string, catalogVersion: number): void {
  helper.catalogVersion = catalogVersion;
  void helper.send({ kind: "load-example", catalogVersion, exampleId, answer: "catalog-set" }).then((answer) => {
    if (answer.kind !== "catalog-set" && helper.catalogVersion === catalogVersion) helper.catalogVersion = null;
  });
}

/**
 * An edit or an append is sent on to a helper that holds the catalog it changes, so the helper's catalog follows
 * the same steps (a few bytes, not 16 MB again); otherwise the next split run sends the whole catalog.
 */
function forwardCatalogChange(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "edit-tool" | "append-catalog" }>,
  dependencies: EngineDependencies,
): void {
  const helper = dependencies.helper?.(false);
  if (!helper || helper.failed || !state.catalog || helper.catalogVersion !== state.catalog.version) return;
  helper.catalogVersion = message.catalogVersion;
  const { requestId: _own, ...forwarded } = message;
  void _own;
  void helper.send(forwarded);
}

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
function workerStepDetailOptions(purpose: Extract<EngineRequest, { kind: "step-detail" }>["purpose"]) {
  return purpose === "export" || purpose === "compare"
    ? WORKER_STEP_DETAIL
    : { ...WORKER_STEP_DETAIL, shortenToolLists: true };
}

function adoptCatalog(state: EngineWorkerState, version: number, catalog: Catalog): EngineWorkerState {
  // A new catalog is no longer the loaded example's (load-example sets it again after this).
  return { ...state, catalog: { version, value: catalog }, toolTokens: null, loadedExample: undefined };
}

function errorResponse(message: EngineRequest, text: string): EngineResponse {
  return { kind: "error", requestId: message.requestId, request: message.kind, message: text };
}

/** A run slower than this shows its finished strategies before the rest (a fast run would only flicker). */
export const PARTIAL_RESULTS_AFTER_MS = 300;

/**
 * Builds the worker's `run-progress` messages: none while a run is quick (null), and once it has taken longer than
 * PARTIAL_RESULTS_AFTER_MS, how far it is with the summaries of the strategies finished since the last message.
 */
export function createProgressReporter(now: () => number) {
  const startedAt = new Map<number, number>();
  const posted = new Map<number, number>();
  const postedRemote = new Map<number, number>();
  return {
    started(requestId: number): void {
      startedAt.set(requestId, now());
    },
    finished(requestId: number): void {
      startedAt.delete(requestId);
      posted.delete(requestId);
      postedRemote.delete(requestId);
    },
    progress({
      requestId,
      done,
      total,
      completed,
      remote = [],
      shownStep,
    }: {
      requestId: number;
      done: number;
      total: number;
      completed: readonly StrategyRun[];
      /** Summaries of the strategies a helper finished (a split run), handed over as the worker's own are. */
      remote?: readonly RunSummary[];
      shownStep?: { strategyId: StrategyId; stepIndex: number };
    }): EngineResponse | null {
      const slow = now() - (startedAt.get(requestId) ?? now()) > PARTIAL_RESULTS_AFTER_MS;
      const fresh = slow ? completed.slice(posted.get(requestId) ?? 0) : [];
      const freshRemote = slow ? remote.slice(postedRemote.get(requestId) ?? 0) : [];
      // A quick run reports nothing: the page shows a run's progress only once it has taken 300 ms
      // (components/playground/run-status.tsx), and each report re-rendered its run area on the page's thread while
      // the run went on (7 of them in the weather example's 0.1 s run, on the same two cores: docs/PERFORMANCE.md,
      // session 11). From then on every report carries the strategies done so far.
      if (fresh.length === 0 && freshRemote.length === 0)
        return slow ? { kind: "run-progress", requestId, done, total } : null;
      posted.set(requestId, completed.length);
      postedRemote.set(requestId, remote.length);
      const shown = shownStep && fresh.find((run) => run.id === shownStep.strategyId);
      // The step the page will ask for, clamped as the page clamps it (state/selectors.ts selectStepIndex).
      const detail =
        shown && shown.steps.length > 0
          ? stepDetail(
              shown,
              Math.min(Math.max(0, shownStep.stepIndex), shown.steps.length - 1),
              workerStepDetailOptions(undefined),
            )
          : null;
      return {
        kind: "run-progress",
        requestId,
        done,
        total,
        summaries: [...fresh.map(summariseRun), ...freshRemote],
        ...(detail ? { detail } : {}),
      };
    },
  };
}

/**
 * While run `runRequestId` is still going, answers a queued request the finished strategies can already answer
 * (a step detail of one of them), so the page never waits for all eight strategies to show the first. Returns
 * null for anything else, which stays queued until the run is done.
 */
export function answerDuringRun(
  message: EngineRequest,
  runRequestId: number,
  completed: readonly StrategyRun[],
): EngineResponse | null {
  if (message.kind !== "step-detail" || message.runRequestId !== runRequestId) return null;
  const run = completed.find((candidate) => candidate.id === message.strategyId);
  if (!run) return null;
  const detail = stepDetail(run, message.stepIndex, workerStepDetailOptions(message.purpose));
  if (!detail) return errorResponse(message, `engine: ${message.strategyId} has no step ${message.stepIndex + 1}`);
  return { kind: "step-detail", requestId: message.requestId, runRequestId, detail };
}

/** The tool as Anthropic's Messages API receives it: what its row in the catalog list is priced by. */
export function anthropicToolJson(tool: CatalogTool): string {
  return JSON.stringify({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
    ...(tool.inputExamples ? { input_examples: tool.inputExamples } : {}),
  });
}

/**
 * Drops queued requests a later one in the same queue makes pointless: an older `run` or `step-detail` when a newer
 * one of the same kind waits behind it. The dropped ones are answered as superseded so no promise hangs.
 */
export function coalesceQueue(queue: readonly EngineRequest[]): { keep: EngineRequest[]; superseded: EngineRequest[] } {
  // A detail fetched for the export is a different queue from the page's: neither may drop the other.
  const queueOf = (message: EngineRequest) =>
    message.kind === "step-detail" && message.purpose ? `${message.kind}:${message.purpose}` : message.kind;
  const lastIndexOfQueue = new Map<string, number>();
  queue.forEach((message, index) => lastIndexOfQueue.set(queueOf(message), index));
  const keep: EngineRequest[] = [];
  const superseded: EngineRequest[] = [];
  queue.forEach((message, index) => {
    const droppable = message.kind === "run" || message.kind === "step-detail";
    if (droppable && lastIndexOfQueue.get(queueOf(message)) !== index) superseded.push(message);
    else keep.push(message);
  });
  return { keep, superseded };
}

export function supersededResponse(message: EngineRequest): EngineResponse {
  return errorResponse(message, "engine: superseded by a newer request");
}
