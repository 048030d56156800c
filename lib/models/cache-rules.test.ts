import { describe, expect, it } from "vitest";
import { cacheRulesFor } from "./cache-rules";
import { getModel } from "./model-table";
import type { ModelInfo } from "./types";

function model(provider: "anthropic" | "openai-responses" | "moonshot", id: string): ModelInfo {
  const found = getModel(provider, id);
  if (found === undefined) throw new Error(`missing ${id}`);
  return found;
}

describe("cacheRulesFor", () => {
  it("returns the plain Anthropic rules with the 5-minute TTL by default", () => {
    expect(cacheRulesFor(model("anthropic", "claude-opus-4-8"))).toEqual({
      kind: "explicit-breakpoints",
      minimumCacheableTokens: 1024,
      lookbackBlocks: 20,
      maxBreakpoints: 4,
      ttlSeconds: 300,
      refreshOnRead: true,
      cachedTokenGranularity: 1,
      writesBilled: true,
    });
  });

  it("switches Anthropic between 300 s and 3600 s with the TTL", () => {
    const opus = model("anthropic", "claude-opus-4-8");
    expect(cacheRulesFor(opus, {}, "5m").ttlSeconds).toBe(300);
    expect(cacheRulesFor(opus, {}, "1h").ttlSeconds).toBe(3_600);
  });

  it("leaves other providers' lifetimes alone: the TTL setting is an Anthropic breakpoint option", () => {
    expect(cacheRulesFor(model("openai-responses", "gpt-5.4"), {}, "1h").ttlSeconds).toBe(600);
    expect(cacheRulesFor(model("moonshot", "kimi-k3"), {}, "5m").ttlSeconds).toBe(3_600);
  });

  it("applies overrides last, so Settings win over the table and the TTL", () => {
    const rules = cacheRulesFor(
      model("anthropic", "claude-opus-4-8"),
      { ttlSeconds: 42, minimumCacheableTokens: 2048 },
      "1h",
    );
    expect(rules.ttlSeconds).toBe(42);
    expect(rules.minimumCacheableTokens).toBe(2048);
  });

  it("ignores overrides that are present but undefined", () => {
    const rules = cacheRulesFor(model("openai-responses", "gpt-5.4"), {
      cachedTokenGranularity: undefined,
      writesBilled: undefined,
    });
    expect(rules.cachedTokenGranularity).toBe(128);
    expect(rules.writesBilled).toBe(false);
  });

  it("returns automatic-prefix rules for OpenAI and Moonshot", () => {
    expect(cacheRulesFor(model("openai-responses", "gpt-5.6-terra")).kind).toBe("automatic-prefix");
    expect(cacheRulesFor(model("moonshot", "kimi-k2.5")).minimumCacheableTokens).toBe(256);
  });
});
