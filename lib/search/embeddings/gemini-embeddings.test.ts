/**
 * The Gemini API's embeddings against the fake embedding server on loopback, whose Gemini route the official
 * `@google/genai` SDK reads: the backend sends what the SDK sends and reads the known vectors back.
 */
import { GoogleGenAI } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fakeEmbedding,
  startFakeEmbeddingServer,
  type FakeEmbeddingServer,
} from "../../../scripts/test-support/fake-embedding-server";
import { embeddingsStatus } from "../../server/embeddings-handler";
import { createEmbeddingBackend, embeddingProtocolOf, protocolFromEnvironment } from "./embedding-backend";
import { EMBEDDING_BATCH_SIZE } from "./embedding-request";
import { EmbeddingError } from "./types";

let server: FakeEmbeddingServer;
beforeAll(async () => {
  server = await startFakeEmbeddingServer();
});
afterAll(() => server.close());

const MODEL = "gemini-embedding-001";
const KEY = "AIza-test-key-123";
const known = (text: string) => Array.from(new Float32Array(fakeEmbedding(text)));

describe("the Gemini API's embeddings", () => {
  it("the fake's Gemini route is read by the official SDK as the known vectors", async () => {
    const client = new GoogleGenAI({
      apiKey: KEY,
      httpOptions: { baseUrl: server.geminiBaseUrl.replace(/\/v1beta$/, ""), apiVersion: "v1beta" },
    });
    const answer = await client.models.embedContent({ model: MODEL, contents: ["mail a file", "weather today"] });
    expect(answer.embeddings?.map((embedding) => embedding.values)).toEqual([
      fakeEmbedding("mail a file"),
      fakeEmbedding("weather today"),
    ]);
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe(`/v1beta/models/${MODEL}:batchEmbedContents`);
    expect(sent.googleApiKey).toBe(KEY);
  });

  it("the backend sends the SDK's request: same path, same body, the key in x-goog-api-key only", async () => {
    const client = new GoogleGenAI({
      apiKey: KEY,
      httpOptions: { baseUrl: server.geminiBaseUrl.replace(/\/v1beta$/, ""), apiVersion: "v1beta" },
    });
    await client.models.embedContent({ model: MODEL, contents: ["send mail"] });
    const fromSdk = server.requests.at(-1)!;
    const backend = createEmbeddingBackend({
      baseUrl: server.geminiBaseUrl,
      model: MODEL,
      apiKey: KEY,
      protocol: "gemini",
    });
    const batch = await backend.embed(["send mail"]);
    const fromBackend = server.requests.at(-1)!;
    expect(fromBackend.path).toBe(fromSdk.path);
    expect(fromBackend.body).toEqual(fromSdk.body);
    expect(fromBackend.googleApiKey).toBe(KEY);
    expect(fromBackend.authorization).toBeUndefined();
    expect(Array.from(batch.vectors[0])).toEqual(known("send mail"));
    // Gemini reports no token counts: the cost reads unknown, never zero.
    expect(batch.promptTokens).toBeUndefined();
    expect(backend.spaceKey).not.toContain(KEY);
  });

  it("sends a long list in batches and keeps the input order", async () => {
    const texts = Array.from({ length: EMBEDDING_BATCH_SIZE + 6 }, (_, index) =>
      index % 2 ? `mail ${index}` : `weather file ${index}`,
    );
    const before = server.requests.length;
    const backend = createEmbeddingBackend({ baseUrl: server.geminiBaseUrl, model: MODEL, protocol: "gemini" });
    const batch = await backend.embed(texts);
    expect(server.requests.length - before).toBe(2);
    expect(batch.vectors.map((vector) => Array.from(vector))).toEqual(texts.map(known));
  });

  it("a refusal is worded with the provider's message and never the key", async () => {
    server.failWith(400, {
      error: {
        code: 400,
        message: `API key not valid. Please pass a valid API key. (${KEY})`,
        status: "INVALID_ARGUMENT",
      },
    });
    try {
      const backend = createEmbeddingBackend({
        baseUrl: server.geminiBaseUrl,
        model: MODEL,
        apiKey: KEY,
        protocol: "gemini",
      });
      const failure = await backend.embed(["weather"]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(EmbeddingError);
      expect((failure as EmbeddingError).message).toContain("answered 400: API key not valid");
      expect((failure as EmbeddingError).message).not.toContain(KEY);
    } finally {
      server.recover();
    }
  });
});

describe("choosing the wire format", () => {
  it("Gemini's for Google's address, OpenAI's otherwise, the person's choice first", () => {
    expect(embeddingProtocolOf({ baseUrl: "https://generativelanguage.googleapis.com/v1beta", model: MODEL })).toBe(
      "gemini",
    );
    expect(embeddingProtocolOf({ baseUrl: "http://127.0.0.1:11434/v1", model: "nomic-embed-text" })).toBe("openai");
    expect(embeddingProtocolOf({ baseUrl: "http://127.0.0.1:8080", model: MODEL, protocol: "gemini" })).toBe("gemini");
  });

  it("EMBEDDINGS_PROTOCOL: a wrong value is a clear error, on the server as in the CLIs", () => {
    expect(protocolFromEnvironment({})).toBeUndefined();
    expect(protocolFromEnvironment({ EMBEDDINGS_PROTOCOL: "gemini" })).toBe("gemini");
    expect(() => protocolFromEnvironment({ EMBEDDINGS_PROTOCOL: "vertex" })).toThrow(
      'EMBEDDINGS_PROTOCOL is "vertex": it should be openai or gemini',
    );
    const status = embeddingsStatus({
      EMBEDDINGS_BASE_URL: "https://generativelanguage.googleapis.com/v1beta",
      EMBEDDINGS_MODEL: MODEL,
    });
    expect(status.configured && status.protocol).toBe("gemini");
    const wrong = embeddingsStatus({
      EMBEDDINGS_BASE_URL: "http://127.0.0.1:1/v1",
      EMBEDDINGS_MODEL: MODEL,
      EMBEDDINGS_PROTOCOL: "vertex",
    });
    expect(wrong).toMatchObject({ configured: false, problem: expect.stringContaining("openai or gemini") });
  });
});
