import { describe, expect, it } from "vitest";
import { syntheticScenario } from "../examples/synthetic-scenario";
import { PROVIDER_IDS, STRATEGY_IDS } from "../scenario/types";
import { createTokenCounter, type TokenCounter, type TokenizerKind } from "../tokens";
import { countO200kTokens } from "../tokens/o200k";
import { createEngine } from "./engine";
import { catalogCountTexts } from "./catalog-count-texts";

/** Counters that record every text the engine asks them to count (memo hits included). */
function recordingCounters() {
  const counted = new Set<string>();
  const counterFor = (kind: TokenizerKind, correctionFactor?: number): TokenCounter => {
    const inner = createTokenCounter(kind, correctionFactor === undefined ? {} : { correctionFactor });
    return {
      ...inner,
      count(text) {
        counted.add(text);
        return inner.count(text);
      },
    };
  };
  return { counted, counterFor };
}

const characters = (texts: Iterable<string>) => [...texts].reduce((sum, text) => sum + text.length, 0);

describe("catalogCountTexts", () => {
  // A catalog-dominated scenario, as at 10,000 tools: the definitions are most of what a run counts (the rest, the
  // conversation and search results, does not grow with the catalog: ≈ 13% of the characters at 250 tools).
  const scenario = syntheticScenario({ count: 250, targetTokensPerTool: 300, turns: 2, countTokens: countO200kTokens });

  it.each(PROVIDER_IDS)("names the texts that make up nearly all of a run's counting on %s", (provider) => {
    const { counted, counterFor } = recordingCounters();
    createEngine({ counterFor }).runAll({ ...scenario, settings: { ...scenario.settings, provider } }, STRATEGY_IDS, {
      provider,
    });
    const predicted = new Set(catalogCountTexts(scenario.catalog, provider));
    const unpredicted = [...counted].filter((text) => !predicted.has(text));
    expect(characters(unpredicted)).toBeLessThan(characters(counted) * 0.2);
    // And the run counts every text predicted for its provider (each unused one is a lookup for nothing); elsewhere
    // the Anthropic definitions are left, which the catalog list counts (`tool-tokens`), not the run.
    const unused = [...predicted].filter((text) => !counted.has(text));
    expect(unused).toHaveLength(provider === "anthropic" ? 0 : scenario.catalog.tools.length * 2);
  });

  it("lists two texts a tool on Anthropic and four on the other providers", () => {
    const tools = scenario.catalog.tools.length;
    expect(catalogCountTexts(scenario.catalog, "anthropic")).toHaveLength(tools * 2);
    expect(catalogCountTexts(scenario.catalog, "openai-responses")).toHaveLength(tools * 4);
    expect(catalogCountTexts(scenario.catalog, "moonshot")).toHaveLength(tools * 4);
  });
});
