/**
 * The engine worker's typed requests, over the one worker client (workers/worker-client.ts): each kind of request
 * is a channel where only the newest request counts, errors and a worker that fails to load come back as values.
 */
import type { Catalog } from "@/lib/core/catalog";
import type { Scenario, ScenarioSettings, ScenarioTurn } from "@/lib/scenario/types";
import type { ProviderId, StrategyId } from "@/lib/core/ids";
import type {
  AS_LOADED,
  CatalogParseResult,
  EngineRequest,
  EngineResponse,
  PageEngineRequest,
  ScenarioWithoutCatalog,
} from "@/lib/workbench/engine-messages";
import { exampleParts } from "@/lib/workbench/example-parts";
import { prepareExampleHintFor, type PrepareExampleHint } from "@/lib/workbench/prepared-example";
import type { PrepareHelperHint, PrepareImportHint } from "@/lib/workbench/import-hint";
import { withRequestBody } from "@/lib/workbench/summarise-run";
import type { RunSummary, StepDetail } from "@/lib/workbench/types";
import { WorkerClient, type Outcome, type WorkerLike as GenericWorkerLike } from "./worker-client";

export type { Outcome };

type Channel =
  "catalog" | "example" | "run" | "step-detail" | "tool-tokens" | "results" | "export" | "compare" | "ahead";

const CHANNEL_OF: Record<EngineRequest["kind"], Channel> = {
  "set-catalog": "catalog",
  "edit-tool": "catalog",
  "append-catalog": "catalog",
  "parse-catalog": "catalog",
  "load-example": "example",
  run: "run",
  "step-detail": "step-detail",
  "tool-tokens": "tool-tokens",
  "results-json": "results",
};

/** A run's progress as the page sees it: how far, and the strategies finished early when the run is slow. */
export type RunProgress = {
  runRequestId: number;
  done: number;
  total: number;
  summaries?: RunSummary[];
  /** The detail of the step the run was told is on screen, handed over with its strategy. */
  detail?: StepDetail;
  /**
   * The step on screen as soon as the worker made it, before its strategy's run ends: that strategy's requests so
   * far (`inProgress`) and the step's detail.
   */
  firstRequest?: { summary: RunSummary; detail: StepDetail };
};
type ProgressListener = (progress: RunProgress) => void;

/** What the client needs of a Worker; a fake in tests. */
export type WorkerLike = GenericWorkerLike<PageEngineRequest, EngineResponse>;

/**
 * Whether the page waits for any engine answer (every client of the page counted), and a way to hear when that
 * changes. The quiet moment (components/ui/quiet-moment.ts) counts only while nothing is pending: an answer that
 * lands is main-thread work for the page (tens of megabytes at 10,000 tools), and Monaco or a chart mounting beside
 * it made the longest tasks of a person's first steps.
 */
export function createReplyTracker() {
  let pending = 0;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    busy: () => pending > 0,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** One more answer awaited; returns the function that marks it arrived (or stale, or failed). */
    started(): () => void {
      pending += 1;
      if (pending === 1) changed();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending -= 1;
        if (pending === 0) changed();
      };
    },
  };
}

export type ReplyTracker = ReturnType<typeof createReplyTracker>;

/** The page's: every engine client it makes counts here unless told otherwise (tests give their own). */
export const engineRepliesPending: ReplyTracker = createReplyTracker();

type Payload<K extends PageEngineRequest["kind"]> = Omit<Extract<PageEngineRequest, { kind: K }>, "kind" | "requestId">;

/** What an import's parse answers: the catalog and its problems, and the file's text when the editor shows it. */
export type ImportParsed = CatalogParseResult & { catalogVersion: number };

/** What the page's editor shows of an imported file (`parseCatalogAndRun`'s `answerWithText`). */
export type EditorTextLimits = { maxTools: number; maxCharacters: number };

export class EngineClient {
  private nextCatalogVersion = 1;
  private readonly client: WorkerClient<PageEngineRequest, EngineResponse>;

  constructor(
    private readonly worker: WorkerLike,
    private readonly replies: ReplyTracker = engineRepliesPending,
  ) {
    this.client = new WorkerClient(worker, {
      name: "engine",
      // "catalog" requests are never stale: each one changes the worker's catalog and must be applied in order.
      channelOf: (request) => (CHANNEL_OF[request.kind] === "catalog" ? null : CHANNEL_OF[request.kind]),
      errorOf: (response) => (response.kind === "error" ? response.message : undefined),
      isInterim: (response) => response.kind === "run-progress" || response.kind === "example-tools",
    });
  }

