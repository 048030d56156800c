import type { EngineStep, StrategyTotals } from "./types";

export function summarise(steps: readonly EngineStep[], toolsFound: number, toolsNeeded: number): StrategyTotals {
  const totals: StrategyTotals = {
    input: 0,
    cacheRead: 0,
    cacheWrite: 0,
    uncached: 0,
    output: 0,
    requests: steps.length,
    costUsd: 0,
    cacheHitRateByTokens: 0,
    cacheHitRateByRequests: 0,
    toolsFound,
    toolsNeeded,
    toolDefinitions: 0,
  };
  let requestsWithHit = 0;
  for (const step of steps) {
    totals.input += step.tokens.input;
    totals.cacheRead += step.tokens.cacheRead;
    totals.cacheWrite += step.tokens.cacheWrite;
    totals.uncached += step.tokens.uncached;
    totals.output += step.tokens.output;
    totals.toolDefinitions += step.tokens.toolDefinitions;
    totals.costUsd += step.cost.totalUsd;
    if (step.tokens.cacheRead > 0) requestsWithHit += 1;
    if (step.rejected && totals.failsAtRequest === undefined) totals.failsAtRequest = step.index + 1;
  }
  totals.cacheHitRateByTokens = totals.input > 0 ? totals.cacheRead / totals.input : 0;
  totals.cacheHitRateByRequests = steps.length > 0 ? requestsWithHit / steps.length : 0;
  return totals;
}
