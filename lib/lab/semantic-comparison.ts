/**
 * Lexical, semantic and hybrid search side by side on a query set: the lab's answer to "would embeddings find what
 * the words miss, and what would they lose?". The lexical side is the client search (the one the gateway, stubs and
 * Kimi use); semantic ranks tools by the cosine of their vectors to the query's; hybrid fuses both
 * (lib/search/embeddings/semantic-search.ts, its formula and weight). Everything here is arithmetic on vectors the
 * caller already has: embedding is asynchronous and happens before.
 */
import type { CatalogTool } from "../core/catalog";
import { createClientSearch, type ClientSearchOptions, type ClientSearchResources } from "../search/client-search";
import {
  cosineSimilarity,
  createHybridSearch,
  createSemanticSearch,
  toolEmbeddingText,
} from "../search/embeddings/semantic-search";
import { evaluateSearch } from "../search/evaluate";
import type { LabQuery } from "./query-set";

export const COMPARED_SEARCHES = ["lexical", "semantic", "hybrid"] as const;
export type ComparedSearch = (typeof COMPARED_SEARCHES)[number];

export type ComparedSummary = { recallAtK: number; mrr: number };

export type ComparedQuery = {
  q: string;
  expect: string[];
  /** 1-based rank of the first expected tool under each search, null when it is not in the first max(k, 5). */
  ranks: Record<ComparedSearch, number | null>;
  /** Lexical or semantic, whichever ranked the expected tool higher; null when they tie. */
  winner: ComparedSearch | null;
  /** By how many ranks it did (a miss counts as one past the depth read: rank 6 for k ≤ 5). */
  margin: number;
  /** Cosine of the query to the first expected tool and to the semantic top hit: what "semantic" saw, no more. */
  similarity: { expected: number | null; top: { name: string; value: number } | null };
};

export type SemanticComparison = {
  summaries: Record<ComparedSearch, ComparedSummary>;
  queries: ComparedQuery[];
  semanticWeight: number;
};

/** The texts to embed for a catalog and a query set: each tool's searched fields, then each query. */
export function textsToEmbed(tools: readonly CatalogTool[], queries: readonly LabQuery[]) {
  return { toolTexts: tools.map(toolEmbeddingText), queryTexts: [...new Set(queries.map((query) => query.q))] };
}

export function compareSearches(input: {
  tools: readonly CatalogTool[];
  queries: readonly LabQuery[];
  toolVectors: readonly Float32Array[];
  queryVectors: ReadonlyMap<string, Float32Array>;
  clientOptions: ClientSearchOptions;
  clientResources?: ClientSearchResources;
  semanticWeight: number;
  k: number;
}): SemanticComparison {
  const { tools, queries, toolVectors, queryVectors, k, semanticWeight } = input;
  const lexical = createClientSearch(tools, input.clientOptions, input.clientResources ?? {});
  const semantic = createSemanticSearch(tools, toolVectors, queryVectors);
  const hybrid = createHybridSearch(tools, lexical, semantic, semanticWeight);
  const searchers = { lexical, semantic, hybrid };
  const evaluations = Object.fromEntries(
    COMPARED_SEARCHES.map((id) => [id, evaluateSearch(searchers[id], queries, k)]),
  ) as Record<ComparedSearch, ReturnType<typeof evaluateSearch>>;
  const depth = Math.max(k, 5);
  const indexOf = new Map(tools.map((tool, index) => [tool.name, index]));
  const compared = queries.map((query, position): ComparedQuery => {
    const ranks = Object.fromEntries(
      COMPARED_SEARCHES.map((id) => [id, evaluations[id].perQuery[position].rank]),
    ) as Record<ComparedSearch, number | null>;
    // The question the lab asks: words or meaning? A miss counts as one rank past the depth read.
    const lexicalRank = ranks.lexical ?? depth + 1;
    const semanticRank = ranks.semantic ?? depth + 1;
    const winner: ComparedSearch | null =
      lexicalRank < semanticRank ? "lexical" : semanticRank < lexicalRank ? "semantic" : null;
    const queryVector = queryVectors.get(query.q);
    const expectedIndex = query.expect.map((name) => indexOf.get(name)).find((index) => index !== undefined);
    const semanticTop = evaluations.semantic.perQuery[position].top[0];
    return {
      q: query.q,
      expect: query.expect,
      ranks,
      winner,
      margin: Math.abs(lexicalRank - semanticRank),
      similarity: {
        expected:
          queryVector !== undefined && expectedIndex !== undefined
            ? cosineSimilarity(queryVector, toolVectors[expectedIndex])
            : null,
        top: semanticTop ? { name: semanticTop.name, value: semanticTop.score } : null,
      },
    };
  });
  const summaries = Object.fromEntries(
    COMPARED_SEARCHES.map((id) => [id, { recallAtK: evaluations[id].recallAtK, mrr: evaluations[id].mrr }]),
  ) as Record<ComparedSearch, ComparedSummary>;
  return { summaries, queries: compared, semanticWeight };
}
