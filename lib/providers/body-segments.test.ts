import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import type { Segment } from "../core/wire";
import { loadExample } from "../examples";
import { getModel } from "../models";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import { STRATEGIES } from "../strategies";
import { STRATEGY_IDS } from "../core/ids";
import { createTokenCounter } from "../tokens";
import { providerAdapter } from ".";

const MODELS: Record<ProviderId, string> = {
  anthropic: "claude-opus-4-8",
  "openai-responses": "gpt-5.4",
  "openai-chat": "gpt-5.4",
  moonshot: "kimi-k3",
  gemini: "gemini-2.5-flash",
  deepseek: "deepseek-v4-flash",
  qwen: "qwen-plus",
  glm: "glm-5.3",
};

/** Everything the cache model looks at; labels are words for people and may differ. */
function cacheView(segments: readonly Segment[]) {
  return segments.map((segment) => ({
    path: segment.path,
    group: segment.group,
    key: segment.key,
    tokens: segment.tokens,
    toolDefinitionTokens: segment.toolDefinitionTokens,
    breakpoint: segment.breakpoint,
    outsidePrompt: Boolean(segment.outsidePrompt),
  }));
}

const SETTINGS_VARIANTS: Array<{ name: string; settings: Partial<ScenarioSettings> }> = [
  { name: "automatic caching", settings: { cacheMode: "automatic" } },
  {
    name: "explicit breakpoints",
    settings: { cacheMode: "explicit", explicitBreakpoints: ["tools", "system", "last-message"] },
  },
  { name: "client search, tool_choice any", settings: { searchExecution: "client", toolChoice: "any" } },
  { name: "regex search, 1h TTL", settings: { searchVariant: "regex", cacheTtl: "1h" } },
];

describe("segmentBody: a rendered body segments exactly as the renderer segmented it (one cache model for traces)", async () => {
  const scenario = await loadExample("weather");
  const engine = createEngine();
  for (const variant of SETTINGS_VARIANTS) {
    it(`every strategy on every provider, ${variant.name}`, () => {
      let compared = 0;
      for (const strategy of STRATEGY_IDS) {
        for (const provider of STRATEGIES[strategy].providers) {
          const settings = { ...scenario.settings, ...variant.settings, provider, model: MODELS[provider] };
          const run = engine.runStrategy({ ...scenario, settings }, strategy, { provider, model: MODELS[provider] });
          if (run.refused) continue;
          const model = getModel(provider, run.model)!;
          const counter = createTokenCounter(model.tokenizer);
          for (const step of run.steps) {
            const fromBody = providerAdapter(provider).segmentBody(step.request.body, { model, counter });
            expect(cacheView(fromBody.segments), `${strategy} on ${provider}, step ${step.index + 1}`).toEqual(
              cacheView(step.segments),
            );
            compared += 1;
          }
        }
      }
      expect(compared).toBeGreaterThan(50);
    });
  }
});
