/**
 * An engine worker's message loop, framework-free so the page's engine worker, its helper (lib/workbench/engine-scheduler.ts)
 * and tests run the same code: it queues requests, drops runs a newer run makes pointless, answers each one in order,
 * reports a run's progress between strategies and answers what the finished strategies can answer meanwhile. The
 * worker files only wire it to `self`.
 */
import { nextTask } from "../core/next-task";
import { INITIAL_ENGINE_STATE, workerStepDetailOptions, type EngineDependencies } from "./engine-state";
import { answerDuringRun, coalesceQueue, createProgressReporter, handleEngineMessage } from "./engine-handler";
import { supersededResponse, type EngineRequest } from "./engine-messages";
import type { HelperRequest, HelperResponse } from "./engine-messages";
import { splitCatalogParsedAnswer, splitExampleAnswer } from "./example-parts";
import { stepDetail, summariseRunSoFar } from "./summarise-run";

export type EngineHostOptions = {
  post(response: HelperResponse): void;
  dependencies: Omit<EngineDependencies, "betweenStrategies" | "firstRequest">;
  now(): number;
  /** After each finished strategy and each answered message (the worker keeps its new token counts). */
  onSettled?(): void;
  /** Counts a helper's `count-texts` batch (memoised, so its own strategies reuse them); without it they fail. */
  countTexts?(texts: readonly string[]): number[];
  /** Lets messages sent meanwhile arrive (a macrotask in a worker). */
  yieldToEvents?(): Promise<void>;
};

/**
 * A yield to the event loop through a MessageChannel: a message the page posted meanwhile is handled first, as with
 * `setTimeout(0)`, but without the browser's 4 ms floor on timers nested five deep, which a run's chain of yields
 * (one per strategy, one per answered message) reaches (≈ 20–30 ms of the weather example's 0.2 s worker run).
 * Falls back to `setTimeout(0)` where there is no MessageChannel.
 */
export function messageChannelYield(): () => Promise<void> {
  if (typeof MessageChannel === "undefined") return nextTask;
  const channel = new MessageChannel();
  const waiting: Array<() => void> = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  // Node (tests) keeps a process alive for an open port; a worker ends with its page anyway.
  (channel.port1 as { unref?(): void }).unref?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}

export function createEngineHost(options: EngineHostOptions) {
  const yieldToEvents = options.yieldToEvents ?? nextTask;
  const progress = createProgressReporter(options.now);
  let state = INITIAL_ENGINE_STATE;
  let queue: EngineRequest[] = [];
  let draining: Promise<void> | null = null;
  const lastDone = new Map<number, number>();

  const dependencies: EngineDependencies = {
    ...options.dependencies,
    firstRequest({ requestId, total, run, stepIndex }) {
      // Posted from inside the strategy's run: the page has it at once while this worker goes on computing.
      const detail = stepDetail(run, stepIndex, workerStepDetailOptions(undefined));
      if (!detail) return;
      progress.handedOver(requestId, run.id, stepIndex);
      options.post({
        kind: "run-progress",
        requestId,
        done: 0,
        total,
        firstRequest: { summary: summariseRunSoFar(run), detail },
      });
    },
    async betweenStrategies({ requestId, done, total, completed, remote, shownStep, askHelper }) {
      // A slow run also hands over the strategies it finished, so the page shows the first one at once (with the
      // detail of the step on screen, which the page would otherwise ask for only after the next strategy).
      // A run waiting for its helper looks in here every HELPER_WAIT_POLL_MS: only news is posted.
      const report = progress.progress({ requestId, done, total, completed, remote, shownStep });
      // Null while the run is quick (createProgressReporter): nothing to show yet.
      if (
        report &&
        (report.kind !== "run-progress" || report.summaries !== undefined || lastDone.get(requestId) !== done)
      ) {
        lastDone.set(requestId, done);
        options.post(report);
        options.onSettled?.();
      }
      // Yield so messages sent meanwhile are queued, answer what the finished strategies can, then give up if a
      // newer run waits.
      await yieldToEvents();
      queue = queue.filter((message) => {
        const answer = answerDuringRun(message, requestId, completed);
        if (answer) {
          options.post(answer);
          return false;
        }
        // A helper strategy's detail: the helper answers when that strategy is done there; if it cannot (it died),
        // the detail is queued again and answered after the run, which then has those strategies here.
        const asked = message.kind === "step-detail" ? askHelper?.(message) : null;
        if (!asked) return true;
        void asked.then((response) => (response ? options.post(response) : receive(message)));
        return false;
      });
      return { superseded: queue.some((message) => message.kind === "run") };
    },
  };

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const { keep, superseded } = coalesceQueue(queue);
      superseded.forEach((message) => options.post(supersededResponse(message)));
      const [next, ...rest] = keep;
      queue = rest;
      if (next.kind === "run") progress.started(next.requestId);
      const handled = await handleEngineMessage(state, next, dependencies);
      progress.finished(next.requestId);
      lastDone.delete(next.requestId);
      state = handled.state;
      // A large example's tools go ahead in parts, so the page reads them in several tasks (./example-parts.ts).
      if (handled.response.kind === "example-loaded")
        splitExampleAnswer(handled.response).forEach((message) => options.post(message));
      else if (handled.response.kind === "catalog-parsed")
        splitCatalogParsedAnswer(handled.response).forEach((message) => options.post(message));
      else options.post(handled.response);
      options.onSettled?.();
      // Let newly arrived messages join the queue before the next one is handled.
      await yieldToEvents();
    }
    draining = null;
  }

  function receive(message: HelperRequest): void {
    if (message.kind === "count-texts") {
      // Answered at once, outside the queue: the other worker is counting its half of the same batch now.
      try {
        if (!options.countTexts) throw new Error("this worker does not count for others");
        options.post({
          kind: "texts-counted",
          requestId: message.requestId,
          counts: options.countTexts(message.texts),
        });
      } catch (error) {
        options.post({
          kind: "error",
          requestId: message.requestId,
          request: "count-texts",
          message: `engine helper: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      return;
    }
    queue.push(message);
    draining ??= drain();
  }

  return {
    receive,
    /** True while messages wait or one is being handled (a run included). */
    get busy(): boolean {
      return draining !== null;
    },
    /** Resolves once every queued message is answered (tests). */
    async settled(): Promise<void> {
      while (draining) await draining;
    },
  };
}

export type EngineHost = ReturnType<typeof createEngineHost>;
