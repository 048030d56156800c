/**
 * The cache lifetime at its boundary: a request just under, exactly at and just over the TTL after the entry's last
 * use. Which side "5 minutes" falls on is decided in docs/TESTING.md ("The TTL boundary"): Anthropic documents "a
 * minimum lifetime (TTL) of 5 minutes" refreshed on each use, Kimi "valid 1 hour after writing", OpenAI "cached
 * prefixes remain active for 5 to 10 minutes of inactivity". None names the instant itself, so the simulation takes
 * the usual meaning of a time-to-live (RFC 9111 §4.2: fresh while age < lifetime): an entry used at t serves a
 * request at t + TTL − 1 s and no longer at t + TTL. The closed form in lib/decide follows the same rule.
 */
import { describe, expect, it } from "vitest";
import { ANTHROPIC_RULES, messageKeys, OPENAI_RULES, prompt, runRequests } from "./test-support";
import type { CacheRules } from "./types";

const TOOLS = ["t0", "t1", "t2", "t3", "t4"];
// 5 tools + system + 10 messages = 16 blocks of 100 tokens: a 1,600-token prompt, above the 1,024 minimum.
const SEGMENTS = prompt({ tools: TOOLS, messages: messageKeys(10) });
const PROMPT_TOKENS = 1600;

/** The same prompt twice, `gapSeconds` apart: what the second request reads and writes. */
function repeatAfter(gapSeconds: number, rules: CacheRules) {
  const [, second] = runRequests(
    [
      { segments: SEGMENTS, atSeconds: 0 },
      { segments: SEGMENTS, atSeconds: gapSeconds },
    ],
    rules,
  );
  return second;
}

describe.each([
  { name: "Anthropic explicit breakpoints", rules: ANTHROPIC_RULES },
  { name: "automatic prefix caching (OpenAI, Moonshot)", rules: { ...OPENAI_RULES, ttlSeconds: 300 } },
])("TTL boundary, 5 minutes: $name", ({ rules }) => {
  it("reads the whole prompt 299 s after the write", () => {
    const result = repeatAfter(299, rules);
    expect(result).toMatchObject({ cacheRead: PROMPT_TOKENS, cacheWrite: 0, uncached: 0 });
    expect(result.divergence).toBeNull();
  });

  it("reads nothing exactly 300 s after the write, and says the entry expired", () => {
    const result = repeatAfter(300, rules);
    expect(result).toMatchObject({ cacheRead: 0, cacheWrite: PROMPT_TOKENS, uncached: 0 });
    expect(result.divergence).toMatchObject({
      kind: "ttl-expired",
      reason: "cache entry expired after 5 minutes (TTL 5m): everything is written again",
    });
  });

  it("reads nothing 301 s after the write", () => {
    const result = repeatAfter(301, rules);
    expect(result).toMatchObject({ cacheRead: 0, cacheWrite: PROMPT_TOKENS, uncached: 0 });
    expect(result.divergence?.kind).toBe("ttl-expired");
  });

  it("counts the lifetime from the last read when reads refresh it", () => {
    const at = (seconds: number) => ({ segments: SEGMENTS, atSeconds: seconds });
    // Read at 200 s: the entry now lives until 500 s.
    const alive = runRequests([at(0), at(200), at(499)], rules);
    expect(alive.map((result) => result.cacheRead)).toEqual([0, PROMPT_TOKENS, PROMPT_TOKENS]);
    const expired = runRequests([at(0), at(200), at(500)], rules);
    expect(expired.map((result) => result.cacheRead)).toEqual([0, PROMPT_TOKENS, 0]);
    // Without refresh the read at 200 s does not extend it: 300 s after the write it is gone.
    const unrefreshed = runRequests([at(0), at(200), at(300)], { ...rules, refreshOnRead: false });
    expect(unrefreshed.map((result) => result.cacheRead)).toEqual([0, PROMPT_TOKENS, 0]);
    const unrefreshedAlive = runRequests([at(0), at(200), at(299)], { ...rules, refreshOnRead: false });
    expect(unrefreshedAlive.map((result) => result.cacheRead)).toEqual([0, PROMPT_TOKENS, PROMPT_TOKENS]);
  });
});

describe('TTL boundary, 1 hour (Anthropic ttl: "1h")', () => {
  const rules = { ...ANTHROPIC_RULES, ttlSeconds: 3600 };

  it("reads at 3,599 s and not at 3,600 s or 3,601 s", () => {
    expect(repeatAfter(3599, rules).cacheRead).toBe(PROMPT_TOKENS);
    expect(repeatAfter(3600, rules)).toMatchObject({ cacheRead: 0, cacheWrite: PROMPT_TOKENS });
    expect(repeatAfter(3600, rules).divergence?.reason).toBe(
      "cache entry expired after 60 minutes (TTL 1h): everything is written again",
    );
    expect(repeatAfter(3601, rules).cacheRead).toBe(0);
  });
});
