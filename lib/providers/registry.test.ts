import { describe, expect, it } from "vitest";
import { PROVIDER_IDS } from "../core/ids";
import { providerModelFacts } from "../core/provider-models";
import { defaultModel } from "../models";
import { providerFacts } from "./facts";
import { PROVIDERS, providerAdapter } from "./index";

describe("the provider registries", () => {
  it("hold one adapter per provider id, each the same facts the light registry gives the page", () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual([...PROVIDER_IDS].sort());
    for (const id of PROVIDER_IDS) {
      const adapter = providerAdapter(id);
      const facts = providerFacts(id);
      expect(adapter.id).toBe(id);
      for (const [key, value] of Object.entries(facts))
        expect(adapter[key as keyof typeof facts], `${id}.${key}`).toEqual(value);
    }
  });

  it("give the OpenAI formats one account and key, and every other provider its own", () => {
    const accounts = PROVIDER_IDS.map((id) => providerFacts(id).account);
    expect(accounts).toEqual(["anthropic", "openai", "openai", "moonshot", "google", "deepseek", "alibaba", "zhipu"]);
    expect(new Set(PROVIDER_IDS.map((id) => providerFacts(id).keyVariable)).size).toBe(PROVIDER_IDS.length - 1);
    expect(providerFacts("openai-chat").keyVariable).toBe(providerFacts("openai-responses").keyVariable);
  });

  it("give each provider the model facts lib/models reads, one value for the page, the engine and the tables", () => {
    for (const id of PROVIDER_IDS) {
      const facts = providerFacts(id);
      const model = providerModelFacts(id);
      expect(model.id).toBe(id);
      for (const [key, value] of Object.entries(model))
        expect(facts[key as keyof typeof model], `${id}.${key}`).toEqual(value);
      expect(defaultModel(id).provider).toBe(id);
      expect(defaultModel(id).id).toBe(facts.defaultModelId);
      // Hosted tool_search comes with namespaces in the one API that has it (the Responses API).
      expect(facts.hostedToolSearch, id).toBe(facts.toolNamespaces);
      expect(facts.tokenCounter === null, id).toBe(facts.tokenCountEndpoint === "none");
    }
  });

  it("give each added provider the tap's facts: a mount, TAP_<PROVIDER>_UPSTREAM and an https upstream", () => {
    for (const id of ["gemini", "deepseek", "qwen", "glm"] as const) {
      const tap = providerFacts(id).tap;
      expect(tap.upstreamEnv, id).toBe(`TAP_${id.toUpperCase()}_UPSTREAM`);
      expect(tap.mount, id).toBe(`/tap/${id}`);
      expect(tap.defaultUpstream, id).toMatch(/^https:\/\//);
    }
  });
});
