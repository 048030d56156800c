/**
 * Which search the strategies that search on the client (gateway, stubs, Kimi and the variants) use in a live run
 * or an experiment: the lexical client search (the default, and always the simulation's), or the semantic or hybrid
 * search over an embedding endpoint the person configured. Embedding is asynchronous and a search is not, so the
 * caller `prepare`s the queries a reply asks for (the catalog is embedded on the first call, through the cache),
 * then searches synchronously.
 */
import type { CatalogTool } from "../../core/catalog";
import type { SearchOutcome } from "../types";
import { embedTexts } from "./embed-texts";
import {
  createHybridSearch,
  createSemanticSearch,
  DEFAULT_HYBRID_SEMANTIC_WEIGHT,
  toolEmbeddingText,
  type LexicalSearcher,
  type VectorToolSearcher,
} from "./semantic-search";
import type { EmbeddingBackend, EmbeddingCache } from "./types";

export type ClientSearchKind = "lexical" | "semantic" | "hybrid";
export const CLIENT_SEARCH_KINDS: readonly ClientSearchKind[] = ["lexical", "semantic", "hybrid"];

export type ClientSearchSetting = { kind: ClientSearchKind; semanticWeight?: number };

/** A semantic or hybrid search whose query vectors are computed before each reply's searches. */
export interface PreparedSearcher {
  readonly kind: Exclude<ClientSearchKind, "lexical">;
  readonly label: string;
  /** Embeds the catalog (once) and these queries; throws the endpoint's error. */
  prepare(queries: readonly string[], signal?: AbortSignal): Promise<void>;
  search(input: string, limit?: number): SearchOutcome;
}

export function createPreparedSearcher(options: {
  tools: readonly CatalogTool[];
  backend: EmbeddingBackend;
  cache: EmbeddingCache;
  lexical: LexicalSearcher;
  setting: ClientSearchSetting & { kind: "semantic" | "hybrid" };
}): PreparedSearcher {
  const { tools, backend, cache, lexical, setting } = options;
  const queryVectors = new Map<string, Float32Array>();
  let searcher: VectorToolSearcher | null = null;
  const weight = setting.semanticWeight ?? DEFAULT_HYBRID_SEMANTIC_WEIGHT;
  return {
    kind: setting.kind,
    label: setting.kind === "semantic" ? "semantic" : `hybrid (semantic weight ${weight})`,
    async prepare(queries, signal) {
      if (!searcher) {
        const embedded = await embedTexts(backend, cache, tools.map(toolEmbeddingText), signal ? { signal } : {});
        const semantic = createSemanticSearch(tools, embedded.vectors, queryVectors);
        searcher = setting.kind === "semantic" ? semantic : createHybridSearch(tools, lexical, semantic, weight);
      }
      const missing = [...new Set(queries)].filter((query) => !queryVectors.has(query));
      if (missing.length === 0) return;
      const embedded = await embedTexts(backend, cache, missing, signal ? { signal } : {});
      missing.forEach((query, index) => queryVectors.set(query, embedded.vectors[index]));
    },
    search(input, limit) {
      if (!searcher) return { ok: false, errorCode: "invalid_tool_input", errorMessage: "the catalog is not embedded" };
      return searcher.search(input, limit);
    },
  };
}
