/// <reference lib="webworker" />
/**
 * The engine worker: a thin shell around the engine's message loop (lib/workbench/engine-host.ts, which answers with
 * `handleEngineMessage`, lib/workbench/engine-handler.ts). For a large catalog it starts a helper engine worker
 * (workers/engine-helper.worker.ts) and splits runs with it (lib/workbench/engine-scheduler.ts).
 */
import { createEngine } from "@/lib/engine";
import type { ProviderId } from "@/lib/core/ids";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import { EXAMPLES } from "@/lib/examples";
import { parseCatalogText } from "@/lib/catalog";
import { createPersistentCounts, createTokenCounter, indexedDbCountStore, o200kMemo } from "@/lib/tokens";
import { PARALLEL_COUNT_DEFAULTS, countInParallel, type CountHelper } from "@/lib/tokens/count-in-parallel";
import { firstRequestToolTexts } from "@/lib/engine/catalog-count-texts";
import { forgetRememberedLists } from "@/lib/providers/limits";
import { forgetToolRenders } from "@/lib/providers/segment-list";
import {
  batchedCountStore,
  createIdleTask,
  createStoredCountLookup,
  warmUpCatalogCountTexts,
  warmUpCountTexts,
} from "@/lib/workbench/engine-count-store";
import { createEngineHost, messageChannelYield } from "@/lib/workbench/engine-host";
import { createPrimedExamples } from "@/lib/workbench/example-tool-counts";
import type { PageEngineRequest } from "@/lib/workbench/engine-messages";
import { engineWorkerIntake } from "@/lib/workbench/engine-intake";
import { CLIENT_SEARCH_GROUP, SPLIT_DEFAULTS } from "@/lib/workbench/engine-scheduler";
import { bringsLargeCatalog, createWorkerCodeWarmUp } from "@/lib/workbench/code-warm-up";
import { STRATEGY_IDS } from "@/lib/core/ids";
import { createEngineHelperClient, type HelperPort } from "./engine-helper-client";
import type { EngineHelper } from "@/lib/workbench/engine-state";
import { createHelperSlot } from "@/lib/workbench/helper-slot";
import { isPrepareExampleHint, type PrepareExampleHint } from "@/lib/workbench/prepared-example";
import {
  importMayBeLarge,
  isPrepareHelperHint,
  isPrepareImportHint,
  spareHelperWorthStarting,
  type DeviceCapacity,
  type PrepareHelperHint,
  type PrepareImportHint,
} from "@/lib/workbench/import-hint";
import { workerCountHelper, type CountRequest, type CountResponse } from "./count-helper";
import type { WorkerLike } from "./worker-client";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const engine = createEngine();
const o200k = createTokenCounter("o200k");
// Token counts kept across visits (IndexedDB): a returning visitor's run counts only what changed. Without
// IndexedDB (blocked, private mode) this is a no-op.
// Written when the worker is idle, in batches (lib/workbench/engine-count-store.ts).
const persistentCounts = createPersistentCounts(o200kMemo, batchedCountStore(indexedDbCountStore(scope.indexedDB)));
const lookUpStoredCounts = createStoredCountLookup((texts) => persistentCounts.load(texts));
const countYield = messageChannelYield();
/** The provider of the latest run: an imported catalog is most likely run on it next (the page keeps its settings). */
let latestProvider: ProviderId = DEFAULT_SETTINGS.provider;
// A second thread for the first request's tokens (2 cores: this worker and the helper), started when a first request
// has a large batch to count (a catalog of hundreds of tools): it loads a tokenizer of its own (1 MB), which on every
// small example's visit only competed with the page's start-up. While it loads, this worker counts on alone, and takes
// back the helper's part from the far end; without nested workers the engine counts alone, as before. When the
// engine helper below is running, it counts instead (one second thread, not two).
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

let engineHelperFailedToStart = false;

function startEngineHelper(): EngineHelper | null {
  if (engineHelperFailedToStart || typeof Worker === "undefined") return null;
  try {
    const worker = new Worker(new URL("./engine-helper.worker.ts", import.meta.url), { name: "engine-helper" });
    return createEngineHelperClient(worker as unknown as HelperPort);
  } catch {
    engineHelperFailedToStart = true;
    return null;
  }
}

// The second engine worker of a large catalog's runs: started by the first such run, by a large example or import on
// its way, or as a spare once the page has started and the person is idle (lib/workbench/helper-slot.ts).
const helperSlot = createHelperSlot(startEngineHelper);

/** At most this many helper tools (search tools and the like) in one request besides the catalog's own. */
const FIRST_REQUEST_HELPER_TOOLS = 8;

// The example the page's address names, started while the page hydrates, from its build-time file when it is large
// and primed with the build's counts (lib/workbench/example-tool-counts.ts).
const preparedExamples = createPrimedExamples(o200kMemo);

const countSave = createIdleTask(
  () => persistentCounts.save(),
  () => host.busy,
);

/**
 * Each run's window on the worker's clock as a user-timing measure ("engine run <id>"), so a Chromium trace (and
 * DevTools) shows exactly when the run went and what every other thread did meanwhile
 * (scripts/bench-browser-profile.ts, `--moment startup`). One entry per run; a browser without `measure`'s options
 * object skips it.
 */
function measureRun(requestId: number, timingMs: number): void {
  try {
    const end = performance.now();
    performance.measure(`engine run ${requestId}`, { start: end - timingMs, end });
  } catch {
    // Measuring is for profiles only.
  }
}

