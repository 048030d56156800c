/**
 * Retrieval quality of a tool search on labelled queries: recall@1/3/5/k and mean reciprocal rank. A query counts
 * as found at rank r when any of its expected tools is the r-th hit (1-based). Errors count as not found.
 */
import { ANTHROPIC_SEARCH_MAX_RESULTS } from "./limits";
import { deriveRegexFromQuery } from "./derive-query";
import type { EvaluatedSearchId, RankingSearcher, SearchHit } from "./types";

export type EvaluationQuery = { q: string; expect: string[] };

export type QueryEvaluation = {
  q: string;
  expect: string[];
  /** What the searcher was given: the query, or for the regex search the pattern derived from it. */
  input: string;
  /** 1-based rank of the first expected tool among the hits, or null when none was returned. */
  rank: number | null;
  top: SearchHit[];
  /** Present when the search returned `invalid_tool_input`. */
  errorMessage?: string;
};

export type SearchEvaluation = {
  queries: number;
  k: number;
  recallAt1: number;
  recallAt3: number;
  recallAt5: number;
  /** Recall at the caller's `k` (equal to one of the above when k is 1, 3 or 5). */
  recallAtK: number;
  /** Mean of 1/rank over all queries, 0 for a query whose tools were not in the top max(k, 5). */
  mrr: number;
  perQuery: QueryEvaluation[];
};

/**
 * The search input a natural-language query becomes: the regex search gets the pattern the simulated model would
 * write (`deriveRegexFromQuery`), the others get the query itself.
 */
export function searchInputFor(searchId: EvaluatedSearchId, query: string): string {
  return searchId === "anthropic-regex" ? deriveRegexFromQuery(query) : query;
}

export function evaluateSearch(
  searcher: RankingSearcher,
  queries: ReadonlyArray<EvaluationQuery>,
  k = ANTHROPIC_SEARCH_MAX_RESULTS,
): SearchEvaluation {
  const depth = Math.max(k, ANTHROPIC_SEARCH_MAX_RESULTS);
  const perQuery = queries.map(({ q, expect }): QueryEvaluation => {
    const input = searchInputFor(searcher.id, q);
    const outcome = searcher.search(input, depth);
    if (!outcome.ok) return { q, expect, input, rank: null, top: [], errorMessage: outcome.errorMessage };
    const expected = new Set(expect);
    const position = outcome.hits.findIndex((hit) => expected.has(hit.name));
    return { q, expect, input, rank: position === -1 ? null : position + 1, top: outcome.hits };
  });
  const count = perQuery.length;
  const recallAt = (cutoff: number) =>
    count === 0 ? 0 : perQuery.filter((query) => query.rank !== null && query.rank <= cutoff).length / count;
  const reciprocalRanks = perQuery.reduce((sum, query) => sum + (query.rank === null ? 0 : 1 / query.rank), 0);
  return {
    queries: count,
    k,
    recallAt1: recallAt(1),
    recallAt3: recallAt(3),
    recallAt5: recallAt(5),
    recallAtK: recallAt(k),
    mrr: count === 0 ? 0 : reciprocalRanks / count,
    perQuery,
  };
}

/**
 * Two tools that win each other's queries: `firstTookFromSecond` counts queries expecting `second` whose top hit
 * was `first`, and the reverse. A pair that only goes one way is still listed; `mutual` marks the ones that go both.
 */
export type ConfusablePair = {
  first: string;
  second: string;
  firstTookFromSecond: number;
  secondTookFromFirst: number;
  mutual: boolean;
  queries: string[];
};

/** Pairs of tools confused at rank 1, most confused first, mutual pairs before one-way ones at equal counts. */
export function confusablePairs(result: SearchEvaluation): ConfusablePair[] {
  const pairs = new Map<string, ConfusablePair>();
  for (const query of result.perQuery) {
    const winner = query.top[0]?.name;
    if (winner === undefined || query.rank === 1 || query.expect.includes(winner)) continue;
    for (const expected of query.expect) {
      const [first, second] = [winner, expected].sort();
      const key = JSON.stringify([first, second]);
      const pair = pairs.get(key) ?? {
        first,
        second,
        firstTookFromSecond: 0,
        secondTookFromFirst: 0,
        mutual: false,
        queries: [],
      };
      if (winner === first) pair.firstTookFromSecond += 1;
      else pair.secondTookFromFirst += 1;
      pair.mutual = pair.firstTookFromSecond > 0 && pair.secondTookFromFirst > 0;
      if (!pair.queries.includes(query.q)) pair.queries.push(query.q);
      pairs.set(key, pair);
    }
  }
  const total = (pair: ConfusablePair) => pair.firstTookFromSecond + pair.secondTookFromFirst;
  return [...pairs.values()].sort(
    (left, right) =>
      total(right) - total(left) ||
      Number(right.mutual) - Number(left.mutual) ||
      left.first.localeCompare(right.first) ||
      left.second.localeCompare(right.second),
  );
}
