/**
 * npm run simulate -- <scenario.json> [--strategy <id>|all] [--provider <id>] [--cache implicit|explicit]
 *   [--tool-names none|wire] [--json] [--out <dir>]
 * Runs the offline simulated model through a scenario under each strategy and prints what every request costs.
 */
import fs from "node:fs";
import path from "node:path";
import { createEngine } from "../lib/engine";
import { loadExample, EXAMPLES } from "../lib/examples";
import { parseSyntheticSpecification, syntheticScenario } from "../lib/examples/synthetic-scenario";
import { parseScenarioText } from "../lib/scenario";
import { type Scenario } from "../lib/scenario/types";
import { PROVIDER_IDS, STRATEGY_IDS, type ProviderId, type StrategyId } from "../lib/core/ids";
import { refusedToolName } from "../lib/report/refused-tool-name";
import { formatRunsTable, simulationJson } from "../lib/report/simulation-output";
import { exitQuietlyOnClosedPipe } from "./exit-on-closed-pipe";

type Arguments = {
  scenario: string;
  strategy: string;
  provider?: ProviderId;
  json: boolean;
  out?: string;
  usdPerCny?: number;
  cache?: "implicit" | "explicit";
  toolNames?: "none" | "wire";
};

function usage(message: string): never {
  console.error(`simulate: ${message}`);
  console.error(
    "usage: npm run simulate -- <scenario.json | example:<id> | synthetic:<tools>[x<tokens>][:<turns>]> [--strategy <id>|all] [--provider <id>] [--json] [--usd-per-cny <rate>] [--cache implicit|explicit] [--tool-names none|wire] [--out <dir>]",
  );
  console.error(`strategies: ${STRATEGY_IDS.join(", ")}`);
  console.error(`providers: ${PROVIDER_IDS.join(", ")}`);
  console.error(`examples: ${EXAMPLES.map((example) => example.id).join(", ")}`);
  process.exit(2);
}

/** Refused input in one line: a reason that repeats the input would be as long as the input. */
function refuse(message: string): never {
  console.error(`simulate: ${message}`);
  process.exit(2);
}

/** Applies the name rule of the provider the run is on (forced, or the scenario's own) to every catalog tool. */
function refuseUnacceptableNames(scenario: Scenario, forced: ProviderId | undefined): void {
  const provider = forced ?? scenario.settings.provider;
  const model = provider === scenario.settings.provider ? scenario.settings.model : undefined;
  const refusedName = refusedToolName(scenario.catalog.tools, provider, model, scenario.settings.toolNameMapping);
  if (refusedName) refuse(refusedName);
}

function parseArguments(argv: string[]): Arguments {
  const result: Partial<Arguments> = { strategy: "all", json: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = () => argv[++index] ?? usage(`${argument} needs a value`);
    if (argument === "--strategy") result.strategy = value();
    else if (argument === "--provider") {
      const provider = value();
      if (!PROVIDER_IDS.includes(provider as ProviderId)) usage(`unknown provider ${provider}`);
      result.provider = provider as ProviderId;
    } else if (argument === "--json") result.json = true;
    else if (argument === "--out") result.out = value();
    else if (argument === "--usd-per-cny") {
      const rate = Number(value());
      if (!(rate > 0)) usage("--usd-per-cny needs a positive number");
      result.usdPerCny = rate;
    } else if (argument === "--cache") {
      const cache = value();
      if (cache !== "implicit" && cache !== "explicit") usage("--cache is implicit or explicit");
      result.cache = cache;
    } else if (argument === "--tool-names") {
      const names = value();
      if (names !== "none" && names !== "wire") usage("--tool-names is none or wire");
      result.toolNames = names;
    } else if (argument.startsWith("--")) usage(`unknown option ${argument}`);
    else if (!result.scenario) result.scenario = argument;
    else usage(`unexpected argument ${argument}`);
  }
  if (!result.scenario) usage("a scenario file is required");
  return result as Arguments;
}

/** --tool-names wire: the names the provider refuses are sent as wire names, as MCP clients send them. */
function withToolNames(scenario: Scenario, toolNames: Arguments["toolNames"]): Scenario {
  return toolNames ? { ...scenario, settings: { ...scenario.settings, toolNameMapping: toolNames } } : scenario;
}

