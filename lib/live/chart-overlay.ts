/**
 * Measured beside predicted, per request, for the tokens chart's overlay: the same figures the chart plots for a
 * simulated run, plus the provider's. `null` where the provider reported no usage.
 */
import type { MeasuredUsage } from "../core";
import type { LiveStep } from "./types";

export type OverlayPoint = {
  index: number;
  predicted: { input: number; cacheRead: number; cacheWrite: number; uncached: number; output: number };
  measured: { input: number; cacheRead: number; cacheWrite: number; uncached: number; output: number } | null;
};

export function overlaySeries(steps: readonly LiveStep[]): OverlayPoint[] {
  return steps.map((step) => ({
    index: step.index,
    predicted: {
      input: step.tokens.input,
      cacheRead: step.tokens.cacheRead,
      cacheWrite: step.tokens.cacheWrite,
      uncached: step.tokens.uncached,
      output: step.tokens.output,
    },
    measured: step.measured
      ? {
          input: step.measured.input,
          cacheRead: step.measured.cacheRead,
          cacheWrite: step.measured.cacheWrite,
          uncached: step.measured.uncached,
          output: step.measured.output,
        }
      : null,
  }));
}

/**
 * Whether a step (EngineStep, or the page's StepSummary, which keeps these fields) came from a live run: live steps
 * carry the provider's measured usage, so panels can show it beside the prediction.
 */
export function isLiveStep<T extends object>(
  step: T,
): step is T & { measured: MeasuredUsage | null; durationMs: number; attempts: number } {
  return "measured" in step && "attempts" in step;
}
