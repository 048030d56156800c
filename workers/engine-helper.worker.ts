/// <reference lib="webworker" />
/**
 * The helper engine worker of a large catalog's runs (lib/workbench/engine-scheduler.ts): started by the page's engine
 * worker, it runs the same message loop over its own copy of the catalog (an example it loads itself, anything else
 * sent to it), runs the strategies it is sent and keeps
 * their full runs for step details, and counts tokens for the first request's other half. It never starts workers.
 */
import { createEngine } from "@/lib/engine";
import type { ProviderId } from "@/lib/core/ids";
import { DEFAULT_SETTINGS } from "@/lib/scenario/default-settings";
import { parseCatalogText } from "@/lib/catalog";
import { createPersistentCounts, createTokenCounter, indexedDbCountStore, o200kMemo } from "@/lib/tokens";
import {
  batchedCountStore,
  createIdleTask,
  createStoredCountLookup,
  warmUpCatalogCountTexts,
  warmUpCountTexts,
} from "@/lib/workbench/engine-count-store";
import { createEngineHost, messageChannelYield } from "@/lib/workbench/engine-host";
import type { HelperMessage } from "@/lib/workbench/engine-messages";
import { engineWorkerIntake } from "@/lib/workbench/engine-intake";
import { createPrimedExamples } from "@/lib/workbench/example-tool-counts";
import { isPrepareExampleHint, type PrepareExampleHint } from "@/lib/workbench/prepared-example";
import { CLIENT_SEARCH_GROUP } from "@/lib/workbench/engine-scheduler";
import { createWorkerCodeWarmUp, isCodeWarmUpHint, type CodeWarmUpHint } from "@/lib/workbench/code-warm-up";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const engine = createEngine();
const o200k = createTokenCounter("o200k");
// The same stored counts as the page's engine worker (one IndexedDB store per origin), written when idle.
const persistentCounts = createPersistentCounts(o200kMemo, batchedCountStore(indexedDbCountStore(scope.indexedDB)));
const lookUpStoredCounts = createStoredCountLookup((texts) => persistentCounts.load(texts));
/** The provider of the latest run: an imported catalog is most likely run on it next (the page keeps its settings). */
let latestProvider: ProviderId = DEFAULT_SETTINGS.provider;
// The example the page opens, loaded here as in the page's engine worker and primed with the build's counts
// (lib/workbench/example-tool-counts.ts).
const preparedExamples = createPrimedExamples(o200kMemo);

const countSave = createIdleTask(
  () => persistentCounts.save(),
  () => host.busy,
);

const host = createEngineHost({
  post: (response) => scope.postMessage(response),
  now: () => performance.now(),
  yieldToEvents: messageChannelYield(),
  onSettled: () => countSave.schedule(),
  // Memoised: what it counts for the first request, its own strategies count no more.
  countTexts: (texts) => texts.map((text) => o200kMemo.count(text)),
  dependencies: {
    runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
    async loadExample(exampleId) {
      const scenario = await preparedExamples.load(exampleId);
      warmUpCountTexts(scenario, lookUpStoredCounts);
      return scenario;
    },
    parseCatalogText(text, options) {
      const parsed = parseCatalogText(text, options);
      // A large import's stored counts are looked up while the page takes it in, not inside the run's `beforeRun`.
      if (parsed.value && !parsed.problems.some((problem) => problem.severity === "error"))
        warmUpCatalogCountTexts(parsed.value, latestProvider, lookUpStoredCounts);
      return parsed;
    },
    countTokens: (text) => o200k.count(text),
    now: () => performance.now(),
    async beforeRun({ scenario, provider }) {
      latestProvider = provider ?? scenario.settings.provider;
      await lookUpStoredCounts(scenario.catalog, latestProvider);
    },
  },
});

// An import's file is read here, as in the page's engine worker, and what came behind it waits its turn
// (lib/workbench/engine-intake.ts). Counting for the first request needs no catalog: it never waits behind a file.
const intake = engineWorkerIntake(
  (message) => host.receive(message),
  (response) => scope.postMessage(response),
  "engine helper",
);

/**
 * A spare's warm-up (lib/workbench/code-warm-up.ts): the strategies a split sends here when the strategy on screen
 * is the page's usual kind (the client-search group), and the first request's counting. It waits while counting is
 * asked of it, and stops for good when its engine worker says so or sends it a catalog or a run.
 */
const codeWarmUp = createWorkerCodeWarmUp({
  idle: () => !host.busy,
  provider: () => latestProvider,
  strategyIds: CLIENT_SEARCH_GROUP,
  rounds: 2,
});

scope.addEventListener("message", (event: MessageEvent<HelperMessage | PrepareExampleHint | CodeWarmUpHint>) => {
  const message = event.data;
  if (isPrepareExampleHint(message)) preparedExamples.prepare(message.exampleId);
  else if (isCodeWarmUpHint(message)) {
    if (message.on) codeWarmUp.start();
    else codeWarmUp.stop();
  } else if (message.kind === "count-texts") host.receive(message);
  else {
    codeWarmUp.stop();
    intake(message);
  }
});
