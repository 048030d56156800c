import { describe, expect, it } from "vitest";
import type { SegmentCacheStatus } from "../core";
import { evaluateCache, emptyCacheState } from "./evaluate-cache";
import { ANTHROPIC_RULES, messageKeys, prompt, runRequests, secondOf, seededRandom } from "./test-support";

const TOOLS = ["t0", "t1", "t2", "t3", "t4"];
const MINUTE = 60;

describe("explicit breakpoints (Anthropic)", () => {
  it("writes the prefix up to the breakpoint on the first request; the rest is uncached", () => {
    const segments = prompt({ tools: TOOLS, messages: messageKeys(10), breakpoints: [15 - 3] });
    const [result] = runRequests([{ segments, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(result).toMatchObject({ cacheRead: 0, cacheWrite: 1300, uncached: 300 });
    expect(result.segmentStatus.filter((status) => status === "write")).toHaveLength(13);
    expect(result.segmentStatus.slice(13)).toEqual(["uncached", "uncached", "uncached"]);
    expect(result.divergence).toEqual({
      segment: "tools[0]",
      segmentIndex: 0,
      kind: "first-request",
      reason: "first request: nothing cached yet",
    });
  });

  it("reads back everything cached when the conversation only grows (property, seeded)", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 50; round += 1) {
      let messages = messageKeys(6 + Math.floor(random() * 5));
      let clock = 0;
      let state = emptyCacheState();
      const breakpoints = random() < 0.5 ? "last" : "tools-and-last";
      for (let request = 0; request < 8; request += 1) {
        const segments = prompt({ tools: TOOLS, messages, breakpoints, tokensPerBlock: 150 });
        const result = evaluateCache({ segments, rules: ANTHROPIC_RULES, state, nowSeconds: clock });
        if (request > 0) {
          expect(result.divergence).toBeNull();
          const cachedBefore = state.previousCachedBlockCount ?? 0;
          expect(result.segmentStatus.slice(0, cachedBefore).every((status) => status === "read")).toBe(true);
          expect(result.segmentStatus).not.toContain("invalidated");
        }
        state = result.nextState;
        messages = [...messages, ...messageKeys(1 + Math.floor(random() * 6), `r${request}-`)];
        clock += Math.floor(random() * 4 * MINUTE);
      }
    }
  });

  it("a change to any tool invalidates everything after it; a deferred tool change does not", () => {
    const tools = ["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"];
    for (let changed = 0; changed < tools.length; changed += 1) {
      const shape = { deferred: ["d0"], breakpoints: "tools-and-last", tokensPerBlock: 200 } as const;
      const first = prompt({ ...shape, tools, messages: messageKeys(8) });
      const editedTools = tools.map((key, index) => (index === changed ? `${key}-edited` : key));
      const second = prompt({ ...shape, tools: editedTools, messages: messageKeys(9) });
      const result = secondOf(first, second, ANTHROPIC_RULES);
      expect(result.cacheRead).toBe(0);
      expect(result.segmentStatus).not.toContain("read");
      const later: SegmentCacheStatus[] = result.segmentStatus.slice(changed + 1);
      // Deferred tool (index 8) and the new last message were never cached: the rest was, and is lost.
      expect(later.filter((status) => status === "invalidated")).toHaveLength(later.length - 2);
      expect(result.divergence).toMatchObject({ kind: "changed", segment: `tools[${changed}]`, segmentIndex: changed });
      expect(result.divergence?.reason).toBe(`tools[${changed}] changed: the whole cache is invalidated`);
    }
    const first = prompt({ tools, deferred: ["d0"], messages: messageKeys(8), tokensPerBlock: 200 });
    const second = prompt({ tools, deferred: ["d0-edited", "d1"], messages: messageKeys(9), tokensPerBlock: 200 });
    const result = secondOf(first, second, ANTHROPIC_RULES);
    expect(result.divergence).toBeNull();
    expect(result.cacheRead).toBe(first.reduce((sum, item) => sum + item.tokens, 0));
  });

  it("reads the tools entry when a later message changes, and names where the loss starts", () => {
    const shape = { tools: TOOLS, breakpoints: "tools-and-last", tokensPerBlock: 300 } as const;
    const messages = messageKeys(11).map((key, index) => (index === 3 ? "edited" : key));
    const first = prompt({ ...shape, messages: messageKeys(10) });
    const result = secondOf(first, prompt({ ...shape, messages }), ANTHROPIC_RULES);
    expect(result.cacheRead).toBe(1500);
    expect(result.segmentStatus.slice(0, 9)).toEqual([...Array(5).fill("read"), ...Array(4).fill("write")]);
    expect(result.segmentStatus.slice(10, 16)).toEqual(Array(6).fill("invalidated"));
    expect(result.segmentStatus[16]).toBe("write");
    expect(result.divergence?.reason).toBe(
      "messages[3].content[0] changed: the cache from messages[3].content[0] on is invalidated; " +
        "only the prefix up to tools[4] is read",
    );
  });

  it("finds an earlier entry within 20 blocks of the breakpoint and misses it beyond", () => {
    const messages = messageKeys(6);
    const first = prompt({ tools: TOOLS, messages });
    for (const appended of [1, 19, 20, 21, 30]) {
      const second = prompt({ tools: TOOLS, messages: [...messages, ...messageKeys(appended, "new")] });
      const result = secondOf(first, second, ANTHROPIC_RULES);
      if (appended <= 20) {
        expect(result.cacheRead).toBe(1200);
        expect(result.divergence).toBeNull();
      } else {
        expect(result.cacheRead).toBe(0);
        expect(result.divergence?.kind).toBe("lookback-exceeded");
        expect(result.divergence?.reason).toBe(
          `${appended} blocks between the cached prefix ending at messages[5].content[0] and the breakpoint at ` +
            `messages[${5 + appended}].content[0], more than the 20-block lookback: the earlier entry is out of reach`,
        );
      }
    }
  });

  it("silently caches nothing below the minimum and caches exactly at it", () => {
    const small = prompt({ tools: ["a", "b", "c"], messages: messageKeys(3), tokensPerBlock: 116 });
    const [below] = runRequests([{ segments: small, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(below).toMatchObject({ cacheRead: 0, cacheWrite: 0, uncached: 812 });
    expect(below.divergence?.kind).toBe("below-minimum");
    expect(below.divergence?.reason).toBe("prompt of 812 tokens is below the 1024-token minimum: not cached");
    const exact = prompt({ tools: ["a", "b", "c"], messages: messageKeys(4), tokensPerBlock: 128 });
    const [atMinimum] = runRequests([{ segments: exact, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(atMinimum.cacheWrite).toBe(1024);
    const toolsTooShort = prompt({ tools: TOOLS, messages: messageKeys(10), breakpoints: "tools-and-last" });
    const [mixed] = runRequests([{ segments: toolsTooShort, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(mixed.nextState.entries.size).toBe(1);
    expect(mixed.cacheWrite).toBe(1600);
  });

  it("counts an entry that is both out of reach and expired as expired", () => {
    const first = prompt({ tools: TOOLS, messages: messageKeys(6) });
    const second = prompt({ tools: TOOLS, messages: messageKeys(40) });
    const result = secondOf(first, second, ANTHROPIC_RULES, 10 * MINUTE);
    expect(result.divergence?.kind).toBe("ttl-expired");
  });

  it("ignores a breakpoint on a deferred tool and warns", () => {
    const segments = prompt({ tools: TOOLS, deferred: ["d0"], messages: messageKeys(10) });
    segments[5].breakpoint = true;
    const [result] = runRequests([{ segments, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(result.warnings?.map((warning) => warning.code)).toEqual(["cache-breakpoint-on-deferred-tool"]);
    expect(result.cacheWrite).toBe(1600);
  });

  it("caches nothing without a breakpoint", () => {
    const segments = prompt({ tools: TOOLS, messages: messageKeys(20), breakpoints: "none" });
    const [result] = runRequests([{ segments, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(result).toMatchObject({ cacheRead: 0, cacheWrite: 0, uncached: 2600 });
    expect(result.segmentStatus.every((status) => status === "uncached")).toBe(true);
    expect(result.divergence?.kind).toBe("no-breakpoint");
  });

  it("expires entries after the TTL: 5 minutes misses a 6-minute gap, 1 hour does not", () => {
    const first = prompt({ tools: TOOLS, messages: messageKeys(10) });
    const second = prompt({ tools: TOOLS, messages: messageKeys(12) });
    const requests = [
      { segments: first, atSeconds: 0 },
      { segments: second, atSeconds: 6 * MINUTE },
    ];
    const [, fiveMinutes] = runRequests(requests, ANTHROPIC_RULES);
    expect(fiveMinutes.cacheRead).toBe(0);
    expect(fiveMinutes.cacheWrite).toBe(1800);
    expect(fiveMinutes.divergence?.reason).toBe(
      "cache entry expired after 6 minutes (TTL 5m): everything is written again",
    );
    const [, oneHour] = runRequests(requests, { ...ANTHROPIC_RULES, ttlSeconds: 3600 });
    expect(oneHour.cacheRead).toBe(1600);
    expect(oneHour.divergence).toBeNull();
  });

  it("keeps an entry alive by reading it (refresh on read)", () => {
    const segments = prompt({ tools: TOOLS, messages: messageKeys(10) });
    const requests = [0, 4, 8, 12].map((minutes) => ({ segments, atSeconds: minutes * MINUTE }));
    const refreshed = runRequests(requests, ANTHROPIC_RULES);
    expect(refreshed.slice(1).map((result) => result.cacheRead)).toEqual([1600, 1600, 1600]);
    const notRefreshed = runRequests(requests, { ...ANTHROPIC_RULES, refreshOnRead: false });
    expect(notRefreshed.slice(1).map((result) => result.cacheRead)).toEqual([1600, 0, 1600]);
    expect(notRefreshed[2].divergence?.kind).toBe("ttl-expired");
  });

  it("honours only the first 4 breakpoints and warns about the rest", () => {
    const breakpoints = [5, 8, 10, 12, 16];
    const segments = prompt({ tools: TOOLS, messages: messageKeys(12), breakpoints, tokensPerBlock: 200 });
    const [result] = runRequests([{ segments, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(result.warnings?.map((warning) => warning.code)).toEqual(["cache-too-many-breakpoints"]);
    expect(result.nextState.entries.size).toBe(4);
    expect(result.cacheWrite).toBe(13 * 200);
    expect(result.uncached).toBe(5 * 200);
  });
});

describe("refresh on read renews every entry a breakpoint hits (§5.1)", () => {
  it("a second conversation on the same tools at 400 s reads the tools entry the first one renewed at 200 s", () => {
    const tools = Array.from({ length: 15 }, (_, index) => `t${index}`);
    const conversation = (prefix: string, count: number) =>
      prompt({ tools, messages: messageKeys(count, prefix), breakpoints: [tools.length - 1] });
    const withLast = (segments: ReturnType<typeof prompt>) => {
      const promptBlocks = segments.filter((item) => !item.outsidePrompt);
      promptBlocks[promptBlocks.length - 1].breakpoint = true;
      return segments;
    };
    const [, continued, other] = runRequests(
      [
        { segments: withLast(conversation("a", 2)), atSeconds: 0 },
        // The longest hit is the last message's entry; the tools breakpoint hits its own entry too and renews it.
        { segments: withLast(conversation("a", 3)), atSeconds: 200 },
        { segments: withLast(conversation("b", 2)), atSeconds: 400 },
      ],
      ANTHROPIC_RULES,
    );
    expect(continued.cacheRead).toBe(1800);
    expect(other.cacheRead).toBe(1500);
  });
});
