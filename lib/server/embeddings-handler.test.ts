/**
 * `/api/embeddings` against a fake OpenAI-compatible embedding server on loopback: vectors arrive exactly as the
 * endpoint computed them, the key goes upstream only, a second run is served from the SQLite cache, and a failing
 * endpoint gives a clear error without the key.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fakeEmbedding,
  startFakeEmbeddingServer,
  type FakeEmbeddingServer,
} from "../../scripts/test-support/fake-embedding-server";
import { createRouteEmbeddings, decodeVector } from "../search/embeddings/route-backend";
import { embedTexts } from "../search/embeddings/embed-texts";
import { createMemoryEmbeddingCache } from "../search/embeddings/types";
import { handleEmbeddingsPost, handleEmbeddingsStatus } from "./embeddings-handler";
import { PAGE_TOKEN_HEADER, serverSecret } from "./request-guard";

const KEY = "sk-embeddings-test-key-0123456789";
let fake: FakeEmbeddingServer;
let env: Record<string, string | undefined>;

function call(method: "GET" | "POST", body?: unknown, token = serverSecret()): Request {
  return new Request("http://127.0.0.1:3000/api/embeddings", {
    method,
    headers: { host: "127.0.0.1:3000", "content-type": "application/json", [PAGE_TOKEN_HEADER]: token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  fake = await startFakeEmbeddingServer();
  env = {
    EMBEDDINGS_BASE_URL: fake.baseUrl,
    EMBEDDINGS_MODEL: "fake-embed",
    EMBEDDINGS_API_KEY: KEY,
    PLAYGROUND_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "embeddings-route-")),
  };
});
afterAll(() => fake.close());

describe("/api/embeddings", () => {
  it("says which endpoint and model it uses, never the key, and says how to set one when none is", async () => {
    const status = await handleEmbeddingsStatus(call("GET"), env).json();
    expect(status).toMatchObject({ configured: true, baseUrl: fake.baseUrl, model: "fake-embed", price: null });
    expect(JSON.stringify(status)).not.toContain(KEY);
    expect(await handleEmbeddingsStatus(call("GET"), {}).json()).toMatchObject({ configured: false });
    const refused = await handleEmbeddingsPost(call("POST", { texts: ["weather"] }), {});
    expect(refused.status).toBe(409);
  });

  it("refuses a request without the page's token", async () => {
    expect((await handleEmbeddingsPost(call("POST", { texts: ["weather"] }, "wrong"), env)).status).toBe(403);
  });

  it("answers the endpoint's own vectors, sends the key upstream only, and embeds each text once", async () => {
    const texts = ["the weather in Paris", "send mail and a calendar invite"];
    const response = await handleEmbeddingsPost(call("POST", { texts }), env);
    const answer = await response.json();
    expect(response.status).toBe(200);
    expect(answer.vectors.map((vector: string) => [...decodeVector(vector)])).toEqual(
      texts.map((text) => [...new Float32Array(fakeEmbedding(text))]),
    );
    expect(answer).toMatchObject({ sent: 2, fromCache: 0 });
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(answer)).not.toContain(KEY);

    const requestsBefore = fake.requests.length;
    const again = await (await handleEmbeddingsPost(call("POST", { texts }), env)).json();
    expect(again).toMatchObject({ sent: 0, fromCache: 2 });
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it("feeds the page's backend, whose cache then serves a second run without a request", async () => {
    const fetchThroughRoute: typeof fetch = async (_url, init) =>
      handleEmbeddingsPost(
        new Request("http://127.0.0.1:3000/api/embeddings", {
          method: "POST",
          headers: { host: "127.0.0.1:3000", ...(init?.headers as Record<string, string>) },
          body: init?.body as string,
        }),
        { ...env, EMBEDDINGS_BASE_URL: fake.baseUrl },
      );
    const backend = createRouteEmbeddings({
      spaceKey: "fake",
      token: serverSecret(),
      fetchImplementation: fetchThroughRoute,
    });
    const browserCache = createMemoryEmbeddingCache();
    const first = await embedTexts(backend, browserCache, ["weather", "mail"]);
    expect(first.vectors.map((vector) => [...vector])).toEqual(
      [fakeEmbedding("weather"), fakeEmbedding("mail")].map((v) => [...new Float32Array(v)]),
    );
    const second = await embedTexts(backend, browserCache, ["weather", "mail"]);
    expect(second).toMatchObject({ sent: 0, fromCache: 2 });
  });

  // Last: the fake keeps failing from here on.
  it("turns a failing endpoint into a clear error without the key", async () => {
    fake.failWith(401, { error: { message: `Incorrect API key provided: ${KEY}` } });
    const response = await handleEmbeddingsPost(call("POST", { texts: ["a text never embedded"] }), env);
    const answer = await response.json();
    expect(response.status).toBe(502);
    expect(answer.error.code).toBe("embedding_failed");
    expect(answer.error.message).toContain("401");
    expect(JSON.stringify(answer)).not.toContain(KEY);
  });
});
