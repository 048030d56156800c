import { describe, expect, it } from "vitest";
import { evaluateCache, emptyCacheState } from "./evaluate-cache";
import { messageKeys, OPENAI_RULES, prompt, runRequests, seededRandom } from "./test-support";

const TOOLS = ["t0", "t1", "t2"];
const MINUTE = 60;
// Automatic caching ignores markers: no request below carries a breakpoint.
const request = (tools: readonly string[], messages: readonly string[], tokensPerBlock = 100) =>
  prompt({ tools, messages, tokensPerBlock, breakpoints: "none" });

describe("automatic prefix caching (OpenAI, Moonshot)", () => {
  it("caches prompts from 1024 tokens on and nothing below", () => {
    const [below] = runRequests([{ segments: request(TOOLS, messageKeys(6), 102.3), atSeconds: 0 }], OPENAI_RULES);
    expect(below).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    expect(below.divergence?.kind).toBe("below-minimum");
    const [first, second] = runRequests(
      [
        { segments: request(TOOLS, messageKeys(4), 128), atSeconds: 0 },
        { segments: request(TOOLS, messageKeys(5), 128), atSeconds: 30 },
      ],
      OPENAI_RULES,
    );
    expect(first).toMatchObject({ cacheRead: 0, cacheWrite: 1024, uncached: 0 });
    expect(second).toMatchObject({ cacheRead: 1024, cacheWrite: 128, uncached: 0 });
    expect(second.divergence).toBeNull();
  });

  it("does not read a shared prefix shorter than the minimum, but writes the new prompt", () => {
    const [, second] = runRequests(
      [
        { segments: request(TOOLS, messageKeys(10)), atSeconds: 0 },
        { segments: request(TOOLS, [...messageKeys(5), "edited", ...messageKeys(6, "n")]), atSeconds: 30 },
      ],
      OPENAI_RULES,
    );
    expect(second).toMatchObject({ cacheRead: 0, cacheWrite: 1600 });
    expect(second.divergence?.reason).toBe(
      "messages[5].content[0] changed: the cache from messages[5].content[0] on is invalidated; " +
        "nothing before it is read either",
    );
  });

  it("counts cached tokens in 128-token increments above the minimum when the granularity is set", () => {
    const rules = { ...OPENAI_RULES, cachedTokenGranularity: 128 };
    const [, second] = runRequests(
      [
        { segments: request(TOOLS, messageKeys(11)), atSeconds: 0 },
        { segments: request(TOOLS, messageKeys(13)), atSeconds: 30 },
      ],
      rules,
    );
    // 1500 shared tokens → 1024 + 3 × 128 = 1408 cached; the block that straddles 1408 is written again.
    expect(second).toMatchObject({ cacheRead: 1408, cacheWrite: 1700 - 1408, uncached: 0 });
    expect(second.segmentStatus.slice(0, 14).every((status) => status === "read")).toBe(true);
    expect(second.segmentStatus.slice(14)).toEqual(["write", "write", "write"]);
    expect(second.divergence).toBeNull();
  });

  it("reads the longest prefix shared with any of several earlier prompts", () => {
    const results = runRequests(
      [
        { segments: request(["a", "b", "c"], messageKeys(12)), atSeconds: 0 },
        { segments: request(["a", "x", "c"], messageKeys(12)), atSeconds: 10 },
        { segments: request(["a", "b", "c"], messageKeys(14)), atSeconds: 20 },
      ],
      OPENAI_RULES,
    );
    expect(results[1].cacheRead).toBe(0);
    expect(results[2]).toMatchObject({ cacheRead: 1600, cacheWrite: 200 });
    expect(results[2].divergence?.reason).toBe(
      "tools[1] changed: an older cache entry still matches up to messages[11].content[0]",
    );
    expect(results[2].nextState.prompts).toHaveLength(2);
  });

  it("shows the loss of a dynamic tool list: a tool added to tools[] invalidates the conversation", () => {
    const [, second] = runRequests(
      [
        { segments: request(TOOLS, messageKeys(12)), atSeconds: 0 },
        { segments: request([...TOOLS, "t3"], messageKeys(13)), atSeconds: 10 },
      ],
      OPENAI_RULES,
    );
    expect(second.cacheRead).toBe(0);
    expect(second.segmentStatus.slice(0, 4)).toEqual(["write", "write", "write", "write"]);
    expect(second.segmentStatus.slice(4, 17).every((status) => status === "invalidated")).toBe(true);
    expect(second.segmentStatus[17]).toBe("write");
    expect(second.divergence).toMatchObject({ kind: "inserted", segment: "tools[3]" });
    expect(second.divergence?.reason).toBe("tools[3] inserted: the whole cache is invalidated");
  });

  it("never invalidates anything when the conversation only grows (property, seeded)", () => {
    const random = seededRandom(42);
    for (let round = 0; round < 50; round += 1) {
      let messages = messageKeys(Math.floor(random() * 20));
      let state = emptyCacheState();
      for (let step = 0; step < 8; step += 1) {
        const segments = request(TOOLS, messages);
        const result = evaluateCache({ segments, rules: OPENAI_RULES, state, nowSeconds: step * MINUTE });
        const cachedBefore = state.previousCachedBlockCount ?? 0;
        expect(result.segmentStatus.slice(0, cachedBefore).every((status) => status === "read")).toBe(true);
        expect(result.segmentStatus).not.toContain("invalidated");
        if (step > 0 && result.divergence?.kind !== "below-minimum") expect(result.divergence).toBeNull();
        expect(state.prompts?.length ?? 0).toBeLessThanOrEqual(1);
        state = result.nextState;
        messages = [...messages, ...messageKeys(1 + Math.floor(random() * 40), `s${step}-`)];
      }
    }
  });

  it("expires prompts after the TTL and refreshes them on reads", () => {
    const segments = request(TOOLS, messageKeys(12));
    const [, late] = runRequests(
      [
        { segments, atSeconds: 0 },
        { segments, atSeconds: 11 * MINUTE },
      ],
      OPENAI_RULES,
    );
    expect(late.cacheRead).toBe(0);
    expect(late.divergence?.reason).toBe("cache entry expired after 11 minutes (TTL 10m): everything is written again");
    const everyEightMinutes = [0, 8, 16, 24].map((minutes) => ({ segments, atSeconds: minutes * MINUTE }));
    const kept = runRequests(everyEightMinutes, OPENAI_RULES);
    expect(kept.map((result) => result.cacheRead)).toEqual([0, 1600, 1600, 1600]);
    const noRefresh = runRequests(
      [0, 8, 16].map((minutes) => ({
        segments: request(TOOLS, messageKeys(12 + minutes)),
        atSeconds: minutes * MINUTE,
      })),
      { ...OPENAI_RULES, refreshOnRead: false },
    );
    // Without refresh the prompt written at 8 minutes cannot outlive the prefix it extends (expires at 10).
    expect(noRefresh.map((result) => result.cacheRead)).toEqual([0, 1600, 0]);
  });
});
