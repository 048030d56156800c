/// <reference lib="webworker" />
/**
 * The helper engine worker of a large catalog's runs (lib/workbench/engine-split.ts): started by the page's engine
 * worker, it runs the same message loop over its own copy of the catalog (an example it loads itself, anything else
 * sent to it), runs the strategies it is sent and keeps
 * their full runs for step details, and counts tokens for the first request's other half. It never starts workers.
 */
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import { fetchGzipJsonSameOrigin, withScenarioAssets } from "@/lib/examples/scenario-asset";
import { parseCatalogText } from "@/lib/catalog";
import { createPersistentCounts, createTokenCounter, indexedDbCountStore, o200kMemo } from "@/lib/tokens";
import { catalogCountTexts } from "@/lib/engine/catalog-count-texts";
import { batchedCountStore, createIdleTask, warmUpCountTexts } from "@/lib/workbench/engine-count-store";
import { createEngineHost, messageChannelYield } from "@/lib/workbench/engine-host";
import type { HelperRequest } from "@/lib/workbench/engine-split";
import { primeExampleToolCounts } from "@/lib/workbench/example-tool-counts";
import {
  createPreparedExamples,
  isPrepareExampleHint,
  type PrepareExampleHint,
} from "@/lib/workbench/prepared-example";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const engine = createEngine();
const o200k = createTokenCounter("o200k");
// The same stored counts as the page's engine worker (one IndexedDB store per origin), written when idle.
const persistentCounts = createPersistentCounts(o200kMemo, batchedCountStore(indexedDbCountStore(scope.indexedDB)));
// The example the page opens, loaded here as in the page's engine worker (the same file or the same generator), so
// the two hold equal catalogs without 16 MB crossing between them.
const loadFromAssets = withScenarioAssets(loadExample, fetchGzipJsonSameOrigin);
// Primed as soon as it is loaded (at the page's hint, before the page asks): the unedited example's tool counts are
// known from the build, so its first run need not count them.
const preparedExamples = createPreparedExamples(async (exampleId) => {
  const scenario = await loadFromAssets(exampleId);
  await primeExampleToolCounts(o200kMemo, exampleId, scenario.catalog.tools);
  return scenario;
});

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
      warmUpCountTexts(scenario, (texts) => persistentCounts.load(texts));
      return scenario;
    },
    parseCatalogText: (text, options) => parseCatalogText(text, options),
    countTokens: (text) => o200k.count(text),
    now: () => performance.now(),
    async beforeRun({ scenario, provider }) {
      await persistentCounts.load(catalogCountTexts(scenario.catalog, provider ?? scenario.settings.provider));
    },
  },
});

scope.addEventListener("message", (event: MessageEvent<HelperRequest | PrepareExampleHint>) => {
  const message = event.data;
  if (isPrepareExampleHint(message)) preparedExamples.prepare(message.exampleId);
  else host.receive(message);
});
