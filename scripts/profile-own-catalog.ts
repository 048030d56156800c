/**
 * npx tsx scripts/profile-own-catalog.ts [N] [--distinct-schemas] — the work an imported catalog of N tools (10,000 when omitted, the
 * bench's own catalog, scripts/test-support/own-catalog.ts) costs in Node, phase by phase, in CPU time as well as wall
 * time (CPU time moves far less with the machine's load): the worker's parse, the page's conversation over the new
 * tools, then the run, strategy by strategy in the page's order, with the first request's strategy timed alone.
 * `--cpu-prof` on the node command line gives the functions.
 */
import { parseCatalogText } from "../lib/catalog";
import { argumentsPassSchema } from "../lib/catalog/argument-validation";
import { createEngine } from "../lib/engine";
import { STRATEGY_IDS } from "../lib/core/ids";
import { conversationForCatalog } from "../lib/scenario/catalog-conversation";
import { loadExample } from "../lib/examples";
import { createTokenCounter } from "../lib/tokens";
import { anthropicToolJson } from "../lib/workbench/engine-handler";
import { ownMcpCatalog } from "./test-support/own-catalog";

function timed<T>(label: string, work: () => T): T {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(cpu);
  console.log(
    `${label.padEnd(40)} wall ${(performance.now() - wall).toFixed(0).padStart(6)} ms  cpu ${((used.user + used.system) / 1000).toFixed(0).padStart(6)} ms`,
  );
  return value;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2]) || 10_000;
  const text = JSON.stringify(ownMcpCatalog(count, { distinctSchemas: process.argv.includes("--distinct-schemas") }));
  const weather = await loadExample("weather");
  const parsed = timed("parse (worker)", () => parseCatalogText(text, { sourceName: "own.json" }));
  const catalog = parsed.value!;
  timed("structured clone of the catalog", () => structuredClone(catalog));
  const turns = timed("conversation over the tools (page)", () =>
    conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema }),
  );
  const scenario = { ...weather, catalog, turns };
  const engine = createEngine();
  const first = "full" as const;
  for (const id of [first, ...STRATEGY_IDS.filter((other) => other !== first)])
    timed(`run ${id}`, () => engine.runAll(scenario, [id], {}));
  const o200k = createTokenCounter("o200k");
  timed("tool tokens (catalog list)", () => catalog.tools.map((tool) => o200k.count(anthropicToolJson(tool))));
}

void main();
