import { describe, expect, it } from "vitest";
import type { Segment, SegmentCacheStatus } from "../core";
import {
  aggregateSegments,
  barIndexOfSegment,
  describeSegmentRange,
  divergenceSentence,
  layoutBars,
  outsidePromptSummary,
  PREFIX_INTACT_SENTENCE,
  statusTotals,
  type PrefixBar,
} from "./prefix-bar";

function tool(index: number, tokens = 400, extra: Partial<Segment> = {}): Segment {
  return {
    path: `tools[${index}]`,
    label: `tool t${index}`,
    group: "tools",
    key: `k${index}`,
    tokens,
    toolDefinitionTokens: tokens,
    breakpoint: false,
    ...extra,
  };
}

function message(index: number, tokens = 50): Segment {
  return {
    path: `messages[${index}]`,
    label: `message ${index}`,
    group: "messages",
    key: `m${index}`,
    tokens,
    toolDefinitionTokens: 0,
    breakpoint: false,
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Invariants every aggregation must keep, whatever the input. */
function expectInvariants(segments: Segment[], statuses: SegmentCacheStatus[], bars: PrefixBar[], maxBars: number) {
  expect(bars.length).toBeLessThanOrEqual(maxBars);
  const promptTokens = sum(segments.filter((segment) => !segment.outsidePrompt).map((segment) => segment.tokens));
  expect(sum(bars.map((bar) => bar.tokens))).toBe(promptTokens);
  for (const bar of bars) expect(sum(Object.values(bar.statusTokens))).toBe(bar.tokens);
  // Order preserved, no overlap, every in-prompt segment in exactly one bar.
  for (let index = 1; index < bars.length; index += 1)
    expect(bars[index].startIndex).toBeGreaterThan(bars[index - 1].endIndex);
  const covered = sum(bars.map((bar) => bar.segmentCount));
  expect(covered).toBe(segments.filter((segment) => !segment.outsidePrompt).length);
  const totals = statusTotals(segments, statuses);
  for (const status of ["read", "write", "uncached", "invalidated"] as const) {
    expect(sum(bars.map((bar) => bar.statusTokens[status]))).toBe(totals[status]);
  }
}

describe("aggregateSegments", () => {
  it("merges 10,000 tool definitions of one status into a single bar", () => {
    const segments = [...Array.from({ length: 10_000 }, (_, index) => tool(index)), message(0)];
    const statuses: SegmentCacheStatus[] = [...segments.slice(0, 10_000).map(() => "read" as const), "write"];
    const bars = aggregateSegments(segments, statuses);
    expect(bars).toHaveLength(2);
    expect(bars[0]).toMatchObject({
      startIndex: 0,
      endIndex: 9999,
      group: "tools",
      status: "read",
      tokens: 4_000_000,
      paths: "tools[0]–tools[9999]",
      segmentCount: 10_000,
    });
    expect(bars[0].label).toBe("10,000 tool definitions (tool t0 … tool t9999)");
    expect(bars[1]).toMatchObject({ startIndex: 10_000, status: "write", paths: "messages[0]", label: "message 0" });
    expectInvariants(segments, statuses, bars, 60);
  });

  it("splits on group and status changes", () => {
    const segments = [tool(0), tool(1), tool(2), message(0), message(1)];
    const statuses: SegmentCacheStatus[] = ["read", "invalidated", "invalidated", "invalidated", "write"];
    const bars = aggregateSegments(segments, statuses);
    expect(bars.map((bar) => [bar.paths, bar.status])).toEqual([
      ["tools[0]", "read"],
      ["tools[1]–tools[2]", "invalidated"],
      ["messages[0]", "invalidated"],
      ["messages[1]", "write"],
    ]);
    expectInvariants(segments, statuses, bars, 60);
  });

  it("leaves deferred tools out and names the gaps in the paths", () => {
    const segments = [
      tool(0),
      ...Array.from({ length: 9990 }, (_, index) => tool(index + 1, 0, { outsidePrompt: true })),
      ...Array.from({ length: 9 }, (_, index) => tool(index + 9991)),
    ];
    const statuses: SegmentCacheStatus[] = segments.map(() => "read");
    const bars = aggregateSegments(segments, statuses);
    expect(bars).toHaveLength(1);
    expect(bars[0].paths).toBe("tools[0], tools[9991]–tools[9999]");
    expect(bars[0].segmentCount).toBe(10);
    expect(outsidePromptSummary(segments)).toEqual({
      count: 9990,
      sentence: "9,990 deferred tools outside the prompt",
    });
    expectInvariants(segments, statuses, bars, 60);
  });

  it("keeps a requested segment apart so the divergence marker has its own bar", () => {
    const segments = Array.from({ length: 10 }, (_, index) => tool(index));
    const statuses: SegmentCacheStatus[] = segments.map(() => "read");
    const bars = aggregateSegments(segments, statuses, { keepApartAt: [3] });
    expect(bars.map((bar) => bar.paths)).toEqual(["tools[0]–tools[2]", "tools[3]–tools[9]"]);
    expect(barIndexOfSegment(bars, 3)).toBe(1);
  });

  it("never exceeds maxBars on adversarial alternating statuses", () => {
    const order: SegmentCacheStatus[] = ["read", "write", "uncached", "invalidated"];
    const segments = Array.from({ length: 10_000 }, (_, index) =>
      index % 3 === 0 ? message(index, (index % 7) * 10) : tool(index, (index * 37) % 500),
    );
    const statuses = segments.map((_, index) => order[(index * 5) % 4]);
    for (const maxBars of [1, 2, 7, 60, 200]) {
      const bars = aggregateSegments(segments, statuses, { maxBars, keepApartAt: [5000] });
      expectInvariants(segments, statuses, bars, maxBars);
      expect(bars.some((bar) => bar.mixed)).toBe(true);
    }
  });

  it("prefers merging same-status runs across groups before mixing colours", () => {
    const segments = [tool(0), message(0), tool(1), message(1)];
    const statuses: SegmentCacheStatus[] = ["read", "read", "write", "write"];
    const bars = aggregateSegments(segments, statuses, { maxBars: 2 });
    expect(bars.map((bar) => [bar.status, bar.mixed, bar.groups])).toEqual([
      ["read", false, ["tools", "messages"]],
      ["write", false, ["tools", "messages"]],
    ]);
  });

  it("keeps the status of zero-token segments", () => {
    const segments = [tool(0, 0), tool(1, 0)];
    const bars = aggregateSegments(segments, ["invalidated", "read"]);
    expect(bars.map((bar) => bar.status)).toEqual(["invalidated", "read"]);
  });

  it("handles an empty request", () => {
    expect(aggregateSegments([], [])).toEqual([]);
    expect(barIndexOfSegment([], 0)).toBe(-1);
    expect(outsidePromptSummary([])).toEqual({ count: 0, sentence: null });
  });
});

describe("describeSegmentRange", () => {
  it("says paths, label, tokens and status in words", () => {
    const [bar] = aggregateSegments([tool(0, 1234, { breakpoint: true })], ["write"]);
    expect(describeSegmentRange(bar)).toBe("tools[0]: tool t0, 1,234 tokens, written to cache, cache breakpoint");
  });

  it("lists the split of a mixed bar", () => {
    const [bar] = aggregateSegments([tool(0, 100), message(0, 20)], ["read", "invalidated"], { maxBars: 1 });
    expect(bar.mixed).toBe(true);
    expect(bar.status).toBe("read");
    expect(describeSegmentRange(bar)).toContain("100 read from cache, 20 invalidated");
  });
});

describe("divergenceSentence", () => {
  it("uses the engine's reason, or says the prefix is intact", () => {
    expect(divergenceSentence(null)).toBe(PREFIX_INTACT_SENTENCE);
    expect(
      divergenceSentence({
        segment: "tools[3]",
        segmentIndex: 3,
        kind: "changed",
        reason: "tools[3] changed: the whole cache is invalidated",
      }),
    ).toBe("tools[3] changed: the whole cache is invalidated");
  });
});

describe("layoutBars", () => {
  it("is proportional, keeps a minimum width and sums to 100", () => {
    const boxes = layoutBars([{ tokens: 80_000 }, { tokens: 40 }, { tokens: 20_000 }], { minPercent: 1 });
    expect(sum(boxes.map((box) => box.widthPercent))).toBeCloseTo(100, 9);
    expect(boxes[1].widthPercent).toBe(1);
    expect(boxes[0].widthPercent / boxes[2].widthPercent).toBeCloseTo(4, 9);
    expect(boxes[2].leftPercent).toBeCloseTo(boxes[0].widthPercent + 1, 9);
  });

  it("falls back to equal widths when there are no tokens or too many bars for the minimum", () => {
    expect(layoutBars([{ tokens: 0 }, { tokens: 0 }]).map((box) => box.widthPercent)).toEqual([50, 50]);
    const many = layoutBars(
      Array.from({ length: 400 }, (_, index) => ({ tokens: index })),
      { minPercent: 1 },
    );
    expect(sum(many.map((box) => box.widthPercent))).toBeCloseTo(100, 6);
  });
});
