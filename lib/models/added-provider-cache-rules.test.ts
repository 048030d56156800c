/**
 * Hand-computed checks of the four added providers' cache rules and of one request's price each, through the real
 * cache model and cost function. Every figure comes from the documentation cited beside it (PROTOCOLS.md has the
 * same lines); a figure marked ASSUMPTION is the labelled setting the model table carries.
 */
import { describe, expect, it } from "vitest";
import { emptyCacheState, evaluateCache } from "../cache/evaluate-cache";
import type { Segment } from "../core";
import { cacheRulesFor } from "./cache-rules";
import { computeCost, storageCost } from "./cost";
import { getModel } from "./model-table";
import type { ModelInfo } from "./types";

function model(provider: "gemini" | "deepseek" | "qwen" | "glm", id: string): ModelInfo {
  const found = getModel(provider, id);
  if (!found) throw new Error(`no ${provider}/${id}`);
  return found;
}

/** A prompt of blocks with these token counts; keys name the block, so equal keys are an equal prefix. */
function prompt(tokens: readonly number[], prefix = "b"): Segment[] {
  return tokens.map((count, index) => ({
    path: `messages[${index}]`,
    label: `block ${index}`,
    group: "messages",
    key: `${prefix}${index}`,
    tokens: count,
    toolDefinitionTokens: 0,
    breakpoint: false,
  }));
}

function twoRequests(info: ModelInfo, first: Segment[], second: Segment[], gapSeconds: number) {
  const rules = cacheRulesFor(info);
  const one = evaluateCache({ segments: first, rules, state: emptyCacheState(), nowSeconds: 0 });
  return evaluateCache({ segments: second, rules, state: one.nextState, nowSeconds: gapSeconds });
}

describe("Gemini implicit caching (ai.google.dev/gemini-api/docs/caching, 2026-07-07)", () => {
  const flash = model("gemini", "gemini-2.5-flash");

  it("reads the shared prefix when the prompt reaches the 2.5 models' 2,048-token minimum", () => {
    const second = twoRequests(flash, prompt([1500, 548]), prompt([1500, 548, 300]), 60);
    expect(second.cacheRead).toBe(2048);
    // The rest is cached anew, billed as plain input (no storage or write fee on implicit caching).
    expect(second.cacheWrite).toBe(300);
  });

  it("caches nothing below the minimum: a 2,047-token prompt is not read back", () => {
    const second = twoRequests(flash, prompt([1500, 547]), prompt([1500, 547, 300]), 60);
    expect(second.cacheRead).toBe(0);
    const alone = evaluateCache({
      segments: prompt([1500, 547]),
      rules: cacheRulesFor(flash),
      state: emptyCacheState(),
      nowSeconds: 0,
    });
    expect(alone.divergence?.reason).toMatch(/below the 2048-token minimum/);
  });

  it("expires after the assumed 5-minute lifetime (ASSUMPTION: the docs give none for implicit caches)", () => {
    expect(twoRequests(flash, prompt([3000]), prompt([3000, 10]), 299).cacheRead).toBe(3000);
    const expired = twoRequests(flash, prompt([3000]), prompt([3000, 10]), 300);
    expect(expired.cacheRead).toBe(0);
    expect(expired.divergence?.reason).toMatch(/expired|idle|lifetime|TTL/i);
  });

  it("prices one request in USD: 3,000 cached at $0.03, 1,000 uncached at $0.30, 200 output at $2.50 per million", () => {
    const cost = computeCost({ uncached: 1000, cacheRead: 3000, cacheWrite: 0, output: 200 }, flash.prices, {
      ttl: "5m",
      writesBilled: false,
    });
    // 0.00009 + 0.0003 + 0.0005
    expect(cost.totalUsd).toBeCloseTo(0.00089, 12);
    expect(flash.prices.currency).toBe("USD");
  });

  it("prices explicit cachedContents storage by the hour: 100,000 tokens for 2 h at $1.00 per million per hour", () => {
    expect(storageCost(100_000, 2, flash.prices)).toBeCloseTo(0.2, 12);
  });
});

