/**
 * A large catalog's run on two engine workers (2 cores: at 10,000 tools one worker's run of all eight strategies is
 * ≈ 8.5 s of CPU, PERFORMANCE.md at 279c54f). The page's engine worker keeps the shown strategy and runs part of the
 * others itself; a helper engine worker, which it starts and feeds, runs the rest and keeps their full runs for
 * step details. The page sees one worker and the same messages as before; when the helper fails to start or dies,
 * the page's worker runs the helper's strategies itself and nothing is lost.
 *
 * The helper also counts tokens for the first request (the `count` requests of lib/tokens/count-in-parallel.ts), so
 * one second thread serves both, and what it counts stays in its own memo for its own strategies.
 */
import type { Catalog } from "../core/catalog";
import type { RunOptions } from "../engine/engine";
import type { StrategyRun } from "../engine/types";
import type { Scenario } from "../scenario/types";
import { STRATEGY_IDS, type StrategyId } from "../core/ids";
import { STRATEGIES } from "../strategies/definitions";
import {
  supersededResponse,
  type EngineRequest,
  type EngineResponse,
  type ScenarioWithoutCatalog,
} from "./engine-messages";
import type {
  EngineDependencies,
  EngineHelper,
  EngineWorkerState,
  HandledMessage,
  HelperRunPart,
} from "./engine-state";
import { summariseRun } from "./summarise-run";
import type { RunSummary } from "./types";

/** The split and its threshold; tests lower `minimumTools` to split a small real catalog. */
export const SPLIT_DEFAULTS = {
  /**
   * Catalogs below this many tools run on one worker: a run of all strategies at 1,000 tools takes ≈ 1 s, less than
   * what handing the catalog over and starting a second worker (its chunks, its tokenizer) would save.
   */
  minimumTools: 2_000,
} as const;

/**
 * The two groups of a split run. The strategies that search with the client-side index (lib/search/client-search.ts
 * over every tool, the largest single cost of a run) share one worker, so the index is built once; text-protocol,
 * which shares no work with either side (its prompt is every tool as text, counted once), goes with them to even the
 * two sides out. Each strategy's run at 10,000 tools in Node (`npx tsx scripts/profile-own-catalog.ts`), added up
 * per group: stubs, full, anthropic-tool-search, openai-tool-search and subagent ≈ 1.8 s;
 * naive-dynamic, gateway, kimi-dynamic, anthropic-mid-conversation, cli-help, prefilter and text-protocol ≈ 1.6 s
 * (with text-protocol on the first side: 2.2 s against 1.1 s, and the side with the strategy on screen also hands
 * the page its first request and step details).
 */
export const CLIENT_SEARCH_GROUP: readonly StrategyId[] = STRATEGY_IDS.filter(
  (id) => STRATEGIES[id].searchesOnClient === true || id === "text-protocol",
);

/**
 * Which strategies run here and which on the helper. The first (the strategy on screen) always runs here, first,
 * with the strategies of its group; the other group goes to the helper. Each side keeps the run's order.
 */
export function splitStrategies(strategyIds: readonly StrategyId[]): { here: StrategyId[]; helper: StrategyId[] } {
  const first = strategyIds[0];
  if (first === undefined) return { here: [], helper: [] };
  const inClientGroup = (id: StrategyId) => CLIENT_SEARCH_GROUP.includes(id);
  const firstInClientGroup = inClientGroup(first);
  const here = strategyIds.filter((id) => inClientGroup(id) === firstInClientGroup);
  const helper = strategyIds.filter((id) => inClientGroup(id) !== firstInClientGroup);
  return { here, helper };
}

/** The run's summaries back in the run's order, whichever worker ran them. */
export function inRunOrder<T extends { id: StrategyId }>(strategyIds: readonly StrategyId[], items: readonly T[]): T[] {
  return strategyIds.flatMap((id) => items.filter((item) => item.id === id));
}

/**
 * The helper's lifetime around one handled message: a large catalog's helper starts loading (its code, its
 * tokenizer) as soon as the catalog arrives, so it is ready when the run comes; a small catalog whose latest run has
 * nothing on the helper stops it; the move from a large catalog to a small one lets go of the large one's caches.
 */
export function scheduleHelper(
  before: EngineWorkerState,
  message: EngineRequest,
  handled: HandledMessage,
  dependencies: EngineDependencies,
): void {
  const catalog = handled.state.catalog;
  if (catalog && catalog !== before.catalog && isLarge(catalog.value, dependencies)) {
    const helper = dependencies.helper?.(true);
    // An example is loaded by the helper itself (from the same build-time file, or generated alike), instead of
    // being sent whole when the first split run comes: 16 MB cloned here and parsed there at 10,000 tools.
    if (helper && !helper.failed && message.kind === "load-example" && handled.response.kind === "example-loaded")
      forwardExampleLoad(helper, message.exampleId, catalog.version);
    // A person's large import reaches the helper with the first split run, after that run's first request
    // (`runRequest`).
  }
  if (catalog && !isLarge(catalog.value, dependencies) && !handled.state.runs?.helper) dependencies.stopHelper?.();
  if (catalog && before.catalog && catalog !== before.catalog)
    if (isLarge(before.catalog.value, dependencies) && !isLarge(catalog.value, dependencies))
      dependencies.releaseCaches?.();
}