  /** A fresh catalog version number; the page and the worker agree on versions because only this client makes them. */
  newCatalogVersion(): number {
    return this.nextCatalogVersion++;
  }

  loadExample(exampleId: string): Promise<Outcome<{ scenario: Scenario; catalogVersion: number }>> {
    return this.sendLoadExample(exampleId, this.newCatalogVersion());
  }

  /**
   * Loads an example and runs it as loaded, in one go: the run is sent right behind the load (`scenario:
   * "as-loaded"`), so the worker starts it as soon as the example is loaded instead of after the page has taken the
   * example in and asked (lib/workbench/engine-handler.ts). `catalogVersion` is the version both will answer with.
   */
  loadExampleAndRun(
    exampleId: string,
    run: {
      strategyIds: readonly StrategyId[];
      shownStep?: { strategyId: StrategyId; stepIndex: number };
      onProgress?: ProgressListener;
      /** Settings in place of the example's own (an autosaved example with changed settings), and a forced provider. */
      settings?: ScenarioSettings;
      provider?: ProviderId;
    },
  ): {
    catalogVersion: number;
    loaded: Promise<Outcome<{ scenario: Scenario; catalogVersion: number }>>;
    ran: ReturnType<EngineClient["run"]>;
  } {
    const catalogVersion = this.newCatalogVersion();
    const loaded = this.sendLoadExample(exampleId, catalogVersion);
    // The literal, not the protocol module's constant: that module is the worker's, kept out of the page's code.
    const ran = this.run(
      catalogVersion,
      "as-loaded",
      run.strategyIds,
      run.provider,
      run.onProgress,
      run.shownStep,
      run.settings,
    );
    return { catalogVersion, loaded, ran };
  }

  private sendLoadExample(
    exampleId: string,
    catalogVersion: number,
  ): Promise<Outcome<{ scenario: Scenario; catalogVersion: number }>> {
    // A large example's tools arrive ahead, in parts (lib/workbench/example-parts.ts).
    const parts = exampleParts();
    return this.send("load-example", { exampleId, catalogVersion }, undefined, undefined, (part) =>
      parts.add(part),
    ).then((outcome): Outcome<{ scenario: Scenario; catalogVersion: number }> => {
      if (!outcome.ok || outcome.value.kind !== "example-loaded")
        return mapOutcome<{ scenario: Scenario; catalogVersion: number }>(outcome, () => undefined);
      const joined = parts.join(outcome.value);
      return "error" in joined
        ? { ok: false, stale: false, message: joined.error }
        : { ok: true, value: { scenario: joined.scenario, catalogVersion: outcome.value.catalogVersion } };
    });
  }

  /**
   * A file of `bytes` bytes is being read for an import: a hint that lets the worker start what a large catalog needs
   * while the page reads it (lib/workbench/import-hint.ts). Never answered.
   */
  prepareImport(bytes: number): void {
    const hint: PrepareImportHint = { kind: "prepare-import", bytes };
    (this.worker as unknown as { postMessage(message: PrepareImportHint): void }).postMessage(hint);
  }

  /**
   * The page has started and the person is idle: a hint that lets the worker start a spare helper engine worker, so
   * a later import finds its second thread loaded (lib/workbench/import-hint.ts). Never answered.
   */
  prepareHelper(): void {
    const hint: PrepareHelperHint = { kind: "prepare-helper" };
    (this.worker as unknown as { postMessage(message: PrepareHelperHint): void }).postMessage(hint);
  }

  /** With `conversation`, the answer carries it fitted to the parsed catalog. */
  parseCatalog(
    text: string,
    sourceName?: string,
    conversation?: readonly ScenarioTurn[],
  ): Promise<Outcome<ImportParsed>> {
    return this.sendParseCatalog(this.newCatalogVersion(), text, sourceName, conversation, undefined);
  }

