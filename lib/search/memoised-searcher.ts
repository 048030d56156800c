import type { SearchOutcome, ToolSearcher } from "./types";

/** Distinct queries remembered per searcher; a run asks a few dozen, so this only bounds a pathological session. */
const MAXIMUM_REMEMBERED_QUERIES = 1_000;

/**
 * A searcher that answers a repeated query from memory. A search index is fixed once built, so the same query and
 * limit always give the same outcome; at 10,000 tools one fuzzy MiniSearch query costs tens of milliseconds, and a
 * re-run after an edit asks exactly the queries the previous run asked. Outcomes are shared: callers only read them.
 */
export function memoiseSearcher(searcher: ToolSearcher): ToolSearcher {
  const outcomes = new Map<string, SearchOutcome>();
  return {
    id: searcher.id,
    label: searcher.label,
    search(input: string, limit?: number): SearchOutcome {
      const key = `${limit ?? ""}\u0000${input}`;
      let outcome = outcomes.get(key);
      if (outcome === undefined) {
        outcome = searcher.search(input, limit);
        if (outcomes.size >= MAXIMUM_REMEMBERED_QUERIES) outcomes.delete(outcomes.keys().next().value as string);
        outcomes.set(key, outcome);
      }
      return outcome;
    },
  };
}

/**
 * A searcher whose index is built on its first query. Most strategies never search (full, naive-dynamic,
 * openai-tool-search run on the provider), and building all three indexes over 10,000 tools costs seconds that the
 * first strategy on screen should not wait for.
 */
export function lazySearcher(id: ToolSearcher["id"], build: () => ToolSearcher): ToolSearcher {
  let built: ToolSearcher | null = null;
  const searcher = () => (built ??= memoiseSearcher(build()));
  return {
    id,
    // The label is the built searcher's own (asking for it builds the index; only tables and the lab ask).
    get label() {
      return searcher().label;
    },
    search(input: string, limit?: number): SearchOutcome {
      return searcher().search(input, limit);
    },
  };
}
