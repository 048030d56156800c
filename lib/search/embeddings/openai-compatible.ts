/**
 * The OpenAI embeddings wire format (`POST {base}/embeddings` with `{model, input: string[]}`, answered by
 * `{data: [{index, embedding}], usage: {prompt_tokens}}`), which OpenAI, Ollama, vLLM, LM Studio and most gateways
 * speak. Floats are asked for explicitly: the official SDK asks for base64 by default, and some compatible servers
 * only answer floats.
 */
import { EmbeddingError, type EmbeddingBackend, type EmbeddingBatch, type EmbeddingEndpoint } from "./types";

/** Inputs per request: OpenAI accepts up to 2,048; small local servers are happier with fewer at once. */
export const EMBEDDING_BATCH_SIZE = 64;
/** The part of an error body shown to the person: enough for the provider's message, not a whole page. */
const ERROR_TEXT_LIMIT = 300;

/** `https://api.openai.com/v1/` → `https://api.openai.com/v1/embeddings`. */
export function embeddingsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/embeddings`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The provider's own error message (`{error: {message}}` or `{error: "..."}`), or a bounded piece of the body. */
function errorTextOf(body: string, apiKey: string | undefined): string {
  let text = body;
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed)) {
      const error = parsed.error;
      if (typeof error === "string") text = error;
      else if (isRecord(error) && typeof error.message === "string") text = error.message;
    }
  } catch {
    // Not JSON: the body as sent, shortened.
  }
  if (apiKey) text = text.split(apiKey).join("[key]");
  return text.length > ERROR_TEXT_LIMIT ? `${text.slice(0, ERROR_TEXT_LIMIT)}…` : text;
}

function vectorsOf(document: unknown, count: number, url: string): EmbeddingBatch {
  const data = isRecord(document) ? document.data : undefined;
  if (!Array.isArray(data) || data.length !== count) {
    throw new EmbeddingError(
      `the embedding endpoint ${url} answered without one embedding per input (asked for ${count})`,
    );
  }
  const vectors = new Array<Float32Array>(count);
  data.forEach((entry, position) => {
    const index = isRecord(entry) && Number.isInteger(entry.index) ? (entry.index as number) : position;
    const embedding = isRecord(entry) ? entry.embedding : undefined;
    if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((x) => typeof x === "number")) {
      throw new EmbeddingError(`the embedding endpoint ${url} answered an embedding that is not a list of numbers`);
    }
    if (index < 0 || index >= count) throw new EmbeddingError(`the embedding endpoint ${url} answered index ${index}`);
    vectors[index] = Float32Array.from(embedding as number[]);
  });
  if (vectors.some((vector) => vector === undefined)) {
    throw new EmbeddingError(`the embedding endpoint ${url} left some inputs without an embedding`);
  }
  const dimensions = vectors[0].length;
  if (vectors.some((vector) => vector.length !== dimensions)) {
    throw new EmbeddingError(`the embedding endpoint ${url} answered vectors of different lengths`);
  }
  const usage = isRecord(document) && isRecord(document.usage) ? document.usage : undefined;
  const promptTokens = typeof usage?.prompt_tokens === "number" ? usage.prompt_tokens : undefined;
  return { vectors, promptTokens };
}

export function createOpenAiCompatibleEmbeddings(
  endpoint: EmbeddingEndpoint,
  fetchImplementation: typeof fetch = fetch,
): EmbeddingBackend {
  const url = embeddingsUrl(endpoint.baseUrl);
  async function embedBatch(texts: readonly string[], signal: AbortSignal | undefined): Promise<EmbeddingBatch> {
    let response: Response;
    try {
      response = await fetchImplementation(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: endpoint.model, input: texts, encoding_format: "float" }),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const cause =
        error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : "";
      throw new EmbeddingError(`could not reach the embedding endpoint ${url}${cause ? ` (${cause})` : ""}`);
    }
    const body = await response.text();
    if (!response.ok) {
      const hint =
        response.status === 401 || response.status === 403
          ? " Check the key (EMBEDDINGS_API_KEY)."
          : response.status === 404
            ? " Check the base URL (it should end in /v1) and the model name."
            : "";
      throw new EmbeddingError(
        `the embedding endpoint ${url} answered ${response.status}: ${errorTextOf(body, endpoint.apiKey)}.${hint}`,
        response.status,
      );
    }
    let document: unknown;
    try {
      document = JSON.parse(body);
    } catch {
      throw new EmbeddingError(`the embedding endpoint ${url} answered something that is not JSON`);
    }
    return vectorsOf(document, texts.length, url);
  }
  return {
    spaceKey: `${url}\n${endpoint.model}`,
    async embed(texts, options) {
      const vectors: Float32Array[] = [];
      let promptTokens: number | undefined;
      for (let start = 0; start < texts.length; start += EMBEDDING_BATCH_SIZE) {
        const batch = await embedBatch(texts.slice(start, start + EMBEDDING_BATCH_SIZE), options?.signal);
        vectors.push(...batch.vectors);
        if (batch.promptTokens !== undefined) promptTokens = (promptTokens ?? 0) + batch.promptTokens;
      }
      return { vectors, promptTokens };
    },
  };
}