/**
 * Before this worker parses a person's import: when the text holds at least the split's number of tool names, the
 * helper starts now (unless the page's `prepare-import` hint started it already), so its code and tokenizer
 * (≈ 0.7 s at 10,000 tools) load while this worker parses. A text that only looked large (names of properties
 * counted as tools) is harmless: the parse here finds the catalog small, and `scheduleHelper` stops the helper again.
 */
export function startHelperForText(message: EngineRequest, dependencies: EngineDependencies): void {
  if (message.kind !== "parse-catalog") return;
  const minimum = dependencies.splitMinimumTools ?? SPLIT_DEFAULTS.minimumTools;
  if (mayHoldTools(message.text, minimum)) dependencies.helper?.(true);
}

/** Whether `text` has at least `minimum` `"name"` keys: a JSON catalog of that many tools has (and more, nested). */
export function mayHoldTools(text: string, minimum: number): boolean {
  let found = 0;
  for (let at = text.indexOf('"name"'); at >= 0; at = text.indexOf('"name"', at + 6)) {
    found += 1;
    if (found >= minimum) return true;
  }
  return false;
}

export function isLarge(catalog: Catalog, dependencies: Pick<EngineDependencies, "splitMinimumTools">): boolean {
  return catalog.tools.length >= (dependencies.splitMinimumTools ?? SPLIT_DEFAULTS.minimumTools);
}

/**
 * From this many tools, the request on screen is handed to the page as soon as it is made, before its strategy's run
 * ends (`firstRequest`): a run of that size takes a few hundred milliseconds per strategy and up (seconds at 10,000
 * tools), while the page's request waits only for the requests before it. A smaller catalog's run ends before a
 * second message would help, and the page would render twice.
 */
export const EARLY_FIRST_REQUEST_MINIMUM_TOOLS = 100;

/**
 * The run's `onStep` for strategy `id` when it is the strategy on screen: once the step on screen is made, hands it
 * over (`dependencies.firstRequest`), once, then calls `afterReport`. Undefined when there is nothing to hand over early.
 */
function firstRequestReporter(
  message: Pick<Extract<EngineRequest, { kind: "run" }>, "requestId" | "strategyIds" | "shownStep">,
  id: StrategyId,
  catalog: Catalog,
  dependencies: EngineDependencies,
  afterReport: () => void,
): RunOptions["onStep"] {
  const shown = message.shownStep;
  const report = dependencies.firstRequest;
  if (!report || !shown || shown.strategyId !== id || catalog.tools.length < EARLY_FIRST_REQUEST_MINIMUM_TOOLS)
    return undefined;
  const stepIndex = Math.max(0, shown.stepIndex);
  let reported = false;
  return ({ steps, runSoFar }) => {
    if (reported || steps.length <= stepIndex) return;
    reported = true;
    report({ requestId: message.requestId, total: message.strategyIds.length, run: runSoFar(), stepIndex });
    afterReport();
  };
}

/** How often a run waiting for its helper looks at its own queue (a newer run, a step detail it can answer). */
export const HELPER_WAIT_POLL_MS = 100;

/**
 * One run: the strategies in order, with progress between them. A large catalog's run is split with the helper
 * (this file): the strategy on screen and its group run here, the others there at the same time,
 * and the answer is the same as one worker's, in the run's order. A helper that fails (to start, to hold the
 * catalog, mid-run) leaves its strategies to this worker.
 */
export async function runRequest(
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
  // Catalog messages apply in order in the helper, so its run finds this version there. A catalog it lacks (a
  // person's import; an example it could not load) is cloned to it after this run's first request is on its way:
  // cloning 10,000 tools holds this worker ≈ 0.1 s, which before the first request would delay it, and the helper
  // counts half of that request meanwhile. Parsing the import's text there instead cost the helper ≈ 0.5 s of parse
  // and collection on the two cores the run shares.
  const behind = helper !== null && split.helper.length > 0 && helper.catalogVersion !== catalog.version;
  const shownFirst = split.here[0]
    ? firstRequestReporter(message, split.here[0], catalog.value, dependencies, () => startHelperPart())
    : undefined;
  try {
    await dependencies.beforeRun?.({ scenario, strategyIds: message.strategyIds, ...options });
  } catch {
    // Stored counts only save time; without them the engine counts as before.
  }

  const remote: RunSummary[] = [];
  let helperAnswer: EngineResponse | null = null;
  let helperRunRequestId: number | null = null;
  let signalled = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    signalled = true;
    wake?.();
  };
  let helperStarted = false;
  // The helper's strategies, sent after the first request's counting (the helper counts half of it first).
  function startHelperPart(): void {
    if (!helper || split.helper.length === 0 || helperStarted) return;
    helperStarted = true;
    if (behind) {
      helper.catalogVersion = catalog.version;
      void helper.send({ kind: "set-catalog", catalogVersion: catalog.version, catalog: catalog.value });
    }
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
  if (!behind || !shownFirst) startHelperPart();
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
    const onStep = index === 0 ? shownFirst : undefined;
    runs.push(...dependencies.runAll(scenario, [id], onStep ? { ...options, onStep } : options));
    // A first strategy whose run never reached the step on screen still hands the helper its part here.
    if (index === 0) startHelperPart();
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
export function takeOverHelperPart(state: EngineWorkerState, dependencies: EngineDependencies): EngineWorkerState {
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
export function forwardCatalogChange(
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
