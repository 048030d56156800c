/**
 * Which linter findings matter: a catalog of 362 tools yields hundreds of findings, and most are on tools the query
 * set already finds. A finding's weight is the recall at stake on its tool, measured: the share of the query set
 * that expects the tool and that a search missed at k, averaged over the three searches. That is the most recall a
 * better description of the tool could win back. Findings on tools no query expects are not measured (weight 0);
 * they come last, the most severe first.
 */
import type { DescriptionFinding } from "../search";
import type { PartialLabEvaluation } from "./evaluate-catalog";
import { finishedSearches } from "./search-labels";

export type RankedFinding = DescriptionFinding & {
  /** Recall@k a better description could win back, as a share of the whole query set (0 to 1). */
  recallAtStake: number;
  /** Queries expecting the tool. */
  queryCount: number;
  /** Of those, how many the search that misses it most missed at k. */
  mostMissedBySearch: number;
};

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/**
 * While the evaluation is partial, the weights are averaged over the searches run so far (none run: every weight is
 * 0, so the order is by severity); the page says how many that is.
 */
export function rankFindings(evaluation: PartialLabEvaluation): RankedFinding[] {
  const reports = new Map(evaluation.tools.map((report) => [report.name, report]));
  const queryCount = evaluation.queryCount;
  const searchIds = finishedSearches(evaluation);
  const ranked = evaluation.findings.map((finding, order) => {
    const report = reports.get(finding.tool);
    const expecting = report?.queryCount ?? 0;
    const misses = searchIds.map((id) => expecting - (report?.found[id] ?? 0));
    const recallAtStake =
      queryCount === 0 || searchIds.length === 0
        ? 0
        : misses.reduce((sum, count) => sum + count, 0) / searchIds.length / queryCount;
    return {
      finding: {
        ...finding,
        recallAtStake,
        queryCount: expecting,
        mostMissedBySearch: Math.max(0, ...misses),
      },
      order,
    };
  });
  ranked.sort(
    (left, right) =>
      right.finding.recallAtStake - left.finding.recallAtStake ||
      SEVERITY_ORDER[left.finding.severity] - SEVERITY_ORDER[right.finding.severity] ||
      left.order - right.order,
  );
  return ranked.map(({ finding }) => finding);
}
