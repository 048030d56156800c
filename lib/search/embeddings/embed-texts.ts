/**
 * Embeds texts through a backend and a cache: each distinct text once per vector space, ever. Only the texts the
 * cache lacks are sent, in batches, with progress after each, and the tokens the endpoint reported are summed so the
 * page and the CLI can say what embedding cost.
 */
import type { EmbeddingBackend, EmbeddingCache } from "./types";

export type EmbedProgress = { done: number; total: number; fromCache: number };

export type EmbeddedTexts = {
  /** One vector per input text, in input order. */
  vectors: Float32Array[];
  /** Texts answered by the cache, and texts sent to the endpoint (distinct texts each). */
  fromCache: number;
  sent: number;
  /** Tokens the endpoint reported for the texts sent now (0 when all came from the cache). */
  promptTokens: number | undefined;
};

/** Hex SHA-256 of a text, through Web Crypto (the same in Node, the browser and workers). */
export async function textHash(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The cache key of a text in a vector space: the space names the endpoint and model, the hash the text. */
export async function embeddingCacheKey(spaceKey: string, text: string): Promise<string> {
  return `${spaceKey}\n${await textHash(text)}`;
}

/** How many texts are sent per request when progress is reported: small enough for a moving bar. */
const PROGRESS_BATCH = 64;

export async function embedTexts(
  backend: EmbeddingBackend,
  cache: EmbeddingCache,
  texts: readonly string[],
  options: { signal?: AbortSignal; onProgress?: (progress: EmbedProgress) => void } = {},
): Promise<EmbeddedTexts> {
  const distinct = [...new Set(texts)];
  const keys = await Promise.all(distinct.map((text) => embeddingCacheKey(backend.spaceKey, text)));
  const cached = await cache.getMany(keys);
  const vectorByText = new Map<string, Float32Array>();
  const missing: number[] = [];
  distinct.forEach((text, index) => {
    const vector = cached.get(keys[index]);
    if (vector === undefined) missing.push(index);
    else vectorByText.set(text, vector);
  });
  const fromCache = distinct.length - missing.length;
  let promptTokens: number | undefined;
  options.onProgress?.({ done: fromCache, total: distinct.length, fromCache });
  for (let start = 0; start < missing.length; start += PROGRESS_BATCH) {
    const slice = missing.slice(start, start + PROGRESS_BATCH);
    const batch = await backend.embed(
      slice.map((index) => distinct[index]),
      { signal: options.signal },
    );
    if (batch.promptTokens !== undefined) promptTokens = (promptTokens ?? 0) + batch.promptTokens;
    await cache.putMany(slice.map((index, position) => [keys[index], batch.vectors[position]] as const));
    slice.forEach((index, position) => vectorByText.set(distinct[index], batch.vectors[position]));
    options.onProgress?.({ done: fromCache + start + slice.length, total: distinct.length, fromCache });
  }
  return {
    vectors: texts.map((text) => vectorByText.get(text)!),
    fromCache,
    sent: missing.length,
    promptTokens: missing.length === 0 ? 0 : promptTokens,
  };
}