describe("DeepSeek context caching on disk (api-docs.deepseek.com/guides/kv_cache)", () => {
  const flash = model("deepseek", "deepseek-v4-flash");

  it("reports hits in whole 64-token storage units: a 200-token shared prefix reads 192", () => {
    const second = twoRequests(flash, prompt([200]), prompt([200, 50]), 60);
    expect(second.cacheRead).toBe(192);
    expect(second.cacheWrite).toBe(58);
  });

  it("misses at the unit boundary: a 63-token prefix is under one unit and reads nothing", () => {
    expect(twoRequests(flash, prompt([63]), prompt([63, 50]), 60).cacheRead).toBe(0);
    expect(twoRequests(flash, prompt([64]), prompt([64, 50]), 60).cacheRead).toBe(64);
  });

  it("expires after the assumed 3 hours ('a few hours to days', earlier guide)", () => {
    expect(twoRequests(flash, prompt([640]), prompt([640, 5]), 10_799).cacheRead).toBe(640);
    expect(twoRequests(flash, prompt([640]), prompt([640, 5]), 10_800).cacheRead).toBe(0);
  });

  it("prices one request in USD: 10,000 hit at $0.028, 2,000 miss at $0.28, 500 output at $0.42 per million", () => {
    const cost = computeCost({ uncached: 2000, cacheRead: 10_000, cacheWrite: 0, output: 500 }, flash.prices, {
      ttl: "5m",
      writesBilled: false,
    });
    // 0.00028 + 0.00056 + 0.00021
    expect(cost.totalUsd).toBeCloseTo(0.00105, 12);
  });
});

describe("Qwen implicit cache (help.aliyun.com/zh/model-studio/context-cache)", () => {
  const plus = model("qwen", "qwen-plus");

  it("reads a prefix of 1,024 tokens and not one of 1,023 (the current page's minimum)", () => {
    expect(twoRequests(plus, prompt([1024]), prompt([1024, 10]), 60).cacheRead).toBe(1024);
    expect(twoRequests(plus, prompt([1023]), prompt([1023, 10]), 60).cacheRead).toBe(0);
  });

  it("a changed block breaks the prefix there: only the blocks before it are read", () => {
    const second = twoRequests(plus, prompt([1200, 400, 300]), [...prompt([1200]), ...prompt([400, 300], "c")], 60);
    expect(second.cacheRead).toBe(1200);
  });

  it("prices one request in CNY: the example of the page, 10,000 input with 5,000 hit, at 20% of input for hits", () => {
    const cost = computeCost({ uncached: 5000, cacheRead: 5000, cacheWrite: 0, output: 1000 }, plus.prices, {
      ttl: "5m",
      writesBilled: false,
    });
    // ¥0.8/M input, ¥0.16/M hit (20%), ¥2/M output: 0.004 + 0.0008 + 0.002
    expect(cost.totalUsd).toBeCloseTo(0.0068, 12);
    expect(plus.prices.currency).toBe("CNY");
  });
});

describe("GLM context caching (docs.bigmodel.cn/cn/guide/start/pricing)", () => {
  const glm = model("glm", "glm-5.3");

  it("reads a repeated prefix and expires it after the assumed 5 minutes (ASSUMPTION: none published)", () => {
    expect(twoRequests(glm, prompt([2000]), prompt([2000, 10]), 299).cacheRead).toBe(2000);
    expect(twoRequests(glm, prompt([2000]), prompt([2000, 10]), 300).cacheRead).toBe(0);
    expect(twoRequests(glm, prompt([1023]), prompt([1023, 10]), 1).cacheRead).toBe(0);
  });

  it("prices one request in CNY: 8,000 hit at ¥2, 2,000 uncached at ¥8, 1,000 output at ¥28 per million", () => {
    const cost = computeCost({ uncached: 2000, cacheRead: 8000, cacheWrite: 0, output: 1000 }, glm.prices, {
      ttl: "5m",
      writesBilled: false,
    });
    // 0.016 + 0.016 + 0.028
    expect(cost.totalUsd).toBeCloseTo(0.06, 12);
    expect(glm.prices.currency).toBe("CNY");
    expect(storageCost(1_000_000, 1, glm.prices)).toBe(0);
  });
});
