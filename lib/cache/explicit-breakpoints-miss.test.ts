/**
 * Which miss the Anthropic lookup reports, and the exact numbers it carries (PROTOCOLS.md §5.1,
 * platform.claude.com/docs/en/build-with-claude/prompt-caching): "Each breakpoint checks earlier block boundaries,
 * looking back about 20 content blocks; content further back is missed unless another breakpoint is placed", and an
 * entry lives `ttlSeconds` from its last use ("refreshed at no cost on each hit"). The miss names the entry the
 * divergence sentence talks about, so each case below is computed by hand from those two rules: which entry exists,
 * when it was last used, and which breakpoint window reaches it.
 */
import { describe, expect, it } from "vitest";
import type { Segment } from "../core";
import type { CacheOutcome } from "./cache-outcome";
import { evaluateExplicitBreakpoints } from "./explicit-breakpoints";
import { promptTrace } from "./prompt-trace";
import { ANTHROPIC_RULES, messageKeys, prompt, runRequests, segment } from "./test-support";
import type { CacheState } from "./types";

const TOOLS = ["t0", "t1", "t2", "t3", "t4"];
/** 400 tokens a block: a prefix of 3 blocks (1,200 tokens) is already above the 1,024-token minimum. */
const TOKENS = 400;

/** 5 tools + system + `messages` message blocks; `breakpoints` are prompt-block positions. */
function request(breakpoints: readonly number[], messages = 60, tools = TOOLS): Segment[] {
  return prompt({ tools, messages: messageKeys(messages), breakpoints, tokensPerBlock: TOKENS });
}

/** Runs `earlier` on a fresh cache, then evaluates `last` at `atSeconds` with the Anthropic lookup itself. */
function lastOutcome(
  earlier: ReadonlyArray<{ segments: Segment[]; atSeconds: number }>,
  last: { segments: Segment[]; atSeconds: number },
): { outcome: CacheOutcome; state: CacheState } {
  const results = runRequests(earlier, ANTHROPIC_RULES);
  const state = results[results.length - 1].nextState;
  const outcome = evaluateExplicitBreakpoints({
    segments: last.segments,
    trace: promptTrace(last.segments),
    rules: ANTHROPIC_RULES,
    state,
    nowSeconds: last.atSeconds,
  });
  return { outcome, state };
}

