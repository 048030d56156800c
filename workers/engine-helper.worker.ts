/// <reference lib="webworker" />
/**
 * The helper engine worker of a large catalog's runs (lib/workbench/engine-split.ts): started by the page's engine
 * worker, it runs the same message loop over its own copy of the catalog, runs the strategies it is sent and keeps
 * their full runs for step details, and counts tokens for the first request's other half. It never starts workers.
 */
import { createEngine } from "@/lib/engine";
import { parseCatalogText } from "@/lib/catalog";
import { createPersistentCounts, createTokenCounter, indexedDbCountStore, o200kMemo } from "@/lib/tokens";
import { catalogCountTexts } from "@/lib/engine/catalog-count-texts";
import { createEngineHost } from "@/lib/workbench/engine-host";
import type { HelperRequest } from "@/lib/workbench/engine-split";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const engine = createEngine();
const o200k = createTokenCounter("o200k");
// The same stored counts as the page's engine worker (one IndexedDB store per origin).
const persistentCounts = createPersistentCounts(o200kMemo, indexedDbCountStore(scope.indexedDB));

const host = createEngineHost({
  post: (response) => scope.postMessage(response),
  now: () => performance.now(),
  onSettled: () => void persistentCounts.save(),
  // Memoised: what it counts for the first request, its own strategies count no more.
  countTexts: (texts) => texts.map((text) => o200kMemo.count(text)),
  dependencies: {
    runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
    loadExample: () => Promise.reject(new Error("the engine helper loads no examples")),
    parseCatalogText: (text, options) => parseCatalogText(text, options),
    countTokens: (text) => o200k.count(text),
    now: () => performance.now(),
    async beforeRun({ scenario, provider }) {
      await persistentCounts.load(catalogCountTexts(scenario.catalog, provider ?? scenario.settings.provider));
    },
  },
});

scope.addEventListener("message", (event: MessageEvent<HelperRequest>) => host.receive(event.data));
