/**
 * Semantic and hybrid search against a fake embedding server on loopback whose vectors are known (counts of a few
 * words, scripts/test-support/fake-embedding-server.ts): rankings computed by hand, the hybrid's formula, the cache,
 * a failing endpoint. The fake speaks the real wire format: the official `openai` SDK reads it.
 */
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogTool } from "../../core/catalog";
import {
  fakeEmbedding,
  startFakeEmbeddingServer,
  type FakeEmbeddingServer,
} from "../../../scripts/test-support/fake-embedding-server";
import { createClientSearch } from "../client-search";
import { embedTexts } from "./embed-texts";
import { createOpenAiCompatibleEmbeddings, EMBEDDING_BATCH_SIZE } from "./openai-compatible";
import { embeddingCostUsd } from "./prices";
import {
  cosineSimilarity,
  createHybridSearch,
  createSemanticSearch,
  RECIPROCAL_RANK_CONSTANT,
  toolEmbeddingText,
} from "./semantic-search";
import { createMemoryEmbeddingCache, EmbeddingError } from "./types";
import type { SearchOutcome } from "../types";

let server: FakeEmbeddingServer;
beforeAll(async () => {
  server = await startFakeEmbeddingServer();
});
afterAll(() => server.close());

const tool = (name: string, description: string): CatalogTool => ({
  name,
  description,
  inputSchema: { type: "object", properties: {} },
});

const names = (outcome: SearchOutcome) => {
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.hits.map((hit) => hit.name);
};

// Vectors (weather, mail, file, calendar, money, 天气, 邮件, 0.1) of each tool text, by the fake's rule.
const TOOLS = [
  tool("forecast", "Weather forecast and weather alerts"), // weather ×2 (and "weather" in no other)
  tool("send_mail", "Send mail with a file attached"), // mail, file
  tool("store_file", "Store a file"), // file
  tool("agenda", "Calendar events"), // calendar
];

describe("the fake embedding server speaks OpenAI's wire format", () => {
  it("is read by the official SDK (which asks for base64) as the known vectors", async () => {
    const client = new OpenAI({ baseURL: server.baseUrl, apiKey: "sk-test-key" });
    const answer = await client.embeddings.create({ model: "text-embedding-3-small", input: ["mail a file"] });
    expect(Array.from(answer.data[0].embedding)).toEqual(Array.from(new Float32Array(fakeEmbedding("mail a file"))));
    expect(answer.usage.prompt_tokens).toBe("mail a file".length);
  });
});

describe("the OpenAI-compatible backend", () => {
  it("sends the model, the texts and the key, and reads the vectors in input order", async () => {
    server.requests.length = 0;
    const backend = createOpenAiCompatibleEmbeddings({ baseUrl: `${server.baseUrl}/`, model: "m", apiKey: "sk-abc" });
    const batch = await backend.embed(["weather", "mail mail"]);
    expect(batch.vectors.map((vector) => Array.from(vector))).toEqual([
      [1, 0, 0, 0, 0, 0, 0, Math.fround(0.1)],
      [0, 2, 0, 0, 0, 0, 0, Math.fround(0.1)],
    ]);
    expect(batch.promptTokens).toBe(16);
    expect(server.requests[0]).toEqual({
      path: "/v1/embeddings",
      body: { model: "m", input: ["weather", "mail mail"], encoding_format: "float" },
      authorization: "Bearer sk-abc",
    });
    expect(backend.spaceKey).not.toContain("sk-abc");
  });

  it("splits a long list into batches", async () => {
    server.requests.length = 0;
    const backend = createOpenAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: "m" });
    const texts = Array.from({ length: EMBEDDING_BATCH_SIZE + 3 }, (_, index) => `text ${index}`);
    expect((await backend.embed(texts)).vectors).toHaveLength(texts.length);
    expect(server.requests.map((request) => (request.body.input as string[]).length)).toEqual([
      EMBEDDING_BATCH_SIZE,
      3,
    ]);
    expect(server.requests[0].authorization).toBeUndefined();
  });
});

describe("semantic search", () => {
  it("ranks by cosine similarity, equal to the ranking computed by hand from the known vectors", async () => {
    const backend = createOpenAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: "m" });
    const query = "a file for mail";
    const embedded = await embedTexts(backend, createMemoryEmbeddingCache(), [...TOOLS.map(toolEmbeddingText), query]);
    const search = createSemanticSearch(TOOLS, embedded.vectors.slice(0, 4), new Map([[query, embedded.vectors[4]]]));
    // By hand: query (0,1,1,0,0,0,0,.1). send_mail's text "send_mail: Send mail with a file attached" counts mail ×2
    // (the name and the description), file ×1 → (0,2,1,0,0,0,0,.1): cos = (2+1+.01)/(√2.01·√5.01) = 0.9485;
    // store_file: file ×2 → (0,0,2,…,.1): cos = (2+.01)/(√2.01·√4.01) = 0.708; agenda (calendar ×1):
    // .01/(√2.01·√1.01) = 0.0070, above forecast (weather ×2): .01/(√2.01·√4.01) = 0.0035.
    const hits = search.search(query, 4);
    expect(names(hits)).toEqual(["send_mail", "store_file", "agenda", "forecast"]);
    const expected = [
      [0, 2, 1, 0, 0, 0, 0, 0.1],
      [0, 0, 2, 0, 0, 0, 0, 0.1],
    ].map((vector) => cosineSimilarity(new Float32Array([0, 1, 1, 0, 0, 0, 0, 0.1]), new Float32Array(vector)));
    expect(hits.ok && hits.hits[0].score).toBeCloseTo(expected[0], 5);
    expect(hits.ok && hits.hits[1].score).toBeCloseTo(expected[1], 5);
    expect(expected[0]).toBeCloseTo(0.9485, 4);
  });

  it("refuses a query it has no vector for", () => {
    const search = createSemanticSearch([], [], new Map());
    expect(search.search("unseen").ok).toBe(false);
  });
});

