/**
 * The tokens saved against recall lost curve of the compression knob: the catalog evaluated at every level of
 * `COMPRESSION_LEVELS`, with the full descriptions as the reference.
 */
import type { CatalogTool } from "../core/catalog";
import type { ClientSearchOptions, ClientSearchResources, SearchId } from "../search";
import { COMPRESSION_LEVELS, compressCatalog, type CompressionLevel } from "./compression";
import { createLabSearchers, runSearch, toolTokens } from "./evaluate-catalog";
import type { LabQuery } from "./query-set";
import { LAB_SEARCH_IDS } from "./search-labels";
import { runSteps, type Steps } from "./steps";

export type CompressionPoint = {
  levelId: string;
  label: string;
  tokens: number;
  tokensSaved: number;
  /** tokensSaved / the full catalog's tokens, 0…1. */
  savedShare: number;
  recallAtK: Record<SearchId, number>;
  mrr: Record<SearchId, number>;
  /** Full recall@k minus this level's: what the shortening cost, per search. */
  recallLost: Record<SearchId, number>;
};

export type CompressionInput = {
  tools: readonly CatalogTool[];
  queries: readonly LabQuery[];
  clientOptions: ClientSearchOptions;
  /** The word-vector table for the client search's soft matches, when loaded. */
  clientResources?: ClientSearchResources;
  k: number;
  countTokens: (text: string) => number;
  levels?: readonly CompressionLevel[];
};

/**
 * The curve one level at a time: the generator yields after each level, so the worker can answer an edit in between
 * (a whole curve is seven full evaluations).
 */
export function* compressionCurveSteps({
  tools,
  queries,
  clientOptions,
  clientResources = {},
  k,
  countTokens,
  levels = COMPRESSION_LEVELS,
}: CompressionInput): Steps<CompressionPoint[]> {
  const measured = [];
  for (const level of levels) {
    const compressed = compressCatalog(tools, level);
    const searchers = createLabSearchers(compressed, clientOptions, clientResources);
    const runs = LAB_SEARCH_IDS.map((id) => runSearch(searchers[id], queries, k).summary);
    measured.push({
      level,
      tokens: compressed.reduce((sum, tool) => sum + toolTokens(tool, countTokens), 0),
      recallAtK: Object.fromEntries(LAB_SEARCH_IDS.map((id, index) => [id, runs[index].recallAtK])) as Record<
        SearchId,
        number
      >,
      mrr: Object.fromEntries(LAB_SEARCH_IDS.map((id, index) => [id, runs[index].mrr])) as Record<SearchId, number>,
    });
    yield;
  }
  const reference = measured[0];
  return measured.map(({ level, tokens, recallAtK, mrr }) => ({
    levelId: level.id,
    label: level.label,
    tokens,
    tokensSaved: reference.tokens - tokens,
    savedShare: reference.tokens === 0 ? 0 : (reference.tokens - tokens) / reference.tokens,
    recallAtK,
    mrr,
    recallLost: Object.fromEntries(LAB_SEARCH_IDS.map((id) => [id, reference.recallAtK[id] - recallAtK[id]])) as Record<
      SearchId,
      number
    >,
  }));
}

/** One point per level: tokens of all definitions, recall@k and MRR of each search. The first level is the reference. */
export function compressionCurve(input: CompressionInput): CompressionPoint[] {
  return runSteps(compressionCurveSteps(input));
}
