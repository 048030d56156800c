/**
 * Every model-table value pinned to the figure docs/PROTOCOLS.md documents for it (the section is named per row),
 * and each cache rule exercised at its boundary through the real cache model. A figure PROTOCOLS does not give is
 * pinned to the source the table names, and the row says which. Changing a price, a minimum or a lifetime means
 * changing this table and its PROTOCOLS line together.
 */
import { describe, expect, it } from "vitest";
import { emptyCacheState, evaluateCache } from "../cache/evaluate-cache";
import type { Segment } from "../core";
import { cacheRulesFor } from "./cache-rules";
import { tableLimits } from "./model-limits";
import { MODELS } from "./model-table";
import type { ModelInfo } from "./types";

type Figures = {
  /** input, 5-minute write, 1-hour write, cache read, output; USD per million tokens. */
  prices: [number, number, number, number, number];
  minimumCacheableTokens: number;
  ttlSeconds: number;
  cachedTokenGranularity: number;
  writesBilled: boolean;
  contextWindow: number;
  /** Where the figures are documented. */
  source: string;
};

const MILLION = 1_000_000;

const DOCUMENTED: Record<string, Figures> = {
  "anthropic/claude-opus-4-8": {
    prices: [5, 6.25, 10, 0.5, 25],
    minimumCacheableTokens: 1024,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: MILLION,
    source: "§7 Opus row; §5.1 minimum (1024 for Opus 4.8), 5-min default TTL",
  },
  "anthropic/claude-opus-5": {
    prices: [5, 6.25, 10, 0.5, 25],
    minimumCacheableTokens: 512,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: MILLION,
    source: "§7 Opus row; §5.1 minimum (512 for Opus 5)",
  },
  "anthropic/claude-sonnet-4-6": {
    prices: [3, 3.75, 6, 0.3, 15],
    minimumCacheableTokens: 1024,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: MILLION,
    source: "§7 Sonnet 4.5 row's prices; §5.1 minimum (1024 for Sonnet 4.6; §9 notes 2048 reported)",
  },
  "anthropic/claude-sonnet-4-5": {
    prices: [3, 3.75, 6, 0.3, 15],
    minimumCacheableTokens: 1024,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: 200_000,
    source: "§7 Sonnet 4.5 row; §5.1 minimum",
  },
  "anthropic/claude-haiku-4-5": {
    prices: [1, 1.25, 2, 0.1, 5],
    minimumCacheableTokens: 4096,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: 200_000,
    source: "§7 Haiku 4.5 row; §5.1 minimum (4096 for Haiku 4.5)",
  },
  "anthropic/claude-opus-4-5": {
    prices: [5, 6.25, 10, 0.5, 25],
    minimumCacheableTokens: 4096,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: 200_000,
    source: "§7 Opus row; §5.1 minimum (4096 for Opus 4.5)",
  },
  "anthropic/claude-fable-5-1": {
    prices: [10, 12.5, 20, 0.25, 50],
    // Not in §5.1's list; Fable 5's 512 is the table's labelled assumption.
    minimumCacheableTokens: 512,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: MILLION,
    source: "§7 Fable 5.1 row; §5.1 reads 0.025×; minimum: Fable 5's 512 (§5.1), unconfirmed for 5.1",
  },
  "openai-responses/gpt-5.4": {
    prices: [2.5, 2.5, 2.5, 0.25, 15],
    minimumCacheableTokens: 1024,
    ttlSeconds: 600,
    cachedTokenGranularity: 128,
    writesBilled: false,
    contextWindow: 922_000,
    source: "§7 gpt-5.4 row; §5.2 1024 minimum, no write fee, in-memory retention; §9 128-token increments",
  },
  "openai-responses/gpt-5.5": {
    prices: [5, 5, 5, 0.5, 30],
    minimumCacheableTokens: 1024,
    ttlSeconds: 1800,
    cachedTokenGranularity: 128,
    writesBilled: false,
    contextWindow: 922_000,
    source: "§7 gpt-5.5 row; §5.2 (24h only; about 30 minutes typical)",
  },
  "openai-responses/gpt-5.6-sol": {
    prices: [4, 5, 5, 0.4, 20],
    minimumCacheableTokens: 1024,
    ttlSeconds: 1800,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: 922_000,
    source: "§9 gpt-5.6-sol: $4 / $20 promotion from 2026-08-21 (launch $5 / $30); §5.2 writes 1.25×, reads 0.1×",
  },
  "openai-responses/gpt-5.6-terra": {
    prices: [2, 2.5, 2.5, 0.2, 12],
    minimumCacheableTokens: 1024,
    ttlSeconds: 1800,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: 922_000,
    source: "§9 after the 2026-07-30 cut (Codex-Manager#409); §5.2 writes 1.25×, reads 0.1×",
  },
  "openai-responses/gpt-5.6-luna": {
    prices: [0.2, 0.25, 0.25, 0.02, 1.2],
    minimumCacheableTokens: 1024,
    ttlSeconds: 1800,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: 922_000,
    source: "§9 after the 2026-07-30 cut (Codex-Manager#409); §5.2 writes 1.25×, reads 0.1×",
  },
  "openai-responses/gpt-4.1": {
    prices: [2, 2, 2, 0.5, 8],
    minimumCacheableTokens: 1024,
    ttlSeconds: 600,
    cachedTokenGranularity: 128,
    writesBilled: false,
    contextWindow: 1_047_576,
    source: "§5.2 GPT-4.1 cached input 75% off; 1,047,576-token window (launch post)",
  },
  "openai-chat/openai-compatible": {
    prices: [0, 0, 0, 0, 0],
    minimumCacheableTokens: 1024,
    ttlSeconds: 600,
    cachedTokenGranularity: 1,
    writesBilled: false,
    contextWindow: 128_000,
    source: "set your own: a compatible server's prices and window are the person's",
  },
  "moonshot/kimi-k3": {
    // ¥20 input, ¥20 5-min write, ¥40 1-h write, ¥2 hit, scaled to the $3 input (§3.4, §3.5).
    prices: [3, 3, 6, 0.3, 15],
    minimumCacheableTokens: 256,
    ttlSeconds: 3600,
    cachedTokenGranularity: 1,
    writesBilled: true,
    contextWindow: 1_048_576,
    source: "§3.5 kimi-k3 row; §3.4 write prices by TTL and 1-hour lifetime; §5.3 minimum unconfirmed (256 assumed)",
  },
  "moonshot/kimi-k2.7-code": {
    prices: [0.95, 0.95, 0.95, 0.19, 4],
    minimumCacheableTokens: 256,
    ttlSeconds: 3600,
    cachedTokenGranularity: 1,
    writesBilled: false,
    contextWindow: 262_144,
    source: "§3.5 kimi-k2.7-code row; §3.4 no separate write fee",
  },
  "moonshot/kimi-k2.5": {
    prices: [0.6, 0.6, 0.6, 0.1, 3],
    minimumCacheableTokens: 256,
    ttlSeconds: 3600,
    cachedTokenGranularity: 1,
    writesBilled: false,
    contextWindow: 262_144,
    source: "§3.5 kimi-k2.5 row",
  },
  // Prices below are in each provider's published currency (USD for Gemini and DeepSeek, CNY for Qwen and GLM).
  "gemini/gemini-2.5-flash": {
    prices: [0.3, 0.3, 0.3, 0.03, 2.5],
    minimumCacheableTokens: 2048,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: false,
    contextWindow: 1_048_576,
    source: "Gemini: caching page minimum table (2.5 Flash 2,048); pricing row; lifetime assumed",
  },
  "gemini/gemini-2.5-pro": {
    prices: [1.25, 1.25, 1.25, 0.125, 10],
    minimumCacheableTokens: 2048,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: false,
    contextWindow: 1_048_576,
    source: "Gemini: caching page minimum table (2.5 Pro 2,048); pricing row; lifetime assumed",
  },
  "deepseek/deepseek-v4-flash": {
    prices: [0.28, 0.28, 0.28, 0.028, 0.42],
    minimumCacheableTokens: 64,
    ttlSeconds: 10_800,
    cachedTokenGranularity: 64,
    writesBilled: false,
    contextWindow: MILLION,
    source: "DeepSeek: 64-token storage unit and minimum (earlier kv_cache guide); V4 Flash price row; 3 h assumed",
  },
  "deepseek/deepseek-v4-pro": {
    prices: [0.66, 0.66, 0.66, 0.022, 1.98],
    minimumCacheableTokens: 64,
    ttlSeconds: 10_800,
    cachedTokenGranularity: 64,
    writesBilled: false,
    contextWindow: MILLION,
    source: "DeepSeek: V4 Pro off-peak price row",
  },
  "qwen/qwen-plus": {
    prices: [0.8, 0.8, 0.8, 0.16, 2],
    minimumCacheableTokens: 1024,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: false,
    contextWindow: MILLION,
    source: "Qwen: context-cache page (implicit: 1,024 minimum, hits at 20% of input); qwen-plus CNY row",
  },
  "glm/glm-5.3": {
    prices: [8, 8, 8, 2, 28],
    minimumCacheableTokens: 1024,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: false,
    contextWindow: MILLION,
    source: "GLM: BigModel pricing table (CNY); minimum and lifetime assumed",
  },
  "glm/glm-5.3-flash": {
    prices: [0.8, 0.8, 0.8, 0.23, 2.8],
    minimumCacheableTokens: 1024,
    ttlSeconds: 300,
    cachedTokenGranularity: 1,
    writesBilled: false,
    contextWindow: MILLION,
    source: "GLM: BigModel pricing table, list price (CNY)",
  },
};