describe("explicit breakpoints: the miss behind a short read", () => {
  it("a plain hit has no miss", () => {
    const { outcome } = lastOutcome([{ segments: request([2]), atSeconds: 0 }], {
      segments: request([2]),
      atSeconds: 100,
    });
    expect(outcome).toMatchObject({ readBlockCount: 3, readTokens: 1200, writeTokens: 0, miss: null });
  });

  it("an expired entry inside a window is named even when a live entry further back is out of reach", () => {
    // 0 s: entries at blocks 2 and 29, both expire at 300 s. 250 s: a hit on block 2 refreshes it to 550 s.
    // 400 s: breakpoints at 29 and 55. Block 29's window (9..29) holds the expired entry; block 2 is alive but
    // out of every window. Expired-in-window comes first: moving a breakpoint would not have saved block 29.
    const { outcome } = lastOutcome(
      [
        { segments: request([2, 29]), atSeconds: 0 },
        { segments: request([2]), atSeconds: 250 },
      ],
      { segments: request([29, 55]), atSeconds: 400 },
    );
    expect(outcome.readBlockCount).toBe(0);
    expect(outcome.miss).toEqual({ kind: "ttl-expired", blockCount: 30, idleSeconds: 400 });
  });

  it("reports the same expiry through evaluateCache, in words", () => {
    const results = runRequests(
      [
        { segments: request([2, 29]), atSeconds: 0 },
        { segments: request([2]), atSeconds: 250 },
        { segments: request([29, 55]), atSeconds: 400 },
      ],
      ANTHROPIC_RULES,
    );
    expect(results[2].divergence).toMatchObject({ kind: "ttl-expired" });
    // 400 s idle is 6.7 minutes, said to the nearest minute.
    expect(results[2].divergence?.reason).toBe(
      "cache entry expired after 7 minutes (TTL 5m): everything is written again",
    );
  });

  it("a live entry no window reaches is out of reach, at the first breakpoint after it", () => {
    // 0 s: one entry at block 2. 10 s: breakpoints at 1 (800 tokens, below the minimum), 25 and 40. Block 25's window
    // is 5..25 and block 40's is 20..40, so block 2 is missed; the breakpoint that should have reached it is 25.
    const { outcome } = lastOutcome([{ segments: request([2]), atSeconds: 0 }], {
      segments: request([1, 25, 40]),
      atSeconds: 10,
    });
    expect(outcome.readBlockCount).toBe(0);
    expect(outcome.miss).toEqual({ kind: "lookback-exceeded", blockCount: 3, breakpointBlock: 25 });
    // Blocks 25 and 40 are written (both prefixes are above the minimum); block 1 is not.
    expect(outcome.writeTokens).toBe(41 * TOKENS);
  });

  it("an expired entry no window reaches is reported as expired, with its idle time", () => {
    const { outcome } = lastOutcome([{ segments: request([2]), atSeconds: 0 }], {
      segments: request([25, 40]),
      atSeconds: 400,
    });
    expect(outcome.miss).toEqual({ kind: "ttl-expired", blockCount: 3, idleSeconds: 400 });
  });

  it("an expired entry starting right where the read stops is named", () => {
    // 0 s: entry at block 3 (expires 300 s). 200 s: breakpoint at 2 finds nothing behind it and writes block 2
    // (expires 500 s). 400 s: block 2 is read (3 blocks); block 3's entry has expired and no window reaches it.
    const { outcome } = lastOutcome(
      [
        { segments: request([3]), atSeconds: 0 },
        { segments: request([2]), atSeconds: 200 },
      ],
      { segments: request([2, 40]), atSeconds: 400 },
    );
    expect(outcome.readBlockCount).toBe(3);
    expect(outcome.miss).toEqual({ kind: "ttl-expired", blockCount: 4, idleSeconds: 400 });
  });

  it("of two live entries out of reach, the longer one is named, whichever was written first", () => {
    // Written longer first: block 4 at 0 s, then block 2 at 10 s (block 2's window cannot see block 4).
    const longerFirst = lastOutcome(
      [
        { segments: request([4]), atSeconds: 0 },
        { segments: request([2]), atSeconds: 10 },
      ],
      { segments: request([30]), atSeconds: 20 },
    );
    expect(longerFirst.outcome.miss).toEqual({ kind: "lookback-exceeded", blockCount: 5, breakpointBlock: 30 });
    // Written shorter first: block 2 at 0 s, then block 4 at 10 s (reading block 2 and writing block 4).
    const shorterFirst = lastOutcome(
      [
        { segments: request([2]), atSeconds: 0 },
        { segments: request([2, 4]), atSeconds: 10 },
      ],
      { segments: request([30]), atSeconds: 20 },
    );
    expect(shorterFirst.outcome.miss).toEqual({ kind: "lookback-exceeded", blockCount: 5, breakpointBlock: 30 });
  });

  it("an entry past the last breakpoint, or of another prompt with the same length, is no miss", () => {
    // The breakpoint moved back from block 30 to block 5: the entry at 30 is not part of what this request caches.
    const movedBack = lastOutcome([{ segments: request([30]), atSeconds: 0 }], {
      segments: request([5]),
      atSeconds: 10,
    });
    expect(movedBack.outcome.miss).toBeNull();
    // Tool t0 was edited: the old entry at block 2 has the same token count as the new prefix, not the same bytes.
    const edited = lastOutcome([{ segments: request([2]), atSeconds: 0 }], {
      segments: request([30], 60, ["t0-edited", ...TOOLS.slice(1)]),
      atSeconds: 10,
    });
    expect(edited.outcome.miss).toBeNull();
  });

  it("finds an entry that ends after zero-token blocks", () => {
    // Blocks 3 and 4 hold no tokens (e.g. empty blocks), so blocks 2, 3 and 4 end at the same token count; the
    // entry sits at block 4 and no window (from block 30: 10..30) reaches it.
    const zeroTokenBlocks = (breakpoint: number): Segment[] => {
      const segments = request([], 60);
      segments.splice(3, 2, segment("tools[3]", "t3", 0), segment("tools[4]", "t4", 0));
      segments[breakpoint].breakpoint = true;
      return segments;
    };
    const { outcome } = lastOutcome([{ segments: zeroTokenBlocks(4), atSeconds: 0 }], {
      segments: zeroTokenBlocks(30),
      atSeconds: 10,
    });
    expect(outcome.miss).toEqual({ kind: "lookback-exceeded", blockCount: 5, breakpointBlock: 30 });
  });

  it("writes a breakpoint right after the read block", () => {
    // 0 s: entry at block 9. 10 s: breakpoints at 9 (read, 10 blocks) and 10 (written: exactly one block more).
    const results = runRequests(
      [
        { segments: request([9]), atSeconds: 0 },
        { segments: request([9, 10]), atSeconds: 10 },
      ],
      ANTHROPIC_RULES,
    );
    expect(results[1]).toMatchObject({ cacheRead: 10 * TOKENS, cacheWrite: TOKENS });
  });

  it("counts the idle time from the entry's last use, not from the start of the clock", () => {
    // Written at 100 s (expires 400 s), looked at 500 s: idle 400 s, inside a window (block 29) …
    const inWindow = lastOutcome([{ segments: request([29]), atSeconds: 100 }], {
      segments: request([29, 55]),
      atSeconds: 500,
    });
    expect(inWindow.outcome.miss).toEqual({ kind: "ttl-expired", blockCount: 30, idleSeconds: 400 });
    // … and out of every window (block 2, breakpoints at 25 and 40).
    const outOfReach = lastOutcome([{ segments: request([2]), atSeconds: 100 }], {
      segments: request([25, 40]),
      atSeconds: 500,
    });
    expect(outOfReach.outcome.miss).toEqual({ kind: "ttl-expired", blockCount: 3, idleSeconds: 400 });
  });
});
