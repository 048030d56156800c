/**
 * The engine worker's behaviour as one function: a request and the worker's state in, the new state and the answer
 * out. Framework-free on purpose: `handleEngineMessage` runs unchanged in Node tests, so the worker file is only a
 * shell that feeds it messages (lib/workbench/engine-host.ts). Runs stay here (request bodies reach ~16 MB at 10,000
 * tools); the page holds RunSummary[] and asks for one StepDetail at a time. The messages are engine-messages.ts;
 * a large catalog's runs are shared with a helper worker by engine-scheduler.ts.
 */
import { appendCatalog } from "../catalog/append-catalog";
import { argumentsPassSchema } from "../catalog/argument-validation";
import { fittedConversation } from "../scenario/catalog-conversation";
import type { CatalogTool } from "../core/catalog";
import type { StrategyRun } from "../engine/types";
import type { StrategyId } from "../core/ids";
import { simulationJson } from "../report/simulation-output";
import { parseToolEdit } from "./catalog-text";
import { AS_LOADED, errorResponse, type EngineRequest, type EngineResponse } from "./engine-messages";
import {
  forwardCatalogChange,
  inRunOrder,
  runRequest,
  scheduleHelper,
  startHelperForText,
  takeOverHelperPart,
} from "./engine-scheduler";
import {
  adoptCatalog,
  workerStepDetailOptions,
  type EngineDependencies,
  type EngineWorkerState,
  type HandledMessage,
} from "./engine-state";
import { summariseRun, stepDetail } from "./summarise-run";
import type { RunSummary } from "./types";

export async function handleEngineMessage(
  state: EngineWorkerState,
  message: EngineRequest,
  dependencies: EngineDependencies,
): Promise<HandledMessage> {
  try {
    startHelperForText(message, dependencies);
    const handled = await dispatch(state, message, dependencies);
    scheduleHelper(state, message, handled, dependencies);
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
  const handler = HANDLERS[message.kind] as (
    state: EngineWorkerState,
    message: EngineRequest,
    dependencies: EngineDependencies,
  ) => HandledMessage | Promise<HandledMessage>;
  return handler(state, message, dependencies);
}

const HANDLERS: {
  [K in EngineRequest["kind"]]: (
    state: EngineWorkerState,
    message: Extract<EngineRequest, { kind: K }>,
    dependencies: EngineDependencies,
  ) => HandledMessage | Promise<HandledMessage>;
} = {
  "set-catalog": setCatalog,
  "edit-tool": editTool,
  "append-catalog": appendToCatalog,
  "parse-catalog": parseCatalog,
  "load-example": loadExample,
  run,
  "step-detail": stepDetailAnswer,
  "results-json": resultsJson,
  "tool-tokens": toolTokens,
};

/** Adopts the page's catalog as its version. */
function setCatalog(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "set-catalog" }>,
): HandledMessage {
  return {
    state: adoptCatalog(state, message.catalogVersion, message.catalog),
    response: { kind: "catalog-set", requestId: message.requestId, catalogVersion: message.catalogVersion },
  };
}

/** One tool's text from the per-tool editor: put in place of its tool when it parses without an error. */
function editTool(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "edit-tool" }>,
  dependencies: EngineDependencies,
): HandledMessage {
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

/** An import's new tools after the current ones; the answer names only what was added. */
function appendToCatalog(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "append-catalog" }>,
  dependencies: EngineDependencies,
): HandledMessage {
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

/** Catalog text in any accepted format, adopted when it has no error. */
function parseCatalog(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "parse-catalog" }>,
  dependencies: EngineDependencies,
): HandledMessage {
  const parsed = dependencies.parseCatalogText(message.text, { sourceName: message.sourceName });
  const accepted = parsed.value !== undefined && !parsed.problems.some((problem) => problem.severity === "error");
  const conversation =
    accepted && parsed.value && message.conversation
      ? fittedConversation(message.conversation, parsed.value, { argumentsValid: argumentsPassSchema })
      : undefined;
  const limits = message.answerWithText;
  const editorShowsText =
    limits !== undefined &&
    (accepted && parsed.value
      ? parsed.value.tools.length <= limits.maxTools
      : message.text.length <= limits.maxCharacters);
  const response: EngineResponse = {
    kind: "catalog-parsed",
    requestId: message.requestId,
    catalogVersion: message.catalogVersion,
    problems: parsed.problems,
    ...(parsed.format ? { format: parsed.format } : {}),
    ...(accepted ? { catalog: parsed.value } : {}),
    ...(conversation ? { conversation } : {}),
    ...(editorShowsText ? { text: message.text } : {}),
  };
  if (!accepted || !parsed.value) return { state, response };
  const adopted = adoptCatalog(state, message.catalogVersion, parsed.value);
  return {
    state: conversation
      ? { ...adopted, importedTurns: { version: message.catalogVersion, turns: conversation.turns } }
      : adopted,
    response,
  };
}

