/**
 * The rarer divergence sentences and how an edit is classified, each derived from the documented rules
 * (PROTOCOLS.md §5.1, §4.2): the prefix order is tools → system → messages and "the tools array is hashed before
 * system, so editing it invalidates the whole cache"; an Anthropic entry exists only at a breakpoint, so what a
 * change loses is what was cached from the changed block on.
 */
import { describe, expect, it } from "vitest";
import type { Segment } from "../core";
import { describeDivergence, type DivergenceInput } from "./divergence";
import { findPrefixChange } from "./prefix-change";
import { promptTrace } from "./prompt-trace";
import {
  ANTHROPIC_RULES,
  messageKeys,
  OPENAI_RULES,
  prompt,
  type PromptShape,
  runRequests,
  secondOf,
  segment,
} from "./test-support";

const TOOLS = ["t0", "t1", "t2", "t3", "t4"];

/** findPrefixChange over two lists of block keys (100 tokens each, all message blocks). */
function change(previous: readonly string[], current: readonly string[]) {
  const trace = (keys: readonly string[]) =>
    promptTrace(keys.map((key, index) => segment(`messages[${index}].content[0]`, key, 100)));
  return findPrefixChange(trace(previous), trace(current));
}

describe("divergence sentences", () => {
  it("a prefix below the minimum that is not the whole prompt is named up to its breakpoint", () => {
    // Breakpoint on the last tool (block 4): 5 × 100 = 500 tokens, below Anthropic's 1,024.
    const segments = prompt({ tools: TOOLS, messages: messageKeys(10), breakpoints: [4] });
    const [result] = runRequests([{ segments, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(result.divergence).toEqual({
      segment: "tools[4]",
      segmentIndex: 4,
      kind: "below-minimum",
      reason: "prefix of 500 tokens up to tools[4] is below the 1024-token minimum: not cached",
    });
  });

  it("an empty request still gets a divergence that points at nothing", () => {
    const [anthropic] = runRequests([{ segments: [], atSeconds: 0 }], ANTHROPIC_RULES);
    expect(anthropic.divergence).toEqual({
      segment: "",
      segmentIndex: 0,
      kind: "no-breakpoint",
      reason: "no cache breakpoint in this request: nothing is cached",
    });
    const [openai] = runRequests([{ segments: [], atSeconds: 0 }], OPENAI_RULES);
    expect(openai.divergence).toMatchObject({ segment: "", segmentIndex: 0, kind: "below-minimum" });
  });

  it("an expiry after a partial read says from where the prompt is written again", () => {
    // 300 tokens a block; 0 s: breakpoints at blocks 4 and 9; 200 s: only block 4 (read, refreshed to 500 s);
    // 400 s: block 9's entry expired at 300 s, block 4's is alive: 5 blocks read, the rest from system on written.
    const shape = (breakpoints: number[]) =>
      prompt({ tools: TOOLS, messages: messageKeys(10), breakpoints, tokensPerBlock: 300 });
    const results = runRequests(
      [
        { segments: shape([4, 9]), atSeconds: 0 },
        { segments: shape([4]), atSeconds: 200 },
        { segments: shape([4, 9]), atSeconds: 400 },
      ],
      ANTHROPIC_RULES,
    );
    expect(results[2]).toMatchObject({ cacheRead: 1500, cacheWrite: 1500 });
    expect(results[2].divergence).toMatchObject({ kind: "ttl-expired", segment: "system" });
    expect(results[2].divergence?.reason).toBe(
      "cache entry expired after 7 minutes (TTL 5m): the prompt from system on is written again",
    );
  });

  it("a change right where the cached part ended loses nothing", () => {
    // Breakpoint on block 12 (messages[6]): 13 blocks cached. Block 13 (messages[7]) changes.
    const messages = messageKeys(10);
    const edited = messages.map((key, index) => (index === 7 ? "edited" : key));
    const result = secondOf(
      prompt({ tools: TOOLS, messages, breakpoints: [12], tokensPerBlock: 300 }),
      prompt({ tools: TOOLS, messages: edited, breakpoints: [12, 15], tokensPerBlock: 300 }),
      ANTHROPIC_RULES,
    );
    expect(result.cacheRead).toBe(13 * 300);
    expect(result.divergence?.reason).toBe(
      "messages[7].content[0] changed: nothing from there on was cached, so no cache is lost",
    );
  });

  it("a tool change after a cached tool prefix keeps that prefix", () => {
    // Breakpoints on tools[2] (block 2: 3 × 400 = 1,200 tokens, above the 1,024 minimum) and the last message.
    const shape = (tools: string[]) =>
      prompt({ tools, messages: messageKeys(6), breakpoints: [2, 11], tokensPerBlock: 400 });
    const result = secondOf(shape(TOOLS), shape(["t0", "t1", "t2", "t3", "t4-edited"]), ANTHROPIC_RULES);
    expect(result.cacheRead).toBe(1200);
    expect(result.divergence?.reason).toBe(
      "tools[4] changed: the cache from tools[4] on is invalidated; only the prefix up to tools[2] is read",
    );
  });

  it("a change to the first block of a prompt without tools invalidates the whole cache", () => {
    const shape = (system: string) =>
      prompt({ tools: [], system, messages: messageKeys(12), breakpoints: "last", tokensPerBlock: 100 });
    const result = secondOf(shape("system"), shape("system-edited"), ANTHROPIC_RULES);
    expect(result.divergence?.reason).toBe("system changed: the whole cache is invalidated");
  });

  it("a change is named in the request it belongs to, whatever deferred tools sit before it", () => {
    // Deferred tools are outside the prompt ("The API excludes deferred tools from the system-prompt prefix",
    // PROTOCOLS.md §1.8), so adding or dropping some moves no block: an edited system prompt is block 5 in both
    // requests, but segment 5 of the current request only when it holds as many deferred tools as the previous one.
    const shape = (deferred: string[], system: string, breakpoints: PromptShape["breakpoints"]) =>
      prompt({ tools: TOOLS, deferred, system, messages: messageKeys(10), breakpoints, tokensPerBlock: 300 });
    // Three deferred tools added beside the edit, only the last block marked: nothing before the change was cached,
    // and the change is the system prompt, not a tool, so the cache is lost from system on, not as a whole.
    const added = secondOf(shape([], "system", "last"), shape(["d0", "d1", "d2"], "edited", "last"), ANTHROPIC_RULES);
    expect(added.cacheRead).toBe(0);
    expect(added.divergence).toMatchObject({ kind: "changed", segment: "system", segmentIndex: 8 });
    expect(added.divergence?.reason).toBe(
      "system changed: the cache from system on is invalidated; nothing before it is read either",
    );
    // Three deferred tools dropped, the tools' end marked as well: the five tools are read, the rest is lost from
    // the system prompt on (segment 5 now, segment 8 before).
    const dropped = secondOf(
      shape(["d0", "d1", "d2"], "system", "tools-and-last"),
      shape([], "edited", "tools-and-last"),
      ANTHROPIC_RULES,
    );
    expect(dropped.cacheRead).toBe(1500);
    expect(dropped.divergence).toMatchObject({ kind: "changed", segment: "system", segmentIndex: 5 });
    expect(dropped.divergence?.reason).toBe("system changed: the cache from system on is invalidated");
  });

  it("a miss no longer than the read is not named", () => {
    const segments: Segment[] = prompt({ tools: TOOLS, messages: messageKeys(4) });
    const base: DivergenceInput = {
      previousSegments: segments,
      segments,
      previousCachedBlockCount: 10,
      readBlockCount: 10,
      miss: null,
      nothingCached: null,
      rules: ANTHROPIC_RULES,
    };
    expect(describeDivergence({ ...base, miss: { kind: "ttl-expired", blockCount: 10, idleSeconds: 400 } })).toBeNull();
    expect(
      describeDivergence({ ...base, miss: { kind: "lookback-exceeded", blockCount: 10, breakpointBlock: 9 } }),
    ).toBeNull();
    expect(
      describeDivergence({
        ...base,
        readBlockCount: 4,
        miss: { kind: "lookback-exceeded", blockCount: 6, breakpointBlock: 9 },
      })?.reason,
    ).toBe(
      "4 blocks between the cached prefix ending at system and the breakpoint at messages[3].content[0], " +
        "more than the 20-block lookback: the earlier entry is out of reach",
    );
  });
});

describe("how an edit is classified", () => {
  it("equal shifts both ways are a change; the smaller shift wins otherwise", () => {
    // Periodic blocks: shifting by one lines up in both directions.
    expect(change(["a", "p", "q", "p", "q", "p", "q"], ["a", "q", "p", "q", "p", "q", "p"])).toEqual({
      kind: "changed",
      block: 1,
      count: 1,
    });
    // Period 3: one block inserted lines up, so does two removed; the smaller explanation wins.
    const previous = ["a", "p", "q", "r", "p", "q", "r", "p", "q", "r"];
    const current = ["a", "r", "p", "q", "r", "p", "q", "r", "p"];
    expect(change(previous, current)).toEqual({ kind: "inserted", block: 1, count: 1 });
    expect(change(current, previous)).toEqual({ kind: "removed", block: 1, count: 1 });
  });

  it("recognises a shift of up to 32 blocks, confirmed by 3 blocks or by the end of either prompt", () => {
    const tail = ["b", "c", "d", "e", "f"];
    const inserted = (count: number) => ["a", ...messageKeys(count, "x"), ...tail];
    expect(change(["a", ...tail], inserted(32))).toEqual({ kind: "inserted", block: 1, count: 32 });
    expect(change(["a", ...tail], inserted(33))).toEqual({ kind: "changed", block: 1, count: 1 });
    // Three blocks line up after the insertion, then the prompts differ again: still an insertion.
    expect(change(["a", "b", "c", "d", "e"], ["a", "X", "b", "c", "d", "Z"])).toEqual({
      kind: "inserted",
      block: 1,
      count: 1,
    });
    // The current prompt ends one block after the shift, or the previous one does: the match up to there counts.
    expect(change(["a", "b", "c"], ["a", "X", "b"])).toEqual({ kind: "inserted", block: 1, count: 1 });
    expect(change(["a", "b"], ["a", "X", "b", "c"])).toEqual({ kind: "inserted", block: 1, count: 1 });
  });
});
