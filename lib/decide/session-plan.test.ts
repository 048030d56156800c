import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { syntheticTurn } from "../examples/synthetic-turns";
import { probeToolsOf, sampleSessionTools, sessionToolsOf, spreadOrder } from "./sample-tools";
import { effectiveToolsUsed, sessionPlan } from "./session-plan";

describe("session plan", () => {
  it("needs a new tool in each of the first turns, then reuses them in order", () => {
    expect(sessionPlan(3, 7)).toEqual([
      { slot: 0, isNew: true },
      { slot: 1, isNew: true },
      { slot: 2, isNew: true },
      { slot: 0, isNew: false },
      { slot: 1, isNew: false },
      { slot: 2, isNew: false },
      { slot: 0, isNew: false },
    ]);
  });

  it("uses at most one new tool a turn, and no more tools than the catalog has", () => {
    expect(sessionPlan(9, 4).filter((turn) => turn.isNew)).toHaveLength(4);
    expect(effectiveToolsUsed(9, 4, 100)).toBe(4);
    expect(effectiveToolsUsed(9, 20, 2)).toBe(2);
    expect(effectiveToolsUsed(0, 20, 10)).toBe(1);
  });
});

describe("sampling the session's tools", () => {
  it("spreads candidates over the whole catalog, each index once", () => {
    const order = spreadOrder(100, 100);
    expect(new Set(order).size).toBe(100);
    expect(Math.abs(order[1] - order[0])).toBeGreaterThan(20);
  });

  it("keeps tools the first search finds and that no earlier pick's search returned, deterministically", async () => {
    const { catalog, settings } = await loadExample("github-mcp");
    const searcher = createEngine().searchers(catalog.tools).client;
    const sample = sampleSessionTools({
      tools: catalog.tools,
      wanted: 8,
      searcher,
      resultLimit: settings.searchResultLimit,
    });
    const again = sampleSessionTools({
      tools: catalog.tools,
      wanted: 8,
      searcher,
      resultLimit: settings.searchResultLimit,
    });
    expect(sample.clean.map((tool) => tool.name)).toEqual(again.clean.map((tool) => tool.name));
    expect(sample.clean).toHaveLength(8);
    const returned = new Set<string>();
    for (const tool of sample.clean) {
      const hits = searcher.search(syntheticTurn(tool).searchQuery ?? "", settings.searchResultLimit);
      const names = hits.ok ? hits.hits.map((hit) => hit.name) : [];
      expect(names).toContain(tool.name);
      expect(returned.has(tool.name)).toBe(false);
      names.forEach((name) => returned.add(name));
    }
    expect(sample.searchesFound).toBeLessThanOrEqual(sample.searchesTried);
    expect(sessionToolsOf(sample, 3)).toEqual(sample.clean.slice(0, 3));
    expect(probeToolsOf(sample, 6)).toEqual(sample.clean.slice(0, 6));
  });

  it("never picks a tool the provider always loads", async () => {
    const { catalog } = await loadExample("learning-agent");
    const searcher = createEngine().searchers(catalog.tools).client;
    const excluded = new Set(catalog.tools.slice(0, 5).map((tool) => tool.name));
    const sample = sampleSessionTools({ tools: catalog.tools, wanted: 40, searcher, resultLimit: 5, excluded });
    for (const tool of [...sample.clean, ...sample.overlapping, ...sample.missed])
      expect(excluded.has(tool.name)).toBe(false);
  });
});
