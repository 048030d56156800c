/** The helper engine worker of `npm run bench:split`, as a Node worker thread (workers/engine-helper.worker.ts). */
import { parentPort } from "node:worker_threads";
import { parseCatalogText } from "../../lib/catalog";
import { createEngine } from "../../lib/engine";
import { o200kMemo } from "../../lib/tokens";
import { createEngineHost } from "../../lib/workbench/engine-host";
import type { HelperRequest } from "../../lib/workbench/engine-messages";

const engine = createEngine();
const host = createEngineHost({
  post: (response) => parentPort?.postMessage(response),
  now: () => performance.now(),
  countTexts: (texts) => texts.map((text) => o200kMemo.count(text)),
  dependencies: {
    runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
    loadExample: () => Promise.reject(new Error("the engine helper loads no examples")),
    parseCatalogText: (text, options) => parseCatalogText(text, options),
    countTokens: (text) => o200kMemo.count(text),
    now: () => performance.now(),
  },
});
parentPort?.on("message", (message: HelperRequest) => host.receive(message));
