/**
 * Where an example opens: on a request that shows prompt caching at work, so the first screen teaches what the page
 * is about instead of "below the minimum: not cached". The choice is made from the engine's own results (the step
 * summaries the page already holds), never from a step number written down per example.
 */
import type { Divergence, StepTokens } from "../core";
import type { ProviderId, StrategyId } from "../core/ids";
import { STRATEGY_IDS } from "../core/ids";

/** What the choice reads of a run: its steps' cache figures and where the run ran. */
export type OpeningRun = {
  id: StrategyId;
  provider: ProviderId;
  model: string;
  refused?: unknown;
  steps: ReadonlyArray<{ tokens: Pick<StepTokens, "cacheRead">; divergence: Divergence | null; rejected?: unknown }>;
};

export type OpeningStep = { strategyId: StrategyId; stepIndex: number };

/**
 * Caching at work: part of the prompt is read from the cache and the prefix is intact (a pure continuation of the
 * previous request), so the cache card's headline is "Prefix intact: N tokens read from cache" and nothing is lost.
 */
export function showsCachingAtWork(step: OpeningRun["steps"][number]): boolean {
  return step.tokens.cacheRead > 0 && step.divergence === null && !step.rejected;
}

/**
 * The first request showing caching at work, looking first at `preferred`, then at the strategies that ran on the
 * scenario's own provider and model (`comparableOn`), then at the rest, each group in the documented order. Null when
 * no run has such a request (a catalog too small to cache on every provider).
 */
export function openingStep(
  runs: readonly OpeningRun[],
  preferred: StrategyId,
  comparableOn?: { provider: ProviderId; model: string },
): OpeningStep | null {
  const byId = new Map(runs.map((run) => [run.id, run]));
  const comparable = (run: OpeningRun) =>
    !comparableOn || (run.provider === comparableOn.provider && run.model === comparableOn.model);
  const ordered = [preferred, ...STRATEGY_IDS.filter((id) => id !== preferred)]
    .map((id) => byId.get(id))
    .filter((run): run is OpeningRun => run !== undefined && !run.refused);
  const candidates = [
    ...ordered.filter((run) => run.id === preferred),
    ...ordered.filter((run) => run.id !== preferred && comparable(run)),
    ...ordered.filter((run) => run.id !== preferred && !comparable(run)),
  ];
  for (const run of candidates) {
    const stepIndex = run.steps.findIndex(showsCachingAtWork);
    if (stepIndex >= 0) return { strategyId: run.id, stepIndex };
  }
  return null;
}