/** An example, its catalog adopted and its turns kept for a run `as-loaded`. */
async function loadExample(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "load-example" }>,
  dependencies: EngineDependencies,
): Promise<HandledMessage> {
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

/** A run of the catalog version the page names, of its scenario or of the example as loaded. */
async function run(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "run" }>,
  dependencies: EngineDependencies,
): Promise<HandledMessage> {
  if (!state.catalog || state.catalog.version !== message.catalogVersion) {
    return {
      state,
      response: errorResponse(message, `engine: catalog version ${message.catalogVersion} is not loaded in the worker`),
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
  if (message.turnsAsImported) {
    const imported = state.importedTurns;
    if (imported?.version !== message.catalogVersion)
      return {
        state,
        response: errorResponse(
          message,
          `engine: catalog version ${message.catalogVersion} is not an import whose conversation was fitted here`,
        ),
      };
    const scenario = { ...message.scenario, turns: [...imported.turns] };
    return runRequest(state, { ...message, scenario }, state.catalog, dependencies);
  }
  const scenario = message.scenario;
  return runRequest(state, { ...message, scenario }, state.catalog, dependencies);
}

/** One step's detail of the latest run, from here or from the helper that ran its strategy. */
async function stepDetailAnswer(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "step-detail" }>,
  dependencies: EngineDependencies,
): Promise<HandledMessage> {
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
    return stepDetailAnswer(state, message, dependencies);
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

/** The documented simulation JSON of the latest run, with the helper's strategies in the run's order. */
async function resultsJson(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "results-json" }>,
  dependencies: EngineDependencies,
): Promise<HandledMessage> {
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
      return resultsJson(state, message, dependencies);
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

/** o200k tokens of each tool's Anthropic JSON, counted once per catalog version. */
function toolTokens(
  state: EngineWorkerState,
  message: Extract<EngineRequest, { kind: "tool-tokens" }>,
  dependencies: EngineDependencies,
): HandledMessage {
  if (!state.catalog || state.catalog.version !== message.catalogVersion) {
    return {
      state,
      response: errorResponse(message, `engine: catalog version ${message.catalogVersion} is not loaded in the worker`),
    };
  }
  const cached = state.toolTokens?.version === message.catalogVersion ? state.toolTokens.tokens : null;
  const tokens = cached ?? state.catalog.value.tools.map((tool) => dependencies.countTokens(anthropicToolJson(tool)));
  return {
    state: { ...state, toolTokens: { version: message.catalogVersion, tokens } },
    response: { kind: "tool-tokens", requestId: message.requestId, catalogVersion: message.catalogVersion, tokens },
  };
}

export const PARTIAL_RESULTS_AFTER_MS = 300;

/**
 * Builds the worker's `run-progress` messages: none while a run is quick (null), and once it has taken longer than
 * PARTIAL_RESULTS_AFTER_MS, how far it is with the summaries of the strategies finished since the last message.
 */
export function createProgressReporter(now: () => number) {
  const startedAt = new Map<number, number>();
  const posted = new Map<number, number>();
  const postedRemote = new Map<number, number>();
  /** The step whose detail went ahead with a run's first request (`firstRequest`): not sent again with its strategy. */
  const detailSent = new Map<number, string>();
  return {
    started(requestId: number): void {
      startedAt.set(requestId, now());
    },
    finished(requestId: number): void {
      startedAt.delete(requestId);
      posted.delete(requestId);
      postedRemote.delete(requestId);
      detailSent.delete(requestId);
    },
    handedOver(requestId: number, strategyId: StrategyId, stepIndex: number): void {
      detailSent.set(requestId, `${strategyId}:${stepIndex}`);
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
      // (components/playground/run-status.tsx), and each report re-renders its run area on the page's thread while
      // the run goes on, on the same two cores. From then on every report carries the strategies done so far.
      if (fresh.length === 0 && freshRemote.length === 0)
        return slow ? { kind: "run-progress", requestId, done, total } : null;
      posted.set(requestId, completed.length);
      postedRemote.set(requestId, remote.length);
      const shown = shownStep && fresh.find((run) => run.id === shownStep.strategyId);
      // The step the page will ask for, clamped as the page clamps it (state/selectors.ts selectStepIndex).
      const shownIndex = shown ? Math.min(Math.max(0, shownStep.stepIndex), shown.steps.length - 1) : -1;
      const detail =
        shown && shown.steps.length > 0 && detailSent.get(requestId) !== `${shown.id}:${shownIndex}`
          ? stepDetail(shown, shownIndex, workerStepDetailOptions(undefined))
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