const host = createEngineHost({
  post: (response) => {
    if (response.kind === "run-result") measureRun(response.requestId, response.timingMs);
    scope.postMessage(response);
  },
  now: () => performance.now(),
  yieldToEvents: messageChannelYield(),
  onSettled: () => countSave.schedule(),
  dependencies: {
    runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
    async loadExample(exampleId) {
      const scenario = await preparedExamples.load(exampleId);
      warmUpCountTexts(scenario, lookUpStoredCounts);
      return scenario;
    },
    parseCatalogText(text, options) {
      const parsed = parseCatalogText(text, options);
      // A large import's stored counts are looked up once its answer is posted; the run behind it finds them under way.
      if (parsed.value && !parsed.problems.some((problem) => problem.severity === "error"))
        warmUpCatalogCountTexts(parsed.value, latestProvider, lookUpStoredCounts);
      return parsed;
    },
    countTokens: (text) => o200k.count(text),
    now: () => performance.now(),
    helper: (start) => (start ? helperSlot.use() : helperSlot.inUse()),
    releaseCaches() {
      // Leaving a large catalog: its tokens' counts and rendered tool lists (≈ 120 MB at 10,000 tools) go.
      o200kMemo.clear();
      forgetToolRenders();
      forgetRememberedLists();
    },
    // A small catalog with no helper part on screen: its memory is freed; a large catalog starts a new one. A spare
    // that holds nothing stays for the next import.
    stopHelper: () => helperSlot.stop(),
    async beforeRun({ scenario, strategyIds, provider }) {
      latestProvider = provider ?? scenario.settings.provider;
      await lookUpStoredCounts(scenario.catalog, latestProvider);
      // What the strategy on screen sends first and the stored counts did not have, counted on both threads.
      const first = strategyIds[0];
      if (!first) return;
      // A first request holds each catalog tool at most twice (full, stub) and a few helper tools: a catalog that
      // small cannot reach the batch worth a second thread (countInParallel would count nothing), and without an
      // engine helper in use there is none, so the session opened here to list its texts would be work Node's run
      // of the same messages does not do, inside the run's time.
      const inUse = helperSlot.inUse();
      const helperRunning = inUse !== null && !inUse.failed;
      const mostTexts = 2 * scenario.catalog.tools.length + FIRST_REQUEST_HELPER_TOOLS;
      if (!helperRunning && mostTexts < PARALLEL_COUNT_DEFAULTS.minimumTexts) return;
      const texts = firstRequestToolTexts(engine, scenario, first, provider);
      // While the helper has not answered, this worker counts its part a slice at a time, yielding between slices:
      // through a MessageChannel, since setTimeout's 4 ms floor (nested timers) would make hundreds of slices wait
      // seconds in all.
      const options = { yieldToEvents: countYield };
      const engineHelper = helperSlot.counter();
      if (engineHelper) {
        await countInParallel(texts, o200kMemo, [engineHelper], options);
        return;
      }
      if (texts.length >= PARALLEL_COUNT_DEFAULTS.minimumTexts) countHelpers ??= startCountHelpers();
      await countInParallel(texts, o200kMemo, countHelpers ?? [], options);
    },
  },
});

// An import's file is read here, and what the page sent behind it waits its turn (lib/workbench/engine-intake.ts).
const intake = engineWorkerIntake(
  (message) => host.receive(message),
  (response) => scope.postMessage(response),
  "engine",
);

type Hint = PrepareExampleHint | PrepareImportHint | PrepareHelperHint;

/**
 * Warming this worker's code for a person's first large import (lib/workbench/code-warm-up.ts), once the page is
 * quiet: the strategies that stay here when a large run splits (the strategy on screen's group; the spare helper warms
 * the others once this one has finished), in slices of ≈ 10–80 ms between which any message is answered. Both stop for
 * good at the first sign of a large catalog (an import's size, a large example, a catalog set or appended).
 */
const codeWarmUp = createWorkerCodeWarmUp({
  idle: () => !host.busy,
  provider: () => latestProvider,
  strategyIds: STRATEGY_IDS.filter((id) => !CLIENT_SEARCH_GROUP.includes(id)),
  toolsPerRound: 150,
  rounds: 3,
});

/** Stops this worker's warm-up and its helper's, for good: a catalog of the person's is on its way. */
function stopCodeWarmUp(): void {
  codeWarmUp.stop();
  helperSlot.counter()?.warmUpCode(false);
}

const exampleToolCount = (exampleId: string) => EXAMPLES.find((example) => example.id === exampleId)?.toolCount ?? 0;

scope.addEventListener("message", (event: MessageEvent<PageEngineRequest | Hint>) => {
  const message = event.data;
  if (isPrepareHelperHint(message)) {
    if (spareHelperWorthStarting(scope.navigator as DeviceCapacity)) {
      helperSlot.spare();
      // One worker warms at a time, this one first: both at once, beside the page settling (its editors, the panels
      // below the fold), would be three busy threads on two cores.
      void codeWarmUp.start().then((outcome) => {
        if (outcome?.finished) helperSlot.counter()?.warmUpCode(true);
      });
    }
    return;
  }
  if (isPrepareImportHint(message)) {
    if (importMayBeLarge(message.bytes, SPLIT_DEFAULTS.minimumTools)) {
      stopCodeWarmUp();
      helperSlot.spare();
    }
    return;
  }
  if (isPrepareExampleHint(message)) {
    preparedExamples.prepare(message.exampleId);
    // A large example's runs are split with the helper: it starts now and loads the example itself, in parallel with
    // this worker, instead of starting once the example is loaded here (its chunks and tokenizer ≈ 1.5 s).
    if (exampleToolCount(message.exampleId) >= SPLIT_DEFAULTS.minimumTools) {
      stopCodeWarmUp();
      helperSlot.use()?.prepare(message.exampleId);
    }
    return;
  }
  if (bringsLargeCatalog(message, SPLIT_DEFAULTS.minimumTools, exampleToolCount)) stopCodeWarmUp();
  intake(message);
});
