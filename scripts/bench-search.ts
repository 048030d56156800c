/**
 * npm run bench:search — the tool searches' speed, measured (never asserted in tests; see docs/SEARCH.md). Builds
 * each search over 1,000 and 10,000 synthetic tools and prints the CPU time of indexing and the median of a
 * query, for the BM25 emulation, the regex emulation and the client search; then the client search with its word
 * vectors: loading the table, the first query (which builds the catalog's term vectors) and the median query, on the
 * synthetic tools and on the 24 real shared catalogs (whose vocabulary is what the similarity scan runs over).
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import type { CatalogTool } from "../lib/core/catalog";
import {
  createAnthropicBm25Search,
  createAnthropicRegexSearch,
  createClientSearch,
  loadCatalogDirectory,
} from "../lib/search";
import type { ToolSearcher } from "../lib/search/types";
import type { WordVectors } from "../lib/search/word-vectors";
import { readWordVectorsFile, WORD_VECTORS_FILE } from "./word-vectors-file";

const WORDS = ["create", "list", "delete", "update", "issue", "file", "channel", "invoice", "branch", "page"];
const QUERIES = ["create an issue in the workspace branch", "list every invoice", "delete the old chanel file"];
const REGEX_QUERIES = ["creat|issu|branch", "invoice", "delete.*file"];

function syntheticTools(count: number): CatalogTool[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `server_${index % 97}:${WORDS[index % 10]}_${WORDS[(index * 7) % 10]}_${index}`,
    description: `${WORDS[index % 10]} a ${WORDS[(index * 3) % 10]} in workspace ${index}. `.repeat(4),
    inputSchema: {
      type: "object",
      properties: Object.fromEntries(
        WORDS.slice(0, 5).map((word) => [
          `${word}_${index % 13}`,
          { type: "string", description: `The ${word} id ${index}` },
        ]),
      ),
    },
  }));
}

/** CPU milliseconds of this process since `since`: other jobs on a shared machine do not count. */
function cpuSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1_000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(label: string, build: () => ToolSearcher, queries: string[]): string {
  const buildStart = process.cpuUsage();
  const searcher = build();
  const buildMilliseconds = cpuSince(buildStart);
  const times: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    const start = process.cpuUsage();
    searcher.search(queries[round % queries.length]);
    times.push(cpuSince(start));
  }
  return `${label.padEnd(16)} index ${buildMilliseconds.toFixed(0).padStart(6)} ms   query ${median(times).toFixed(2).padStart(7)} ms`;
}

/** The client search with word vectors: its first query also builds the catalog's term vectors, so it is shown apart. */
function measureWithVectors(label: string, tools: readonly CatalogTool[], wordVectors: WordVectors, queries: string[]) {
  const buildStart = process.cpuUsage();
  const searcher = createClientSearch(tools, {}, { wordVectors });
  const buildMilliseconds = cpuSince(buildStart);
  const firstStart = process.cpuUsage();
  searcher.search(queries[0]);
  const firstMilliseconds = cpuSince(firstStart);
  const times: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    const start = process.cpuUsage();
    // A fresh word each round, so the per-word neighbour memo cannot hide the similarity scan.
    searcher.search(`${queries[round % queries.length]} ${wordVectors.words[1000 + round]}`);
    times.push(cpuSince(start));
  }
  return `${label.padEnd(16)} index ${buildMilliseconds.toFixed(0).padStart(6)} ms   first query ${firstMilliseconds.toFixed(1).padStart(6)} ms   query ${median(times).toFixed(2).padStart(7)} ms`;
}

console.log(
  `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}); CPU time, median of 20 queries`,
);
// Warm the JIT so that the figures measure the algorithms, not the first compilation.
const warm = syntheticTools(1_000);
createAnthropicBm25Search(warm).search(QUERIES[0]);
createClientSearch(warm).search(QUERIES[0]);
createAnthropicRegexSearch(warm).search(REGEX_QUERIES[0]);
for (const count of [1_000, 10_000]) {
  const tools = syntheticTools(count);
  console.log(`\n${count.toLocaleString("en-US")} tools`);
  console.log(measure("anthropic-bm25", () => createAnthropicBm25Search(tools), QUERIES));
  console.log(measure("anthropic-regex", () => createAnthropicRegexSearch(tools), REGEX_QUERIES));
  console.log(measure("client", () => createClientSearch(tools), QUERIES));
  // The exact-words re-rank's own cost per query (it splits the first hits' texts again): the same search without it.
  console.log(measure("client, no exact", () => createClientSearch(tools, { exactWords: 0 }), QUERIES));
}

const loadStart = process.cpuUsage();
const wordVectors = readWordVectorsFile();
console.log(
  `\nword vectors: ${WORD_VECTORS_FILE}, ${wordVectors.words.length.toLocaleString("en-US")} words × ${wordVectors.dimensions}, read and parsed in ${cpuSince(loadStart).toFixed(0)} ms`,
);
for (const count of [1_000, 10_000]) {
  console.log(measureWithVectors(`client+vectors ${count / 1000}k`, syntheticTools(count), wordVectors, QUERIES));
}
const SHARED_CATALOGS = "/work/shared/fixtures/catalogs";
try {
  const shared = loadCatalogDirectory(
    readdirSync(SHARED_CATALOGS)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((fileName) => ({ fileName, text: readFileSync(join(SHARED_CATALOGS, fileName), "utf8") })),
  ).value;
  if (shared !== undefined) {
    const realQueries = [
      "show me the latest messages in the channel",
      "save these notes to a new file",
      "how far by car",
    ];
    console.log(measure(`client ${shared.length} real`, () => createClientSearch(shared), realQueries));
    console.log(measureWithVectors(`client+vectors ${shared.length}`, shared, wordVectors, realQueries));
  }
} catch {
  console.log(`(${SHARED_CATALOGS} is missing: the real-catalog lines are skipped)`);
}
