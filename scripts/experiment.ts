/**
 * npm run experiment -- --catalog <file|example:<id>> --tasks <file.jsonl> --provider <id> [--base-url <url>]
 *   --model <id> [--strategies <id,...>|all] [--design position] [--reps N] [--budget <usd>] [--concurrency N]
 *   [--simulated] [--json] [--search semantic|hybrid --embeddings <base-url> --embeddings-model <id>
 *   [--semantic-weight 0.5]]
 * Runs a task set under each strategy on a real model (the key from the environment variables live mode reads),
 * or on the simulated model with --simulated, and prints each cell's metrics with 95 % intervals. Measured runs
 * keep every finished task-run in the server's store (the data folder's SQLite file, or DATABASE_URL's database):
 * the same command again resumes. --search makes the strategies that search on the client use the semantic or
 * hybrid search over an OpenAI-compatible embedding endpoint in measured runs (its key from EMBEDDINGS_API_KEY;
 * vectors cached in the store); the simulated model keeps the lexical search.
 */
import fs from "node:fs";
import { hashString } from "../lib/cache/hash-string";
import { PROVIDER_IDS, STRATEGY_IDS, type ProviderId, type StrategyId } from "../lib/core/ids";
import type { Catalog } from "../lib/core/catalog";
import { createEngine } from "../lib/engine";
import { EXAMPLES, loadExample } from "../lib/examples";
import { DESIGN_IDS, designStrategies, strategyRunsOn, type DesignId } from "../lib/experiment/designs";
import { readExperimentCatalog } from "../lib/experiment/read-catalog";
import { experimentJson, experimentTable, allComparisons, comparisonSentence } from "../lib/experiment/report";
import { estimateExperiment, runExperiment, simulateTaskRun, type ExperimentDesign } from "../lib/experiment/runner";
import { parseTaskSet } from "../lib/experiment/tasks";
import type { ExperimentCell, TaskRunResult } from "../lib/experiment/types";
import { getModel } from "../lib/models";
import { COMPATIBLE_MODEL_ID } from "../lib/server/live-target";
import { openStore } from "../lib/server/store";
import { createDirectTransport } from "../lib/server/experiment-transport";
import { ENV } from "../lib/server/live-config";
import { providerFacts } from "../lib/providers";
import { CLIENT_SEARCH_KINDS, type ClientSearchKind } from "../lib/search/embeddings/client-search-choice";
import { createEmbeddingBackend, protocolFromEnvironment } from "../lib/search/embeddings/embedding-backend";
import { exitQuietlyOnClosedPipe } from "./exit-on-closed-pipe";

type Arguments = {
  catalog?: string;
  tasks?: string;
  provider?: ProviderId;
  baseUrl?: string;
  model?: string;
  strategies: string;
  design?: DesignId;
  reps: number;
  budget?: number;
  concurrency: number;
  simulated: boolean;
  json: boolean;
  search: ClientSearchKind;
  embeddings?: string;
  embeddingsModel?: string;
  semanticWeight?: number;
};

/** Refused input in one line (exit 2). */
function refuse(message: string): never {
  console.error(`experiment: ${message}`);
  process.exit(2);
}

function positiveNumber(flag: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    refuse(`${flag} needs a positive ${integer ? "whole number" : "number"}, not "${text}"`);
  return value;
}

