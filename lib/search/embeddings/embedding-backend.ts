/**
 * The embedding backend for an endpoint, by its wire format: the Gemini API's own format for its address (or when
 * the person says so), OpenAI's for everything else (OpenAI, Ollama, vLLM, LM Studio, DashScope, Zhipu, gateways).
 */
import { createGeminiEmbeddings, GEMINI_EMBEDDINGS_HOST } from "./gemini-embeddings";
import { createOpenAiCompatibleEmbeddings } from "./openai-compatible";
import { EmbeddingError, type EmbeddingBackend, type EmbeddingEndpoint, type EmbeddingProtocol } from "./types";

/** The environment variable that names the wire format, read by the server and the CLIs alike. */
export const EMBEDDINGS_PROTOCOL_ENV = "EMBEDDINGS_PROTOCOL";

export const EMBEDDING_PROTOCOLS: readonly EmbeddingProtocol[] = ["openai", "gemini"];

export function isEmbeddingProtocol(value: unknown): value is EmbeddingProtocol {
  return EMBEDDING_PROTOCOLS.includes(value as EmbeddingProtocol);
}

/** EMBEDDINGS_PROTOCOL as set (undefined when unset), or an EmbeddingError naming the accepted values. */
export function protocolFromEnvironment(env: Record<string, string | undefined>): EmbeddingProtocol | undefined {
  const chosen = env[EMBEDDINGS_PROTOCOL_ENV]?.trim();
  if (!chosen) return undefined;
  if (!isEmbeddingProtocol(chosen))
    throw new EmbeddingError(
      `${EMBEDDINGS_PROTOCOL_ENV} is "${chosen}": it should be ${EMBEDDING_PROTOCOLS.join(" or ")}`,
    );
  return chosen;
}

/** The endpoint's wire format: the one set, else Gemini's for Google's address, else OpenAI's. */
export function embeddingProtocolOf(endpoint: EmbeddingEndpoint): EmbeddingProtocol {
  if (endpoint.protocol) return endpoint.protocol;
  let host = "";
  try {
    host = new URL(endpoint.baseUrl).hostname;
  } catch {
    // Not a URL: the request names it in its error.
  }
  return host === GEMINI_EMBEDDINGS_HOST ? "gemini" : "openai";
}

export function createEmbeddingBackend(
  endpoint: EmbeddingEndpoint,
  fetchImplementation: typeof fetch = fetch,
): EmbeddingBackend {
  return embeddingProtocolOf(endpoint) === "gemini"
    ? createGeminiEmbeddings(endpoint, fetchImplementation)
    : createOpenAiCompatibleEmbeddings(endpoint, fetchImplementation);
}