describe("hybrid search", () => {
  it("equals its formula: w/(60 + semantic rank) + (1 − w)/(60 + lexical rank)", async () => {
    const backend = createOpenAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: "m" });
    const query = "calendar of weather";
    const embedded = await embedTexts(backend, createMemoryEmbeddingCache(), [...TOOLS.map(toolEmbeddingText), query]);
    const semantic = createSemanticSearch(TOOLS, embedded.vectors.slice(0, 4), new Map([[query, embedded.vectors[4]]]));
    const lexical = createClientSearch(TOOLS);
    const weight = 0.7;
    const hybrid = createHybridSearch(TOOLS, lexical, semantic, weight);
    const semanticRanks = names(semantic.search(query, 50));
    const lexicalRanks = names(lexical.search(query, 50));
    const score = (name: string) => {
      const s = semanticRanks.indexOf(name);
      const l = lexicalRanks.indexOf(name);
      return (
        (s < 0 ? 0 : weight / (RECIPROCAL_RANK_CONSTANT + s + 1)) +
        (l < 0 ? 0 : (1 - weight) / (RECIPROCAL_RANK_CONSTANT + l + 1))
      );
    };
    const outcome = hybrid.search(query, 4);
    if (!outcome.ok) throw new Error(outcome.errorMessage);
    for (const hit of outcome.hits) expect(hit.score).toBeCloseTo(score(hit.name), 12);
    const byFormula = TOOLS.map((entry) => entry.name).sort((left, right) => score(right) - score(left));
    expect(outcome.hits.map((hit) => hit.name)).toEqual(byFormula.filter((name) => score(name) > 0).slice(0, 4));
  });

  it("is the semantic ranking at weight 1 and the lexical one at weight 0", async () => {
    const backend = createOpenAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: "m" });
    const query = "store a file";
    const embedded = await embedTexts(backend, createMemoryEmbeddingCache(), [...TOOLS.map(toolEmbeddingText), query]);
    const semantic = createSemanticSearch(TOOLS, embedded.vectors.slice(0, 4), new Map([[query, embedded.vectors[4]]]));
    const lexical = createClientSearch(TOOLS);
    expect(names(createHybridSearch(TOOLS, lexical, semantic, 1).search(query, 4))).toEqual(
      names(semantic.search(query, 4)),
    );
    expect(names(createHybridSearch(TOOLS, lexical, semantic, 0).search(query, 4))).toEqual(
      names(lexical.search(query, 4)),
    );
  });
});

describe("the embedding cache", () => {
  it("serves a second run without a request", async () => {
    const backend = createOpenAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: "cached-model" });
    const cache = createMemoryEmbeddingCache();
    const texts = TOOLS.map(toolEmbeddingText);
    server.requests.length = 0;
    const first = await embedTexts(backend, cache, texts);
    expect(first).toMatchObject({ sent: 4, fromCache: 0 });
    expect(server.requests).toHaveLength(1);
    const progress: number[] = [];
    const second = await embedTexts(backend, cache, texts, { onProgress: ({ done }) => progress.push(done) });
    expect(second).toMatchObject({ sent: 0, fromCache: 4, promptTokens: 0 });
    expect(server.requests).toHaveLength(1);
    expect(second.vectors).toEqual(first.vectors);
    expect(progress).toEqual([4]);
  });

  it("keeps vector spaces apart: another model is embedded anew", async () => {
    const cache = createMemoryEmbeddingCache();
    await embedTexts(createOpenAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: "a" }), cache, ["x"]);
    const other = await embedTexts(createOpenAiCompatibleEmbeddings({ baseUrl: server.baseUrl, model: "b" }), cache, [
      "x",
    ]);
    expect(other.sent).toBe(1);
  });
});

describe("a failing endpoint", () => {
  it("gives a clear error with the provider's message and without the key", async () => {
    const failing = await startFakeEmbeddingServer();
    failing.failWith(401, {
      error: { message: "Incorrect API key provided: sk-secret-123", type: "invalid_request_error" },
    });
    const backend = createOpenAiCompatibleEmbeddings({ baseUrl: failing.baseUrl, model: "m", apiKey: "sk-secret-123" });
    const error = await backend.embed(["x"]).catch((caught: unknown) => caught);
    await failing.close();
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as Error).message).toBe(
      `the embedding endpoint ${failing.baseUrl}/embeddings answered 401: Incorrect API key provided: [key]. Check the key (EMBEDDINGS_API_KEY).`,
    );
  });

  it("says when nothing listens there", async () => {
    const gone = await startFakeEmbeddingServer();
    await gone.close();
    const error = await createOpenAiCompatibleEmbeddings({ baseUrl: gone.baseUrl, model: "m" })
      .embed(["x"])
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /^could not reach the embedding endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings \(ECONNREFUSED\)$/,
    );
  });
});

describe("what embedding costs", () => {
  it("prices published models, leaves unknown ones unknown, and takes the person's price", () => {
    expect(embeddingCostUsd("text-embedding-3-small", 1_000_000)).toBeCloseTo(0.02, 10);
    expect(embeddingCostUsd("text-embedding-3-large", 500_000)).toBeCloseTo(0.065, 10);
    expect(embeddingCostUsd("nomic-embed-text", 1_000)).toBeUndefined();
    expect(embeddingCostUsd("nomic-embed-text", 1_000_000, 0)).toBe(0);
    expect(embeddingCostUsd("text-embedding-3-small", undefined)).toBeUndefined();
  });
});
