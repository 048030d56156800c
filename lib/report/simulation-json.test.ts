/**
 * `simulate --json` lists every token it prices: a step's cost is recomputed here from the JSON's own tokens and
 * the model's documented prices, output included: a token priced but not listed would make the costs uncheckable.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { writePriceTier } from "../models/cache-rules";
import { getModel } from "../models/model-table";
import { STRATEGY_IDS } from "../core/ids";
import { simulationJson } from "./simulation-output";

describe("simulate --json: costs recomputable from the JSON", () => {
  it("every step's costUsd is its listed tokens times the model's prices, output tokens included", async () => {
    const scenario = await loadExample("weather");
    const json = simulationJson(createEngine().runAll(scenario, [...STRATEGY_IDS], {}));
    let checked = 0;
    for (const strategy of json.strategies) {
      if (strategy.refused) continue;
      let output = 0;
      for (const step of strategy.steps) {
        // A second conversation lane (the prefilter's small model) names its own model.
        const model = getModel(strategy.provider, ("model" in step ? step.model : undefined) ?? strategy.model)!;
        const { prices } = model;
        const writePrice = !model.cache.writesBilled.value
          ? prices.inputPerMillion
          : writePriceTier(model, scenario.settings.cacheTtl) === "1h"
            ? prices.cacheWrite1hPerMillion
            : prices.cacheWrite5mPerMillion;
        const { tokens } = step;
        expect(tokens.output).toBeGreaterThan(0);
        output += tokens.output;
        const recomputed =
          (tokens.uncached * prices.inputPerMillion +
            tokens.cacheRead * prices.cacheReadPerMillion +
            tokens.cacheWrite * writePrice +
            tokens.output * prices.outputPerMillion) /
          1_000_000;
        expect(step.costUsd, `${strategy.id} step ${step.index}`).toBeCloseTo(recomputed, 12);
        expect(step.costPartsUsd!.output).toBeCloseTo((tokens.output * prices.outputPerMillion) / 1_000_000, 12);
        const parts = step.costPartsUsd!;
        expect(parts.uncached + parts.cacheRead + parts.cacheWrite + parts.output).toBeCloseTo(step.costUsd!, 12);
        checked += 1;
      }
      expect(strategy.totals.output).toBe(output);
    }
    expect(checked).toBeGreaterThan(20);
  });
});
