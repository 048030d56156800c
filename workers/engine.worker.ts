/// <reference lib="webworker" />
/**
 * The engine worker: a thin shell around `handleEngineMessage` (lib/workbench/engine-protocol.ts). It queues
 * messages, drops runs a newer run makes pointless, and answers each one in order.
 */
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import { parseCatalogText } from "@/lib/catalog";
import { createPersistentCounts, createTokenCounter, indexedDbCountStore, o200kMemo } from "@/lib/tokens";
import { PARALLEL_COUNT_DEFAULTS, countInParallel, type CountHelper } from "@/lib/tokens/count-in-parallel";
import { catalogCountTexts, firstRequestToolTexts } from "@/lib/engine/catalog-count-texts";
import {
  INITIAL_ENGINE_STATE,
  answerDuringRun,
  createProgressReporter,
  coalesceQueue,
  handleEngineMessage,
  supersededResponse,
  type EngineDependencies,
  type EngineRequest,
  type EngineResponse,
} from "@/lib/workbench/engine-protocol";
import {
  createPreparedExamples,
  isPrepareExampleHint,
  type PrepareExampleHint,
} from "@/lib/workbench/prepared-example";
import { workerCountHelper, type CountRequest, type CountResponse } from "./count-helper";
import type { WorkerLike } from "./worker-client";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const engine = createEngine();
const o200k = createTokenCounter("o200k");
const progress = createProgressReporter(() => performance.now());
// Token counts kept across visits (IndexedDB): a returning visitor's run counts only what changed. Without
// IndexedDB (blocked, private mode) this is a no-op.
const persistentCounts = createPersistentCounts(o200kMemo, indexedDbCountStore(scope.indexedDB));
// A second thread for the first request's tokens (2 cores: this worker and the helper), started when a first request
// has a large batch to count (a catalog of hundreds of tools): it loads a tokenizer of its own (1 MB), which on every
// small example's visit only competed with the page's start-up. While it loads, this worker counts on alone, and takes
// back the helper's part from the far end; without nested workers the engine counts alone, as before.
let countHelpers: CountHelper[] | null = null;

function startCountHelpers(): CountHelper[] {
  if (typeof Worker === "undefined") return [];
  try {
    const worker = new Worker(new URL("./count.worker.ts", import.meta.url), { name: "token-count" });
    return [workerCountHelper(worker as unknown as WorkerLike<CountRequest, CountResponse>)];
  } catch {
    return [];
  }
}

// The example the page's address names, started while the page hydrates (lib/workbench/prepared-example.ts).
const preparedExamples = createPreparedExamples(loadExample);

const dependencies: EngineDependencies = {
  runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
  loadExample: (exampleId) => preparedExamples.load(exampleId),
  parseCatalogText: (text, options) => parseCatalogText(text, options),
  countTokens: (text) => o200k.count(text),
  now: () => performance.now(),
  async beforeRun({ scenario, strategyIds, provider }) {
    await persistentCounts.load(catalogCountTexts(scenario.catalog, provider ?? scenario.settings.provider));
    // What the strategy on screen sends first and the stored counts did not have, counted on both threads.
    const first = strategyIds[0];
    if (!first) return;
    const texts = firstRequestToolTexts(engine, scenario, first, provider);
    if (texts.length >= PARALLEL_COUNT_DEFAULTS.minimumTexts) countHelpers ??= startCountHelpers();
    await countInParallel(texts, o200kMemo, countHelpers ?? []);
  },
  async betweenStrategies({ requestId, done, total, completed, shownStep }) {
    // A slow run also hands over the strategies it finished, so the page shows the first one at once (with the
    // detail of the step on screen, which the page would otherwise ask for only after the next strategy).
    post(progress.progress({ requestId, done, total, completed, shownStep }));
    // Keep what the finished strategies counted now, so a visitor who leaves mid-run still finds it next time.
    void persistentCounts.save();
    // Yield so messages sent meanwhile are queued, answer what the finished strategies can, then give up if a
    // newer run waits.
    await new Promise((resolve) => setTimeout(resolve, 0));
    queue = queue.filter((message) => {
      const answer = answerDuringRun(message, requestId, completed);
      if (answer) post(answer);
      return answer === null;
    });
    return { superseded: queue.some((message) => message.kind === "run") };
  },
};

let state = INITIAL_ENGINE_STATE;
let queue: EngineRequest[] = [];
let draining = false;

function post(response: EngineResponse): void {
  scope.postMessage(response);
}

async function drain(): Promise<void> {
  draining = true;
  while (queue.length > 0) {
    const { keep, superseded } = coalesceQueue(queue);
    superseded.forEach((message) => post(supersededResponse(message)));
    const [next, ...rest] = keep;
    queue = rest;
    if (next.kind === "run") progress.started(next.requestId);
    const handled = await handleEngineMessage(state, next, dependencies);
    progress.finished(next.requestId);
    state = handled.state;
    post(handled.response);
    void persistentCounts.save();
    // Let newly arrived messages join the queue before the next one is handled.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  draining = false;
}

scope.addEventListener("message", (event: MessageEvent<EngineRequest | PrepareExampleHint>) => {
  const message = event.data;
  if (isPrepareExampleHint(message)) {
    preparedExamples.prepare(message.exampleId);
    return;
  }
  queue.push(message);
  if (!draining) void drain();
});
