/**
 * A fake embedding server on loopback, for tests, speaking two real wire formats: OpenAI's `POST /v1/embeddings`
 * (floats, or base64 little-endian float32 when `encoding_format: "base64"`, as the official SDK asks) and the
 * Gemini API's `POST /v1beta/models/{model}:batchEmbedContents` (`{embeddings: [{values}]}`), with vectors computed
 * from the text in a known way, so a test can rank by hand.
 *
 * The vector of a text counts, for each word of `FAKE_EMBEDDING_VOCABULARY`, how often the text contains it (case
 * folded, substring count), plus a constant last dimension of 0.1 so that no vector is zero.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_EMBEDDING_VOCABULARY = ["weather", "mail", "file", "calendar", "money", "天气", "邮件"] as const;

export function fakeEmbedding(text: string): number[] {
  const folded = text.toLowerCase();
  const counts = FAKE_EMBEDDING_VOCABULARY.map((word) => folded.split(word).length - 1);
  return [...counts, 0.1];
}

export type FakeEmbeddingServer = {
  baseUrl: string;
  /** The Gemini API's root on this server (`…/v1beta`). */
  geminiBaseUrl: string;
  /** Every request body received, parsed, with its path and the key headers it carried. */
  requests: Array<{
    path: string;
    body: { model?: string; input?: unknown; encoding_format?: string; requests?: unknown };
    authorization?: string;
    googleApiKey?: string;
  }>;
  /** Answer the next requests with this status and body instead (a failing endpoint). */
  failWith(status: number, body: unknown): void;
  /** Answer normally again. */
  recover(): void;
  close(): Promise<void>;
};

export async function startFakeEmbeddingServer(port = 0): Promise<FakeEmbeddingServer> {
  const requests: FakeEmbeddingServer["requests"] = [];
  let failure: { status: number; body: unknown } | undefined;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const path = (request.url ?? "").split("?")[0];
      const gemini = /^\/v1(?:beta)?\/models\/([^/:]+):batchEmbedContents$/.exec(path);
      if (request.method !== "POST" || (path !== "/v1/embeddings" && !gemini)) {
        send(404, { error: { message: `no route ${request.method} ${request.url}`, type: "invalid_request_error" } });
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const googleApiKey = request.headers["x-goog-api-key"];
      requests.push({
        path,
        body,
        authorization: request.headers.authorization,
        googleApiKey: typeof googleApiKey === "string" ? googleApiKey : undefined,
      });
      if (failure) {
        send(failure.status, failure.body);
        return;
      }
      if (gemini) {
        // Gemini answers in request order, values only: no index, no token count.
        const texts = (Array.isArray(body.requests) ? body.requests : []).map(
          (entry: { content?: { parts?: Array<{ text?: string }> } }) =>
            (entry.content?.parts ?? []).map((part) => part.text ?? "").join(""),
        );
        send(200, { embeddings: texts.map((text: string) => ({ values: fakeEmbedding(text) })) });
        return;
      }
      const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
      const data = inputs.map((text, index) => {
        const vector = fakeEmbedding(String(text));
        const embedding =
          body.encoding_format === "base64" ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector;
        return { object: "embedding", index, embedding };
      });
      const tokens = inputs.reduce((sum, text) => sum + String(text).length, 0);
      send(200, { object: "list", data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    geminiBaseUrl: `http://127.0.0.1:${address.port}/v1beta`,
    requests,
    failWith(status, body) {
      failure = { status, body };
    },
    recover() {
      failure = undefined;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
