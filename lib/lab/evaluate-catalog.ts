/**
 * One evaluation of a catalog against a query set under the three searches: per query the expected tool's rank and
 * the top hits; per search recall@1/3/5, MRR and the confusable pairs; per tool its token cost beside its
 * findability, and the description linter's findings. Everything the lab page shows comes from here, computed in
 * the lab worker.
 */
import type { CatalogTool } from "../core/catalog";
import { anthropicToolDefinition } from "../providers/anthropic/anthropic-messages";
import {
  confusablePairs,
  createAnthropicBm25Search,
  createAnthropicRegexSearch,
  createClientSearch,
  evaluateSearch,
  lintDescriptions,
  type ClientSearchOptions,
  type ClientSearchResources,
  type ClientToolSearcher,
  type ConfusablePair,
  type DescriptionFinding,
  type SearchHit,
  type SearchId,
  type ToolSearcher,
} from "../search";
import type { LabQuery } from "./query-set";
import { LAB_SEARCH_IDS } from "./search-labels";
import { runSteps, type Steps } from "./steps";
import { isUnspacedRun } from "../search/tokenize";

/** The three searches; the client one can also break a score down for the "why" view. */
export type LabSearchers = Record<Exclude<SearchId, "client">, ToolSearcher> & { client: ClientToolSearcher };

/** `resources` carries the word-vector table for the client search's soft matches, when the lab has loaded it. */
export function createLabSearchers(
  tools: readonly CatalogTool[],
  clientOptions: ClientSearchOptions,
  resources: ClientSearchResources = {},
): LabSearchers {
  return {
    "anthropic-bm25": createAnthropicBm25Search(tools),
    "anthropic-regex": createAnthropicRegexSearch(tools),
    client: createClientSearch(tools, clientOptions, resources),
  };
}

export type { SummaryMetric } from "./search-labels";

export type SearchSummary = {
  queries: number;
  recallAt1: number;
  recallAt3: number;
  recallAt5: number;
  recallAtK: number;
  mrr: number;
  /** Queries the search refused (`invalid_tool_input`), counted as not found. */
  errors: number;
};

export type QueryRun = {
  /** What the search was given: the query, or the regex derived from it. */
  input: string;
  /** 1-based rank of the first expected tool, or null when none was in the top max(k, 5). */
  rank: number | null;
  top: SearchHit[];
  errorMessage?: string;
};

export type SearchRun = {
  id: SearchId;
  summary: SearchSummary;
  perQuery: QueryRun[];
  confusablePairs: ConfusablePair[];
};

export type ToolReport = {
  name: string;
  /** o200k tokens of the tool's full Anthropic definition (name, description, input_schema). */
  tokens: number;
  /** Queries in the set that expect this tool. */
  queryCount: number;
  /** Of those, how many had this tool in their top k, per search. */
  found: Record<SearchId, number>;
  /** found / queryCount, or null when no query expects the tool. */
  findability: Record<SearchId, number | null>;
  findingCount: number;
};

export type LabEvaluation = {
  k: number;
  toolCount: number;
  queryCount: number;
  /** The query texts, in the order of every `perQuery`. */
  queryTexts: string[];
  totalTokens: number;
  /** Tools with Chinese, Japanese or Thai text in their name, description or schema (the searches differ there). */
  unspacedToolCount: number;
  searches: Record<SearchId, SearchRun>;
  tools: ToolReport[];
  findings: DescriptionFinding[];
};

/** Confusable pairs kept per search: enough to act on, small enough to send from the worker on every edit. */
const MAX_CONFUSABLE_PAIRS = 30;

export function toolTokens(tool: CatalogTool, countTokens: (text: string) => number): number {
  return countTokens(anthropicToolDefinition(tool, "full").text);
}

export function runSearch(searcher: ToolSearcher, queries: readonly LabQuery[], k: number): SearchRun {
  const evaluation = evaluateSearch(searcher, queries, k);
  const perQuery = evaluation.perQuery.map(({ input, rank, top, errorMessage }) => ({
    input,
    rank,
    top,
    ...(errorMessage === undefined ? {} : { errorMessage }),
  }));
  return {
    id: searcher.id,
    summary: {
      queries: evaluation.queries,
      recallAt1: evaluation.recallAt1,
      recallAt3: evaluation.recallAt3,
      recallAt5: evaluation.recallAt5,
      recallAtK: evaluation.recallAtK,
      mrr: evaluation.mrr,
      errors: perQuery.filter((query) => query.errorMessage !== undefined).length,
    },
    perQuery,
    confusablePairs: confusablePairs(evaluation).slice(0, MAX_CONFUSABLE_PAIRS),
  };
}

function emptyCounts(): Record<SearchId, number> {
  return { "anthropic-bm25": 0, "anthropic-regex": 0, client: 0 };
}

