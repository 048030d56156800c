/**
 * What the all-strategy views (the cost and tool-share charts, the decide views) draw while a run is in progress.
 * A slow run (a catalog of thousands of tools, after an edit) finishes its strategies one by one, seconds apart,
 * and each one changes the store's `runs`; redrawing the two charts for each (Recharts lays out hundreds of
 * components per chart, each redraw a long task of the page's thread) would take the second core from the engine
 * worker. So these views keep the runs they drew until the run settles and then draw once; the comparison table
 * (light) and the step's own panels follow the run as it goes. A reset (no runs: another example or workspace is
 * opening) is drawn at once, so a view never shows an old scenario's runs under a new one.
 */
import { startTransition, useEffect, useState } from "react";

/** The runs to draw, given the ones drawn so far, the store's runs and whether a run is in progress. Pure. */
export function chartRunsFor<T>(drawn: readonly T[], runs: readonly T[], running: boolean): readonly T[] {
  if (!running || runs.length === 0) return runs;
  return drawn;
}

/** Whether the views show the runs of before the run in progress (so they say so beside them). */
export function chartRunsAreEarlier<T>(drawn: readonly T[], runs: readonly T[]): boolean {
  return drawn !== runs && drawn.length > 0;
}

/**
 * Whether the tokens-per-step chart keeps the run it drew instead of the shown strategy's run (`shown`): off screen,
 * until the run settles; on screen, while the shown run is still being computed (the chart then shows the last whole
 * run, labelled as the previous one, rather than being taken down and drawn again). Pure.
 */
export function stepChartHolds(
  running: boolean,
  near: boolean | null,
  shown: { readonly inProgress?: boolean } | null | undefined,
): boolean {
  return running && (near === false || !!shown?.inProgress);
}

/** `chartRunsFor` across renders: the runs the all-strategy views draw. */
export function useChartRuns<T>(runs: readonly T[], running: boolean): readonly T[] {
  const [drawn, setDrawn] = useState(runs);
  const next = chartRunsFor(drawn, runs, running);
  // Adjusting state while rendering (React's documented pattern for a value derived from the previous render).
  if (next !== drawn) setDrawn(next);
  return next;
}

/**
 * `runs` one task later (a transition of its own), for the second of the two charts: when a run settles, the cost
 * chart and the tool-share chart then redraw in two tasks instead of one (each is hundreds of Recharts components
 * and its layout). A reset (no runs) is passed on at once.
 */
export function useRunsOneTaskLater<T>(runs: readonly T[]): readonly T[] {
  const [later, setLater] = useState(runs);
  useEffect(() => {
    if (later === runs || runs.length === 0) return;
    const timer = setTimeout(() => startTransition(() => setLater(runs)), 0);
    return () => clearTimeout(timer);
  }, [runs, later]);
  return runs.length === 0 ? runs : later;
}
