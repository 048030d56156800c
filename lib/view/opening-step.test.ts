import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import type { Divergence } from "../engine/types";
import { EXAMPLES, loadExample } from "../examples";
import { STRATEGY_IDS, type StrategyId } from "../core/ids";
import { baselineStrategyId } from "../strategies";
import { cacheCardFigures, cacheHeadline } from "./cache-headline";
import { openingStep, showsCachingAtWork, type OpeningRun } from "./opening-step";
import { statusTotals } from "./prefix-bar";

const step = (cacheRead: number, divergence: Divergence | null = null, rejected?: unknown) => ({
  tokens: { cacheRead },
  divergence,
  ...(rejected ? { rejected } : {}),
});
const run = (
  id: StrategyId,
  steps: OpeningRun["steps"],
  provider: OpeningRun["provider"] = "anthropic",
): OpeningRun => ({
  id,
  provider,
  model: provider === "anthropic" ? "claude" : "other",
  steps,
});
const changed: Divergence = { kind: "changed", segment: "tools[1]", segmentIndex: 1, reason: "tools[1] changed" };
const anthropic = { provider: "anthropic" as const, model: "claude" };

describe("openingStep", () => {
  it("opens on the preferred strategy's first request that reads an intact prefix", () => {
    const runs = [run("full", [step(0), step(1_000, changed), step(2_000)]), run("stubs", [step(0), step(500)])];
    expect(openingStep(runs, "full", anthropic)).toEqual({ strategyId: "full", stepIndex: 2 });
  });

  it("falls back to a strategy on the scenario's own provider before one that ran elsewhere", () => {
    const runs = [
      run("full", [step(0), step(0)]),
      run("openai-tool-search", [step(0), step(300)], "openai-responses"),
      run("stubs", [step(0), step(0), step(400)]),
    ];
    expect(openingStep(runs, "full", anthropic)).toEqual({ strategyId: "stubs", stepIndex: 2 });
    expect(openingStep(runs.slice(0, 2), "full", anthropic)).toEqual({
      strategyId: "openai-tool-search",
      stepIndex: 1,
    });
  });

  it("skips refused runs and rejected requests, and answers null when nothing is ever read", () => {
    expect(showsCachingAtWork(step(100, null, { status: 400 }))).toBe(false);
    const refused = { ...run("full", [step(100)]), refused: { reason: "no" } };
    expect(openingStep([refused], "full")).toBeNull();
    expect(openingStep([run("full", [step(0), step(0)])], "full")).toBeNull();
  });
});

/**
 * Every example's first screen, from the engine's own results: the request the page opens on has a cache headline
 * that says the cache is at work (tokens read, nothing lost). The baseline is simulated first, as the page shows it
 * first; the other strategies only when the baseline never reads (the 10,000-tool example then stays quick).
 */
describe("every example opens on caching at work", () => {
  for (const example of EXAMPLES) {
    it(`${example.id}`, { timeout: 240_000 }, async () => {
      const scenario = await loadExample(example.id);
      const engine = createEngine();
      const baseline = baselineStrategyId();
      const comparableOn = { provider: scenario.settings.provider, model: scenario.settings.model };
      let runs = [engine.runStrategy(scenario, baseline)];
      let opening = openingStep(runs, baseline, comparableOn);
      if (!opening) {
        runs = engine.runAll(
          scenario,
          STRATEGY_IDS.filter((id) => id !== baseline),
        );
        runs.push(engine.runStrategy(scenario, baseline));
        opening = openingStep(runs, baseline, comparableOn);
      }
      expect(opening, "some request of some strategy reads from the cache").not.toBeNull();
      const chosen = runs.find((candidate) => candidate.id === opening!.strategyId)!.steps[opening!.stepIndex];
      const totals = statusTotals(chosen.segments, chosen.segmentStatus);
      const headline = cacheHeadline(cacheCardFigures(chosen.tokens, totals), chosen.divergence);
      expect(headline.kind, headline.sentence).toBe("read");
      expect(headline.tone).toBe("success");
      expect(headline.sentence).toMatch(/^Prefix intact: [\d,.k]+ tokens read from cache/);
      expect(totals.read).toBeGreaterThan(0);
      expect(totals.invalidated).toBe(0);
    });
  }
});