/** Per tool: token cost, and the share of its queries that had it in the top k under each search. */
export function toolReports(
  tools: readonly CatalogTool[],
  queries: readonly LabQuery[],
  /** The searches run so far: one not yet run counts nothing found and no findability (the page says "measuring"). */
  searches: Partial<Record<SearchId, SearchRun>>,
  k: number,
  /** The tool's o200k tokens (`toolTokens`), counted once by the caller. */
  tokensOf: (tool: CatalogTool) => number,
  findings: readonly DescriptionFinding[],
): ToolReport[] {
  const queryCounts = new Map<string, number>();
  const found = new Map<string, Record<SearchId, number>>();
  queries.forEach((query, index) => {
    for (const name of new Set(query.expect)) {
      queryCounts.set(name, (queryCounts.get(name) ?? 0) + 1);
      const counts = found.get(name) ?? emptyCounts();
      for (const id of LAB_SEARCH_IDS) {
        if (searches[id]?.perQuery[index].top.slice(0, k).some((hit) => hit.name === name)) counts[id] += 1;
      }
      found.set(name, counts);
    }
  });
  const findingCounts = new Map<string, number>();
  for (const finding of findings) findingCounts.set(finding.tool, (findingCounts.get(finding.tool) ?? 0) + 1);
  return tools.map((tool) => {
    const queryCount = queryCounts.get(tool.name) ?? 0;
    const counts = found.get(tool.name) ?? emptyCounts();
    const share = (id: SearchId) => (queryCount === 0 || searches[id] === undefined ? null : counts[id] / queryCount);
    return {
      name: tool.name,
      tokens: tokensOf(tool),
      queryCount,
      found: counts,
      findability: {
        "anthropic-bm25": share("anthropic-bm25"),
        "anthropic-regex": share("anthropic-regex"),
        client: share("client"),
      },
      findingCount: findingCounts.get(tool.name) ?? 0,
    };
  });
}

export type EvaluateCatalogInput = {
  tools: readonly CatalogTool[];
  queries: readonly LabQuery[];
  /** Built once per catalog and options by the caller, which may keep them for explanations. */
  searchers: LabSearchers;
  k: number;
  countTokens: (text: string) => number;
};

/**
 * What is known before every search has run: the catalog's size, cost, per-tool tokens and linter findings at once,
 * then each search's run as it finishes (in `LAB_SEARCH_IDS` order), with the tools' findability under the searches
 * run so far. The lab page shows every tab from it while the rest is measured. A full `LabEvaluation` is one too,
 * so a panel that takes this shows either.
 */
export type PartialLabEvaluation = Omit<LabEvaluation, "searches"> & {
  searches: Partial<Record<SearchId, SearchRun>>;
};

function hasUnspacedText(tool: CatalogTool): boolean {
  return (
    isUnspacedRun(tool.name) ||
    isUnspacedRun(tool.description ?? "") ||
    isUnspacedRun(JSON.stringify(tool.inputSchema ?? {}))
  );
}

/**
 * The evaluation in steps: the catalog's tokens and findings, then one search per step. `onProgress` hears the
 * partial result after each step, so a page can show the catalog at once and each search's figures as it lands.
 */
export function* evaluateCatalogSteps(
  { tools, queries, searchers, k, countTokens }: EvaluateCatalogInput,
  onProgress?: (partial: PartialLabEvaluation) => void,
): Steps<LabEvaluation> {
  const tokens = tools.map((tool) => toolTokens(tool, countTokens));
  const tokensByTool = new Map(tools.map((tool, index) => [tool, tokens[index]]));
  const totalTokens = tokens.reduce((sum, count) => sum + count, 0);
  const unspacedToolCount = tools.filter(hasUnspacedText).length;
  const findings = lintDescriptions(tools);
  const searches: Partial<Record<SearchId, SearchRun>> = {};
  const tokensOf = (tool: CatalogTool) => tokensByTool.get(tool) ?? toolTokens(tool, countTokens);
  const queryTexts = queries.map((query) => query.q);
  const progress = () =>
    onProgress?.({
      k,
      toolCount: tools.length,
      queryCount: queries.length,
      queryTexts,
      totalTokens,
      unspacedToolCount,
      searches: { ...searches },
      tools: toolReports(tools, queries, searches, k, tokensOf, findings),
      findings,
    });
  progress();
  for (const id of LAB_SEARCH_IDS) {
    yield;
    searches[id] = runSearch(searchers[id], queries, k);
    progress();
  }
  const complete = searches as Record<SearchId, SearchRun>;
  return {
    k,
    toolCount: tools.length,
    queryCount: queries.length,
    queryTexts,
    totalTokens,
    unspacedToolCount,
    searches: complete,
    tools: toolReports(tools, queries, complete, k, tokensOf, findings),
    findings,
  };
}

export function evaluateCatalog(input: EvaluateCatalogInput): LabEvaluation {
  return runSteps(evaluateCatalogSteps(input));
}
