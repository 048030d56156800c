/**
 * One request priced, and a run summed, by hand (PROTOCOLS.md §5.1, §5.2): Anthropic bills writes at 1.25× (5 m) or
 * 2× (1 h) and reports them as `cache_creation_input_tokens`; OpenAI before GPT-5.6 neither bills nor reports writes,
 * so the stored tokens are plain input there. Reads cost the read price; every prompt token is counted once.
 */
import { describe, expect, it } from "vitest";
import { ANTHROPIC_RULES, OPENAI_RULES, messageKeys, prompt } from "../cache/test-support";
import { emptyCacheState } from "../cache";
import type { EngineStep } from "../core";
import { summarise } from "../engine/totals";
import type { PriceTable } from "../models";
import { priceRenderedRequest } from "./price-rendered-request";

const PRICES: PriceTable = {
  inputPerMillion: 3,
  cacheWrite5mPerMillion: 3.75,
  cacheWrite1hPerMillion: 6,
  cacheReadPerMillion: 0.3,
  outputPerMillion: 15,
  currency: "USD",
  source: "test",
  date: "2026-12-01",
  confidence: "documented",
};

// 3 tools + system + 12 messages, 100 tokens a block: 1,600 prompt tokens, 300 of them tool definitions.
const segments = prompt({ tools: ["t0", "t1", "t2"], messages: messageKeys(12), breakpoints: "last" });
const longer = prompt({ tools: ["t0", "t1", "t2"], messages: messageKeys(14), breakpoints: "last" });

describe("priceRenderedRequest", () => {
  it("Anthropic: reports and bills writes, then reads, at the TTL's write price", () => {
    const first = priceRenderedRequest({
      segments,
      rules: ANTHROPIC_RULES,
      state: emptyCacheState(),
      nowSeconds: 0,
      outputTokens: 50,
      prices: PRICES,
      ttl: "1h",
    });
    expect(first.tokens).toEqual({
      input: 1600,
      cacheRead: 0,
      cacheWrite: 1600,
      uncached: 0,
      toolDefinitions: 300,
      output: 50,
    });
    expect(first.cost.totalUsd).toBeCloseTo((1600 * 6 + 50 * 15) / 1e6, 15);
    expect(first.costOptions).toEqual({ ttl: "1h", writesBilled: true });
    const second = priceRenderedRequest({
      segments: longer,
      rules: ANTHROPIC_RULES,
      state: first.cache.nextState,
      nowSeconds: 10,
      outputTokens: 0,
      prices: PRICES,
      ttl: "5m",
    });
    expect(second.tokens).toMatchObject({ input: 1800, cacheRead: 1600, cacheWrite: 200, uncached: 0 });
    expect(second.cost.totalUsd).toBeCloseTo((1600 * 0.3 + 200 * 3.75) / 1e6, 15);
  });

  it("Anthropic: the prompt after the last breakpoint is uncached input, counted once in the input", () => {
    // 17 blocks of 100 tokens, one breakpoint on block 11 (12 × 100 = 1,200 tokens, above the 1,024 minimum): those
    // are written at the 5-minute price, the last 5 blocks (500 tokens) are plain input; the input counts every prompt
    // token once, 1,700.
    const marked = prompt({ tools: ["t0", "t1", "t2"], messages: messageKeys(13), breakpoints: [11] });
    const priced = priceRenderedRequest({
      segments: marked,
      rules: ANTHROPIC_RULES,
      state: emptyCacheState(),
      nowSeconds: 0,
      outputTokens: 50,
      prices: PRICES,
      ttl: "5m",
    });
    expect(priced.tokens).toEqual({
      input: 1700,
      cacheRead: 0,
      cacheWrite: 1200,
      uncached: 500,
      toolDefinitions: 300,
      output: 50,
    });
    expect(priced.cost.totalUsd).toBeCloseTo((500 * 3 + 1200 * 3.75 + 50 * 15) / 1e6, 15);
  });

  it("OpenAI before GPT-5.6: the stored tokens are plain input, priced at the input rate", () => {
    const first = priceRenderedRequest({
      segments,
      rules: OPENAI_RULES,
      state: emptyCacheState(),
      nowSeconds: 0,
      outputTokens: 0,
      prices: PRICES,
      ttl: "5m",
    });
    expect(first.tokens).toMatchObject({ input: 1600, cacheRead: 0, cacheWrite: 0, uncached: 1600 });
    expect(first.cache.cacheWrite).toBe(1600);
    expect(first.cost.totalUsd).toBeCloseTo((1600 * 3) / 1e6, 15);
    const second = priceRenderedRequest({
      segments: longer,
      rules: OPENAI_RULES,
      state: first.cache.nextState,
      nowSeconds: 10,
      outputTokens: 0,
      prices: PRICES,
      ttl: "5m",
    });
    expect(second.tokens).toMatchObject({ input: 1800, cacheRead: 1600, cacheWrite: 0, uncached: 200 });
    expect(second.costOptions.writesBilled).toBe(false);
  });
});

describe("summarise", () => {
  const step = (index: number, tokens: Partial<EngineStep["tokens"]>, costUsd: number, rejected = false) =>
    ({
      index,
      tokens: { input: 0, cacheRead: 0, cacheWrite: 0, uncached: 0, toolDefinitions: 0, output: 0, ...tokens },
      cost: { uncachedUsd: 0, cacheReadUsd: 0, cacheWriteUsd: 0, outputUsd: 0, totalUsd: costUsd },
      ...(rejected ? { rejected: { code: "x", message: "refused" } } : {}),
    }) as unknown as EngineStep;

  it("adds every step's tokens and cost, and rates hits by tokens and by requests", () => {
    const totals = summarise(
      [
        step(0, { input: 1000, cacheWrite: 1000, toolDefinitions: 300, output: 20 }, 0.5),
        step(1, { input: 1200, cacheRead: 1000, uncached: 200, toolDefinitions: 300, output: 30 }, 0.25),
        step(2, { input: 800, cacheRead: 500, cacheWrite: 300, output: 10 }, 0.125),
      ],
      2,
      3,
    );
    expect(totals).toEqual({
      input: 3000,
      cacheRead: 1500,
      cacheWrite: 1300,
      uncached: 200,
      output: 60,
      requests: 3,
      costUsd: 0.875,
      cacheHitRateByTokens: 0.5,
      cacheHitRateByRequests: 2 / 3,
      toolsFound: 2,
      toolsNeeded: 3,
      toolDefinitions: 600,
    });
  });

  it("names the first refused request (1-based) and has zero rates for an empty run", () => {
    const totals = summarise([step(0, { input: 10 }, 0), step(1, {}, 0, true), step(2, {}, 0, true)], 0, 1);
    expect(totals.failsAtRequest).toBe(2);
    expect(summarise([step(0, {}, 0)], 0, 0).failsAtRequest).toBeUndefined();
    expect(summarise([], 0, 0)).toMatchObject({ cacheHitRateByTokens: 0, cacheHitRateByRequests: 0, requests: 0 });
  });
});
