/**
 * The page's embedding backend: the playground's own `/api/embeddings`, which holds the endpoint's key on the
 * server (lib/server/embeddings-handler.ts). Vectors arrive as base64 Float32 (little-endian).
 */
import { EmbeddingError, type EmbeddingBackend } from "./types";

export type RouteBackendOptions = {
  /** The vector space the server named (`/api/embeddings` GET `spaceKey`): endpoint and model. */
  spaceKey: string;
  /** The page token the server checks on every API call, when `fetchImplementation` does not add it. */
  token?: string;
  url?: string;
  fetchImplementation?: typeof fetch;
};

export function decodeVector(base64: string): Float32Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Float32Array(bytes.buffer);
}

export function createRouteEmbeddings(options: RouteBackendOptions): EmbeddingBackend {
  const url = options.url ?? "/api/embeddings";
  const fetchImplementation = options.fetchImplementation ?? fetch;
  return {
    spaceKey: options.spaceKey,
    async embed(texts, { signal } = {}) {
      const response = await fetchImplementation(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.token ? { "x-playground-token": options.token } : {}),
        },
        body: JSON.stringify({ texts }),
        signal,
      });
      const answer = (await response.json().catch(() => null)) as {
        vectors?: string[];
        promptTokens?: number | null;
        error?: { message?: string };
      } | null;
      if (!response.ok || !Array.isArray(answer?.vectors))
        throw new EmbeddingError(
          answer?.error?.message ?? `the playground's embeddings route answered ${response.status}`,
          response.status,
        );
      return { vectors: answer.vectors.map(decodeVector), promptTokens: answer.promptTokens ?? undefined };
    },
  };
}
