import { describe, expect, it } from "vitest";
import { PROVIDER_IDS } from "../core/ids";
import { MODELS, defaultModel, getModel } from "./model-table";

const CONFIDENCES = ["documented", "secondary", "unconfirmed"];

function modelOf(provider: (typeof PROVIDER_IDS)[number], id: string) {
  const model = getModel(provider, id);
  if (model === undefined) throw new Error(`missing ${provider}/${id}`);
  return model;
}

describe("MODELS", () => {
  it.each(MODELS.map((model) => [`${model.provider}/${model.id}`, model] as const))(
    "%s has a sourced, dated price row",
    (_, model) => {
      const { prices } = model;
      expect(prices.source.length).toBeGreaterThan(0);
      expect(prices.date.length).toBeGreaterThan(0);
      expect(CONFIDENCES).toContain(prices.confidence);
      // The currency each provider publishes in: DashScope China and BigModel price in CNY, the rest in USD.
      expect(prices.currency).toBe(model.provider === "qwen" || model.provider === "glm" ? "CNY" : "USD");
      for (const price of [
        prices.inputPerMillion,
        prices.cacheWrite5mPerMillion,
        prices.cacheWrite1hPerMillion,
        prices.cacheReadPerMillion,
        prices.outputPerMillion,
      ]) {
        expect(Number.isFinite(price) && price >= 0).toBe(true);
      }
    },
  );

  it.each(MODELS.map((model) => [`${model.provider}/${model.id}`, model] as const))(
    "%s sources every cache rule",
    (_, model) => {
      for (const rule of Object.values(model.cache)) {
        expect(rule.source.length).toBeGreaterThan(0);
        expect(CONFIDENCES).toContain(rule.confidence);
      }
    },
  );

  it("has unique ids per provider", () => {
    const keys = MODELS.map((model) => `${model.provider}/${model.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("prices unbilled writes as plain input", () => {
    for (const model of MODELS.filter((candidate) => !candidate.cache.writesBilled.value)) {
      expect(model.prices.cacheWrite5mPerMillion).toBe(model.prices.inputPerMillion);
      expect(model.prices.cacheWrite1hPerMillion).toBe(model.prices.inputPerMillion);
    }
  });

  it("has Anthropic's documented multipliers: 5m write 1.25×, 1h write 2×", () => {
    for (const model of MODELS.filter((candidate) => candidate.provider === "anthropic")) {
      expect(model.prices.cacheWrite5mPerMillion).toBeCloseTo(model.prices.inputPerMillion * 1.25, 10);
      expect(model.prices.cacheWrite1hPerMillion).toBeCloseTo(model.prices.inputPerMillion * 2, 10);
      expect(model.cache.writesBilled.value).toBe(true);
      expect(model.toolUseSystemPromptTokens).toBeDefined();
      expect(model.capabilities.anthropicToolSearch).toBe(true);
    }
  });

  it("gives mid-conversation tool changes to Opus 4.8 and Opus 5 only (§4.2)", () => {
    const withChanges = MODELS.filter((model) => model.capabilities.midConversationToolChanges).map(
      (model) => model.id,
    );
    expect(withChanges.sort()).toEqual(["claude-opus-4-8", "claude-opus-5"]);
  });

  it("offers OpenAI tool search on Responses gpt-5.4+ only, never on Chat Completions", () => {
    const withSearch = MODELS.filter((model) => model.capabilities.openaiToolSearch).map(
      (model) => `${model.provider}/${model.id}`,
    );
    expect(withSearch.sort()).toEqual([
      "openai-responses/gpt-5.4",
      "openai-responses/gpt-5.5",
      "openai-responses/gpt-5.6-luna",
      "openai-responses/gpt-5.6-sol",
      "openai-responses/gpt-5.6-terra",
    ]);
    expect(modelOf("openai-chat", "gpt-5.4").prices).toEqual(modelOf("openai-responses", "gpt-5.4").prices);
  });

  it("lists GPT-5.6 as its tiers (gpt-5.6 is Sol's alias, resolved where a trace names it; PROTOCOLS §9)", () => {
    expect(MODELS.some((model) => model.id === "gpt-5.6")).toBe(false);
    // Terra and Luna after OpenAI's 2026-07-30 cut; Sol at its 2026-08-21 promotion (secondary, dated).
    const tiers = { "gpt-5.6-sol": [4, 0.4, 20], "gpt-5.6-terra": [2, 0.2, 12], "gpt-5.6-luna": [0.2, 0.02, 1.2] };
    const dates: Record<string, string> = { "gpt-5.6-sol": "2026-08-21" };
    for (const [id, [input, cached, output]] of Object.entries(tiers)) {
      const prices = modelOf("openai-responses", id).prices;
      expect([prices.inputPerMillion, prices.cacheReadPerMillion, prices.outputPerMillion]).toEqual([
        input,
        cached,
        output,
      ]);
      expect(prices.confidence).toBe("secondary");
      expect(prices.date).toBe(dates[id] ?? "2026-07-30");
      expect(prices.source).toMatch(/Codex-Manager#409/);
    }
  });

  it("bills OpenAI writes on the GPT-5.6 tiers only, at 1.25× input (documented)", () => {
    const billed = MODELS.filter((model) => model.provider.startsWith("openai") && model.cache.writesBilled.value);
    expect(new Set(billed.map((model) => model.id))).toEqual(new Set(["gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna"]));
    for (const model of billed)
      expect(model.prices.cacheWrite5mPerMillion).toBeCloseTo(model.prices.inputPerMillion * 1.25, 10);
  });

  it("counts OpenAI cached tokens in 128-token increments before GPT-5.6 (cookbook, PROTOCOLS §9), labelled", () => {
    for (const id of ["gpt-4.1", "gpt-5.4", "gpt-5.5"]) {
      const rule = modelOf("openai-responses", id).cache.cachedTokenGranularity;
      expect(rule.value).toBe(128);
      expect(rule.source).toMatch(/Prompt Caching 201/);
    }
    expect(modelOf("openai-responses", "gpt-5.6-terra").cache.cachedTokenGranularity.value).toBe(1);
  });

  it("has Kimi dynamic tools and separate write billing on K3 only", () => {
    const k3 = modelOf("moonshot", "kimi-k3");
    expect(k3.capabilities.kimiDynamicTools).toBe(true);
    expect(k3.cache.writesBilled.value).toBe(true);
    for (const id of ["kimi-k2.7-code", "kimi-k2.5"]) {
      expect(modelOf("moonshot", id).capabilities.kimiDynamicTools).toBe(false);
      expect(modelOf("moonshot", id).cache.writesBilled.value).toBe(false);
    }
    expect(k3.cache.minimumCacheableTokens.confidence).toBe("unconfirmed");
  });

  it("carries the per-model minimum cacheable lengths of the 2026 doc (§5.1)", () => {
    const minimum = (id: string) => modelOf("anthropic", id).cache.minimumCacheableTokens.value;
    expect(minimum("claude-opus-4-8")).toBe(1024);
    expect(minimum("claude-opus-5")).toBe(512);
    expect(minimum("claude-sonnet-4-6")).toBe(1024);
    expect(minimum("claude-haiku-4-5")).toBe(4096);
    expect(minimum("claude-opus-4-5")).toBe(4096);
    expect(modelOf("openai-responses", "gpt-5.4").cache.minimumCacheableTokens.value).toBe(1024);
  });

  it("uses the exact tokenizer for OpenAI and labelled estimates elsewhere", () => {
    for (const model of MODELS) {
      const expected =
        model.provider === "anthropic"
          ? "anthropic-estimate"
          : model.provider === "moonshot"
            ? "kimi-estimate"
            : "o200k";
      expect(model.tokenizer).toBe(expected);
    }
  });

  it("lets an OpenAI-compatible server be priced by the user", () => {
    const compatible = modelOf("openai-chat", "openai-compatible");
    expect(compatible.prices.inputPerMillion).toBe(0);
    expect(compatible.prices.source).toMatch(/set your own/);
  });
});

describe("getModel / defaultModel", () => {
  it.each(PROVIDER_IDS)("%s has a default model of its own provider", (provider) => {
    expect(defaultModel(provider).provider).toBe(provider);
  });

  it("looks models up by provider and id", () => {
    expect(getModel("anthropic", "claude-opus-4-8")?.label).toBe("Claude Opus 4.8");
    expect(getModel("openai-chat", "claude-opus-4-8")).toBeUndefined();
    expect(getModel("moonshot", "no-such-model")).toBeUndefined();
  });
});
