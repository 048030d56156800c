/**
 * Retrieval quality of the three searches on the fixture query set (46 realistic queries over 110 tools from
 * 12 real MCP servers). Prints the figures quoted in docs/SEARCH.md and guards them against regressions.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAnthropicBm25Search } from "./anthropic-bm25-search";
import { createAnthropicRegexSearch } from "./anthropic-regex-search";
import { createClientSearch } from "./client-search";
import { evaluateSearch } from "./evaluate";
import { formatEvaluationTable } from "./format-evaluation";
import { loadCatalogDirectory } from "./load-catalog-directory";
import { parseEvaluationQueries, unknownExpectedTools } from "./parse-queries";
import { parseWordVectors } from "./word-vectors";

const FIXTURES = join(__dirname, "fixtures");
const WORD_VECTORS_FILE = join(__dirname, "../../public/search/word-vectors.bin");
const catalogDirectory = join(FIXTURES, "catalogs");
const catalog = loadCatalogDirectory(
  readdirSync(catalogDirectory)
    .filter((fileName) => fileName.endsWith(".json"))
    .sort()
    .map((fileName) => ({ fileName, text: readFileSync(join(catalogDirectory, fileName), "utf8") })),
);
const tools = catalog.value ?? [];
const queries = parseEvaluationQueries(readFileSync(join(FIXTURES, "mcp-queries.jsonl"), "utf8")).value ?? [];

describe("search quality on the fixture query set", () => {
  it("loads every fixture catalog without errors and every expected tool exists", () => {
    expect(catalog.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(tools).toHaveLength(110);
    expect(queries.length).toBeGreaterThanOrEqual(40);
    expect(unknownExpectedTools(queries, new Set(tools.map((tool) => tool.name)))).toEqual([]);
  });

  it("ranks every tool by the score its breakdown shows, however many hits are asked for", () => {
    // The search scores candidates without building breakdowns and builds them for the hits only: the order and the
    // scores must be the ones the breakdowns give (`explain`), tool by tool. Without the exact-words re-rank, which
    // only moves the first hits, the whole order is the breakdowns' order.
    const vectors = parseWordVectors(readFileSync(WORD_VECTORS_FILE));
    for (const options of [{ exactWords: 0 }, { exactWords: 0, nameAction: 0.5, proximity: 0.3, similarWords: 0.5 }]) {
      const searcher = createClientSearch(tools, options, { wordVectors: vectors });
      for (const { q: query } of queries) {
        const byBreakdown = tools
          .map((tool, index) => ({ name: tool.name, index, score: searcher.explain(query, tool.name)!.score }))
          .filter((entry) => entry.score > 0)
          .sort(
            (left, right) =>
              Math.round(right.score * 1e9) / 1e9 - Math.round(left.score * 1e9) / 1e9 ||
              left.name.length - right.name.length ||
              left.index - right.index,
          );
        const outcome = searcher.search(query, tools.length);
        if (!outcome.ok) throw new Error(outcome.errorMessage);
        expect(outcome.hits.map((hit) => [hit.name, hit.score])).toEqual(
          byBreakdown.map((entry) => [entry.name, entry.score]),
        );
      }
    }
  });

  it("keeps each search's recall and MRR at or above the recorded floor", () => {
    const results = [
      { search: "anthropic-bm25" as const, evaluation: evaluateSearch(createAnthropicBm25Search(tools), queries) },
      { search: "anthropic-regex" as const, evaluation: evaluateSearch(createAnthropicRegexSearch(tools), queries) },
      { search: "client" as const, evaluation: evaluateSearch(createClientSearch(tools), queries) },
    ];

    console.log(`${tools.length} tools, ${queries.length} queries\n${formatEvaluationTable(results, 5)}`);
    const [bm25, regex, client] = results.map((result) => result.evaluation);
    // Floors a little under the current figures: a drop below them is a regression to look at.
    expect(bm25.recallAt5).toBeGreaterThanOrEqual(0.7);
    expect(regex.recallAt5).toBeGreaterThanOrEqual(0.55);
    expect(client.recallAt5).toBeGreaterThanOrEqual(0.8);
    expect(client.mrr).toBeGreaterThanOrEqual(bm25.mrr);
  });

  // Measured without the exact-words re-rank, which takes part of the same gain on this set (0.784 → 0.788 with it:
  // docs/SEARCH.md at 279c54f, "Seventh pass"); on the blind judge the vectors still add 0.528 → 0.536.
  it("ranks better with the shipped word vectors than without them (0.779 → 0.812 MRR when measured)", () => {
    const wordVectors = parseWordVectors(new Uint8Array(readFileSync(WORD_VECTORS_FILE)));
    expect(wordVectors.words).toHaveLength(30000);
    expect(wordVectors.dimensions).toBe(100);
    const lexical = evaluateSearch(createClientSearch(tools, { similarWords: 0, exactWords: 0 }), queries);
    const similar = evaluateSearch(createClientSearch(tools, { exactWords: 0 }, { wordVectors }), queries);
    expect(similar.mrr).toBeGreaterThan(lexical.mrr + 0.02);
    expect(similar.recallAt5).toBeGreaterThan(lexical.recallAt5);
    // A link no word list held: "latest" is near "recent" (in Slack's get_channel_history description).
    const query = "show me the latest messages in the engineering channel";
    const expected = "mcp-servers-archived-slack:slack_get_channel_history";
    const [lexicalRun, similarRun] = [lexical, similar].map((run) => run.perQuery.find((entry) => entry.q === query));
    expect([lexicalRun?.expect, lexicalRun?.rank, similarRun?.rank]).toEqual([[expected], 2, 1]);
    const latest = createClientSearch(tools, {}, { wordVectors })
      .explain(query, expected)
      ?.terms.find((term) => term.match === "similar");
    expect(latest?.similar).toMatchObject({ requestWord: "latest", catalogWord: "recent" });
  });
});
