/**
 * The Gemini API's embeddings (`POST {base}/models/{model}:batchEmbedContents` with `{requests: [{model, content:
 * {role: "user", parts: [{text}]}}]}`, answered by `{embeddings: [{values}]}` in request order; the key in
 * `x-goog-api-key`), the same request (path and body) as `@google/genai`'s `models.embedContent`. The answer
 * reports no token counts, so the cost of embedding reads unknown (never zero).
 */
import { batchedBackend, checkedVectors, isRecord, postEmbeddingRequest } from "./embedding-request";
import type { EmbeddingBackend, EmbeddingEndpoint } from "./types";

/** The Gemini API's own address; with it the base URL needs no protocol setting. */
export const GEMINI_EMBEDDINGS_HOST = "generativelanguage.googleapis.com";

/** `https://generativelanguage.googleapis.com/v1beta` + `gemini-embedding-001` → its batchEmbedContents URL. */
export function geminiEmbeddingsUrl(baseUrl: string, model: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/models/${encodeURIComponent(model.replace(/^models\//, ""))}:batchEmbedContents`;
}

export function createGeminiEmbeddings(
  endpoint: EmbeddingEndpoint,
  fetchImplementation: typeof fetch = fetch,
): EmbeddingBackend {
  const model = endpoint.model.replace(/^models\//, "");
  const url = geminiEmbeddingsUrl(endpoint.baseUrl, model);
  return batchedBackend(`${url}\n${model}`, async (texts, signal) => {
    const document = await postEmbeddingRequest({
      url,
      headers: endpoint.apiKey ? { "x-goog-api-key": endpoint.apiKey } : {},
      body: {
        requests: texts.map((text) => ({ model: `models/${model}`, content: { role: "user", parts: [{ text }] } })),
      },
      apiKey: endpoint.apiKey,
      notFoundHint: "Check the base URL (it should end in /v1beta) and the model name (gemini-embedding-001).",
      signal,
      fetchImplementation,
    });
    const embeddings = isRecord(document) && Array.isArray(document.embeddings) ? document.embeddings : [];
    const lists = embeddings.map((entry: unknown) => (isRecord(entry) ? entry.values : undefined));
    return { vectors: checkedVectors(lists, texts.length, url), promptTokens: undefined };
  });
}
