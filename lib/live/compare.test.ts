import { describe, expect, it } from "vitest";
import type { Segment } from "../engine/types";
import { compareSteps, recalibrationFor } from "./compare";
import { fixedPromptTokens, recalibrate } from "./recalibrate";
import type { LiveStep } from "./types";

function segment(key: string, tokens: number, group: Segment["group"] = "messages"): Segment {
  return { path: key, label: key, group, key, tokens, toolDefinitionTokens: 0, breakpoint: false };
}

function step(index: number, predicted: number, measured: number | null, extra: Partial<LiveStep> = {}): LiveStep {
  const tokens = { input: predicted, uncached: predicted, cacheRead: 0, cacheWrite: 0, toolDefinitions: 0, output: 10 };
  const cost = { uncachedUsd: 0, cacheReadUsd: 0, cacheWriteUsd: 0, outputUsd: 0, totalUsd: predicted / 1e6 };
  return {
    index,
    turn: 0,
    kind: "call",
    title: "call x",
    clockSeconds: 0,
    request: { method: "POST", url: "u", headers: {}, body: {} },
    response: {},
    segments: [segment("tool-use-preamble:auto:500", 500, "system"), segment("m", predicted - 500)],
    segmentStatus: [],
    tokens,
    divergence: null,
    cost,
    notes: [],
    warnings: [],
    measured:
      measured === null ? null : { input: measured, uncached: measured, cacheRead: 0, cacheWrite: 0, output: 12 },
    measuredCost: measured === null ? null : { ...cost, totalUsd: measured / 1e6 },
    difference: null,
    durationMs: 1,
    attempts: 1,
    ...extra,
  };
}

describe("compareSteps", () => {
  it("rows with predicted, measured and the difference; totals only when every request was measured", () => {
    const comparison = compareSteps(
      [step(0, 1500, 1600), step(1, 2500, 2400)],
      new Map([[1, { inputTokens: 2450, method: "anthropic count_tokens" }]]),
    );
    expect(comparison.rows[0].difference).toMatchObject({ input: 100, output: 2 });
    expect(comparison.rows[1].exact).toEqual({ inputTokens: 2450, method: "anthropic count_tokens", difference: -50 });
    expect(comparison.totals.difference?.input).toBe(0);
    expect(compareSteps([step(0, 1500, null)]).totals.measured).toBeNull();
  });
});

describe("recalibration", () => {
  it("scales only what the tokenizer counted: the fixed preamble is left out", () => {
    expect(fixedPromptTokens("anthropic", step(0, 1500, null).segments)).toBe(500);
    // counted 1000 predicted vs 1100 exact → factor × 1.1
    const result = recalibrate("anthropic-estimate", 1.2, [{ predicted: 1500, exact: 1600, fixed: 500 }]);
    expect(result).toEqual({
      ok: true,
      kind: "anthropic-estimate",
      currentFactor: 1.2,
      factor: 1.32,
      ratio: 1600 / 1500,
      samples: 1,
    });
  });

  it("prefers exact counts over usage, and leaves server-search requests out of the usage samples", () => {
    const searched = step(1, 2500, 9000, { response: { content: [{ type: "server_tool_use" }] } });
    const result = recalibrationFor("anthropic", "anthropic-estimate", 1.2, [step(0, 1500, 1600), searched]);
    expect(result.ok && result.samples).toBe(1);
    const exact = recalibrationFor(
      "anthropic",
      "anthropic-estimate",
      1.2,
      [step(0, 1500, 1600), searched],
      new Map([[1, { inputTokens: 2500, method: "x" }]]),
    );
    expect(exact.ok && exact.samples).toBe(2);
  });

  it("refuses o200k (exact already) and absurd factors", () => {
    expect(recalibrate("o200k", 1, [{ predicted: 100, exact: 101, fixed: 0 }]).ok).toBe(false);
    expect(recalibrate("kimi-estimate", 1, [{ predicted: 100, exact: 900, fixed: 0 }])).toMatchObject({
      ok: false,
      reason: expect.stringContaining("outside"),
    });
    expect(recalibrate("kimi-estimate", 1, []).ok).toBe(false);
  });
});
