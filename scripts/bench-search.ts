/**
 * npm run bench:search — the tool searches' speed, measured (never asserted in tests; see docs/SEARCH.md). Builds
 * each search over 1,000 and 10,000 synthetic tools and prints the CPU time of indexing and the median of a
 * query, for the BM25 emulation, the regex emulation and the client search.
 */
import os from "node:os";
import type { CatalogTool } from "../lib/catalog/types";
import { createAnthropicBm25Search, createAnthropicRegexSearch, createClientSearch } from "../lib/search";
import type { ToolSearcher } from "../lib/search/types";

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
}
