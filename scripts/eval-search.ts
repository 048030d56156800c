/**
 * Measures tool-search quality on labelled queries: `npm run eval:search -- --catalog <file-or-dir>
 * --queries <file.jsonl> [--search anthropic-bm25|anthropic-regex|client|semantic|hybrid|all] [--k 5]
 * [--min-recall 0.8] [--json] [--no-word-vectors] [--embeddings <base-url> --embeddings-model <id>]
 * [--hybrid-weight 0.5]`. The key of the embedding endpoint comes from EMBEDDINGS_API_KEY, never a flag.
 *
 * Exit codes: 0 success, 1 recall@k below --min-recall for some search, 2 usage or input error.
 * The evaluation itself lives in lib/search; this file only reads files and prints.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { CatalogTool, InputProblem, Parsed } from "../lib/core/catalog";
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
import { createEmbeddingBackend, protocolFromEnvironment } from "../lib/search/embeddings/embedding-backend";
import { embedTexts } from "../lib/search/embeddings/embed-texts";
import { embeddingCostUsd } from "../lib/search/embeddings/prices";
import {
  createHybridSearch,
  createSemanticSearch,
  DEFAULT_HYBRID_SEMANTIC_WEIGHT,
  toolEmbeddingText,
} from "../lib/search/embeddings/semantic-search";
import { createMemoryEmbeddingCache, EmbeddingError, type EmbeddingCache } from "../lib/search/embeddings/types";
import type { EvaluationQuery } from "../lib/search/evaluate";
import { EVALUATED_SEARCH_IDS, SEARCH_IDS, type EvaluatedSearchId, type RankingSearcher } from "../lib/search/types";
import { shareStoreOptionsFromEnv } from "../lib/server/share-store";

/** Where the embedding endpoint's key comes from: the environment only, never a flag or a file. */
const EMBEDDINGS_KEY_ENV = "EMBEDDINGS_API_KEY";
import { exitQuietlyOnClosedPipe } from "./exit-on-closed-pipe";
import { readWordVectorsFile } from "./word-vectors-file";

const USAGE = `Usage: npm run eval:search -- --catalog <file-or-dir> --queries <file.jsonl>
         [--search anthropic-bm25|anthropic-regex|client|semantic|hybrid|all] [--k 5] [--min-recall 0.8] [--json]
         [--no-word-vectors] [--embeddings <base-url> --embeddings-model <id>] [--hybrid-weight 0.5]

  --catalog     an MCP tools/list JSON file, or a directory of them (tools named <file>:<tool>)
  --queries     JSON Lines, one {"q": "...", "expect": ["server:tool", ...]} a line
  --search      which search to evaluate (default: all)
  --k           the cut-off for recall@k and --min-recall (default: 5)
  --min-recall  exit with code 1 when recall@k is below this (0 to 1)
  --json        print {"tools","queries","recallAt1","recallAt3","recallAt5","mrr","search"}, one line a search
  --no-word-vectors  the client search without its soft matches by word vectors (lexical only)
  --embeddings  an OpenAI-compatible API root for semantic and hybrid search (https://api.openai.com/v1,
                http://127.0.0.1:11434/v1 for Ollama…); its key, if it needs one, from EMBEDDINGS_API_KEY.
                Vectors are cached in the data folder (PLAYGROUND_DATA_DIR, default ./data): embedded once
  --embeddings-model  the embedding model (text-embedding-3-small, nomic-embed-text…)
  --hybrid-weight  the semantic side's weight in the hybrid's rank fusion, 0 to 1 (default 0.5)`;

