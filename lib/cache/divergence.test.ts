import { describe, expect, it } from "vitest";
import { ANTHROPIC_RULES, messageKeys, prompt, type PromptShape, secondOf } from "./test-support";

const TOOLS = ["t0", "t1", "t2", "t3", "t4", "t5"];
const MESSAGES = messageKeys(10);
const BEFORE = { tools: TOOLS, messages: MESSAGES };

/** The second request after `before`, both marked at the tools end and the last message (300 tokens a block). */
function after(before: PromptShape, next: PromptShape, breakpoints: PromptShape["breakpoints"] = "tools-and-last") {
  const shape = { breakpoints, tokensPerBlock: 300 };
  return secondOf(prompt({ ...before, ...shape }), prompt({ ...next, ...shape }), ANTHROPIC_RULES);
}

describe("describeDivergence", () => {
  it("names inserted, removed and changed tools", () => {
    const inserted = after(BEFORE, { tools: ["t0", "t1", "new", ...TOOLS.slice(2)], messages: MESSAGES });
    expect(inserted.divergence).toMatchObject({ kind: "inserted", segment: "tools[2]", segmentIndex: 2 });
    expect(inserted.divergence?.reason).toBe("tools[2] inserted: the whole cache is invalidated");

    const twoInserted = after(BEFORE, { tools: ["t0", "x", "y", ...TOOLS.slice(1)], messages: MESSAGES });
    expect(twoInserted.divergence?.reason).toBe("2 blocks inserted at tools[1]: the whole cache is invalidated");

    const removed = after(BEFORE, { tools: TOOLS.filter((key) => key !== "t3"), messages: MESSAGES });
    expect(removed.divergence).toMatchObject({ kind: "removed", segment: "tools[3]", segmentIndex: 3 });
    expect(removed.divergence?.reason).toBe("tools[3] removed: the whole cache is invalidated");

    const reordered = after(BEFORE, { tools: ["t1", "t0", ...TOOLS.slice(2)], messages: MESSAGES });
    expect(reordered.divergence?.reason).toBe("tools[0] changed: the whole cache is invalidated");
  });

  it("names a removal at the end by the previous path and keeps the index inside the request", () => {
    const shortened = after(BEFORE, { tools: TOOLS, messages: MESSAGES.slice(0, 8) });
    const removedAt = { kind: "removed", segment: "messages[8].content[0]", segmentIndex: 14 };
    expect(shortened.divergence).toMatchObject(removedAt);
    expect(shortened.divergence?.reason).toBe(
      "2 blocks removed at messages[8].content[0]: the cache from messages[8].content[0] on is invalidated; " +
        "only the prefix up to tools[5] is read",
    );
  });

  it("says when a changed block was never cached", () => {
    const edited = after(BEFORE, { tools: TOOLS, messages: ["edited", ...MESSAGES.slice(1)] }, [5]);
    expect(edited.cacheRead).toBe(1800);
    expect(edited.divergence?.reason).toBe(
      "messages[0].content[0] changed: nothing from there on was cached, so no cache is lost",
    );
    expect(edited.segmentStatus).not.toContain("invalidated");
  });

  it("reports a changed system prompt from the system block on", () => {
    const changed = after(BEFORE, { tools: TOOLS, system: "new system", messages: MESSAGES });
    expect(changed.cacheRead).toBe(1800);
    expect(changed.divergence?.reason).toBe("system changed: the cache from system on is invalidated");
  });
});
