/**
 * Embedding backends for semantic tool search. The vectors come from an endpoint the person already has (OpenAI's
 * `/v1/embeddings` or a server compatible with it: Ollama, vLLM, LM Studio; the Gemini API's batchEmbedContents),
 * never from weights shipped here.
 */

/** The wire formats spoken: OpenAI's `/embeddings` (and every server compatible with it), the Gemini API's. */
export type EmbeddingProtocol = "openai" | "gemini";

/** Where the vectors come from. The key is sent upstream only: it is never part of a cache key, a log or an error. */
export type EmbeddingEndpoint = {
  /**
   * The API root, e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` (`/embeddings` is appended) or
   * `https://generativelanguage.googleapis.com/v1beta` (`/models/{model}:batchEmbedContents` is appended).
   */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Unset: Gemini's format for Google's address, OpenAI's otherwise (lib/search/embeddings/embedding-backend.ts). */
  protocol?: EmbeddingProtocol;
};

export type EmbeddingBatch = {
  /** One vector per input text, in input order. */
  vectors: Float32Array[];
  /** Input tokens the endpoint reported for the batch (`usage.prompt_tokens`), when it reported any. */
  promptTokens: number | undefined;
};

export interface EmbeddingBackend {
  /** Names the vector space: the endpoint's address and model, without the key. Cache entries are keyed by it. */
  readonly spaceKey: string;
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<EmbeddingBatch>;
}

/**
 * Vectors kept by (vector space, text hash), so a catalog is embedded once: in memory for tests, IndexedDB in the
 * browser, the embedded SQLite store on the server and in the CLI.
 */
export interface EmbeddingCache {
  getMany(keys: readonly string[]): Promise<Map<string, Float32Array>>;
  putMany(entries: ReadonlyArray<readonly [string, Float32Array]>): Promise<void>;
}

/** A failure of the endpoint, worded for a person: what was asked, what came back, what to check. */
export class EmbeddingError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "EmbeddingError";
  }
}

export function createMemoryEmbeddingCache(): EmbeddingCache & { readonly size: number } {
  const entries = new Map<string, Float32Array>();
  return {
    get size() {
      return entries.size;
    },
    async getMany(keys) {
      const found = new Map<string, Float32Array>();
      for (const key of keys) {
        const vector = entries.get(key);
        if (vector !== undefined) found.set(key, vector);
      }
      return found;
    },
    async putMany(batch) {
      for (const [key, vector] of batch) entries.set(key, vector);
    },
  };
}
