/**
 * npm run bench — the engine's speed, measured (never asserted in tests). Prints the time of one step for all
 * strategies together on 1,000 and 10,000 tools, cold (first run, every definition counted) and warm (after a
 * warm-up, as when a person steps or edits), and the step time at turn 1 vs turn 20.
 */
import os from "node:os";
import v8 from "node:v8";
import { parseCatalogText } from "../lib/catalog";
import { createEngine } from "../lib/engine";
import { loadExample } from "../lib/examples";
import { countO200kTokens } from "../lib/tokens/o200k";
import { INITIAL_ENGINE_STATE, type EngineDependencies } from "../lib/workbench/engine-state";
import { createProgressReporter, handleEngineMessage } from "../lib/workbench/engine-handler";
import type { EngineRequest, EngineResponse } from "../lib/workbench/engine-messages";
import type { EngineStep } from "../lib/engine/types";
import { splitExampleAnswer } from "../lib/workbench/example-parts";
import { syntheticScenario } from "../lib/examples/synthetic-scenario";
import { type Scenario } from "../lib/scenario/types";
import { STRATEGY_IDS } from "../lib/core/ids";

/**
 * `cpuPerStep`: this process's CPU time over the strategy's whole run divided by its steps — on a machine shared with
 * builds the wall-clock median moves with the load, CPU time far less (it still counts V8's GC threads).
 */
type Timing = {
  perStrategyMedian: Map<string, number>;
  cpuPerStep: Map<string, number>;
  byTurn: Map<number, number[]>;
};

function cpuMilliseconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

function measure(engine: ReturnType<typeof createEngine>, scenario: Scenario): Timing {
  const perStrategyMedian = new Map<string, number>();
  const cpuPerStep = new Map<string, number>();
  const byTurn = new Map<number, number[]>();
  for (const id of STRATEGY_IDS) {
    const times: number[] = [];
    const cpuBefore = cpuMilliseconds();
    engine.runStrategy(scenario, id, {
      onStepTimed: (step: EngineStep, milliseconds: number) => {
        times.push(milliseconds);
        byTurn.set(step.turn, [...(byTurn.get(step.turn) ?? []), milliseconds]);
      },
    });
    cpuPerStep.set(id, times.length ? (cpuMilliseconds() - cpuBefore) / times.length : 0);
    perStrategyMedian.set(id, median(times));
  }
  return { perStrategyMedian, cpuPerStep, byTurn };
}

function allStrategies(timing: Timing, of: "perStrategyMedian" | "cpuPerStep" = "perStrategyMedian"): number {
  return [...timing[of].values()].reduce((sum, value) => sum + value, 0);
}

async function main(): Promise<void> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const count = (text: string) => countTokens(text);
  console.log(`node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"})`);
  console.log(
    "one step = render the request + count tokens + cache model + cost + simulated reply; median over the run's steps\n",
  );
  const rows: string[] = [];
  for (const tools of [1_000, 10_000]) {
    const generatedAt = performance.now();
    const scenario = syntheticScenario({ count: tools, targetTokensPerTool: 400, turns: 6, countTokens: count });
    const generationMs = performance.now() - generatedAt;
    const engine = createEngine();
    const cold = measure(engine, scenario);
    const warm = measure(engine, scenario);
    rows.push(
      `${tools.toLocaleString("en-US").padStart(7)} tools | cold ${allStrategies(cold).toFixed(1).padStart(8)} ms | warm ${allStrategies(warm).toFixed(1).padStart(7)} ms | warm CPU ${allStrategies(warm, "cpuPerStep").toFixed(1).padStart(7)} ms | (catalog generated in ${generationMs.toFixed(0)} ms)`,
    );
    console.log(
      `${tools} tools, per strategy (warm median ms): ${[...warm.perStrategyMedian].map(([id, ms]) => `${id} ${ms.toFixed(2)}`).join(", ")}`,
    );
  }
  console.log(`\nOne step for all ${STRATEGY_IDS.length} strategies together:`);
  for (const row of rows) console.log(row);

  const long = syntheticScenario({ count: 1_000, targetTokensPerTool: 400, turns: 20, countTokens: count });
  const engine = createEngine();
  measure(engine, long);
  const warm = measure(engine, long);
  const turn1 = median(warm.byTurn.get(0) ?? []);
  const turn20 = median(warm.byTurn.get(19) ?? []);
  console.log(
    `\nStep time by turn (1,000 tools, all strategies, warm median): turn 1 ${turn1.toFixed(2)} ms, turn 20 ${turn20.toFixed(2)} ms`,
  );
}

/**
 * The engine worker's messages at 10,000 tools, replayed through `handleEngineMessage` with the worker's own
 * dependencies in the page's order, measured with V8's serializer (the format of `postMessage`'s structured clone),
 * each as the engine host posts it (a large example's answer in its parts).
 */
async function workerMessageSizes(): Promise<void> {
  const engine = createEngine();
  const progress = createProgressReporter(() => performance.now());
  const posted: EngineResponse[] = [];
  const dependencies: EngineDependencies = {
    runAll: (scenario, ids, options) => engine.runAll(scenario, ids, options),
    loadExample,
    parseCatalogText: (text, options) => parseCatalogText(text, options),
    countTokens: countO200kTokens,
    now: () => performance.now(),
    async betweenStrategies(state) {
      const report = progress.progress(state);
      if (report) posted.push(report);
      return { superseded: false };
    },
  };
  let state = INITIAL_ENGINE_STATE;
  const send = async (message: EngineRequest) => {
    if (message.kind === "run") progress.started(message.requestId);
    const handled = await handleEngineMessage(state, message, dependencies);
    state = handled.state;
    // The engine host posts a large example's answer in parts (lib/workbench/example-parts.ts): count what crosses.
    if (handled.response.kind === "example-loaded") posted.push(...splitExampleAnswer(handled.response));
    else posted.push(handled.response);
    return handled.response;
  };
  const loaded = await send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "synthetic-10000" });
  if (loaded.kind !== "example-loaded") throw new Error(`bench: ${JSON.stringify(loaded)}`);
  const { catalog: _catalog, ...scenario } = loaded.scenario;
  await send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: STRATEGY_IDS });
  for (const [index, id] of STRATEGY_IDS.entries())
    await send({ kind: "step-detail", requestId: 3 + index, runRequestId: 2, strategyId: id, stepIndex: 0 });
  await send({ kind: "tool-tokens", requestId: 20, catalogVersion: 1 });
  const largest = new Map<string, { bytes: number; count: number; total: number }>();
  for (const message of posted) {
    const name = message.kind === "run-progress" && message.summaries ? "run-progress (with summaries)" : message.kind;
    const bytes = v8.serialize(message).length;
    const row = largest.get(name) ?? { bytes: 0, count: 0, total: 0 };
    largest.set(name, { bytes: Math.max(row.bytes, bytes), count: row.count + 1, total: row.total + bytes });
  }
  console.log("\nEngine worker messages for synthetic-10000 (structured clone, v8.serialize):");
  for (const [name, row] of largest)
    console.log(
      `${name.padEnd(30)} ${String(row.count).padStart(3)} sent, largest ${(row.bytes / 1024).toFixed(1).padStart(9)} kB, together ${(row.total / 1024).toFixed(1).padStart(9)} kB`,
    );
}

(process.argv.includes("--messages") ? workerMessageSizes() : main().then(workerMessageSizes)).catch((error) => {
  console.error(error);
  process.exit(1);
});
