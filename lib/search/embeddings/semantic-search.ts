/**
 * Semantic and hybrid tool search over vectors from an embedding endpoint.
 *
 * - **Semantic**: tools ranked by the cosine similarity of their text's vector to the query's. Equal scores keep
 *   catalog order. The text of a tool is what the lexical searches read: name, description, argument names and
 *   descriptions (`toolEmbeddingText`).
 * - **Hybrid**: weighted reciprocal-rank fusion of the client search and the semantic ranking:
 *   `score(t) = w / (60 + rank_semantic(t)) + (1 − w) / (60 + rank_lexical(t))`, each rank 1-based within the first
 *   `HYBRID_DEPTH` hits of its list (a tool missing from a list adds nothing from it). 60 is the constant of Cormack,
 *   Clarke and Büttcher's RRF paper; `w` (default 0.5) is a setting. Fusion of ranks, not scores, because BM25 scores
 *   and cosines live on scales that cannot be added.
 */
import type { CatalogTool } from "../../core/catalog";
import { searchFieldTexts } from "../tool-fields";
import type { EvaluatedSearchId, SearchHit, SearchOutcome } from "../types";

export type SemanticSearchId = Exclude<EvaluatedSearchId, "anthropic-bm25" | "anthropic-regex" | "client">;

/** A search whose query vectors were computed beforehand (embedding is asynchronous; ranking is not). */
export interface VectorToolSearcher {
  readonly id: SemanticSearchId;
  readonly label: string;
  search(input: string, limit?: number): SearchOutcome;
}

/** What the lexical side of a hybrid needs: a ranking of the same tools for the same query. */
export type LexicalSearcher = { search(input: string, limit?: number): SearchOutcome };

export const RECIPROCAL_RANK_CONSTANT = 60;
/** How deep each list is read for the fusion: far beyond the 5 results a model sees. */
export const HYBRID_DEPTH = 50;
export const DEFAULT_HYBRID_SEMANTIC_WEIGHT = 0.5;

/** The text embedded for a tool: the four searched fields, labelled, one per line. */
export function toolEmbeddingText(tool: CatalogTool): string {
  const fields = searchFieldTexts(tool);
  const lines = [`${tool.name}: ${tool.description ?? ""}`.trim()];
  if (fields.parameterName.length > 0) lines.push(`Arguments: ${fields.parameterName.join(", ")}`);
  if (fields.parameterDescription.length > 0) lines.push(fields.parameterDescription.join("; "));
  return lines.join("\n");
}

export function cosineSimilarity(left: Float32Array, right: Float32Array): number {
  if (left.length !== right.length) throw new Error(`vectors of ${left.length} and ${right.length} dimensions`);
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < left.length; index += 1) {
    dot += left[index] * right[index];
    leftNorm += left[index] * left[index];
    rightNorm += right[index] * right[index];
  }
  return leftNorm === 0 || rightNorm === 0 ? 0 : dot / Math.sqrt(leftNorm * rightNorm);
}

function missingQuery(input: string): SearchOutcome {
  return { ok: false, errorCode: "invalid_tool_input", errorMessage: `no embedding was computed for "${input}"` };
}

export function createSemanticSearch(
  tools: readonly CatalogTool[],
  toolVectors: readonly Float32Array[],
  queryVectors: ReadonlyMap<string, Float32Array>,
): VectorToolSearcher {
  if (toolVectors.length !== tools.length) throw new Error("one vector per tool is needed");
  return {
    id: "semantic",
    label: "Semantic (embeddings)",
    search(input, limit = 5) {
      const query = queryVectors.get(input);
      if (query === undefined) return missingQuery(input);
      const scored = tools.map((tool, index) => ({ index, score: cosineSimilarity(query, toolVectors[index]) }));
      scored.sort((left, right) => right.score - left.score || left.index - right.index);
      const hits: SearchHit[] = scored
        .slice(0, limit)
        .map(({ index, score }) => ({ name: tools[index].name, score, matches: [] }));
      return { ok: true, hits };
    },
  };
}

/** The 1-based rank of each tool name in the first `HYBRID_DEPTH` hits, or an empty map for an error. */
function ranksOf(outcome: SearchOutcome): Map<string, number> {
  const ranks = new Map<string, number>();
  if (outcome.ok) outcome.hits.forEach((hit, index) => ranks.set(hit.name, index + 1));
  return ranks;
}

export function createHybridSearch(
  tools: readonly CatalogTool[],
  lexical: LexicalSearcher,
  semantic: VectorToolSearcher,
  semanticWeight: number = DEFAULT_HYBRID_SEMANTIC_WEIGHT,
): VectorToolSearcher {
  if (!(semanticWeight >= 0 && semanticWeight <= 1)) throw new Error("the semantic weight is a number from 0 to 1");
  const order = new Map(tools.map((tool, index) => [tool.name, index]));
  return {
    id: "hybrid",
    label: `Hybrid (RRF, semantic weight ${semanticWeight})`,
    search(input, limit = 5) {
      const semanticOutcome = semantic.search(input, HYBRID_DEPTH);
      if (!semanticOutcome.ok) return semanticOutcome;
      const semanticRanks = ranksOf(semanticOutcome);
      const lexicalRanks = ranksOf(lexical.search(input, HYBRID_DEPTH));
      const scores = new Map<string, number>();
      const add = (ranks: Map<string, number>, weight: number) => {
        for (const [name, rank] of ranks) {
          scores.set(name, (scores.get(name) ?? 0) + weight / (RECIPROCAL_RANK_CONSTANT + rank));
        }
      };
      add(semanticRanks, semanticWeight);
      add(lexicalRanks, 1 - semanticWeight);
      const hits: SearchHit[] = [...scores]
        .filter(([, score]) => score > 0)
        .sort(([leftName, left], [rightName, right]) => right - left || order.get(leftName)! - order.get(rightName)!)
        .slice(0, limit)
        .map(([name, score]) => ({ name, score, matches: [] }));
      return { ok: true, hits };
    },
  };
}