  /**
   * An import's parse with its run right behind it (`turnsAsImported`: over the conversation the worker fits to the
   * catalog), as `loadExampleAndRun` does for a large example: the worker starts the run as soon as it has parsed
   * the text, while the page takes the catalog in. `scenario` is the page's, whose turns the fitted ones replace.
   * `text` may be the file itself, read in the worker; with `answerWithText` the answer then brings the text back
   * when the page's editor shows it (a catalog of at most `maxTools` tools, or a text that failed of at most
   * `maxCharacters`).
   */
  parseCatalogAndRun(
    text: string | Blob,
    sourceName: string | undefined,
    scenario: ScenarioWithoutCatalog,
    run: {
      strategyIds: readonly StrategyId[];
      shownStep?: { strategyId: StrategyId; stepIndex: number };
      onProgress?: ProgressListener;
      provider?: ProviderId;
      answerWithText?: EditorTextLimits;
    },
  ): { catalogVersion: number; parsed: Promise<Outcome<ImportParsed>>; ran: ReturnType<EngineClient["run"]> } {
    const catalogVersion = this.newCatalogVersion();
    const parsed = this.sendParseCatalog(catalogVersion, text, sourceName, scenario.turns, run.answerWithText);
    const ran = this.sendRun(
      catalogVersion,
      scenario,
      run.strategyIds,
      run.provider,
      run.onProgress,
      run.shownStep,
      undefined,
      true,
    );
    return { catalogVersion, parsed, ran };
  }

  private sendParseCatalog(
    catalogVersion: number,
    text: string | Blob,
    sourceName: string | undefined,
    conversation: readonly ScenarioTurn[] | undefined,
    answerWithText: EditorTextLimits | undefined,
  ): Promise<Outcome<ImportParsed>> {
    // A large catalog's tools arrive ahead, in parts, as a large example's do (lib/workbench/example-parts.ts).
    const parts = exampleParts();
    return this.send(
      "parse-catalog",
      {
        text,
        sourceName,
        catalogVersion,
        ...(conversation ? { conversation } : {}),
        ...(answerWithText ? { answerWithText } : {}),
      },
      undefined,
      undefined,
      (part) => parts.add(part),
    ).then((outcome): Outcome<ImportParsed> => {
      if (!outcome.ok || outcome.value.kind !== "catalog-parsed")
        return mapOutcome<ImportParsed>(outcome, () => undefined);
      const joined = parts.joinCatalog(outcome.value);
      return "error" in joined ? { ok: false, stale: false, message: joined.error } : { ok: true, value: joined };
    });
  }

  setCatalog(catalog: Catalog): { catalogVersion: number; done: Promise<Outcome<number>> } {
    const catalogVersion = this.newCatalogVersion();
    const done = this.send("set-catalog", { catalog, catalogVersion }).then((outcome) =>
      mapOutcome(outcome, (response) => (response.kind === "catalog-set" ? response.catalogVersion : undefined)),
    );
    return { catalogVersion, done };
  }

  /**
   * One tool's text from the per-tool editor: the worker parses it and, when it is valid, puts it in place of
   * `toolName` in its own catalog. The answer says what the page must show (problems; the tool and its version).
   */
  editTool(toolName: string, text: string): Promise<Outcome<Extract<EngineResponse, { kind: "tool-edited" }>>> {
    return this.send("edit-tool", { toolName, text, catalogVersion: this.newCatalogVersion() }).then((outcome) =>
      mapOutcome(outcome, (response) => (response.kind === "tool-edited" ? response : undefined)),
    );
  }

  /** An imported file's tools added to the worker's catalog: only the imported tools cross, not the catalog. */
  appendCatalog(imported: Catalog): Promise<Outcome<Extract<EngineResponse, { kind: "catalog-appended" }>>> {
    return this.send("append-catalog", { imported, catalogVersion: this.newCatalogVersion() }).then((outcome) =>
      mapOutcome(outcome, (response) => (response.kind === "catalog-appended" ? response : undefined)),
    );
  }

  run(
    catalogVersion: number,
    scenario: ScenarioWithoutCatalog | typeof AS_LOADED,
    strategyIds: readonly StrategyId[],
    provider?: ProviderId,
    onProgress?: ProgressListener,
    shownStep?: { strategyId: StrategyId; stepIndex: number },
    /** With `"as-loaded"`: settings in place of the example's own. */
    asLoadedSettings?: ScenarioSettings,
  ): Promise<Outcome<{ requestId: number; summaries: RunSummary[]; timingMs: number }>> {
    return this.sendRun(catalogVersion, scenario, strategyIds, provider, onProgress, shownStep, asLoadedSettings);
  }

