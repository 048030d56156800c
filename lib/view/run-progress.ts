/** How much of the run status's progress bar is filled. */

/** The smallest fill: before the first strategy is done the bar still reads as a run that has started. */
export const STARTED_PERCENT = 4;

/** The share of the run's strategies done, in percent, never below `STARTED_PERCENT` nor above 100. */
export function progressPercent(progress: { done: number; total: number } | null): number {
  if (!progress || progress.total <= 0) return STARTED_PERCENT;
  return Math.max(STARTED_PERCENT, Math.min(100, Math.round((100 * progress.done) / progress.total)));
}
