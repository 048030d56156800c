/**
 * `npm run eval:search -- --search semantic|hybrid --embeddings <url> --embeddings-model <id>` as a user runs it,
 * against a fake embedding endpoint on loopback: one line per search, the key from EMBEDDINGS_API_KEY only, the
 * vectors cached in the data folder so the second run sends nothing, and a failing endpoint named in one line.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeEmbeddingServer, type FakeEmbeddingServer } from "./test-support/fake-embedding-server";
import { runScript, temporaryFile } from "./test-support/run-script";

const CATALOG = "examples/office-assistant-zh-tools.json";

let server: FakeEmbeddingServer;
beforeAll(async () => {
  server = await startFakeEmbeddingServer();
});
afterAll(() => server.close());

describe("eval-search with an embedding endpoint", () => {
  const queries = temporaryFile(
    "eval-embeddings",
    "queries.jsonl",
    ['{"q": "明天的天气", "expect": ["get_weather_forecast"]}', '{"q": "发一封邮件", "expect": ["send_email"]}'].join(
      "\n",
    ),
  );
  const dataDirectory = mkdtempSync(join(tmpdir(), "eval-embeddings-data-"));
  const environment = { EMBEDDINGS_API_KEY: "sk-embed-secret", PLAYGROUND_DATA_DIR: dataDirectory };
  const args = (search: string) => [
    "--catalog",
    CATALOG,
    "--queries",
    queries,
    "--search",
    search,
    "--embeddings",
    server.baseUrl,
    "--embeddings-model",
    "text-embedding-3-small",
    "--json",
  ];

  it("prints one line per search, sends the key upstream only, and embeds the catalog once", async () => {
    server.requests.length = 0;
    const first = await runScript("scripts/eval-search.ts", args("all"), environment);
    expect(first.status).toBe(0);
    const lines = first.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.search)).toEqual([
      "anthropic-bm25",
      "anthropic-regex",
      "client",
      "semantic",
      "hybrid",
    ]);
    // The fake's vectors count 天气 and 邮件: each query's tool ranks first by cosine.
    expect(lines[3]).toMatchObject({ tools: 34, queries: 2, recallAt1: 1, mrr: 1 });
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((request) => request.authorization === "Bearer sk-embed-secret")).toBe(true);
    expect(first.stdout + first.stderr).not.toContain("sk-embed-secret");
    expect(first.stderr).toMatch(
      /embeddings \(text-embedding-3-small\): 36 texts sent \(\d+ tokens, \$0\.\d+\), 0 from the cache/,
    );

    server.requests.length = 0;
    const second = await runScript("scripts/eval-search.ts", args("semantic"), environment);
    expect(second.status).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(second.stderr).toContain("0 texts sent (0 tokens, $0.000000), 36 from the cache");
    expect(JSON.parse(second.stdout.trim())).toMatchObject({ search: "semantic", recallAt1: 1 });
  });

  it("exits 2 with one line when semantic search is asked for without an endpoint", async () => {
    const run = await runScript("scripts/eval-search.ts", [
      "--catalog",
      CATALOG,
      "--queries",
      queries,
      "--search",
      "semantic",
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe(
      "eval-search: --search semantic needs --embeddings <base-url> and --embeddings-model <id>",
    );
  });

  it("exits 2 naming the endpoint's answer when the only search asked for cannot run", async () => {
    const failing = await startFakeEmbeddingServer();
    failing.failWith(500, { error: { message: "model not loaded" } });
    const run = await runScript(
      "scripts/eval-search.ts",
      [...args("hybrid").slice(0, 7), failing.baseUrl, "--embeddings-model", "other-model"],
      { PLAYGROUND_DATA_DIR: dataDirectory },
    );
    await failing.close();
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe(
      `eval-search: the embedding endpoint ${failing.baseUrl}/embeddings answered 500: model not loaded.`,
    );
  });

  it("falls back to the lexical searches with a note when all are asked for", async () => {
    const failing = await startFakeEmbeddingServer();
    failing.failWith(503, { error: "overloaded" });
    const run = await runScript(
      "scripts/eval-search.ts",
      [...args("all").slice(0, 7), failing.baseUrl, "--embeddings-model", "third-model", "--json"],
      { PLAYGROUND_DATA_DIR: dataDirectory },
    );
    await failing.close();
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(3);
    expect(run.stderr).toContain("note: semantic and hybrid skipped, lexical searches only: the embedding endpoint");
  });
});
