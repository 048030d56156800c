/**
 * The provider's explicit cache chosen in the scenario (settings `cacheMechanism: "explicit"`), through the engine:
 * the requests it sends and each step's tokens and price, computed by hand. The weather example gets a long system
 * prompt so that its cached part (system instruction and tools) is over both minimums.
 * Gemini 2.5 Flash (ai.google.dev/gemini-api/docs/pricing, the model table): input $0.30, cached $0.03, output
 * $2.50, storage $1.00 per million per hour; cachedContents default TTL 1 h, not extended by a hit
 * (ai.google.dev/gemini-api/docs/caching). Qwen Plus (the model table, CNY): input ¥0.8, output ¥2 per million;
 * explicit creation 125 %, hits 10 % of input, 5 minutes reset on a hit (alibabacloud.com/help/en/model-studio/
 * context-cache).
 */
import { describe, expect, it } from "vitest";
import type { EngineStep } from "../core";
import type { ProviderId } from "../core/ids";
import { loadExample } from "../examples";
import type { ScenarioSettings, ToolChange } from "../scenario/types";
import { summariseRun } from "../workbench/summarise-run";
import { createEngine } from "./engine";

const engine = createEngine();
const M = 1_000_000;
const LONG_SYSTEM = "You are a careful weather assistant. Follow the house rules in every answer. ".repeat(250);

async function run(
  provider: ProviderId,
  model: string,
  options: { mechanism?: ScenarioSettings["cacheMechanism"]; minutes?: number; toolChange?: ToolChange } = {},
) {
  const example = await loadExample("weather");
  const turns = [
    example.turns[0],
    { ...example.turns[1], ...(options.toolChange ? { toolChange: options.toolChange } : {}) },
  ];
  const settings: ScenarioSettings = {
    ...example.settings,
    provider,
    model,
    system: LONG_SYSTEM,
    minutesBetweenTurns: options.minutes ?? 2,
    ...(options.mechanism ? { cacheMechanism: options.mechanism } : {}),
  };
  return engine.runStrategy({ ...example, turns, settings }, "full", { provider, model });
}

/** The tokens of the cached part: the segments outside `messages` (system instruction and tools). */
const cachedPart = (step: EngineStep) =>
  step.segments.filter((segment) => segment.group !== "messages").reduce((sum, segment) => sum + segment.tokens, 0);