async function loadScenario(
  source: string,
  provider: ProviderId | undefined,
  toolNames: Arguments["toolNames"],
): Promise<Scenario> {
  if (source.startsWith("example:")) {
    const id = source.slice("example:".length);
    if (!EXAMPLES.some((example) => example.id === id)) usage(`unknown example "${id}"`);
    return loadExample(id);
  }
  const synthetic = parseSyntheticSpecification(source);
  if (synthetic) {
    const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
    return syntheticScenario({ ...synthetic, countTokens: (text) => countTokens(text) });
  }
  let text: string;
  try {
    text = fs.readFileSync(source, "utf8");
  } catch (error) {
    usage(`cannot read ${source}: ${(error as Error).message}`);
  }
  const parsed = parseScenarioText(text);
  // A name every request would be refused for is the one thing to say; its warnings would repeat the name.
  if (parsed.value) refuseUnacceptableNames(withToolNames(parsed.value, toolNames), provider);
  for (const problem of parsed.problems)
    console.error(
      `${problem.severity}: ${problem.path}${problem.toolName ? ` (${problem.toolName})` : ""}: ${problem.message}`,
    );
  // Errors (a turn that needs a tool missing from the catalog, a schema Ajv cannot compile) make the run
  // meaningless: the page shows them beside the editor, the CLI refuses the input (exit 2) instead of running on.
  const errors = parsed.problems.filter((problem) => problem.severity === "error").length;
  if (!parsed.value || errors > 0)
    usage(`${source} is not a valid scenario (${errors} error${errors === 1 ? "" : "s"} above)`);
  return parsed.value;
}

/**
 * mkdir -p without `recursive: true`: Node 20's recursive mkdir never returns for a path under /proc (it retries
 * ENOENT forever), so `--out /proc/x` hung. Each level is created on its own and every failure is reported.
 */
function makeDirectory(directory: string): void {
  const resolved = path.resolve(directory);
  const missing: string[] = [];
  let current = resolved;
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  if (fs.existsSync(current) && !fs.statSync(current).isDirectory()) throw new Error(`${current} is not a directory`);
  for (const level of missing) fs.mkdirSync(level);
}

function writeRequests(out: string, runs: ReturnType<ReturnType<typeof createEngine>["runAll"]>): void {
  try {
    for (const run of runs) {
      const directory = path.join(out, run.id);
      makeDirectory(directory);
      for (const step of run.steps) {
        const name = `${String(step.index + 1).padStart(3, "0")}-${step.kind}.json`;
        // A new cache object made before the request (Gemini cachedContents.create) is a request of its own.
        if (step.cacheCreateRequest) {
          const { url, headers, body } = step.cacheCreateRequest;
          fs.writeFileSync(
            path.join(directory, name.replace(/\.json$/, ".cache-create.json")),
            JSON.stringify({ url, headers, body }, null, 2),
          );
        }
        fs.writeFileSync(
          path.join(directory, name),
          JSON.stringify({ url: step.request.url, headers: step.request.headers, body: step.request.body }, null, 2),
        );
      }
    }
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    usage(`cannot write the requests under ${out}: ${code ?? message}${code ? ` (${message})` : ""}`);
  }
}

async function main(): Promise<void> {
  exitQuietlyOnClosedPipe();
  const args = parseArguments(process.argv.slice(2));
  const loaded = withToolNames(await loadScenario(args.scenario, args.provider, args.toolNames), args.toolNames);
  // --cache explicit: the provider's explicit cache (Gemini cachedContents, Qwen cache_control markers) where it has one.
  const scenario = args.cache ? { ...loaded, settings: { ...loaded.settings, cacheMechanism: args.cache } } : loaded;
  const ids: StrategyId[] = args.strategy === "all" ? [...STRATEGY_IDS] : [args.strategy as StrategyId];
  if (!ids.every((id) => STRATEGY_IDS.includes(id))) usage(`unknown strategy ${args.strategy}`);
  refuseUnacceptableNames(scenario, args.provider);
  const engine = createEngine();
  const runs = engine.runAll(scenario, ids, { provider: args.provider });
  if (args.out) writeRequests(args.out, runs);
  // The command line's rate wins over the scenario's own (settings.usdPerCny); neither set, nothing is converted.
  const usdPerCny = args.usdPerCny ?? scenario.settings.usdPerCny;
  const money = usdPerCny !== undefined ? { usdPerCny } : {};
  if (args.json) console.log(JSON.stringify(simulationJson(runs, money), null, 2));
  else console.log(formatRunsTable(scenario, runs, money));
}

// Invalid input exits 2 through usage(); anything that reaches here is a bug in the playground, so the stack helps.
main().catch((error) => {
  console.error(`simulate: internal error: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
