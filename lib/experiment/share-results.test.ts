import { describe, expect, it } from "vitest";
import { decodeResults, encodeResults } from "./share-results";
import type { TaskRunResult } from "./types";

const RESULT: TaskRunResult = {
  key: "full|anthropic|claude-opus-4-8|t1|0",
  cell: { strategy: "full", provider: "anthropic", model: "claude-opus-4-8" },
  taskId: "t1",
  repetition: 0,
  mode: "measured",
  stop: "completed",
  selected: true,
  completed: true,
  catalogCalls: 1,
  invalidCalls: 0,
  gatewayCalls: 0,
  discoveryCalls: 0,
  unknownCalls: 0,
  requests: 2,
  tokens: { input: 900, cacheRead: 0, cacheWrite: 0, output: 40 },
  predictedTokens: { input: 880, cacheRead: 0, cacheWrite: 0, output: 35 },
  costUsd: 0.01,
  predictedCostUsd: 0.009,
  ttftMs: 420,
  latencyMs: 1300,
  retries: 0,
};

describe("results share links", () => {
  it("round-trips the results through the fragment", () => {
    const fragment = encodeResults({ title: "weather · anthropic", results: [RESULT] });
    expect(fragment).toMatch(/^results=[A-Za-z0-9_-]+$/);
    expect(decodeResults(`#${fragment}`)).toEqual({ title: "weather · anthropic", results: [RESULT] });
  });

  it("ignores other fragments and damaged links", () => {
    expect(decodeResults("#abc")).toBeUndefined();
    expect(decodeResults("#results=not-deflate")).toBeUndefined();
  });
});
