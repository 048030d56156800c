import type { DivergenceKind, StepSummary } from "../core";

/** Divergences that are an edit of the prompt (not a first request, an expiry or a minimum). */
const EDITS: ReadonlySet<DivergenceKind> = new Set(["changed", "inserted", "removed"]);

/**
 * The cache effect on a run's main conversation, read from the run itself (a prefilter's main requests, whose
 * `tools` follow the small model's selection): how many main requests there are, before how many of them the
 * cached prefix broke inside `tools`, and how much of their input was read from the cache.
 */
export type MainLaneCache = { requests: number; toolsChanged: number; cacheRead: number; input: number };

type LaneStep = Pick<StepSummary, "lane" | "rejected" | "divergence" | "tokens">;

export function mainLaneCache(run: { steps: readonly LaneStep[] } | undefined): MainLaneCache | null {
  if (!run) return null;
  const main = run.steps.filter((step) => step.lane === undefined && !step.rejected);
  if (main.length === 0) return null;
  return {
    requests: main.length,
    toolsChanged: main.filter((step) => {
      const divergence = step.divergence;
      return !!divergence && EDITS.has(divergence.kind) && divergence.segment.startsWith("tools");
    }).length,
    cacheRead: main.reduce((sum, step) => sum + step.tokens.cacheRead, 0),
    input: main.reduce((sum, step) => sum + step.tokens.input, 0),
  };
}
