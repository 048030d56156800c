/**
 * The simulated session, through the engine's public output: the scenario clock (seconds between steps, minutes
 * between turns counted from the last request of the previous turn), the TTL boundary end to end, the token
 * identity of every step, and the usage the simulated provider reports. Expectations follow the settings'
 * documented meaning (lib/scenario/types.ts) and PROTOCOLS.md §5, not the session's code.
 */
import { describe, expect, it } from "vitest";
import { loadExample } from "../examples";
import type { Scenario, ScenarioSettings } from "../scenario/types";
import { createEngine } from "./engine";

const engine = createEngine();

describe("the simulated session", async () => {
  const weather = await loadExample("weather");
  const learning = await loadExample("learning-agent");
  const withSettings = (scenario: Scenario, settings: Partial<ScenarioSettings>): Scenario => ({
    ...scenario,
    settings: { ...scenario.settings, ...settings },
  });

  it("keeps the scenario clock: seconds between steps in a turn, minutes between turns after the last step", () => {
    const run = engine.runStrategy(withSettings(weather, { minutesBetweenTurns: 3, secondsBetweenSteps: 7 }), "full");
    expect(run.steps.map((step) => step.clockSeconds)).toEqual([0, 7, 7 + 180, 7 + 180 + 7]);
    const stubs = engine.runStrategy(
      withSettings(weather, { minutesBetweenTurns: 1, secondsBetweenSteps: 2 }),
      "stubs",
    );
    // load, call, retry, answer | load, call, answer
    expect(stubs.steps.map((step) => step.clockSeconds)).toEqual([0, 2, 4, 6, 66, 68, 70]);
    expect(stubs.steps.map((step) => step.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("a turn exactly 5 minutes after the previous request finds the 5-minute cache expired", () => {
    const fiveMinutes = engine.runStrategy(withSettings(learning, { minutesBetweenTurns: 5 }), "full");
    const firstOfTurn1 = fiveMinutes.steps.find((step) => step.turn === 1)!;
    const lastOfTurn0 = fiveMinutes.steps[firstOfTurn1.index - 1];
    expect(firstOfTurn1.clockSeconds - lastOfTurn0.clockSeconds).toBe(300);
    expect(firstOfTurn1.tokens.cacheRead).toBe(0);
    expect(firstOfTurn1.tokens.cacheWrite).toBe(firstOfTurn1.tokens.input);
    expect(firstOfTurn1.divergence?.reason).toBe(
      "cache entry expired after 5 minutes (TTL 5m): everything is written again",
    );

    const fourMinutes = engine.runStrategy(withSettings(learning, { minutesBetweenTurns: 4 }), "full");
    const readBack = fourMinutes.steps.find((step) => step.turn === 1)!;
    // The whole previous prompt is read back; only what was appended since is written.
    expect(readBack.tokens.cacheRead).toBe(fourMinutes.steps[readBack.index - 1].tokens.input);
    expect(readBack.divergence).toBeNull();

    const oneHour = engine.runStrategy(withSettings(learning, { minutesBetweenTurns: 5, cacheTtl: "1h" }), "full");
    expect(oneHour.steps.find((step) => step.turn === 1)!.tokens.cacheRead).toBeGreaterThan(0);
  });

  it("every step's input is read + written + uncached, and tool definitions are counted inside it", () => {
    for (const id of ["full", "stubs", "gateway", "anthropic-tool-search"] as const) {
      for (const step of engine.runStrategy(learning, id).steps) {
        const { tokens } = step;
        expect(tokens.input).toBe(tokens.cacheRead + tokens.cacheWrite + tokens.uncached);
        expect(tokens.toolDefinitions).toBe(
          step.segments.reduce((sum, segment) => sum + segment.toolDefinitionTokens, 0),
        );
        expect(tokens.toolDefinitions).toBeLessThanOrEqual(tokens.input);
        expect(tokens.output).toBeGreaterThan(0);
        expect(step.segmentStatus).toHaveLength(step.segments.length);
      }
    }
  });

  it("the run's totals are the sums of its steps", () => {
    const run = engine.runStrategy(learning, "gateway");
    const sum = (pick: (step: (typeof run.steps)[number]) => number) =>
      run.steps.reduce((total, step) => total + pick(step), 0);
    expect(run.totals).toMatchObject({
      input: sum((step) => step.tokens.input),
      cacheRead: sum((step) => step.tokens.cacheRead),
      cacheWrite: sum((step) => step.tokens.cacheWrite),
      uncached: sum((step) => step.tokens.uncached),
      requests: run.steps.length,
    });
    expect(run.totals.costUsd).toBeCloseTo(
      sum((step) => step.cost.totalUsd),
      12,
    );
    expect(run.totals.cacheHitRateByTokens).toBeCloseTo(run.totals.cacheRead / run.totals.input, 12);
  });

  it("the simulated response reports the step's tokens in the provider's usage fields", () => {
    for (const step of engine.runStrategy(learning, "full").steps) {
      expect(step.response.usage).toEqual({
        input_tokens: step.tokens.uncached,
        cache_creation_input_tokens: step.tokens.cacheWrite,
        cache_read_input_tokens: step.tokens.cacheRead,
        output_tokens: step.tokens.output,
      });
    }
    const openai = engine.runStrategy(
      withSettings(learning, { provider: "openai-responses", model: "gpt-5.4" }),
      "full",
    );
    for (const step of openai.steps) {
      const usage = step.response.usage as Record<string, any>;
      expect(usage.input_tokens).toBe(step.tokens.input);
      expect(usage.input_tokens_details.cached_tokens).toBe(step.tokens.cacheRead);
      expect(usage.output_tokens).toBe(step.tokens.output);
    }
  });

  it("merges consecutive user blocks into one user turn (tool results, then the next user message)", () => {
    for (const step of engine.runStrategy(learning, "stubs").steps) {
      const roles = (step.request.body.messages as Array<{ role: string }>).map((message) => message.role);
      roles.forEach((role, index) => {
        if (index > 0 && role === "user") expect(roles[index - 1]).not.toBe("user");
      });
    }
  });
});
