/**
 * Which blocks are painted "invalidated" (segment-status.ts): exactly the blocks at or after the first difference
 * whose content the previous request had cached (PROTOCOLS.md §5.1: an entry exists only up to a breakpoint), so a
 * block the previous request sent but did not cache, or one before the change, is never shown as lost.
 */
import { describe, expect, it } from "vitest";
import { ANTHROPIC_RULES, messageKeys, prompt, secondOf } from "./test-support";

const TOOLS = ["t0", "t1", "t2", "t3", "t4"];

describe("invalidated segments", () => {
  it("a block the previous request sent after its last breakpoint is written, not lost", () => {
    // Previous: breakpoint on block 12 (messages[6]); blocks 13–15 were sent but not cached. Now system changes.
    const previous = prompt({ tools: TOOLS, messages: messageKeys(10), breakpoints: [12], tokensPerBlock: 200 });
    const current = prompt({
      tools: TOOLS,
      system: "system-edited",
      messages: messageKeys(10),
      breakpoints: [15],
      tokensPerBlock: 200,
    });
    const result = secondOf(previous, current, ANTHROPIC_RULES);
    expect(result.segmentStatus.slice(5, 13)).toEqual(["write", ...Array(7).fill("invalidated")]);
    expect(result.segmentStatus.slice(13)).toEqual(["write", "write", "write"]);
  });

  it("a block before the change is not lost, even when an equal block after it was", () => {
    // "ok" twice (messages[0] and messages[2], blocks 6 and 8); the second one is edited. Nothing is read (the only
    // entry is the whole previous prompt), so block 6 is written again, but it is not a loss of the change.
    const previousMessages = ["ok", "m1", "ok", "m3"];
    const previous = prompt({ tools: TOOLS, messages: previousMessages, tokensPerBlock: 200 });
    const current = prompt({ tools: TOOLS, messages: ["ok", "m1", "edited", "m3"], tokensPerBlock: 200 });
    const result = secondOf(previous, current, ANTHROPIC_RULES);
    expect(result.cacheRead).toBe(0);
    expect(result.segmentStatus.slice(6)).toEqual(["write", "write", "write", "invalidated"]);
  });

  it("an entry on the first block belongs to that block's content only", () => {
    // One 2,000-token tool with the breakpoint on it (block 0); the tool is then replaced by another one.
    const first = prompt({ tools: ["big"], messages: ["m0"], breakpoints: [0], tokensPerBlock: 2000 });
    const second = prompt({ tools: ["other"], messages: ["m0"], breakpoints: [0], tokensPerBlock: 2000 });
    expect(secondOf(first, second, ANTHROPIC_RULES)).toMatchObject({ cacheRead: 0, cacheWrite: 2000 });
    expect(secondOf(first, first, ANTHROPIC_RULES)).toMatchObject({ cacheRead: 2000, cacheWrite: 0 });
  });
});