function parseArguments(argv: string[]): Arguments {
  const result: Arguments = {
    strategies: "all",
    reps: 1,
    concurrency: 2,
    simulated: false,
    json: false,
    search: "lexical",
  };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = () => argv[++index] ?? refuse(`${flag} needs a value`);
    if (flag === "--catalog") result.catalog = value();
    else if (flag === "--tasks") result.tasks = value();
    else if (flag === "--provider") {
      const provider = value();
      if (!PROVIDER_IDS.includes(provider as ProviderId))
        refuse(`unknown provider "${provider}" (one of ${PROVIDER_IDS.join(", ")})`);
      result.provider = provider as ProviderId;
    } else if (flag === "--base-url") result.baseUrl = value();
    else if (flag === "--model") result.model = value();
    else if (flag === "--strategies") result.strategies = value();
    else if (flag === "--design") {
      const design = value();
      if (!DESIGN_IDS.includes(design as DesignId))
        refuse(`unknown design "${design}" (one of ${DESIGN_IDS.join(", ")})`);
      result.design = design as DesignId;
    } else if (flag === "--reps") result.reps = positiveNumber(flag, value(), true);
    else if (flag === "--budget") result.budget = positiveNumber(flag, value(), false);
    else if (flag === "--concurrency") result.concurrency = positiveNumber(flag, value(), true);
    else if (flag === "--simulated") result.simulated = true;
    else if (flag === "--json") result.json = true;
    else if (flag === "--search") {
      const kind = value();
      if (!CLIENT_SEARCH_KINDS.includes(kind as ClientSearchKind))
        refuse(`unknown search "${kind}" (one of ${CLIENT_SEARCH_KINDS.join(", ")})`);
      result.search = kind as ClientSearchKind;
    } else if (flag === "--embeddings") result.embeddings = value();
    else if (flag === "--embeddings-model") result.embeddingsModel = value();
    else if (flag === "--semantic-weight") {
      const weight = Number(value());
      if (!(weight >= 0 && weight <= 1)) refuse("--semantic-weight needs a number from 0 to 1");
      result.semanticWeight = weight;
    } else refuse(`unknown argument "${flag}"`);
  }
  if (!result.catalog) refuse("--catalog <file> is required");
  if (!result.tasks) refuse("--tasks <file.jsonl> is required");
  if (!result.provider) refuse("--provider <id> is required");
  if (!result.model) refuse("--model <id> is required");
  if (result.search !== "lexical" && (!result.embeddings || !result.embeddingsModel))
    refuse(`--search ${result.search} needs --embeddings <base-url> and --embeddings-model <id>`);
  try {
    protocolFromEnvironment(process.env);
  } catch (error) {
    refuse((error as Error).message);
  }
  if (result.embeddings) {
    try {
      new URL(result.embeddings);
    } catch {
      refuse(`--embeddings "${result.embeddings}" is not a URL`);
    }
  }
  return result;
}