// Chat Completions serves the same OpenAI models at the same prices and cache rules as Responses.
for (const id of ["gpt-5.4", "gpt-5.5", "gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna", "gpt-4.1"])
  DOCUMENTED[`openai-chat/${id}`] = DOCUMENTED[`openai-responses/${id}`];

const key = (model: ModelInfo) => `${model.provider}/${model.id}`;
const rows = MODELS.map((model) => [key(model), model] as const);

describe("every model-table value is its documented figure", () => {
  it("has a documented row for every model, and a model for every row", () => {
    expect(MODELS.map(key).sort()).toEqual(Object.keys(DOCUMENTED).sort());
  });

  it.each(rows)("%s", (name, model) => {
    const figures = DOCUMENTED[name];
    const { prices, cache } = model;
    expect([
      prices.inputPerMillion,
      prices.cacheWrite5mPerMillion,
      prices.cacheWrite1hPerMillion,
      prices.cacheReadPerMillion,
      prices.outputPerMillion,
    ]).toEqual(figures.prices);
    expect(cache.minimumCacheableTokens.value).toBe(figures.minimumCacheableTokens);
    expect(cache.ttlSeconds.value).toBe(figures.ttlSeconds);
    expect(cache.cachedTokenGranularity.value).toBe(figures.cachedTokenGranularity);
    expect(cache.writesBilled.value).toBe(figures.writesBilled);
    expect(tableLimits(model).contextWindow.value).toBe(figures.contextWindow);
  });
});