  private sendRun(
    catalogVersion: number,
    scenario: ScenarioWithoutCatalog | typeof AS_LOADED,
    strategyIds: readonly StrategyId[],
    provider: ProviderId | undefined,
    onProgress: ProgressListener | undefined,
    shownStep: { strategyId: StrategyId; stepIndex: number } | undefined,
    asLoadedSettings: ScenarioSettings | undefined,
    turnsAsImported = false,
  ): Promise<Outcome<{ requestId: number; summaries: RunSummary[]; timingMs: number }>> {
    return this.send(
      "run",
      {
        catalogVersion,
        scenario,
        strategyIds,
        provider,
        ...(shownStep ? { shownStep } : {}),
        ...(asLoadedSettings ? { settings: asLoadedSettings } : {}),
        ...(turnsAsImported ? { turnsAsImported } : {}),
      },
      onProgress,
    ).then((outcome) =>
      mapOutcome(outcome, (response) =>
        response.kind === "run-result"
          ? { requestId: response.requestId, summaries: response.summaries, timingMs: response.timingMs }
          : undefined,
      ),
    );
  }

  /**
   * `purpose: "export"`, `"compare"` (the diff tab's two steps) and `"ahead"` (the next step, fetched before the
   * person steps to it) use channels of their own, so a detail fetched for them never makes the page's detail stale,
   * nor the other way round.
   */
  stepDetail(
    runRequestId: number,
    strategyId: StrategyId,
    stepIndex: number,
    purpose: "page" | "export" | "compare" | "ahead" = "page",
  ): Promise<Outcome<StepDetail>> {
    return this.send(
      "step-detail",
      { runRequestId, strategyId, stepIndex, ...(purpose !== "page" ? { purpose } : {}) },
      undefined,
      purpose !== "page" ? purpose : undefined,
    ).then((outcome) =>
      mapOutcome(outcome, (response) =>
        response.kind === "step-detail" ? withRequestBody(response.detail) : undefined,
      ),
    );
  }

  /** The documented simulation JSON of run `runRequestId`, for the export. */
  resultsJson(runRequestId: number): Promise<Outcome<unknown>> {
    return this.send("results-json", { runRequestId }).then((outcome) =>
      mapOutcome(outcome, (response) => (response.kind === "results-json" ? response.json : undefined)),
    );
  }

  toolTokens(catalogVersion: number): Promise<Outcome<{ catalogVersion: number; tokens: number[] }>> {
    return this.send("tool-tokens", { catalogVersion }).then((outcome) =>
      mapOutcome(outcome, (response) =>
        response.kind === "tool-tokens"
          ? { catalogVersion: response.catalogVersion, tokens: response.tokens }
          : undefined,
      ),
    );
  }

  dispose(): void {
    this.client.dispose();
  }

  private send<K extends PageEngineRequest["kind"]>(
    kind: K,
    payload: Payload<K>,
    progress?: ProgressListener,
    channelOverride?: Channel,
    onToolsPart?: (part: Extract<EngineResponse, { kind: "example-tools" }>) => void,
  ): Promise<Outcome<EngineResponse>> {
    const request = { ...payload, kind } as unknown as Omit<PageEngineRequest, "requestId">;
    const arrived = this.replies.started();
    const outcome = this.client.send(request as never, {
      ...(channelOverride ? { channel: channelOverride } : {}),
      onInterim: (response) => {
        if (response.kind === "example-tools") return onToolsPart?.(response);
        if (response.kind !== "run-progress") return;
        progress?.({
          runRequestId: response.requestId,
          done: response.done,
          total: response.total,
          ...(response.summaries ? { summaries: response.summaries } : {}),
          ...(response.detail ? { detail: withRequestBody(response.detail) } : {}),
          ...(response.firstRequest
            ? {
                firstRequest: {
                  summary: response.firstRequest.summary,
                  detail: withRequestBody(response.firstRequest.detail),
                },
              }
            : {}),
        });
      },
    }).outcome;
    // Marked once the outcome's own callbacks (the page taking the answer in) have had their turn.
    void outcome.then(() => setTimeout(arrived, 0));
    return outcome;
  }
}

function mapOutcome<T>(
  outcome: Outcome<EngineResponse>,
  pick: (response: EngineResponse) => T | undefined,
): Outcome<T> {
  if (!outcome.ok) return outcome;
  const value = pick(outcome.value);
  return value === undefined
    ? { ok: false, stale: false, message: `engine: unexpected answer ${outcome.value.kind}` }
    : { ok: true, value };
}

