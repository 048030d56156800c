/**
 * What every embedding wire format shares: one JSON POST whose failures are worded for a person (what was asked,
 * what came back, what to check, never the key), and inputs sent in batches whose vectors are joined in order.
 */
import { EmbeddingError, type EmbeddingBackend, type EmbeddingBatch } from "./types";

/** Inputs per request: OpenAI accepts up to 2,048 and Gemini 100; small local servers are happier with fewer. */
export const EMBEDDING_BATCH_SIZE = 64;
/** The part of an error body shown to the person: enough for the provider's message, not a whole page. */
const ERROR_TEXT_LIMIT = 300;

export function isRecord(value: unknown): value is Record<string, unknown> {
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

export type EmbeddingRequest = {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  apiKey: string | undefined;
  /** What to check when the endpoint answers 404 (the base URL's shape differs by wire format). */
  notFoundHint: string;
  signal: AbortSignal | undefined;
  fetchImplementation: typeof fetch;
};

/** The answer's parsed JSON, or an EmbeddingError naming the endpoint and what went wrong. */
export async function postEmbeddingRequest(request: EmbeddingRequest): Promise<unknown> {
  const { url, signal, apiKey } = request;
  let response: Response;
  try {
    response = await request.fetchImplementation(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...request.headers },
      body: JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const cause = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : "";
    throw new EmbeddingError(`could not reach the embedding endpoint ${url}${cause ? ` (${cause})` : ""}`);
  }
  const body = await response.text();
  if (!response.ok) {
    const hint =
      response.status === 401 || response.status === 403
        ? " Check the key (EMBEDDINGS_API_KEY)."
        : response.status === 404
          ? ` ${request.notFoundHint}`
          : "";
    throw new EmbeddingError(
      `the embedding endpoint ${url} answered ${response.status}: ${errorTextOf(body, apiKey)}.${hint}`,
      response.status,
    );
  }
  try {
    return JSON.parse(body);
  } catch {
    throw new EmbeddingError(`the embedding endpoint ${url} answered something that is not JSON`);
  }
}

/** One vector per input from a list of number lists, checked: every input answered, all of one length. */
export function checkedVectors(lists: unknown[], count: number, url: string): Float32Array[] {
  if (lists.length !== count) {
    throw new EmbeddingError(
      `the embedding endpoint ${url} answered without one embedding per input (asked for ${count})`,
    );
  }
  const vectors = lists.map((list) => {
    if (!Array.isArray(list) || list.length === 0 || !list.every((x) => typeof x === "number")) {
      throw new EmbeddingError(`the embedding endpoint ${url} answered an embedding that is not a list of numbers`);
    }
    return Float32Array.from(list as number[]);
  });
  const dimensions = vectors[0]?.length;
  if (vectors.some((vector) => vector.length !== dimensions)) {
    throw new EmbeddingError(`the embedding endpoint ${url} answered vectors of different lengths`);
  }
  return vectors;
}

/** A backend that sends its inputs EMBEDDING_BATCH_SIZE at a time and joins the answers in input order. */
export function batchedBackend(
  spaceKey: string,
  embedBatch: (texts: readonly string[], signal: AbortSignal | undefined) => Promise<EmbeddingBatch>,
): EmbeddingBackend {
  return {
    spaceKey,
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
