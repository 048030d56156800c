/**
 * Lexical, semantic and hybrid side by side, on vectors made by hand so every rank can be worked out on paper.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { indexedDbEmbeddingCache } from "../persistence/indexed-db-embedding-cache";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search/client-search";
import { compareSearches } from "./semantic-comparison";

const tools = [
  { name: "get_forecast", description: "Forecast for a city.", inputSchema: {} },
  { name: "send_mail", description: "Send an email message.", inputSchema: {} },
  { name: "umbrella_advice", description: "Whether to take an umbrella.", inputSchema: {} },
];
// Dimensions: [rain, mail, city]. Cosines to the query "will it rain in Oslo" = [1, 0, 1] / √2:
// get_forecast [1, 0, 1] → 1.000; send_mail [0, 1, 0] → 0; umbrella_advice [1, 0, 0] → 0.707.
const toolVectors = [new Float32Array([1, 0, 1]), new Float32Array([0, 1, 0]), new Float32Array([1, 0, 0])];
const queryVectors = new Map([
  ["will it rain in Oslo", new Float32Array([1, 0, 1])],
  ["email my boss", new Float32Array([0, 1, 0])],
]);

describe("compareSearches", () => {
  const comparison = compareSearches({
    tools,
    queries: [
      { q: "will it rain in Oslo", expect: ["get_forecast"] },
      { q: "email my boss", expect: ["send_mail"] },
    ],
    toolVectors,
    queryVectors,
    clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS,
    semanticWeight: 0.5,
    k: 5,
  });

  it("ranks by cosine as computed by hand, and says which search wins by how many ranks", () => {
    const [rain] = comparison.queries;
    // No word of "will it rain in Oslo" is in get_forecast: the lexical search misses it (rank 6 = depth 5 + 1).
    expect(rain.ranks).toEqual({ lexical: null, semantic: 1, hybrid: 1 });
    expect(rain).toMatchObject({ winner: "semantic", margin: 5 });
    expect(rain.similarity.expected).toBeCloseTo(1, 6);
    expect(rain.similarity.top).toEqual({ name: "get_forecast", value: expect.closeTo(1, 6) });
  });

  it("fuses ranks by the documented formula", () => {
    const [, mail] = comparison.queries;
    // "email my boss": lexical finds send_mail at 1 ("email" in its description); semantic at 1 (cosine 1).
    // Hybrid: 0.5/(60+1) + 0.5/(60+1) for send_mail beats any tool in one list only.
    expect(mail.ranks).toEqual({ lexical: 1, semantic: 1, hybrid: 1 });
    expect(mail).toMatchObject({ winner: null, margin: 0 });
    expect(comparison.summaries).toEqual({
      lexical: { recallAtK: 0.5, mrr: 0.5 },
      semantic: { recallAtK: 1, mrr: 1 },
      hybrid: { recallAtK: 1, mrr: 1 },
    });
  });
});

describe("the browser's embedding cache (IndexedDB)", () => {
  it("keeps vectors across opens, so a reload embeds nothing", async () => {
    const first = indexedDbEmbeddingCache(indexedDB, "embedding-cache-test");
    await first.putMany([["space\nhash", new Float32Array([0.25, -1, 3])]]);
    const reopened = indexedDbEmbeddingCache(indexedDB, "embedding-cache-test");
    const found = await reopened.getMany(["space\nhash", "space\nother"]);
    expect([...found.keys()]).toEqual(["space\nhash"]);
    expect([...found.get("space\nhash")!]).toEqual([0.25, -1, 3]);
  });

  it("answers nothing and stores nothing without IndexedDB, instead of failing", async () => {
    const none = indexedDbEmbeddingCache(undefined);
    await none.putMany([["k", new Float32Array([1])]]);
    expect((await none.getMany(["k"])).size).toBe(0);
  });
});