/** Calls back once the page has painted what it renders now (browser: the next frame, then a macrotask after it). */
export type AfterPaint = (callback: () => void) => void;

/**
 * The next frame's paint, then a macrotask: React commits a store change in a task of its own before the frame, so
 * by then the page has rendered and painted it. A hidden page paints no frames (requestAnimationFrame waits for it to
 * be shown), so there it is the next macrotask; and at most `AFTER_PAINT_AT_MOST_MS` in any case.
 */
export const browserAfterPaint: AfterPaint = (callback) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    callback();
  };
  const fallback = setTimeout(once, AFTER_PAINT_AT_MOST_MS);
  const hidden = typeof document === "undefined" || document.visibilityState === "hidden";
  if (typeof requestAnimationFrame === "undefined" || hidden) setTimeout(once, 0);
  else requestAnimationFrame(() => setTimeout(once, 0));
};

/** A frame is 16 ms; a page too busy to paint within this lets the run go anyway. */
export const AFTER_PAINT_AT_MOST_MS = 100;

/**
 * `worker` with each `run` request held until the page has painted (`afterPaint`), and every message posted after
 * it held behind it, so the worker still receives them in the order they were sent.
 *
 * Why: the page marks a run as started (`runStarted`, which re-renders the run area and the run status) and posts it
 * in the same task, so React's render, the frame's paint and the GPU process drawing it would run on the two cores
 * *during* the worker's run. A weather run (≈ 0.1 s) loses a quarter to a half of its wall time to that and to V8
 * compiling its code on the renderer's thread pool, which then has no core to itself. Held
 * for a frame, the run starts when the page has nothing left to do until the answer. Step details, tool counts and
 * catalog messages are not held unless a held run is ahead of them.
 */
export function runAfterPaint(worker: WorkerLike, afterPaint: AfterPaint = browserAfterPaint): WorkerLike {
  let held: PageEngineRequest[] | null = null;
  let terminated = false;
  const release = () => {
    const messages = held ?? [];
    held = null;
    if (terminated) return;
    for (const message of messages) worker.postMessage(message);
  };
  return {
    postMessage(message) {
      if (held) held.push(message);
      else if (message.kind === "run") {
        held = [message];
        afterPaint(release);
      } else worker.postMessage(message);
    },
    // Answers come straight from the worker: only what the page sends is held.
    addEventListener: worker.addEventListener.bind(worker),
    terminate() {
      terminated = true;
      held = null;
      worker.terminate();
    },
  };
}

/** The real worker; only ever called in the browser. */
export function createEngineWorker(): WorkerLike {
  return new Worker(new URL("./engine.worker.ts", import.meta.url), {
    type: "module",
    name: "engine",
  }) as unknown as WorkerLike;
}

let prewarmed: WorkerLike | null = null;
let answered: Promise<void> | null = null;

/**
 * Resolves when the engine worker the page started first posts its first answer (its code, tokenizer included, has
 * then loaded); rejects where none was started. Monaco waits for it (components/ui/monaco-start-gate.ts).
 */
export function engineWorkerAnswered(): Promise<void> {
  return answered ?? Promise.reject(new Error("engine: no worker was started before the page"));
}

/**
 * Starts the engine worker as soon as the page's code runs, before React hydrates: the worker's code (the engine and
 * the 1 MB o200k tokenizer) then downloads and compiles while the page hydrates, instead of after it. Browser only.
 */
export function prewarmEngineWorker(): void {
  if (prewarmed || typeof window === "undefined" || typeof Worker === "undefined") return;
  prewarmed = createEngineWorker();
  const worker = prewarmed as unknown as Worker;
  answered = new Promise((resolve, reject) => {
    worker.addEventListener("message", () => resolve(), { once: true });
    worker.addEventListener("error", () => reject(new Error("engine: the worker failed to start")), { once: true });
  });
  // The example the address names starts building in the worker now (lib/workbench/prepared-example.ts). The hint
  // is outside the request protocol (never answered), so not an EngineRequest.
  const hint = prepareExampleHintFor(window.location.search, window.location.hash);
  if (hint) (prewarmed as unknown as { postMessage(message: PrepareExampleHint): void }).postMessage(hint);
}

/** The prewarmed worker when there is one (once), else a new one. */
export function takeEngineWorker(): WorkerLike {
  const worker = prewarmed ?? createEngineWorker();
  prewarmed = null;
  return worker;
}