function readText(file: string, what: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    refuse(`cannot read the ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

async function loadCatalog(source: string): Promise<Catalog> {
  if (source.startsWith("example:")) {
    const id = source.slice("example:".length);
    if (!EXAMPLES.some((example) => example.id === id)) refuse(`unknown example "${id}"`);
    return (await loadExample(id)).catalog;
  }
  const parsed = readExperimentCatalog(readText(source, "catalog"), source);
  const errors = parsed.problems.filter((problem) => problem.severity === "error");
  if (!parsed.value || errors.length)
    refuse(
      `${source} is not a catalog: ${errors[0]?.message ?? "no tools"}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`,
    );
  return parsed.value;
}

function cellsFor(args: Arguments): ExperimentCell[] {
  const provider = args.provider!;
  const requested = args.model!;
  const known = getModel(provider, requested);
  let model = requested;
  let wireModel: string | undefined;
  if (!known) {
    if (!args.baseUrl || !providerFacts(provider).compatibleServers)
      refuse(
        `unknown model "${requested}" for ${provider} (a self-hosted model needs --base-url and an OpenAI provider)`,
      );
    model = COMPATIBLE_MODEL_ID;
    wireModel = requested;
  }
  let strategies: StrategyId[];
  if (args.design) strategies = designStrategies(args.design, provider, model);
  else if (args.strategies === "all") strategies = STRATEGY_IDS.filter((id) => strategyRunsOn(id, provider, model));
  else {
    strategies = args.strategies.split(",").map((id) => id.trim()) as StrategyId[];
    const unknown = strategies.find((id) => !STRATEGY_IDS.includes(id));
    if (unknown) refuse(`unknown strategy "${unknown}" (one of ${STRATEGY_IDS.join(", ")})`);
    const impossible = strategies.find((id) => !strategyRunsOn(id, provider, model));
    if (impossible) refuse(`strategy "${impossible}" cannot run on ${provider} ${requested}`);
  }
  if (strategies.length === 0) refuse(`no strategy runs on ${provider} ${requested}`);
  return strategies.map((strategy) => ({ strategy, provider, model, ...(wireModel ? { wireModel } : {}) }));
}

function transportEnvironment(args: Arguments): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, [ENV.log]: process.env[ENV.log] ?? "off" };
  if (args.baseUrl) {
    if (!providerFacts(args.provider!).compatibleServers)
      refuse(`--base-url is for OpenAI-compatible servers (openai-chat, openai-responses), not ${args.provider}`);
    try {
      new URL(args.baseUrl);
    } catch {
      refuse(`--base-url "${args.baseUrl}" is not a URL`);
    }
    // The person typed this URL on their own machine: it is the compatible server live mode would be configured with.
    env[ENV.compatibleBaseUrl] = args.baseUrl;
    return env;
  }
  const variable = providerFacts(args.provider!).keyVariable;
  if (!env[variable]?.trim()) refuse(`no key: set ${variable} (or use --simulated)`);
  return env;
}

async function main(): Promise<void> {
  exitQuietlyOnClosedPipe();
  const args = parseArguments(process.argv.slice(2));
  const catalog = await loadCatalog(args.catalog!);
  const tasksText = readText(args.tasks!, "task set");
  const tasks = parseTaskSet(tasksText, catalog, args.tasks!);
  const taskErrors = tasks.problems.filter((problem) => problem.severity === "error");
  if (!tasks.value || taskErrors.length)
    refuse(
      `${taskErrors[0]?.message ?? "no tasks"}${taskErrors.length > 1 ? ` (and ${taskErrors.length - 1} more)` : ""}`,
    );
  const cells = cellsFor(args);
  const env = args.simulated ? undefined : transportEnvironment(args);
  const id = `exp-${hashString(JSON.stringify([catalog.tools.map((tool) => [tool.name, tool.inputSchema]), tasksText, args.provider, args.model, args.baseUrl ?? ""]))}`;
  const design: ExperimentDesign = { id, catalog, tasks: tasks.value, cells, repetitions: args.reps };
  const engine = createEngine();
  const estimate = estimateExperiment(design, engine);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(
    `experiment ${id}: ${cells.length} strategies × ${tasks.value.length} tasks × ${args.reps} repetitions = ${estimate.taskRuns} task-runs; predicted cost $${estimate.totalUsd.toFixed(4)}${args.simulated ? " (simulated: nothing is spent)" : ""}`,
  );
  if (args.budget !== undefined && estimate.totalUsd > args.budget && !args.simulated)
    log(`the prediction is over the budget of $${args.budget}: the run stops before the budget is exceeded`);

  const simulated: TaskRunResult[] = [];
  for (let repetition = 0; repetition < args.reps; repetition += 1)
    for (const task of tasks.value)
      for (const cell of cells) simulated.push(simulateTaskRun(engine, design, task, cell, repetition).result);
  let results = simulated;
  let exitCode = 0;
  if (!args.simulated) {
    // The server's store: the data folder's SQLite file, or the team's database when DATABASE_URL is set.
    const opened = openStore();
    // Checked with the arguments (exit 2 on a bad value), so here it is a value or unset.
    const embeddingsProtocol = protocolFromEnvironment(process.env);
    const store = opened.experiments();
    const stop = new AbortController();
    process.once("SIGINT", () => stop.abort());
    const outcome = await runExperiment({
      design,
      store,
      transport: createDirectTransport(env),
      endpoint: args.baseUrl ? { kind: "compatible" } : { kind: "official" },
      ...(args.search !== "lexical"
        ? {
            clientSearch: {
              setting: {
                kind: args.search,
                ...(args.semanticWeight !== undefined ? { semanticWeight: args.semanticWeight } : {}),
              },
              backend: createEmbeddingBackend({
                baseUrl: args.embeddings!,
                model: args.embeddingsModel!,
                apiKey: process.env.EMBEDDINGS_API_KEY?.trim() || undefined,
                ...(embeddingsProtocol ? { protocol: embeddingsProtocol } : {}),
              }),
              cache: opened.embeddings(),
            },
          }
        : {}),
      concurrency: args.concurrency,
      ...(args.budget !== undefined ? { budgetUsd: args.budget } : {}),
      signal: stop.signal,
      engine,
      onProgress: (progress) =>
        log(
          `${progress.done}/${progress.total} task-runs · $${progress.spentUsd.toFixed(4)} spent · ${progress.remainingMs === null ? "" : `${Math.round(progress.remainingMs / 1000)} s left`}`,
        ),
    });
    await opened.close();
    if (outcome.skipped) log(`resumed: ${outcome.skipped} task-runs were already in the store`);
    if (outcome.status === "budget") log(`stopped: the next request could have exceeded the budget of $${args.budget}`);
    if (outcome.status === "cancelled") {
      log("stopped: the same command resumes where this run ended");
      exitCode = 130;
    }
    results = [...outcome.results, ...simulated];
  }
  if (args.json) process.stdout.write(`${JSON.stringify(experimentJson(results), null, 2)}\n`);
  else {
    process.stdout.write(experimentTable(results));
    // Each strategy against the first (the baseline when it runs); the JSON has every pair.
    const comparisons = allComparisons(results).filter(
      (comparison) => comparison.metric === "completion" && comparison.a === cells[0].strategy,
    );
    if (comparisons.length) process.stdout.write(`\n${comparisons.map(comparisonSentence).join("\n")}\n`);
  }
  process.exitCode = exitCode;
}

main().catch((error: unknown) => {
  console.error(`experiment: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
