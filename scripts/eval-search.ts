/**
 * Measures tool-search quality on labelled queries: `npm run eval:search -- --catalog <file-or-dir>
 * --queries <file.jsonl> [--search anthropic-bm25|anthropic-regex|client|all] [--k 5] [--min-recall 0.8] [--json]
 * [--no-word-vectors]`.
 *
 * Exit codes: 0 success, 1 recall@k below --min-recall for some search, 2 usage or input error.
 * The evaluation itself lives in lib/search; this file only reads files and prints.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { CatalogTool, InputProblem, Parsed } from "../lib/catalog/types";
import {
  createAnthropicBm25Search,
  createAnthropicRegexSearch,
  createClientSearch,
  evaluateSearch,
  loadCatalogDirectory,
  loadCatalogFile,
  type SearchId,
  type ToolSearcher,
} from "../lib/search";
import { formatEvaluationTable, formatMisses, type LabelledEvaluation } from "../lib/search/format-evaluation";
import { parseEvaluationQueries, unknownExpectedTools } from "../lib/search/parse-queries";
import { SEARCH_IDS } from "../lib/search/types";
import { exitQuietlyOnClosedPipe } from "./exit-on-closed-pipe";
import { readWordVectorsFile } from "./word-vectors-file";

const USAGE = `Usage: npm run eval:search -- --catalog <file-or-dir> --queries <file.jsonl>
         [--search anthropic-bm25|anthropic-regex|client|all] [--k 5] [--min-recall 0.8] [--json]
         [--no-word-vectors]

  --catalog     an MCP tools/list JSON file, or a directory of them (tools named <file>:<tool>)
  --queries     JSON Lines, one {"q": "...", "expect": ["server:tool", ...]} a line
  --search      which search to evaluate (default: all)
  --k           the cut-off for recall@k and --min-recall (default: 5)
  --min-recall  exit with code 1 when recall@k is below this (0 to 1)
  --json        print {"tools","queries","recallAt1","recallAt3","recallAt5","mrr","search"}, one line a search
  --no-word-vectors  the client search without its soft matches by word vectors (lexical only)`;

type Options = {
  catalog: string;
  queries: string;
  searches: SearchId[];
  k: number;
  minRecall?: number;
  json: boolean;
  wordVectors: boolean;
};

class UsageError extends Error {}

function parseArguments(argv: readonly string[]): Options | "help" {
  const values = new Map<string, string>();
  let json = false;
  let wordVectors = true;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === "--help" || argument === "-h") return "help";
    if (argument === "--json") {
      json = true;
      continue;
    }
    if (argument === "--no-word-vectors") {
      wordVectors = false;
      continue;
    }
    const [flag, inline] = argument.split(/=(.*)/s, 2);
    if (!["--catalog", "--queries", "--search", "--k", "--min-recall"].includes(flag)) {
      throw new UsageError(`unknown argument ${argument}`);
    }
    const value = inline ?? argv[++index];
    if (value === undefined || value.startsWith("--")) throw new UsageError(`${flag} needs a value`);
    values.set(flag, value);
  }
  const catalog = values.get("--catalog");
  const queries = values.get("--queries");
  if (catalog === undefined) throw new UsageError("--catalog is required");
  if (queries === undefined) throw new UsageError("--queries is required");
  const search = values.get("--search") ?? "all";
  if (search !== "all" && !SEARCH_IDS.includes(search as SearchId)) {
    throw new UsageError(`--search must be one of ${[...SEARCH_IDS, "all"].join(", ")} (got ${search})`);
  }
  const k = Number(values.get("--k") ?? "5");
  if (!Number.isInteger(k) || k < 1 || k > 100) throw new UsageError("--k must be a whole number from 1 to 100");
  const minRecallText = values.get("--min-recall");
  const minRecall = minRecallText === undefined ? undefined : Number(minRecallText);
  if (minRecall !== undefined && !(minRecall >= 0 && minRecall <= 1)) {
    throw new UsageError("--min-recall must be a number from 0 to 1");
  }
  const searches = search === "all" ? [...SEARCH_IDS] : [search as SearchId];
  return { catalog, queries, searches, k, minRecall, json, wordVectors };
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

function loadCatalog(path: string): Parsed<CatalogTool[]> & { files: number } {
  let directory: boolean;
  try {
    directory = statSync(path).isDirectory();
  } catch {
    throw new UsageError(`catalog ${path} does not exist`);
  }
  if (!directory)
    return { ...loadCatalogFile({ fileName: basename(path), text: readText(path, "catalog") }), files: 1 };
  const fileNames = readdirSync(path)
    .filter((name) => name.toLowerCase().endsWith(".json"))
    .sort();
  const files = fileNames.map((fileName) => ({ fileName, text: readText(join(path, fileName), "catalog") }));
  return { ...loadCatalogDirectory(files), files: files.length };
}

/** Errors stop the run (exit 2); warnings are shown on stderr and the run goes on. */
function reportProblems(problems: readonly InputProblem[], source: string): void {
  for (const problem of problems.filter((item) => item.severity === "warning")) {
    console.error(`eval-search: warning: ${source}: ${problem.message}`);
  }
  const errors = problems.filter((problem) => problem.severity === "error");
  if (errors.length > 0) throw new UsageError(errors.map((problem) => `${source}: ${problem.message}`).join("\n"));
}

