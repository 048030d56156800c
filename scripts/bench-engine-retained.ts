/**
 * What the engine worker keeps after a move from the 10,000-tool example to weather, in Node: the worker's
 * message loop (`handleEngineMessage`) with its engine, o200k counter and cache release (`releaseCaches`, wired as in
 * workers/engine.worker.ts), through weather → synthetic-10000 → weather (load, run all strategies, tool tokens, one
 * step detail each), printing the V8 heap in use after a full collection at each moment. `--no-release` skips the
 * release, to show what it frees. A figure, not a test:
 * `node --expose-gc --import tsx scripts/bench-engine-retained.ts [--no-release]`. The browser's own figure, per worker
 * target, is `scripts/bench-helper-lifetime.ts`.
 */
import { parseCatalogText } from "../lib/catalog";
import { createEngine } from "../lib/engine";
import { loadExample } from "../lib/examples";
import { forgetRememberedLists } from "../lib/providers/limits";
import { forgetToolRenders } from "../lib/providers/segment-list";
import { STRATEGY_IDS } from "../lib/core/ids";
import { createTokenCounter, o200kMemo } from "../lib/tokens";
import { INITIAL_ENGINE_STATE, type EngineDependencies } from "../lib/workbench/engine-state";
import { handleEngineMessage } from "../lib/workbench/engine-handler";
import type { EngineRequest } from "../lib/workbench/engine-messages";

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error("bench-engine-retained: run with node --expose-gc --import tsx");

function heapMegabytes(): string {
  collect?.();
  collect?.();
  return `${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  const release = !process.argv.includes("--no-release");
  const engine = createEngine();
  const o200k = createTokenCounter("o200k");
  const dependencies: EngineDependencies = {
    runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
    loadExample,
    parseCatalogText: (text, options) => parseCatalogText(text, options),
    countTokens: (text) => o200k.count(text),
    now: () => performance.now(),
    ...(release
      ? {
          releaseCaches() {
            o200kMemo.clear();
            forgetToolRenders();
            forgetRememberedLists();
          },
        }
      : {}),
  };
  let state = INITIAL_ENGINE_STATE;
  let requestId = 0;
  type Message = EngineRequest extends infer Each ? (Each extends unknown ? Omit<Each, "requestId"> : never) : never;
  const send = async (message: Message) => {
    const handled = await handleEngineMessage(
      state,
      { ...message, requestId: ++requestId } as EngineRequest,
      dependencies,
    );
    state = handled.state;
    if (handled.response.kind === "error") throw new Error(handled.response.message);
    return handled.response;
  };
  const open = async (exampleId: string, catalogVersion: number) => {
    const started = performance.now();
    await send({ kind: "load-example", catalogVersion, exampleId });
    const ran = await send({ kind: "run", catalogVersion, scenario: "as-loaded", strategyIds: STRATEGY_IDS });
    await send({ kind: "tool-tokens", catalogVersion });
    await send({ kind: "step-detail", runRequestId: ran.requestId, strategyId: "full", stepIndex: 0 });
    return `${Math.round(performance.now() - started)} ms`;
  };
  console.log(`engine worker's loop in Node, caches ${release ? "released" : "kept"} on leaving a large catalog`);
  console.log(`start                          heap ${heapMegabytes()}`);
  const moves: [string, string][] = [
    ["weather", "weather"],
    ["synthetic-10000", "synthetic-10000"],
    ["weather", "10k → weather"],
    ["synthetic-10000", "back to 10k"],
  ];
  for (const [index, [exampleId, label]] of moves.entries()) {
    const took = await open(exampleId, index + 1);
    console.log(`${label.padEnd(30)} heap ${heapMegabytes()} (load and run ${took})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
