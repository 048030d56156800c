/** Plain-text rendering of search evaluations, for the CLI and logs. */
import type { SearchEvaluation } from "./evaluate";
import type { EvaluatedSearchId } from "./types";

export type LabelledEvaluation = { search: EvaluatedSearchId; evaluation: SearchEvaluation };

const STANDARD_CUTOFFS = [1, 3, 5];

function pad(text: string, width: number, alignRight: boolean): string {
  return alignRight ? text.padStart(width) : text.padEnd(width);
}

/** One row per search: recall@1, @3, @5 (and @k when k is another number) and MRR, three decimals. */
export function formatEvaluationTable(rows: readonly LabelledEvaluation[], k: number): string {
  const extra = STANDARD_CUTOFFS.includes(k) ? [] : [`recall@${k}`];
  const header = ["search", "recall@1", "recall@3", "recall@5", ...extra, "MRR"];
  const lines = rows.map(({ search, evaluation }) => [
    search,
    ...[evaluation.recallAt1, evaluation.recallAt3, evaluation.recallAt5].map((value) => value.toFixed(3)),
    ...(extra.length > 0 ? [evaluation.recallAtK.toFixed(3)] : []),
    evaluation.mrr.toFixed(3),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const render = (cells: string[]) => cells.map((cell, column) => pad(cell, widths[column], column > 0)).join("  ");
  return [render(header), ...lines.map(render)].join("\n");
}

/** The queries a search did not answer within the top k, with what it returned instead. */
export function formatMisses({ search, evaluation }: LabelledEvaluation, k: number, shownHits = 3): string {
  const misses = evaluation.perQuery.filter((query) => query.rank === null || query.rank > k);
  if (misses.length === 0) return `${search}: every query found within the top ${k}`;
  const lines = misses.map((query) => {
    const got =
      query.errorMessage ??
      (query.top
        .slice(0, shownHits)
        .map((hit) => hit.name)
        .join(", ") ||
        "no hits");
    const input = query.input === query.q ? "" : ` [${query.input}]`;
    return `  "${query.q}"${input}\n    expected ${query.expect.join(" or ")}\n    got      ${got}`;
  });
  return `${search}: ${misses.length} of ${evaluation.queries} queries not found within the top ${k}\n${lines.join("\n")}`;
}
