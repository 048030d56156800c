/**
 * `simulate --json` and the terminal table name each figure's currency: a Qwen run (prices in CNY, from DashScope's
 * China price list) gives `currency: "CNY"` and `cost`, never a `costUsd` unless the person set a rate; a USD run
 * keeps `costUsd` and says `currency: "USD"` too.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { formatRunsTable, simulationJson } from "./simulation-output";

describe("simulate output: money in the provider's currency", async () => {
  const scenario = await loadExample("weather");
  const engine = createEngine();
  const qwen = engine.runAll(scenario, ["full"], { provider: "qwen" });
  const anthropic = engine.runAll(scenario, ["full"], {});

  it("a CNY run has currency and cost, and no costUsd without a rate", () => {
    const [run] = simulationJson(qwen).strategies;
    expect(run.provider).toBe("qwen");
    expect(run.currency).toBe("CNY");
    expect(run.totals.cost).toBeGreaterThan(0);
    expect(run.totals).not.toHaveProperty("costUsd");
    for (const step of run.steps) {
      expect(step.cost).toBeGreaterThan(0);
      expect(step).not.toHaveProperty("costUsd");
      expect(step).not.toHaveProperty("costPartsUsd");
    }
  });

  it("converts at the person's rate only: costUsd = cost × usdPerCny", () => {
    const [run] = simulationJson(qwen, { usdPerCny: 0.138 }).strategies;
    expect(run.totals.costUsd).toBeCloseTo(run.totals.cost * 0.138, 12);
    expect(run.steps[0].costUsd).toBeCloseTo(run.steps[0].cost * 0.138, 12);
  });

  it("a USD run keeps costUsd, equal to cost, and says its currency", () => {
    const [run] = simulationJson(anthropic).strategies;
    expect(run.currency).toBe("USD");
    expect(run.totals.costUsd).toBe(run.totals.cost);
    expect(run.steps[0].costUsd).toBe(run.steps[0].cost);
  });

  it("the table writes a CNY total as CN¥, and adds the USD figure only at a rate", () => {
    const table = formatRunsTable({ ...scenario, settings: { ...scenario.settings, provider: "qwen" } }, qwen);
    expect(table).toMatch(/CN¥\d/);
    expect(table).not.toMatch(/\$\d/);
    const rated = formatRunsTable(scenario, qwen, { usdPerCny: 0.138 });
    expect(rated).toMatch(/CN¥[\d.]+ ≈ \$\d/);
  });
});

describe("simulate --json: the provider's explicit cache beside its implicit one", async () => {
  const scenario = await loadExample("weather");
  const engine = createEngine();

  it("a Gemini run lists the cachedContents path; below the minimum it caches nothing, as the implicit cache", () => {
    const [run] = simulationJson(engine.runAll(scenario, ["full"], { provider: "gemini" })).strategies;
    const explicit = run.explicitCache!;
    expect(explicit.mechanism).toBe("cached-content");
    expect(explicit.ttlSeconds).toBe(3600);
    // The weather example's system and two tools are ~100 tokens, under Gemini's minimum: no object, no storage,
    // every token plain input, so both paths cost the same.
    expect(explicit.statuses).toEqual(run.steps.map(() => "below-minimum"));
    expect(explicit.storage).toBe(0);
    expect(explicit.cost).toBeCloseTo(run.totals.cost, 12);
  });

  it("a Qwen run lists the cache_control path in CNY, and a provider without one has none", () => {
    const [qwenRun] = simulationJson(engine.runAll(scenario, ["full"], { provider: "qwen" })).strategies;
    expect(qwenRun.explicitCache?.mechanism).toBe("cache-control-markers");
    expect(qwenRun.explicitCache?.storage).toBe(0);
    const [deepseek] = simulationJson(engine.runAll(scenario, ["full"], { provider: "deepseek" })).strategies;
    expect(deepseek).not.toHaveProperty("explicitCache");
  });

  it("says which mechanism the run sent: implicit by default, explicit with its create request where chosen", () => {
    const [implicit] = simulationJson(engine.runAll(scenario, ["full"], { provider: "gemini" })).strategies;
    expect(implicit.cacheMechanism).toBe("implicit");
    const long = "Follow the house rules in every answer, and say which tool you used. ".repeat(300);
    const explicitScenario = {
      ...scenario,
      settings: { ...scenario.settings, system: long, cacheMechanism: "explicit" as const },
    };
    const [explicit] = simulationJson(engine.runAll(explicitScenario, ["full"], { provider: "gemini" })).strategies;
    expect(explicit.cacheMechanism).toBe("explicit");
    expect(explicit.steps[0].cacheCreateRequest?.url).toMatch(/\/cachedContents$/);
    expect(explicit.steps[0].explicitCache?.status).toBe("created");
    expect(explicit.steps[1].explicitCache?.status).toBe("hit");
    // One value: the run's explicit-cache figure is the run's own total.
    expect(explicit.explicitCache!.cost).toBeCloseTo(explicit.totals.cost, 12);
  });
});
