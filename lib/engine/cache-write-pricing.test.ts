/**
 * Cache-write prices end to end: the scenario's TTL setting goes through the engine, the session and the pricing
 * into each step's cost. Expected figures are the published per-million prices (PROTOCOLS.md §7, Anthropic
 * pricing page): Claude Opus 4.x input $5, 5-minute write $6.25 (1.25×), 1-hour write $10 (2×), hit $0.50
 * (0.1×), output $25. They are written here as numbers, not read from lib/models, so a wrong table or a wrong
 * choice of column both fail.
 */
import { describe, expect, it } from "vitest";
import { loadExample } from "../examples";
import type { Scenario } from "../scenario/types";
import { createEngine } from "./engine";

const engine = createEngine();
const PER_MILLION = 1_000_000;
const OPUS = { input: 5, write5m: 6.25, write1h: 10, read: 0.5, output: 25 };

describe("cache-write pricing through the engine (Anthropic, Claude Opus 4.8)", async () => {
  const example = await loadExample("learning-agent");
  const scenarioWith = (cacheTtl: "5m" | "1h"): Scenario => ({
    ...example,
    settings: {
      ...example.settings,
      provider: "anthropic",
      model: "claude-opus-4-8",
      cacheTtl,
      cacheMode: "automatic",
    },
  });

  it.each([
    { ttl: "5m" as const, writePrice: OPUS.write5m, marker: { type: "ephemeral" } },
    { ttl: "1h" as const, writePrice: OPUS.write1h, marker: { type: "ephemeral", ttl: "1h" } },
  ])(
    "prices $ttl writes at $writePrice per million and marks the request with that TTL",
    ({ ttl, writePrice, marker }) => {
      const run = engine.runStrategy(scenarioWith(ttl), "full", { provider: "anthropic", model: "claude-opus-4-8" });
      expect(run.refused).toBeUndefined();
      expect(run.steps.length).toBeGreaterThan(1);
      expect(run.steps[0].tokens.cacheWrite).toBeGreaterThan(1024);
      expect(run.steps.slice(1).some((step) => step.tokens.cacheRead > 0)).toBe(true);
      let total = 0;
      for (const step of run.steps) {
        expect(step.request.body.cache_control).toEqual(marker);
        const { tokens, cost } = step;
        expect(cost.cacheWriteUsd).toBeCloseTo((tokens.cacheWrite * writePrice) / PER_MILLION, 12);
        expect(cost.cacheReadUsd).toBeCloseTo((tokens.cacheRead * OPUS.read) / PER_MILLION, 12);
        expect(cost.uncachedUsd).toBeCloseTo((tokens.uncached * OPUS.input) / PER_MILLION, 12);
        expect(cost.outputUsd).toBeCloseTo((tokens.output * OPUS.output) / PER_MILLION, 12);
        expect(cost.totalUsd).toBeCloseTo(
          cost.cacheWriteUsd + cost.cacheReadUsd + cost.uncachedUsd + cost.outputUsd,
          12,
        );
        total += cost.totalUsd;
      }
      expect(run.totals.costUsd).toBeCloseTo(total, 12);
    },
  );

  it("a 1-hour write costs exactly twice the base input price and 1.6× a 5-minute write", () => {
    const options = { provider: "anthropic" as const, model: "claude-opus-4-8" };
    const fiveMinutes = engine.runStrategy(scenarioWith("5m"), "full", options).steps[0];
    const oneHour = engine.runStrategy(scenarioWith("1h"), "full", options).steps[0];
    // Same request, same tokens: only the price of the write differs.
    expect(oneHour.tokens).toEqual(fiveMinutes.tokens);
    const written = oneHour.tokens.cacheWrite;
    expect(oneHour.cost.cacheWriteUsd).toBeCloseTo((written * 2 * OPUS.input) / PER_MILLION, 12);
    expect(oneHour.cost.cacheWriteUsd / fiveMinutes.cost.cacheWriteUsd).toBeCloseTo(1.6, 12);
  });
});
