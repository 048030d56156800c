/**
 * Anthropic's breakpoint limits at their boundary and the exact warning sentences (PROTOCOLS.md §5.1: "up to 4
 * breakpoints"; §1.8: a deferred tool with cache_control is a 400). Survivors of the first mutation run.
 */
import { describe, expect, it } from "vitest";
import { ANTHROPIC_RULES, messageKeys, prompt, runRequests, segment } from "./test-support";

describe("breakpoint warnings", () => {
  it("accepts exactly 4 breakpoints without a warning, and warns at 5 with the API's rule", () => {
    const four = prompt({ tools: ["t0"], messages: messageKeys(12), breakpoints: [5, 8, 10, 12], tokensPerBlock: 200 });
    expect(runRequests([{ segments: four, atSeconds: 0 }], ANTHROPIC_RULES)[0].warnings).toEqual([]);
    const five = prompt({ tools: ["t0"], messages: messageKeys(12), breakpoints: [4, 5, 8, 10, 12] });
    expect(runRequests([{ segments: five, atSeconds: 0 }], ANTHROPIC_RULES)[0].warnings).toEqual([
      {
        code: "cache-too-many-breakpoints",
        message:
          "cache: 5 cache breakpoints but at most 4 are allowed; the API rejects this, so only the first 4 are used here",
      },
    ]);
  });

  it("says a breakpoint on a deferred tool is rejected by the API", () => {
    const segments = [
      segment("tools[0]", "t0", 600),
      segment("tools[1]", "deferred", 600, { outsidePrompt: true, breakpoint: true }),
      segment("system", "system", 600, { breakpoint: true }),
    ];
    expect(runRequests([{ segments, atSeconds: 0 }], ANTHROPIC_RULES)[0].warnings).toEqual([
      {
        code: "cache-breakpoint-on-deferred-tool",
        message: "cache: a cache breakpoint sits on a deferred tool; the API rejects this, so it is ignored here",
      },
    ]);
  });
});
