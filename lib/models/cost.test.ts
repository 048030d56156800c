import { describe, expect, it } from "vitest";
import { computeCost } from "./cost";
import { getModel } from "./model-table";
import type { PriceTable } from "./types";

function pricesOf(provider: "anthropic" | "openai-responses" | "moonshot", id: string): PriceTable {
  const model = getModel(provider, id);
  if (model === undefined) throw new Error(`missing ${id}`);
  return model.prices;
}

const tokens = { uncached: 1_000, cacheRead: 100_000, cacheWrite: 20_000, output: 500 };

describe("computeCost", () => {
  it("prices an Anthropic 5-minute write at 1.25× and a read at 0.1× input (Opus 4.8: $5 in, $25 out)", () => {
    const cost = computeCost(tokens, pricesOf("anthropic", "claude-opus-4-8"), { ttl: "5m", writesBilled: true });
    expect(cost.uncachedUsd).toBeCloseTo(0.005, 12); // 1,000 × $5 / 1M
    expect(cost.cacheReadUsd).toBeCloseTo(0.05, 12); // 100,000 × $0.50 / 1M
    expect(cost.cacheWriteUsd).toBeCloseTo(0.125, 12); // 20,000 × $6.25 / 1M
    expect(cost.outputUsd).toBeCloseTo(0.0125, 12); // 500 × $25 / 1M
    expect(cost.totalUsd).toBeCloseTo(0.1925, 12);
  });

  it("prices an Anthropic 1-hour write at 2× input", () => {
    const cost = computeCost(tokens, pricesOf("anthropic", "claude-opus-4-8"), { ttl: "1h", writesBilled: true });
    expect(cost.cacheWriteUsd).toBeCloseTo(0.2, 12); // 20,000 × $10 / 1M
    expect(cost.totalUsd).toBeCloseTo(0.2675, 12);
  });

  it("prices unbilled OpenAI writes as plain input (gpt-5.4: $2.50 in, $0.25 cached, $15 out)", () => {
    const cost = computeCost(tokens, pricesOf("openai-responses", "gpt-5.4"), { ttl: "5m", writesBilled: false });
    expect(cost.uncachedUsd).toBeCloseTo(0.0025, 12);
    expect(cost.cacheReadUsd).toBeCloseTo(0.025, 12);
    expect(cost.cacheWriteUsd).toBeCloseTo(0.05, 12); // 20,000 × $2.50 / 1M
    expect(cost.outputUsd).toBeCloseTo(0.0075, 12);
    expect(cost.totalUsd).toBeCloseTo(0.085, 12);
  });

  it("ignores the write columns when writes are not billed, whatever they hold", () => {
    const custom: PriceTable = {
      ...pricesOf("openai-responses", "gpt-5.6-terra"),
      inputPerMillion: 4,
      cacheWrite5mPerMillion: 99,
      cacheWrite1hPerMillion: 99,
    };
    expect(
      computeCost({ uncached: 0, cacheRead: 0, cacheWrite: 1_000_000, output: 0 }, custom, {
        ttl: "1h",
        writesBilled: false,
      }).cacheWriteUsd,
    ).toBe(4);
  });

  it("bills GPT-5.6 writes at 1.25× input", () => {
    const cost = computeCost(
      { uncached: 0, cacheRead: 0, cacheWrite: 1_000_000, output: 0 },
      pricesOf("openai-responses", "gpt-5.6-terra"),
      { ttl: "5m", writesBilled: true },
    );
    expect(cost.cacheWriteUsd).toBeCloseTo(2.5, 12); // gpt-5.6-terra: $2 input × 1.25
  });

  it("is zero for zero tokens", () => {
    const cost = computeCost({ uncached: 0, cacheRead: 0, cacheWrite: 0, output: 0 }, pricesOf("moonshot", "kimi-k3"), {
      ttl: "1h",
      writesBilled: true,
    });
    expect(cost.totalUsd).toBe(0);
  });
});
