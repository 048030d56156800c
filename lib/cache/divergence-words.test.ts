/**
 * The words of a divergence at their boundaries: how a TTL is written the way the providers write it
 * (`cache_control.ttl` "5m" / "1h", PROTOCOLS.md §5.1; `prompt_cache_options.ttl` "30m", §5.2) and how an idle time
 * reads ("45 seconds", "1 minute", "2.5 hours"): mutants no earlier test detected (docs/TESTING.md at 279c54f).
 */
import { describe, expect, it } from "vitest";
import { formatDuration, formatTtl } from "./divergence";
import { ANTHROPIC_RULES, messageKeys, prompt, runRequests } from "./test-support";

describe("formatTtl", () => {
  it.each([
    [300, "5m"],
    [1800, "30m"],
    [3600, "1h"],
    [7200, "2h"],
    [5400, "90m"],
    [60, "1m"],
    [90, "90s"],
    [59, "59s"],
    [3660, "61m"],
    [3601, "3601s"],
  ])("%i s is %s", (seconds, text) => {
    expect(formatTtl(seconds)).toBe(text);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0 seconds"],
    [1, "1 second"],
    [45, "45 seconds"],
    [59.4, "59 seconds"],
    [60, "1 minute"],
    [89, "1 minute"],
    [91, "2 minutes"],
    [7199, "120 minutes"],
    [7200, "2 hours"],
    [9000, "2.5 hours"],
    [9100, "2.5 hours"],
    [36_000, "10 hours"],
  ])("%d s reads %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("divergence reasons", () => {
  const TOOLS = ["t0", "t1", "t2", "t3", "t4"];

  it("names how far a partial read got when only an older entry survives the expiry", () => {
    // Entries at the tools end (written at 0 s, refreshed at 200 s) and at the last message (written at 0 s).
    const shape = { tools: TOOLS, breakpoints: "tools-and-last" as const, tokensPerBlock: 300 };
    const segments = prompt({ ...shape, messages: messageKeys(10) });
    const [, , third] = runRequests(
      [
        { segments, atSeconds: 0 },
        { segments: prompt({ ...shape, messages: ["other", ...messageKeys(9)] }), atSeconds: 200 },
        { segments, atSeconds: 400 },
      ],
      ANTHROPIC_RULES,
    );
    expect(third.cacheRead).toBe(5 * 300);
    expect(third.divergence?.kind).toBe("ttl-expired");
    expect(third.divergence?.reason).toBe(
      "cache entry expired after 7 minutes (TTL 5m): the prompt from system on is written again",
    );
  });

  it("names the prefix, not the whole prompt, when an early breakpoint is below the minimum", () => {
    const segments = prompt({ tools: TOOLS, messages: messageKeys(10), breakpoints: [2], tokensPerBlock: 100 });
    const [result] = runRequests([{ segments, atSeconds: 0 }], ANTHROPIC_RULES);
    expect(result.divergence?.reason).toBe(
      "prefix of 300 tokens up to tools[2] is below the 1024-token minimum: not cached",
    );
  });
});
