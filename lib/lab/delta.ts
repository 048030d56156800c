/**
 * Before/after: what one description edit changed. Both catalogs are evaluated in full and every number is
 * compared — each search's recall and MRR, every query's rank, every tool's tokens and findability, the linter's
 * findings and the confusable pairs — so an edit that helps one query and hurts another shows both.
 */
import type { ConfusablePair, DescriptionFinding, SearchId } from "../search";
import type { LabEvaluation } from "./evaluate-catalog";
import { LAB_SEARCH_IDS, SUMMARY_METRICS, type SummaryMetric } from "./search-labels";

export type Change<T = number> = { before: T; after: T };

export type QueryRankChange = { index: number; q: string; ranks: Partial<Record<SearchId, Change<number | null>>> };

export type ToolChange = {
  name: string;
  tokens?: Change;
  findability?: Partial<Record<SearchId, Change<number | null>>>;
};

export type LabDelta = {
  summaries: Record<SearchId, Record<SummaryMetric, Change>>;
  totalTokens: Change;
  /** Only the queries whose rank moved under at least one search. */
  queries: QueryRankChange[];
  /** Only the tools with a changed token count or findability. */
  tools: ToolChange[];
  findingsAdded: DescriptionFinding[];
  findingsRemoved: DescriptionFinding[];
  confusableAdded: Record<SearchId, ConfusablePair[]>;
  confusableRemoved: Record<SearchId, ConfusablePair[]>;
};

/** True when at least one number moved. */
export function hasChanges(delta: LabDelta): boolean {
  const summaryMoved = LAB_SEARCH_IDS.some((id) =>
    SUMMARY_METRICS.some((metric) => delta.summaries[id][metric].before !== delta.summaries[id][metric].after),
  );
  const pairsMoved = LAB_SEARCH_IDS.some(
    (id) => delta.confusableAdded[id].length + delta.confusableRemoved[id].length > 0,
  );
  return (
    summaryMoved ||
    pairsMoved ||
    delta.totalTokens.before !== delta.totalTokens.after ||
    delta.queries.length + delta.tools.length + delta.findingsAdded.length + delta.findingsRemoved.length > 0
  );
}

function findingKey(finding: DescriptionFinding): string {
  return JSON.stringify([finding.tool, finding.code, finding.message]);
}

function difference<T>(left: readonly T[], right: readonly T[], key: (item: T) => string): T[] {
  const keys = new Set(right.map(key));
  return left.filter((item) => !keys.has(key(item)));
}

function pairKey(pair: ConfusablePair): string {
  return JSON.stringify([pair.first, pair.second, pair.firstTookFromSecond, pair.secondTookFromFirst]);
}

/** Compares two evaluations of the same query set (the catalogs may differ in one tool's description, or more). */
export function diffEvaluations(before: LabEvaluation, after: LabEvaluation): LabDelta {
  const summaries = Object.fromEntries(
    LAB_SEARCH_IDS.map((id) => [
      id,
      Object.fromEntries(
        SUMMARY_METRICS.map((metric) => [
          metric,
          { before: before.searches[id].summary[metric], after: after.searches[id].summary[metric] },
        ]),
      ),
    ]),
  ) as LabDelta["summaries"];

  const queries: QueryRankChange[] = [];
  const queryCount = Math.min(before.queryCount, after.queryCount);
  for (let index = 0; index < queryCount; index += 1) {
    const ranks: QueryRankChange["ranks"] = {};
    for (const id of LAB_SEARCH_IDS) {
      const rankBefore = before.searches[id].perQuery[index].rank;
      const rankAfter = after.searches[id].perQuery[index].rank;
      if (rankBefore !== rankAfter) ranks[id] = { before: rankBefore, after: rankAfter };
    }
    if (Object.keys(ranks).length > 0) queries.push({ index, q: after.queryTexts[index], ranks });
  }

  const afterTools = new Map(after.tools.map((tool) => [tool.name, tool]));
  const tools: ToolChange[] = [];
  for (const tool of before.tools) {
    const other = afterTools.get(tool.name);
    if (other === undefined) continue;
    const change: ToolChange = { name: tool.name };
    if (tool.tokens !== other.tokens) change.tokens = { before: tool.tokens, after: other.tokens };
    for (const id of LAB_SEARCH_IDS) {
      if (tool.findability[id] === other.findability[id]) continue;
      change.findability = {
        ...change.findability,
        [id]: { before: tool.findability[id], after: other.findability[id] },
      };
    }
    if (change.tokens !== undefined || change.findability !== undefined) tools.push(change);
  }

  const pairs = (evaluation: LabEvaluation, id: SearchId) => evaluation.searches[id].confusablePairs;
  return {
    summaries,
    totalTokens: { before: before.totalTokens, after: after.totalTokens },
    queries,
    tools,
    findingsAdded: difference(after.findings, before.findings, findingKey),
    findingsRemoved: difference(before.findings, after.findings, findingKey),
    confusableAdded: Object.fromEntries(
      LAB_SEARCH_IDS.map((id) => [id, difference(pairs(after, id), pairs(before, id), pairKey)]),
    ) as LabDelta["confusableAdded"],
    confusableRemoved: Object.fromEntries(
      LAB_SEARCH_IDS.map((id) => [id, difference(pairs(before, id), pairs(after, id), pairKey)]),
    ) as LabDelta["confusableRemoved"],
  };
}
