/**
 * npm run bench — the engine's speed, measured (never asserted in tests). Prints the time of one step for all
 * strategies together on 1,000 and 10,000 tools, cold (first run, every definition counted) and warm (after a
 * warm-up, as when a person steps or edits), and the step time at turn 1 vs turn 20.
 */
import os from "node:os";
import { createEngine } from "../lib/engine";
import type { EngineStep } from "../lib/engine/types";
import { syntheticScenario } from "../lib/examples/synthetic-scenario";
import { STRATEGY_IDS, type Scenario } from "../lib/scenario/types";

type Timing = { perStrategyMedian: Map<string, number>; byTurn: Map<number, number[]> };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

function measure(engine: ReturnType<typeof createEngine>, scenario: Scenario): Timing {
  const perStrategyMedian = new Map<string, number>();
  const byTurn = new Map<number, number[]>();
  for (const id of STRATEGY_IDS) {
    const times: number[] = [];
    engine.runStrategy(scenario, id, {
      onStepTimed: (step: EngineStep, milliseconds: number) => {
        times.push(milliseconds);
        byTurn.set(step.turn, [...(byTurn.get(step.turn) ?? []), milliseconds]);
      },
    });
    perStrategyMedian.set(id, median(times));
  }
  return { perStrategyMedian, byTurn };
}

function allStrategies(timing: Timing): number {
  return [...timing.perStrategyMedian.values()].reduce((sum, value) => sum + value, 0);
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
      `${tools.toLocaleString("en-US").padStart(7)} tools | cold ${allStrategies(cold).toFixed(1).padStart(8)} ms | warm ${allStrategies(warm).toFixed(1).padStart(7)} ms | (catalog generated in ${generationMs.toFixed(0)} ms)`,
    );
    console.log(
      `${tools} tools, per strategy (warm median ms): ${[...warm.perStrategyMedian].map(([id, ms]) => `${id} ${ms.toFixed(2)}`).join(", ")}`,
    );
  }
  console.log("\nOne step for all 8 strategies together:");
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
