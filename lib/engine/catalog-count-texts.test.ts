import { describe, expect, it } from "vitest";
import { hashString } from "../cache";
import { syntheticScenario } from "../examples/synthetic-scenario";
import { PROVIDER_IDS, STRATEGY_IDS } from "../core/ids";
import { createTokenCounter, type TokenCounter, type TokenizerKind } from "../tokens";
import { countO200kTokens } from "../tokens/o200k";
import { createEngine } from "./engine";
import { catalogCountTexts, firstRequestToolTexts } from "./catalog-count-texts";

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
    // The catalog written into one prompt text (text-protocol's system prompt, the prefilter's stub list) is counted
    // as that text, not per tool: those two are left out here.
    const perTool = STRATEGY_IDS.filter((id) => id !== "text-protocol" && id !== "prefilter");
    createEngine({ counterFor }).runAll({ ...scenario, settings: { ...scenario.settings, provider } }, perTool, {
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

describe("firstRequestToolTexts", () => {
  const scenario = syntheticScenario({ count: 40, targetTokensPerTool: 200, turns: 1, countTokens: countO200kTokens });

  it("is exactly the counted tool blocks of the strategy's first request", () => {
    const engine = createEngine();
    for (const strategyId of STRATEGY_IDS) {
      const predicted = firstRequestToolTexts(engine, scenario, strategyId).map(hashString);
      const [first] = engine.runStrategy(scenario, strategyId).steps;
      // A segment's key is the hash of the text its tokens were counted from (lib/providers/segment-list.ts).
      const countedTools = first.segments
        .filter((segment) => segment.group === "tools" && !segment.outsidePrompt && segment.path.startsWith("tools["))
        .map((segment) => segment.key);
      // Every predicted text is a counted block, and what is not predicted is at most the search tool or a namespace.
      expect({ strategyId, missing: predicted.filter((key) => !countedTools.includes(key)) }).toEqual({
        strategyId,
        missing: [],
      });
      expect(countedTools.filter((key) => !predicted.includes(key)).length).toBeLessThanOrEqual(2);
    }
  });

  it("is every definition for full, every stub for stubs, and no definition for a strategy that searches first", () => {
    const engine = createEngine();
    const tools = scenario.catalog.tools.length;
    expect(firstRequestToolTexts(engine, scenario, "full")).toHaveLength(tools);
    // Every stub, and the helper that calls a stubbed tool.
    expect(firstRequestToolTexts(engine, scenario, "stubs").slice(0, tools)).toEqual(
      catalogCountTexts(scenario.catalog, "anthropic").filter((_, index) => index % 2 === 1),
    );
    expect(firstRequestToolTexts(engine, scenario, "stubs").length).toBeLessThan(tools + 3);
    expect(firstRequestToolTexts(engine, scenario, "naive-dynamic").length).toBeLessThan(5);
    expect(firstRequestToolTexts(engine, scenario, "anthropic-tool-search").length).toBeLessThan(5);
  });

  it("follows a forced provider's rendering", () => {
    const texts = firstRequestToolTexts(createEngine(), scenario, "full", "openai-responses");
    expect(texts).toEqual(
      catalogCountTexts(scenario.catalog, "openai-responses").filter((_, index) => index % 4 === 2),
    );
  });
});
