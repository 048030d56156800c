/**
 * The cache card's explicit-cache sentence prints the step's own figures: the engine's Gemini and Qwen runs with
 * the explicit cache chosen, worded in English and Chinese.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import type { ProviderId } from "../core/ids";
import { formatMoney } from "./money";
import { explicitCacheSentence } from "./explicit-cache-words";

const LONG_SYSTEM = "You are a careful weather assistant. Follow the house rules in every answer. ".repeat(250);

async function steps(provider: ProviderId, model: string) {
  const example = await loadExample("weather");
  const settings = { ...example.settings, provider, model, system: LONG_SYSTEM, cacheMechanism: "explicit" as const };
  return createEngine().runStrategy({ ...example, settings }, "full", { provider, model }).steps;
}

describe("the explicit cache in the cache card's words", () => {
  it("Gemini: the created object with its storage per hour, then the reads from it", async () => {
    const [first, second] = await steps("gemini", "gemini-2.5-flash");
    const usd = (amount: number) => formatMoney(amount, "USD");
    const created = explicitCacheSentence(first.explicitCache!, first.tokens, usd);
    const name = first.explicitCache!.name!;
    expect(created).toContain(
      `created cached content ${name} holding ${first.explicitCache!.cachedTokens.toLocaleString("en-US")} tokens`,
    );
    expect(created).toContain(`storage ${usd(first.explicitCache!.storagePerHourUsd)}/hour`);
    expect(created).toContain("TTL 1 h");
    const hit = explicitCacheSentence(second.explicitCache!, second.tokens, usd);
    expect(hit).toBe(
      `Read ${second.tokens.cacheRead.toLocaleString("en-US")} tokens from ${name}, created earlier; it expires 1 h after the first request.`,
    );
    const chinese = explicitCacheSentence(second.explicitCache!, second.tokens, usd, "zh-CN");
    expect(chinese).toContain(name);
    expect(chinese).toContain("读取");
  });

  it("Qwen: the markers' cache created (written), then read", async () => {
    const [first, second] = await steps("qwen", "qwen-plus");
    const cny = (amount: number) => formatMoney(amount, "CNY");
    const created = explicitCacheSentence(first.explicitCache!, first.tokens, cny);
    expect(created).toContain(`created a cache of ${first.tokens.cacheWrite.toLocaleString("en-US")} tokens`);
    expect(created).toContain("TTL 5 min");
    expect(explicitCacheSentence(second.explicitCache!, second.tokens, cny)).toContain(
      `Read ${second.tokens.cacheRead.toLocaleString("en-US")} tokens from the cache the cache_control markers made`,
    );
  });
});