function searchFactories(wordVectors: boolean): Record<SearchId, (tools: readonly CatalogTool[]) => ToolSearcher> {
  return {
    "anthropic-bm25": createAnthropicBm25Search,
    "anthropic-regex": createAnthropicRegexSearch,
    // The client search as the lab runs it: with the shipped word-vector table for its soft matches.
    client: (tools) =>
      wordVectors
        ? createClientSearch(tools, undefined, { wordVectors: readWordVectorsFile() })
        : createClientSearch(tools, { similarWords: 0 }),
  };
}

function run(argv: readonly string[]): number {
  const options = parseArguments(argv);
  if (options === "help") {
    console.log(USAGE);
    return 0;
  }
  const catalog = loadCatalog(options.catalog);
  reportProblems(catalog.problems, options.catalog);
  const tools = catalog.value ?? [];
  const parsedQueries = parseEvaluationQueries(readText(options.queries, "queries"));
  reportProblems(parsedQueries.problems, options.queries);
  const queries = parsedQueries.value ?? [];
  reportProblems(unknownExpectedTools(queries, new Set(tools.map((tool) => tool.name))), options.queries);

  const results: LabelledEvaluation[] = options.searches.map((search) => ({
    search,
    evaluation: evaluateSearch(searchFactories(options.wordVectors)[search](tools), queries, options.k),
  }));
  const failing = results.filter(
    ({ evaluation }) => options.minRecall !== undefined && evaluation.recallAtK < options.minRecall,
  );

  if (options.json) {
    for (const { search, evaluation } of results) {
      const { recallAt1, recallAt3, recallAt5, mrr } = evaluation;
      console.log(
        JSON.stringify({
          tools: tools.length,
          queries: evaluation.queries,
          recallAt1,
          recallAt3,
          recallAt5,
          mrr,
          search,
        }),
      );
    }
  } else {
    const fileCount = `${catalog.files} catalog file${catalog.files === 1 ? "" : "s"}`;
    console.log(`${tools.length} tools (${fileCount}), ${queries.length} queries, k = ${options.k}\n`);
    console.log(formatEvaluationTable(results, options.k));
    for (const result of results) console.log(`\n${formatMisses(result, options.k)}`);
    if (options.minRecall !== undefined) {
      const verdict =
        failing.length === 0 ? "all pass" : `below it: ${failing.map((result) => result.search).join(", ")}`;
      console.log(`\nminimum recall@${options.k} ${options.minRecall}: ${verdict}`);
    }
  }
  return failing.length > 0 ? 1 : 0;
}

exitQuietlyOnClosedPipe();
try {
  process.exitCode = run(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`eval-search: ${error.message}\n\n${USAGE}`);
  process.exitCode = 2;
}
