/**
 * Open facts (PROTOCOLS.md §9 "still open") with their effect on this scenario's cost, from the engine's steps:
 * Anthropic's hosted-search continuation billing (no source found either way) and Sonnet 4.6's minimum cacheable
 * length (1,024 in the prompt-caching doc; 2,048 observed in anthropic-sdk-python#1194).
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { computeCost, getModel } from "../models";
import { openFactEffects, searchContinuationEffect, sonnetMinimumEffect } from "./open-facts";

const engine = createEngine();

describe("open facts and their effect on this run", async () => {
  const scenario = await loadExample("seed-200-tools");

  it("continuation billed: each hosted search re-reads its prompt and pays its expanded definitions", () => {
    const run = engine.runStrategy(scenario, "anthropic-tool-search");
    const model = getModel("anthropic", run.model)!;
    const effect = searchContinuationEffect(run, model)!;
    let expected = 0;
    let searches = 0;
    run.steps.forEach((step, index) => {
      if (!JSON.stringify(step.response).includes('"server_tool_use"')) return;
      searches += 1;
      const expanded = Math.max(0, run.steps[index + 1].tokens.toolDefinitions - step.tokens.toolDefinitions);
      expected +=
        (step.tokens.input * model.prices.cacheReadPerMillion + expanded * model.prices.inputPerMillion) / 1e6;
    });
    expect(searches).toBeGreaterThan(0);
    expect(effect.requests).toBe(searches);
    expect(effect.extraUsd).toBeCloseTo(expected, 10);
    expect(effect.extraUsd).toBeGreaterThan(0);
    expect(effect.sentence).toMatch(
      /^If Anthropic bills the continuation after a hosted search, .* costs \$[\d.]+ more/,
    );
    console.log(`${effect.sentence} (run total ${run.totals.costUsd.toFixed(4)})`);
    // The page's summaries keep no response: the search steps of the native strategy give the same figure.
    const summary = { ...run, steps: run.steps.map(({ response: _response, ...step }) => step) };
    expect(searchContinuationEffect(summary, model)!.extraUsd).toBe(effect.extraUsd);
    expect(searchContinuationEffect(summary, model, "client")).toBeNull();
    // Strategies without a hosted search are untouched.
    expect(searchContinuationEffect(engine.runStrategy(scenario, "full"), model)).toBeNull();
  });

  it("Sonnet 4.6 at 2,048: cached requests under 2,048 tokens are repriced as plain input", () => {
    const run = engine.runStrategy(scenario, "gateway", { provider: "anthropic", model: "claude-sonnet-4-6" });
    const model = getModel("anthropic", "claude-sonnet-4-6")!;
    const effect = sonnetMinimumEffect(run, model)!;
    const short = run.steps.filter(
      (step) => step.tokens.input < 2_048 && step.tokens.cacheRead + step.tokens.cacheWrite > 0,
    );
    expect(effect.requests).toBe(short.length);
    const expected = short.reduce((sum, step) => {
      const options = { ttl: "5m" as const, writesBilled: true };
      const plain = computeCost(
        { uncached: step.tokens.input, cacheRead: 0, cacheWrite: 0, output: 0 },
        model.prices,
        options,
      );
      const cached = computeCost({ ...step.tokens, output: 0 }, model.prices, options);
      return sum + plain.totalUsd - cached.totalUsd;
    }, 0);
    expect(effect.extraUsd).toBeCloseTo(expected, 10);
    console.log(effect.sentence);
    // Other models are not concerned.
    expect(
      sonnetMinimumEffect(engine.runStrategy(scenario, "gateway"), getModel("anthropic", "claude-opus-4-8")!),
    ).toBeNull();
  });

  it("lists the effects for the runs on the scenario's own provider and model only", () => {
    const runs = [
      engine.runStrategy(scenario, "anthropic-tool-search"),
      engine.runStrategy(scenario, "gateway", { provider: "openai-responses", model: "gpt-5.4" }),
    ];
    const effects = openFactEffects(runs, { provider: "anthropic", model: scenario.settings.model });
    expect(effects.map((effect) => effect.id)).toEqual(["anthropic-search-continuation-billed"]);
  });
});
