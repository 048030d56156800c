/**
 * npx tsx scripts/bench-split.ts [--rounds 2] [--example synthetic-10000] — the engine worker's flow (load-example,
 * then a run of all strategies with the one on screen first, as the page sends them) on one worker and on two
 * (lib/workbench/engine-scheduler.ts: the helper a Node worker thread, messages structured-cloned as in the browser),
 * interleaved so both see the same load. Prints wall-clock times from `load-example`'s answer: the first strategy's
 * summary handed over and all strategies; and the load average beside each.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import { parseCatalogText } from "../lib/catalog";
import { createEngine } from "../lib/engine";
import { firstRequestToolTexts } from "../lib/engine/catalog-count-texts";
import { loadExample } from "../lib/examples";
import { STRATEGY_IDS } from "../lib/core/ids";
import { o200kMemo } from "../lib/tokens";
import { countInParallel } from "../lib/tokens/count-in-parallel";
import { createEngineHost } from "../lib/workbench/engine-host";
import type { EngineRequest, EngineResponse } from "../lib/workbench/engine-messages";
import { createEngineHelperClient, type HelperPort } from "../workers/engine-helper-client";
import type { EngineHelper } from "../lib/workbench/engine-state";

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

function threadPort(worker: Worker): HelperPort {
  return {
    postMessage: (message) => worker.postMessage(message),
    addEventListener(type: "message" | "error", listener: (event: never) => void) {
      if (type === "message") worker.on("message", (data) => listener({ data } as never));
      else worker.on("error", (error) => listener({ message: error.message } as never));
    },
  };
}

async function flow(exampleId: string, split: boolean): Promise<{ firstMs: number; allMs: number }> {
  // Each flow runs in a child process of its own (see main): the token memo is per process, as per worker.
  const engine = createEngine();
  let helper: EngineHelper | null = null;
  let thread: Worker | null = null;
  const waiting = new Map<number, (response: EngineResponse) => void>();
  let firstAt: number | null = null;
  const host = createEngineHost({
    post: (response) => {
      if (response.kind === "run-progress" && response.summaries && firstAt === null) firstAt = performance.now();
      if (response.kind !== "run-progress" && response.kind !== "example-tools")
        waiting.get(response.requestId)?.(response as EngineResponse);
    },
    now: () => performance.now(),
    dependencies: {
      runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
      loadExample,
      parseCatalogText: (text, options) => parseCatalogText(text, options),
      countTokens: (text) => o200kMemo.count(text),
      now: () => performance.now(),
      ...(split
        ? {
            helper(start: boolean) {
              if (start && !helper) {
                thread = new Worker(new URL("./bench-split/helper-thread.ts", import.meta.url), {
                  execArgv: ["--import", "tsx"],
                });
                helper = createEngineHelperClient(threadPort(thread));
              }
              return helper;
            },
          }
        : {}),
      async beforeRun({ scenario, strategyIds, provider }) {
        const texts = firstRequestToolTexts(engine, scenario, strategyIds[0], provider);
        await countInParallel(texts, o200kMemo, helper ? [helper] : []);
      },
    },
  });
  const send = (message: EngineRequest) =>
    new Promise<EngineResponse>((resolve) => {
      waiting.set(message.requestId, resolve);
      host.receive(structuredClone(message));
    });
  const loaded = await send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId });
  if (loaded.kind !== "example-loaded") throw new Error(JSON.stringify(loaded));
  const { catalog: _catalog, ...scenario } = structuredClone(loaded.scenario);
  void _catalog;
  const started = performance.now();
  const result = await send({
    kind: "run",
    requestId: 2,
    catalogVersion: 1,
    scenario,
    strategyIds: STRATEGY_IDS,
    shownStep: { strategyId: STRATEGY_IDS[0], stepIndex: 0 },
  });
  const allMs = performance.now() - started;
  if (result.kind !== "run-result") throw new Error(JSON.stringify(result).slice(0, 300));
  await (thread as Worker | null)?.terminate();
  return { firstMs: (firstAt ?? performance.now()) - started, allMs };
}

async function main(): Promise<void> {
  const exampleId = argument("example", "synthetic-10000");
  if (process.argv.includes("--child")) {
    const figures = await flow(exampleId, process.argv.includes("--split"));
    process.stdout.write(JSON.stringify(figures));
    return;
  }
  const { execFileSync } = await import("node:child_process");
  const rounds = Number(argument("rounds", "2"));
  console.log(`${exampleId}, node ${process.version}, ${os.cpus().length} cores; times from the run request`);
  console.log("workers | load | first strategy handed over | all strategies");
  for (let round = 0; round < rounds; round += 1)
    for (const split of [false, true]) {
      const load = os.loadavg()[0].toFixed(1);
      const output = execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          new URL(import.meta.url).pathname,
          "--child",
          "--example",
          exampleId,
          ...(split ? ["--split"] : []),
        ],
        { encoding: "utf8", maxBuffer: 1 << 20 },
      );
      const { firstMs, allMs } = JSON.parse(output) as { firstMs: number; allMs: number };
      console.log(
        `${split ? "two" : "one"}     | ${load.padStart(4)} | ${(firstMs / 1000).toFixed(1).padStart(6)} s | ${(allMs / 1000).toFixed(1).padStart(6)} s`,
      );
    }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
