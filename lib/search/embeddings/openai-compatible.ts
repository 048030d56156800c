/**
 * The OpenAI embeddings wire format (`POST {base}/embeddings` with `{model, input: string[]}`, answered by
 * `{data: [{index, embedding}], usage: {prompt_tokens}}`), which OpenAI, Ollama, vLLM, LM Studio, DashScope's and
 * Zhipu's compatible modes and most gateways speak. Floats are asked for explicitly: the official SDK asks for
 * base64 by default, and some compatible servers only answer floats.
 */
import { batchedBackend, checkedVectors, isRecord, postEmbeddingRequest } from "./embedding-request";
import { EmbeddingError, type EmbeddingBackend, type EmbeddingBatch, type EmbeddingEndpoint } from "./types";

export { EMBEDDING_BATCH_SIZE } from "./embedding-request";

/** `https://api.openai.com/v1/` → `https://api.openai.com/v1/embeddings`. */
export function embeddingsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/embeddings`;
}

function vectorsOf(document: unknown, count: number, url: string): EmbeddingBatch {
  const data = isRecord(document) ? document.data : undefined;
  if (!Array.isArray(data)) return { vectors: checkedVectors([], count, url), promptTokens: undefined };
  // Answers may come in any order: each carries its input's index.
  const lists = new Array<unknown>(data.length);
  data.forEach((entry, position) => {
    const index = isRecord(entry) && Number.isInteger(entry.index) ? (entry.index as number) : position;
    if (index < 0 || index >= data.length)
      throw new EmbeddingError(`the embedding endpoint ${url} answered index ${index}`);
    lists[index] = isRecord(entry) ? entry.embedding : undefined;
  });
  const usage = isRecord(document) && isRecord(document.usage) ? document.usage : undefined;
  const promptTokens = typeof usage?.prompt_tokens === "number" ? usage.prompt_tokens : undefined;
  return { vectors: checkedVectors(lists, count, url), promptTokens };
}

export function createOpenAiCompatibleEmbeddings(
  endpoint: EmbeddingEndpoint,
  fetchImplementation: typeof fetch = fetch,
): EmbeddingBackend {
  const url = embeddingsUrl(endpoint.baseUrl);
  return batchedBackend(`${url}\n${endpoint.model}`, async (texts, signal) => {
    const document = await postEmbeddingRequest({
      url,
      headers: endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {},
      body: { model: endpoint.model, input: texts, encoding_format: "float" },
      apiKey: endpoint.apiKey,
      notFoundHint: "Check the base URL (it should end in /v1) and the model name.",
      signal,
      fetchImplementation,
    });
    return vectorsOf(document, texts.length, url);
  });
}
