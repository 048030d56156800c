import { describe, expect, it } from "vitest";
import { ANTHROPIC_DEFAULT_CORRECTION_FACTOR } from "../tokens";
import { ASSUMPTIONS } from "./assumptions";
import { getModel } from "./model-table";

function defaultOf(id: string) {
  const assumption = ASSUMPTIONS.find((candidate) => candidate.id === id);
  if (assumption === undefined) throw new Error(`missing assumption ${id}`);
  return assumption.defaultValue;
}

describe("ASSUMPTIONS", () => {
  it("has unique kebab-case ids, labels, sources and what each affects", () => {
    const ids = ASSUMPTIONS.map((assumption) => assumption.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const assumption of ASSUMPTIONS) {
      expect(assumption.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(assumption.label.length).toBeGreaterThan(0);
      expect(assumption.source.length).toBeGreaterThan(0);
      expect(assumption.affects.length).toBeGreaterThan(0);
    }
  });

  it("covers the open items the brief names", () => {
    const ids = new Set(ASSUMPTIONS.map((assumption) => assumption.id));
    for (const id of [
      "anthropic-bm25-input-key",
      "kimi-minimum-cacheable-tokens",
      "kimi-cache-ttl-minutes",
      "openai-cached-token-granularity",
      "openai-in-memory-retention-minutes",
      "anthropic-token-correction-factor",
      "anthropic-count-tokens-counts-deferred",
      "anthropic-1h-ttl-beta-header",
    ]) {
      expect(ids).toContain(id);
    }
  });

  it("agrees with the values the model table and tokenizer actually use", () => {
    const k3 = getModel("moonshot", "kimi-k3");
    const gpt54 = getModel("openai-responses", "gpt-5.4");
    expect(defaultOf("kimi-minimum-cacheable-tokens")).toBe(k3?.cache.minimumCacheableTokens.value);
    expect(defaultOf("kimi-cache-ttl-minutes")).toBe((k3?.cache.ttlSeconds.value ?? 0) / 60);
    expect(defaultOf("kimi-k3-writes-billed")).toBe(k3?.cache.writesBilled.value);
    expect(defaultOf("openai-in-memory-retention-minutes")).toBe((gpt54?.cache.ttlSeconds.value ?? 0) / 60);
    expect(defaultOf("openai-cached-token-granularity")).toBe(gpt54?.cache.cachedTokenGranularity.value);
    expect(defaultOf("anthropic-token-correction-factor")).toBe(ANTHROPIC_DEFAULT_CORRECTION_FACTOR);
    expect(defaultOf("openai-gpt-5-5-cached-input-per-million")).toBe(
      getModel("openai-responses", "gpt-5.5")?.prices.cacheReadPerMillion,
    );
  });
});