/** One prompt of `blocks` blocks of `tokensPerBlock`, with a breakpoint on its last block (ignored by automatic caching). */
function promptOf(totalTokens: number, blocks = 4): Segment[] {
  const base = Math.floor(totalTokens / blocks);
  return Array.from({ length: blocks }, (_, index) => {
    const tokens = index === blocks - 1 ? totalTokens - base * (blocks - 1) : base;
    return {
      path: `messages[${index}].content[0]`,
      label: `messages[${index}]`,
      group: "messages",
      key: `m${index}`,
      tokens,
      toolDefinitionTokens: 0,
      breakpoint: index === blocks - 1,
    };
  });
}

function sameTwice(model: ModelInfo, tokens: number, gapSeconds: number) {
  const rules = cacheRulesFor(model);
  const segments = promptOf(tokens);
  const first = evaluateCache({ segments, rules, state: emptyCacheState(), nowSeconds: 0 });
  return {
    first,
    second: evaluateCache({ segments, rules, state: first.nextState, nowSeconds: gapSeconds }),
  };
}

describe("each cache rule at its boundary, per model", () => {
  it.each(rows)("%s: caches a prompt of exactly the minimum, not one token shorter", (name, model) => {
    const minimum = DOCUMENTED[name].minimumCacheableTokens;
    expect(sameTwice(model, minimum, 1).second.cacheRead).toBe(minimum);
    const short = sameTwice(model, minimum - 1, 1);
    expect(short.first.cacheWrite).toBe(0);
    expect(short.second.cacheRead).toBe(0);
  });

  it.each(rows)("%s: an entry serves a read 1 s before its lifetime ends, and not at its end", (name, model) => {
    const { ttlSeconds, minimumCacheableTokens } = DOCUMENTED[name];
    const tokens = minimumCacheableTokens * 2;
    expect(sameTwice(model, tokens, ttlSeconds - 1).second.cacheRead).toBe(tokens);
    expect(sameTwice(model, tokens, ttlSeconds).second.cacheRead).toBe(0);
  });

  it.each(rows)("%s: a read is reported in whole increments of the granularity", (name, model) => {
    const { cachedTokenGranularity, minimumCacheableTokens } = DOCUMENTED[name];
    const tokens = minimumCacheableTokens + cachedTokenGranularity + 1;
    const read = sameTwice(model, tokens, 1).second.cacheRead;
    expect(read % cachedTokenGranularity).toBe(0);
    expect(tokens - read).toBeLessThan(cachedTokenGranularity + 1);
  });
});
