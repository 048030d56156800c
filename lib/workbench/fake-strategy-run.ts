/** Test support: a small, well-formed StrategyRun whose requests carry `{ index }` bodies. */
import type { StrategyRun } from "../engine/types";

export function fakeStrategyRun(
  id: StrategyRun["id"],
  stepCount: number,
  body: (index: number) => Record<string, unknown> = (index) => ({ index }),
): StrategyRun {
  const step = (index: number) => ({
    index,
    turn: 0,
    kind: "call" as const,
    title: `step ${index}`,
    clockSeconds: index,
    request: { method: "POST" as const, url: "https://api.example/v1", headers: {}, body: body(index) },
    response: { ok: true },
    segments: [],
    segmentStatus: [],
    tokens: { input: 10, cacheRead: 0, cacheWrite: 0, uncached: 10, toolDefinitions: 5, output: 1 },
    divergence: null,
    cost: { uncachedUsd: 0, cacheReadUsd: 0, cacheWriteUsd: 0, outputUsd: 0, totalUsd: 0 },
    notes: [],
    warnings: [],
  });
  return {
    id,
    provider: "anthropic",
    model: "m",
    steps: Array.from({ length: stepCount }, (_, index) => step(index)),
    totals: {
      input: 0,
      cacheRead: 0,
      cacheWrite: 0,
      uncached: 0,
      output: 0,
      requests: stepCount,
      costUsd: 0,
      cacheHitRateByTokens: 0,
      cacheHitRateByRequests: 0,
      toolsFound: 0,
      toolsNeeded: 0,
      toolDefinitions: 0,
    },
    goals: { noToolsUpFront: false, stableToolList: true, nativeStrictSchema: true },
    tokenCounting: { exact: true, label: "o200k" },
    warnings: [],
  };
}