describe("Gemini: cachedContents chosen in the scenario", () => {
  it("creates the object on the first request, then each generateContent names it and reads it", async () => {
    const { steps } = await run("gemini", "gemini-2.5-flash", { mechanism: "explicit" });
    const [first, second] = steps;
    const cached = cachedPart(first);
    expect(cached).toBeGreaterThan(2_048);
    // The create request holds the system instruction and the tools, with the TTL; the generate request only the rest.
    const create = first.cacheCreateRequest!;
    expect(create.url).toBe("https://generativelanguage.googleapis.com/v1beta/cachedContents");
    expect(create.body).toMatchObject({ model: "models/gemini-2.5-flash", ttl: "3600s" });
    // No leading contents are cached, and an empty list is left out (the SDK refuses `contents: []`).
    expect(create.body).not.toHaveProperty("contents");
    expect(create.body.systemInstruction).toEqual({ parts: [{ text: LONG_SYSTEM }] });
    expect(create.body.tools).toBeDefined();
    const name = first.explicitCache!.name!;
    expect(name).toMatch(/^cachedContents\//);
    for (const step of steps) {
      expect(step.request.body.cachedContent).toBe(name);
      expect(step.request.body).not.toHaveProperty("tools");
      expect(step.request.body).not.toHaveProperty("systemInstruction");
    }
    expect(steps.slice(1).every((step) => step.cacheCreateRequest === undefined)).toBe(true);
    expect(steps.map((step) => step.explicitCache!.status)).toEqual(["created", "hit", "hit", "hit"]);

    // First request: creation (cached × $0.30) + one hour of storage (cached × $1.00) + the read (cached × $0.03)
    // + the contents (other × $0.30) + output × $2.50.
    const other = first.tokens.input - cached;
    expect(first.tokens).toMatchObject({ cacheRead: cached, cacheWrite: 0, uncached: other });
    expect(first.explicitCache).toMatchObject({ cachedTokens: cached, ttlSeconds: 3600, expiresAtSeconds: 3600 });
    expect(first.explicitCache!.storageUsd).toBeCloseTo((cached * 1) / M, 12);
    expect(first.explicitCache!.storagePerHourUsd).toBeCloseTo((cached * 1) / M, 12);
    expect(first.cost.cacheWriteUsd).toBeCloseTo((cached * 0.3 + cached * 1) / M, 12);
    expect(first.cost.totalUsd).toBeCloseTo(
      (cached * 0.3 + cached * 1 + cached * 0.03 + other * 0.3 + first.tokens.output * 2.5) / M,
      12,
    );
    // A hit: the cached part at $0.03, the rest at $0.30; the expiry stays where creation set it.
    const rest = second.tokens.input - cached;
    expect(second.tokens).toMatchObject({ cacheRead: cached, cacheWrite: 0, uncached: rest });
    expect(second.explicitCache).toMatchObject({ status: "hit", name, expiresAtSeconds: 3600, storageUsd: 0 });
    expect(second.cost.totalUsd).toBeCloseTo((cached * 0.03 + rest * 0.3 + second.tokens.output * 2.5) / M, 12);
  });

  it("a changed tool list needs a new object: a second create request, a new name", async () => {
    const { steps } = await run("gemini", "gemini-2.5-flash", {
      mechanism: "explicit",
      toolChange: { change: "remove", tool: "get_weather" },
    });
    const after = steps[2];
    expect(after.explicitCache!.status).toBe("changed");
    expect(after.cacheCreateRequest).toBeDefined();
    const declared = (after.cacheCreateRequest!.body.tools as { functionDeclarations: { name: string }[] }[])[0]
      .functionDeclarations;
    expect(declared.map((declaration) => declaration.name)).toEqual(["search_files"]);
    expect(after.explicitCache!.name).not.toBe(steps[0].explicitCache!.name);
    expect(after.request.body.cachedContent).toBe(after.explicitCache!.name);
    const cached = cachedPart(after);
    expect(after.cost.cacheWriteUsd).toBeCloseTo((cached * 0.3 + cached * 1) / M, 12);
    expect(steps[3].explicitCache!.status).toBe("hit");
  });

  it("expires at the TTL: a turn 61 minutes later makes a new object", async () => {
    const { steps } = await run("gemini", "gemini-2.5-flash", { mechanism: "explicit", minutes: 61 });
    expect(steps.map((step) => step.explicitCache!.status)).toEqual(["created", "hit", "expired", "hit"]);
    expect(steps[2].cacheCreateRequest).toBeDefined();
    expect(steps[2].divergence).toMatchObject({ kind: "ttl-expired" });
    expect(steps[2].explicitCache!.expiresAtSeconds).toBe(steps[2].clockSeconds + 3600);
  });

  it("implicit (the default, and an old link without the setting) sends no cachedContent", async () => {
    const { steps } = await run("gemini", "gemini-2.5-flash");
    expect(steps.every((step) => step.explicitCache === undefined && step.cacheCreateRequest === undefined)).toBe(true);
    expect(steps[0].request.body).toHaveProperty("tools");
    expect(steps[0].request.body).not.toHaveProperty("cachedContent");
  });

  it("the run's explicit-cache figures are the steps' own", async () => {
    const explicit = await run("gemini", "gemini-2.5-flash", { mechanism: "explicit" });
    const summary = summariseRun(explicit);
    expect(summary.explicitCache!.cost).toBeCloseTo(explicit.totals.costUsd, 12);
    expect(summary.explicitCache!.storage).toBeCloseTo(explicit.steps[0].explicitCache!.storageUsd, 12);
  });
});

describe("Gemini's minimum: an editable assumption the explicit cache follows", () => {
  it("the model table labels it; a cached part between 1,024 and 2,048 is cached only at the person's 1,024", async () => {
    const { getModel } = await import("../models/model-table");
    const minimum = getModel("gemini", "gemini-2.5-flash")!.cache.minimumCacheableTokens;
    expect(minimum).toMatchObject({ value: 2_048, confidence: "unconfirmed" });
    expect(minimum.source).toMatch(/ASSUMPTION.*1,024/);
    const example = await loadExample("weather");
    const settings: ScenarioSettings = {
      ...example.settings,
      provider: "gemini",
      model: "gemini-2.5-flash",
      system: "You are a careful weather assistant. Follow the house rules in every answer. ".repeat(90),
      cacheMechanism: "explicit",
    };
    const at = (overrides: ScenarioSettings["cacheOverrides"]) =>
      engine.runStrategy({ ...example, settings: { ...settings, cacheOverrides: overrides } }, "full").steps;
    const table = at(undefined);
    expect(cachedPart(table[0])).toBeGreaterThan(1_024);
    expect(cachedPart(table[0])).toBeLessThan(2_048);
    expect(table[0].explicitCache!.status).toBe("below-minimum");
    expect(table[0].cacheCreateRequest).toBeUndefined();
    expect(table[0].request.body).toHaveProperty("tools");
    const edited = at({ minimumCacheableTokens: 1_024 });
    expect(edited[0].explicitCache!.status).toBe("created");
    expect(edited[0].cacheCreateRequest).toBeDefined();
    // The run's explicit-cache summary is the steps' own, edited minimum included.
    const run = engine.runStrategy(
      { ...example, settings: { ...settings, cacheOverrides: { minimumCacheableTokens: 1_024 } } },
      "full",
    );
    expect(summariseRun(run).explicitCache!.statuses.created).toBe(1);
  });
});

describe("Qwen: cache_control markers chosen in the scenario", () => {
  it("marks the system message and the last message; creation at 125 %, hits at 10 %", async () => {
    const { steps } = await run("qwen", "qwen-plus", { mechanism: "explicit" });
    const [first, second] = steps;
    const messages = first.request.body.messages as { role: string; content: unknown }[];
    expect(messages[0]).toEqual({
      role: "system",
      content: [{ type: "text", text: LONG_SYSTEM, cache_control: { type: "ephemeral" } }],
    });
    expect(JSON.stringify(messages.at(-1))).toContain('"cache_control":{"type":"ephemeral"}');
    expect(first.cacheCreateRequest).toBeUndefined();
    expect(steps.map((step) => step.explicitCache!.status)).toEqual(["created", "hit", "hit", "hit"]);
    const cached = cachedPart(first);
    expect(cached).toBeGreaterThan(1_024);
    const other = first.tokens.input - cached;
    expect(first.tokens).toMatchObject({ cacheRead: 0, cacheWrite: cached, uncached: other });
    expect(first.cost.totalUsd).toBeCloseTo((cached * 0.8 * 1.25 + other * 0.8 + first.tokens.output * 2) / M, 12);
    // The response reports the creation as DashScope does.
    expect(first.response.usage).toMatchObject({
      prompt_tokens_details: { cached_tokens: 0, cache_creation_input_tokens: cached },
    });
    const rest = second.tokens.input - cached;
    expect(second.tokens).toMatchObject({ cacheRead: cached, cacheWrite: 0, uncached: rest });
    expect(second.cost.totalUsd).toBeCloseTo((cached * 0.08 + rest * 0.8 + second.tokens.output * 2) / M, 12);
    // A hit resets the 5 minutes.
    expect(second.explicitCache!.expiresAtSeconds).toBe(second.clockSeconds + 300);
  });

  it("a changed tool list is a new prefix: created again", async () => {
    const { steps } = await run("qwen", "qwen-plus", {
      mechanism: "explicit",
      toolChange: { change: "remove", tool: "get_weather" },
    });
    expect(steps.map((step) => step.explicitCache!.status)).toEqual(["created", "hit", "changed", "hit"]);
    expect(steps[2].tokens.cacheWrite).toBe(cachedPart(steps[2]));
  });

  it("expires 5 minutes after the last hit: a turn 6 minutes later creates it again", async () => {
    const { steps } = await run("qwen", "qwen-plus", { mechanism: "explicit", minutes: 6 });
    expect(steps.map((step) => step.explicitCache!.status)).toEqual(["created", "hit", "expired", "hit"]);
  });
});
