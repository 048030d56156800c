/**
 * Hand-computed checks of the provider-native explicit caches, each figure from the page cited beside it:
 * Gemini `cachedContents` (ai.google.dev/gemini-api/docs/caching: TTL default 1 hour, fixed at creation, storage
 * billed for the TTL; prices from the model table: 2.5 Flash $0.30 input, $0.03 cached, $2.50 output, $1.00 per
 * million tokens per hour of storage) and Qwen's `cache_control` markers (alibabacloud.com/help/en/model-studio/
 * context-cache, 2026-03: minimum 1,024, 5 minutes reset on hit, creation 125 %, hits 10 % of qwen-plus's ¥0.8).
 */
import { describe, expect, it } from "vitest";
import { getModel } from "./model-table";
import { explicitCacheFacts, explicitCacheTimeline, type ExplicitCacheRequest } from "./native-cache";

const flash = getModel("gemini", "gemini-2.5-flash")!;
const plus = getModel("qwen", "qwen-plus")!;

const request = (atSeconds: number, cachedTokens: number, cachedKey = "tools-v1"): ExplicitCacheRequest => ({
  atSeconds,
  cachedKey,
  cachedTokens,
  otherTokens: 500,
  outputTokens: 200,
});

describe("Gemini explicit cached content", () => {
  it("prices the creating request: write at input, storage for the 1-hour TTL, the read, the rest and output", () => {
    const [first] = explicitCacheTimeline(flash, [request(0, 10_000)]);
    expect(first.status).toBe("created");
    // 10,000 × $0.30/M = 0.003 written; 10,000 × 1 h × $1.00/M = 0.01 stored; 10,000 × $0.03/M = 0.0003 read;
    // 500 × $0.30/M = 0.00015 uncached; 200 × $2.50/M = 0.0005 output → $0.01395
    expect(first.cost.cacheWrite).toBeCloseTo(0.003, 12);
    expect(first.cost.storage).toBeCloseTo(0.01, 12);
    expect(first.cost.cacheRead).toBeCloseTo(0.0003, 12);
    expect(first.cost.total).toBeCloseTo(0.01395, 12);
    expect(first.expiresAtSeconds).toBe(3600);
    expect(flash.prices.currency).toBe("USD");
  });

  it("hits within the TTL without extending it, expires at the TTL, and a changed tool list needs a new object", () => {
    const steps = explicitCacheTimeline(flash, [
      request(0, 10_000),
      request(600, 10_000),
      request(700, 10_200, "tools-v2"),
      request(3599, 10_200, "tools-v2"),
      request(700 + 3600, 10_200, "tools-v2"),
    ]);
    expect(steps.map((step) => step.status)).toEqual(["created", "hit", "changed", "hit", "expired"]);
    // A hit: 0.0003 read + 0.00015 + 0.0005 = $0.00095, no storage
    expect(steps[1].cost.total).toBeCloseTo(0.00095, 12);
    expect(steps[1].expiresAtSeconds).toBe(3600);
    expect(steps[3].expiresAtSeconds).toBe(700 + 3600);
  });

  it("stores by the hour: a 10-minute TTL bills a sixth of the hour", () => {
    const [first] = explicitCacheTimeline(flash, [request(0, 10_000)], { ttlSeconds: 600 });
    expect(first.cost.storage).toBeCloseTo(0.01 / 6, 12);
  });

  it("caches nothing below the minimum: every token is input", () => {
    const minimum = flash.cache.minimumCacheableTokens.value;
    const [below] = explicitCacheTimeline(flash, [request(0, minimum - 1)]);
    expect(below.status).toBe("below-minimum");
    expect(below.cost.uncached).toBeCloseTo(((minimum - 1 + 500) * 0.3) / 1_000_000, 12);
    expect(below.cost.storage).toBe(0);
  });
});

describe("Qwen explicit cache_control markers", () => {
  it("has the documented facts", () => {
    const facts = explicitCacheFacts(plus)!;
    expect(facts.minimumTokens.value).toBe(1024);
    expect(facts.ttlSeconds.value).toBe(300);
    expect(facts.refreshOnHit.value).toBe(true);
    expect(explicitCacheFacts(getModel("deepseek", "deepseek-v4-flash")!)).toBeNull();
  });

  it("prices a creation at 125 % and a hit at 10 % of ¥0.8, in CNY", () => {
    const steps = explicitCacheTimeline(plus, [request(0, 2000), request(299, 2000)]);
    // Creation: 2,000 × ¥1.00/M = 0.002; 500 × ¥0.8/M = 0.0004; 200 × ¥2/M = 0.0004 → ¥0.0028
    expect(steps[0].status).toBe("created");
    expect(steps[0].cost.cacheWrite).toBeCloseTo(0.002, 12);
    expect(steps[0].cost.cacheRead).toBe(0);
    expect(steps[0].cost.total).toBeCloseTo(0.0028, 12);
    // Hit: 2,000 × ¥0.08/M = 0.00016 + 0.0004 + 0.0004 → ¥0.00096
    expect(steps[1].status).toBe("hit");
    expect(steps[1].cost.total).toBeCloseTo(0.00096, 12);
    expect(plus.prices.currency).toBe("CNY");
  });

  it("a hit resets the 5 minutes; 5 minutes after the last hit the cache is gone", () => {
    const steps = explicitCacheTimeline(plus, [
      request(0, 2000),
      request(299, 2000),
      request(598, 2000),
      request(898, 2000),
    ]);
    expect(steps.map((step) => step.status)).toEqual(["created", "hit", "hit", "expired"]);
    expect(steps[2].expiresAtSeconds).toBe(898);
  });

  it("misses at the minimum: 1,023 tokens are not cached, 1,024 are", () => {
    expect(explicitCacheTimeline(plus, [request(0, 1023), request(10, 1023)]).map((step) => step.status)).toEqual([
      "below-minimum",
      "below-minimum",
    ]);
    expect(explicitCacheTimeline(plus, [request(0, 1024), request(10, 1024)]).map((step) => step.status)).toEqual([
      "created",
      "hit",
    ]);
  });
});
