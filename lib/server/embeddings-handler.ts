/**
 * `/api/embeddings`: the lab's semantic search gets its vectors here. The endpoint (an OpenAI-compatible
 * `/v1/embeddings`: OpenAI, a local Ollama, vLLM or LM Studio) and its key are the server owner's, from the
 * environment, exactly as live mode's keys are: the key is sent upstream only, never to the page, a log or an
 * answer. Vectors are cached in the data folder's SQLite store, so a catalog is embedded once per machine.
 */
import { embedTexts } from "../search/embeddings/embed-texts";
import {
  createEmbeddingBackend,
  EMBEDDINGS_PROTOCOL_ENV,
  embeddingProtocolOf,
  protocolFromEnvironment,
} from "../search/embeddings/embedding-backend";
import { EMBEDDING_PRICES } from "../search/embeddings/prices";
import {
  createMemoryEmbeddingCache,
  EmbeddingError,
  type EmbeddingBackend,
  type EmbeddingCache,
  type EmbeddingProtocol,
} from "../search/embeddings/types";
import { readJsonBody } from "./read-body";
import { errorResponse, guardApiRequest, jsonResponse } from "./request-guard";
import { getStore } from "./store";

type Environment = Record<string, string | undefined>;

export const EMBEDDINGS_ENV = {
  baseUrl: "EMBEDDINGS_BASE_URL",
  model: "EMBEDDINGS_MODEL",
  apiKey: "EMBEDDINGS_API_KEY",
  usdPerMillionTokens: "EMBEDDINGS_USD_PER_MILLION_TOKENS",
  /** `openai` or `gemini`; unset, Gemini's format for Google's address and OpenAI's otherwise. */
  protocol: EMBEDDINGS_PROTOCOL_ENV,
} as const;

/** Texts per request: one progress step of the page's bar. */
export const MAX_TEXTS_PER_REQUEST = 64;
/** A tool's searched fields rarely pass a few thousand characters; this bounds one request's upstream cost. */
export const MAX_TEXT_CHARACTERS = 16_000;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export type EmbeddingsStatus =
  | { configured: false; variables: typeof EMBEDDINGS_ENV; problem?: string }
  | {
      configured: true;
      baseUrl: string;
      model: string;
      protocol: EmbeddingProtocol;
      /** Names the vector space for caches: endpoint and model, never the key. */
      spaceKey: string;
      /** Per million input tokens: the owner's setting, else the published price, else unknown. */
      price: { usdPerMillionTokens: number; source: string } | null;
    };

export function embeddingsStatus(env: Environment = process.env): EmbeddingsStatus {
  const baseUrl = env[EMBEDDINGS_ENV.baseUrl]?.trim();
  const model = env[EMBEDDINGS_ENV.model]?.trim();
  if (!baseUrl || !model) return { configured: false, variables: EMBEDDINGS_ENV };
  let chosen: EmbeddingProtocol | undefined;
  try {
    chosen = protocolFromEnvironment(env);
  } catch (error) {
    return { configured: false, variables: EMBEDDINGS_ENV, problem: (error as Error).message };
  }
  const protocol = embeddingProtocolOf({ baseUrl, model, ...(chosen ? { protocol: chosen } : {}) });
  const owned = Number(env[EMBEDDINGS_ENV.usdPerMillionTokens]);
  const published = EMBEDDING_PRICES[model];
  const price =
    Number.isFinite(owned) && owned >= 0 && env[EMBEDDINGS_ENV.usdPerMillionTokens]
      ? { usdPerMillionTokens: owned, source: EMBEDDINGS_ENV.usdPerMillionTokens }
      : published
        ? { usdPerMillionTokens: published.usdPerMillionTokens, source: `${published.source} (${published.checked})` }
        : null;
  return { configured: true, baseUrl, model, protocol, spaceKey: `${baseUrl.replace(/\/+$/, "")}|${model}`, price };
}

const fallback = createMemoryEmbeddingCache();

/**
 * The store's cache, or this process's memory when the store cannot be opened or answer (a read-only disk, a
 * database that is down): the search still runs, and the vectors are fetched again next time.
 */
function embeddingCache(env: Environment): EmbeddingCache {
  let cache: EmbeddingCache;
  try {
    cache = getStore(env).embeddings();
  } catch {
    return fallback;
  }
  return {
    getMany: (keys) => cache.getMany(keys).catch(() => fallback.getMany(keys)),
    putMany: (entries) => cache.putMany(entries).catch(() => fallback.putMany(entries)),
  };
}

/**
 * The server's configured endpoint with its cache, for the experiment's semantic and hybrid client search; null
 * when none is configured. The key stays in the backend, never in a result.
 */
export function serverEmbeddings(
  env: Environment = process.env,
): { backend: EmbeddingBackend; cache: EmbeddingCache } | null {
  const status = embeddingsStatus(env);
  if (!status.configured) return null;
  const apiKey = env[EMBEDDINGS_ENV.apiKey]?.trim() || undefined;
  return {
    backend: createEmbeddingBackend({
      baseUrl: status.baseUrl,
      model: status.model,
      apiKey,
      protocol: status.protocol,
    }),
    cache: embeddingCache(env),
  };
}

/** Float32 little-endian bytes as base64: a quarter of the JSON numbers' size, exact to the bit. */
export function encodeVector(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString("base64");
}

export function handleEmbeddingsStatus(request: Request, env: Environment = process.env): Response {
  return guardApiRequest(request) ?? jsonResponse(embeddingsStatus(env));
}

export async function handleEmbeddingsPost(request: Request, env: Environment = process.env): Promise<Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const status = embeddingsStatus(env);
  if (!status.configured)
    return errorResponse(
      409,
      "embeddings_not_configured",
      `embeddings: no endpoint is set on the server (${EMBEDDINGS_ENV.baseUrl} and ${EMBEDDINGS_ENV.model}, with ${EMBEDDINGS_ENV.apiKey} when it needs one)`,
    );
  const body = await readJsonBody(request, MAX_BODY_BYTES, "embeddings");
  if (!body.ok) return body.response;
  const texts = (body.value as { texts?: unknown } | null)?.texts;
  if (
    !Array.isArray(texts) ||
    texts.length === 0 ||
    texts.length > MAX_TEXTS_PER_REQUEST ||
    !texts.every((text) => typeof text === "string" && text.length > 0 && text.length <= MAX_TEXT_CHARACTERS)
  )
    return errorResponse(
      400,
      "invalid_texts",
      `embeddings: "texts" is 1 to ${MAX_TEXTS_PER_REQUEST} non-empty strings of at most ${MAX_TEXT_CHARACTERS.toLocaleString("en-US")} characters`,
    );
  const apiKey = env[EMBEDDINGS_ENV.apiKey]?.trim() || undefined;
  const backend = createEmbeddingBackend({
    baseUrl: status.baseUrl,
    model: status.model,
    apiKey,
    protocol: status.protocol,
  });
  try {
    const embedded = await embedTexts(backend, embeddingCache(env), texts as string[], { signal: request.signal });
    return jsonResponse({
      vectors: embedded.vectors.map(encodeVector),
      fromCache: embedded.fromCache,
      sent: embedded.sent,
      promptTokens: embedded.promptTokens ?? null,
    });
  } catch (error) {
    // EmbeddingError messages name the endpoint and its answer with the key already cut out.
    const message = error instanceof EmbeddingError ? error.message : "embeddings: the endpoint could not be reached";
    return errorResponse(502, "embedding_failed", message);
  }
}