type Options = {
  catalog: string;
  queries: string;
  searches: EvaluatedSearchId[];
  embeddings?: { baseUrl: string; model: string };
  hybridWeight: number;
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
    const flags = ["--catalog", "--queries", "--search", "--k", "--min-recall"];
    if (![...flags, "--embeddings", "--embeddings-model", "--hybrid-weight"].includes(flag)) {
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
  if (search !== "all" && !EVALUATED_SEARCH_IDS.includes(search as EvaluatedSearchId)) {
    throw new UsageError(`--search must be one of ${[...EVALUATED_SEARCH_IDS, "all"].join(", ")} (got ${search})`);
  }
  const embeddingsUrl = values.get("--embeddings");
  const embeddingsModel = values.get("--embeddings-model");
  if ((embeddingsUrl === undefined) !== (embeddingsModel === undefined)) {
    throw new UsageError("--embeddings and --embeddings-model go together");
  }
  if (embeddingsUrl !== undefined && !/^https?:\/\//.test(embeddingsUrl)) {
    throw new UsageError(`--embeddings must be an http(s) address (got ${embeddingsUrl})`);
  }
  if ((search === "semantic" || search === "hybrid") && embeddingsUrl === undefined) {
    throw new UsageError(`--search ${search} needs --embeddings <base-url> and --embeddings-model <id>`);
  }
  const hybridWeight = Number(values.get("--hybrid-weight") ?? DEFAULT_HYBRID_SEMANTIC_WEIGHT);
  if (!(hybridWeight >= 0 && hybridWeight <= 1)) throw new UsageError("--hybrid-weight must be a number from 0 to 1");
  const k = Number(values.get("--k") ?? "5");
  if (!Number.isInteger(k) || k < 1 || k > 100) throw new UsageError("--k must be a whole number from 1 to 100");
  const minRecallText = values.get("--min-recall");
  const minRecall = minRecallText === undefined ? undefined : Number(minRecallText);
  if (minRecall !== undefined && !(minRecall >= 0 && minRecall <= 1)) {
    throw new UsageError("--min-recall must be a number from 0 to 1");
  }
  const embeddings =
    embeddingsUrl === undefined || embeddingsModel === undefined
      ? undefined
      : { baseUrl: embeddingsUrl, model: embeddingsModel };
  const searches: EvaluatedSearchId[] =
    search !== "all"
      ? [search as EvaluatedSearchId]
      : embeddings === undefined
        ? [...SEARCH_IDS]
        : [...EVALUATED_SEARCH_IDS];
  return { catalog, queries, searches, embeddings, hybridWeight, k, minRecall, json, wordVectors };
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

/**
 * The data folder's embedding cache, or one in memory (with a note) where the folder cannot be written or SQLite's
 * native module does not load (it is built for the Node that installed it). Loaded only when embeddings are asked
 * for, so the lexical searches never need it.
 */
async function openEmbeddingCache(): Promise<EmbeddingCache> {
  const directory = shareStoreOptionsFromEnv().directory;
  try {
    const { SqliteEmbeddingCache } = await import("../lib/server/embedding-store");
    return new SqliteEmbeddingCache(directory);
  } catch (error) {
    console.error(
      `eval-search: note: cannot keep embeddings in ${directory} (${(error as Error).message}); they are kept for this run only`,
    );
    return createMemoryEmbeddingCache();
  }
}

/**
 * The semantic and hybrid searchers: every tool text and query embedded (cached ones not sent again), and a line on
 * stderr saying how many were sent and what they cost, so `--json` output stays one line per search.
 */
async function vectorSearchers(
  options: Options,
  tools: readonly CatalogTool[],
  queries: readonly EvaluationQuery[],
  lexical: ToolSearcher,
): Promise<Partial<Record<EvaluatedSearchId, RankingSearcher>>> {
  const wanted = options.searches.filter((search) => search === "semantic" || search === "hybrid");
  if (wanted.length === 0 || options.embeddings === undefined) return {};
  const protocol = protocolFromEnvironment(process.env);
  const backend = createEmbeddingBackend({
    ...options.embeddings,
    apiKey: process.env[EMBEDDINGS_KEY_ENV] || undefined,
    ...(protocol ? { protocol } : {}),
  });
  const cache = await openEmbeddingCache();
  const toolTexts = tools.map(toolEmbeddingText);
  const queryTexts = queries.map((query) => query.q);
  const embedded = await embedTexts(backend, cache, [...toolTexts, ...queryTexts]);
  const cost = embeddingCostUsd(options.embeddings.model, embedded.promptTokens);
  const tokens = embedded.promptTokens === undefined ? "tokens not reported" : `${embedded.promptTokens} tokens`;
  const price = cost === undefined ? "cost unknown for this model" : `$${cost.toFixed(6)}`;
  console.error(
    `eval-search: embeddings (${options.embeddings.model}): ${embedded.sent} texts sent (${tokens}, ${price}), ` +
      `${embedded.fromCache} from the cache`,
  );
  const toolVectors = embedded.vectors.slice(0, toolTexts.length);
  const queryVectors = new Map(queryTexts.map((text, index) => [text, embedded.vectors[toolTexts.length + index]]));
  const semantic = createSemanticSearch(tools, toolVectors, queryVectors);
  return { semantic, hybrid: createHybridSearch(tools, lexical, semantic, options.hybridWeight) };
}

async function run(argv: readonly string[]): Promise<number> {
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

  const factories = searchFactories(options.wordVectors);
  const lexicalSearches = options.searches.filter((search): search is SearchId =>
    SEARCH_IDS.includes(search as SearchId),
  );
  const searchers: Partial<Record<EvaluatedSearchId, RankingSearcher>> = {};
  for (const search of lexicalSearches) searchers[search] = factories[search](tools);
  const client = (searchers.client as ToolSearcher | undefined) ?? factories.client(tools);
  try {
    Object.assign(searchers, await vectorSearchers(options, tools, queries, client));
  } catch (error) {
    if (!(error instanceof EmbeddingError)) throw error;
    // Asked for by name, a search that cannot run is an input error; within "all", the lexical rows still stand.
    if (lexicalSearches.length === 0) throw new UsageError(error.message);
    console.error(`eval-search: note: semantic and hybrid skipped, lexical searches only: ${error.message}`);
  }
  const results: LabelledEvaluation[] = options.searches
    .filter((search) => searchers[search] !== undefined)
    .map((search) => ({ search, evaluation: evaluateSearch(searchers[search]!, queries, options.k) }));
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
run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (!(error instanceof UsageError)) throw error;
    console.error(`eval-search: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  },
);
