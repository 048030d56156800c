import type { CostBreakdown, SegmentCacheStatus, StepTokens } from "../core";

export type StepFigure = {
  key: string;
  label: string;
  tokens: number;
  /** USD of this part, when the provider bills it separately. */
  costUsd: number | null;
  /** Colour key for the swatch, when the figure is one of the cache statuses. */
  status: SegmentCacheStatus | null;
};

/**
 * The token and cost lines of the step summary, in reading order: what was read from the cache, written to it,
 * sent uncached, then output. Input is their sum and is shown as the headline.
 */
export function stepFigures(tokens: StepTokens, cost: CostBreakdown): StepFigure[] {
  return [
    { key: "cache-read", label: "Cache read", tokens: tokens.cacheRead, costUsd: cost.cacheReadUsd, status: "read" },
    {
      key: "cache-write",
      label: "Cache write",
      tokens: tokens.cacheWrite,
      costUsd: cost.cacheWriteUsd,
      status: "write",
    },
    { key: "uncached", label: "Uncached", tokens: tokens.uncached, costUsd: cost.uncachedUsd, status: "uncached" },
    { key: "output", label: "Output", tokens: tokens.output, costUsd: cost.outputUsd, status: null },
  ];
}

/** Share of this request's prompt that is tool definitions, in [0, 1]. */
export function toolDefinitionShare(tokens: StepTokens): number {
  return tokens.input > 0 ? Math.min(1, tokens.toolDefinitions / tokens.input) : 0;
}
