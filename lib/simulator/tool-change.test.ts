/**
 * A scripted tool change (a scenario turn's `toolChange`), computed by hand on the weather example. The second turn
 * starts by removing get_weather (or inserting search_files' declaration); the request after it is checked against
 * the documented rules (PROTOCOLS §4.2–4.3 for Anthropic, §3.2 for Kimi's append-only rule). The weather prompts are
 * under Opus 4.8's 1,024-token minimum, so the minimum is set to 0 here (an editable assumption) to see the cache.
 * Prices (PROTOCOLS §7): Opus 4.8 input $5, 5-minute write $6.25, read $0.50, output $25; Kimi K3 read $0.30, write
 * $6 (the 1-hour tier, an assumption the model table names), output $15, per million.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { STRATEGY_IDS, type ProviderId, type StrategyId } from "../core/ids";
import type { ToolChange } from "../scenario/types";
import { getModel } from "../models";
import { providerAdapter } from "../providers";
import { parseScenarioText, serializeScenario } from "../scenario";
import { strategyDefinition } from "../strategies";
import { createTokenCounter } from "../tokens";

const engine = createEngine();
const M = 1_000_000;

async function run(provider: ProviderId, model: string, id: StrategyId, toolChange?: ToolChange) {
  const example = await loadExample("weather");
  const turns = [example.turns[0], { ...example.turns[1], ...(toolChange ? { toolChange } : {}) }];
  const settings = { ...example.settings, provider, model, cacheOverrides: { minimumCacheableTokens: 0 } };
  return engine.runStrategy({ ...example, turns, settings }, id, { provider, model });
}

const tokensOf = (step: { segments: { path: string; tokens: number }[] }) =>
  Object.fromEntries(step.segments.map((segment) => [segment.path, segment.tokens]));

describe("Anthropic: removing a tool mid-conversation", () => {
  it("deleting it from `tools` invalidates the whole cache (the tools array is hashed first)", async () => {
    const { steps } = await run("anthropic", "claude-opus-4-8", "full", { change: "remove", tool: "get_weather" });
    const after = steps[2];
    expect(after.toolChange).toEqual({ change: "remove", tool: "get_weather", where: "tools" });
    expect((after.request.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["search_files"]);
    expect(after.divergence).toMatchObject({ segment: "tools[0]", kind: "removed" });
    // search_files 58 + preamble 290 + system 20 + user 12 + call 41 + result 55 + answer 24 + new user 13 = 513,
    // nothing read: 513 × $6.25 + 20 × $25 = 3,206.25 + 500 = $3,706.25 per million.
    expect(after.tokens).toMatchObject({ input: 513, cacheRead: 0, cacheWrite: 513, output: 20 });
    expect(after.cost.totalUsd).toBeCloseTo((513 * 6.25 + 20 * 25) / M, 12);
    // Without the removal the same request reads 562 and writes 37: $1,012.25 per million.
    const { steps: kept } = await run("anthropic", "claude-opus-4-8", "full");
    expect(kept[2].tokens).toMatchObject({ input: 599, cacheRead: 562, cacheWrite: 37 });
    expect(kept[2].cost.totalUsd).toBeCloseTo((562 * 0.5 + 37 * 6.25 + 20 * 25) / M, 12);
  });

  it("a tool added by tool_addition is withdrawn by an appended tool_removal: the prefix is kept", async () => {
    const { steps } = await run("anthropic", "claude-opus-4-8", "anthropic-mid-conversation", {
      change: "remove",
      tool: "get_weather",
    });
    const after = steps[3];
    expect(after.toolChange).toEqual({ change: "remove", tool: "get_weather", where: "removal-message" });
    const messages = after.request.body.messages as unknown[];
    expect(messages.at(-1)).toEqual({
      role: "system",
      content: [{ type: "tool_removal", tool: { type: "tool_reference", name: "get_weather" } }],
    });
    expect((after.request.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual([
      "search_tools",
      "get_weather",
      "search_files",
    ]);
    expect(after.divergence).toBeNull();
    expect(tokensOf(after)).toMatchObject({ "messages[8].content[0]": 23 });
    // The 716 tokens of the last request are read; the answer 24, the user's turn 13 and the tool_removal 23 are
    // written: 716 × $0.50 + 60 × $6.25 + 19 × $25 = 358 + 375 + 475 = $1,208 per million (23 × $6.25 more than
    // without the removal).
    expect(after.tokens).toMatchObject({ input: 776, cacheRead: 716, cacheWrite: 60, output: 19 });
    expect(after.cost.totalUsd).toBeCloseTo(0.001208, 12);
    // A trace of this body is read with the same segments (keys and tokens) as the renderer made.
    const model = getModel("anthropic", "claude-opus-4-8")!;
    const read = providerAdapter("anthropic").segmentBody(after.request.body, {
      model,
      counter: createTokenCounter(model.tokenizer),
    });
    const view = (segments: readonly { path: string; key: string; tokens: number }[]) =>
      segments.map(({ path, key, tokens }) => ({ path, key, tokens }));
    expect(view(read.segments)).toEqual(view(after.segments));
  });
});

describe("Kimi: the append-only rule broken", () => {
  it("deleting an earlier declaration breaks the prefix at that message", async () => {
    const { steps } = await run("moonshot", "kimi-k3", "kimi-dynamic", { change: "remove", tool: "get_weather" });
    const after = steps[3];
    expect(after.toolChange).toEqual({ change: "remove", tool: "get_weather", where: "messages" });
    const declarations = (after.request.body.messages as { tools?: unknown }[]).filter((message) => message.tools);
    expect(declarations).toEqual([]);
    expect(after.divergence).toMatchObject({ segment: "messages[4]", kind: "removed" });
    // Read: search_tools 65 + system 20 + user 13 + search call 75 + its result 28 = 201; written: the call 91, its
    // result 28, the answer 51, the new user turn 14 = 184. 201 × $0.30 + 184 × $6 + 39 × $15 = 60.3 + 1,104 + 585.
    expect(after.tokens).toMatchObject({ input: 385, cacheRead: 201, cacheWrite: 184, output: 39 });
    expect(after.cost.totalUsd).toBeCloseTo((60.3 + 1104 + 585) / M, 12);
    // Kept append-only, the same request reads all 373 tokens before it and writes 65: $1,086.9 per million.
    const { steps: kept } = await run("moonshot", "kimi-k3", "kimi-dynamic");
    expect(kept[3].tokens).toMatchObject({ input: 438, cacheRead: 373, cacheWrite: 65 });
    expect(kept[3].cost.totalUsd).toBeCloseTo((373 * 0.3 + 65 * 6 + 39 * 15) / M, 12);
  });

  it("inserting a declaration into the earlier message breaks the prefix there", async () => {
    const { steps } = await run("moonshot", "kimi-k3", "kimi-dynamic", { change: "insert", tool: "search_files" });
    const after = steps[3];
    expect(after.toolChange).toEqual({ change: "insert", tool: "search_files", where: "messages" });
    const declared = (after.request.body.messages as { tools?: { function: { name: string } }[] }[])
      .filter((message) => message.tools)
      .map((message) => message.tools!.map((tool) => tool.function.name));
    expect(declared).toEqual([["search_files", "get_weather"]]);
    expect(after.divergence).toMatchObject({ segment: "messages[4]", kind: "changed" });
    // search_files is declared, so the model calls it without searching. Read 201 as above; written: the grown
    // declaration 85, call 91, result 28, answer 51, user 14 = 269: 60.3 + 269 × $6 + 41 × $15 = 60.3 + 1,614 + 615.
    expect(tokensOf(after)).toMatchObject({ "messages[4]": 85 });
    expect(after.tokens).toMatchObject({ input: 470, cacheRead: 201, cacheWrite: 269, output: 41 });
    expect(after.cost.totalUsd).toBeCloseTo((60.3 + 1614 + 615) / M, 12);
  });
});

describe("every strategy on every provider that carries it", () => {
  it("runs a removal and an insertion, and records each on a request of the main conversation", async () => {
    const example = await loadExample("weather");
    let runs = 0;
    for (const id of STRATEGY_IDS)
      for (const provider of strategyDefinition(id).providers)
        for (const change of ["remove", "insert"] as const) {
          const turns = [example.turns[0], { ...example.turns[1], toolChange: { change, tool: "get_weather" } }];
          const settings = { ...example.settings, provider };
          const run = engine.runStrategy({ ...example, turns, settings }, id, { provider });
          if (run.refused) continue;
          runs += 1;
          const changed = run.steps.filter((step) => step.toolChange);
          expect(changed, `${id} on ${provider}, ${change}`).toHaveLength(1);
          expect(changed[0].lane, `${id} on ${provider}, ${change}`).toBeUndefined();
          expect(changed[0].turn).toBe(1);
        }
    expect(runs).toBeGreaterThan(100);
  });

  it("a prefilter's later selection leaves a removed tool out", async () => {
    const example = await loadExample("weather");
    const turns = [
      example.turns[0],
      { ...example.turns[1], toolChange: { change: "remove" as const, tool: "get_weather" } },
      example.turns[0],
    ];
    const settings = { ...example.settings, provider: "anthropic" as const, prefilterOrder: "append-only" as const };
    const { steps } = engine.runStrategy({ ...example, turns, settings }, "prefilter", { provider: "anthropic" });
    const last = steps.at(-1)!;
    expect(last.turn).toBe(2);
    expect(last.notes.join(" ")).toMatch(/the prefilter did not select get_weather/);
  });
});

describe("the scenario carries the change", () => {
  it("a scenario file and a share link (serializeScenario) keep toolChange; an unknown tool is a warning", async () => {
    const example = await loadExample("weather");
    const turns = [example.turns[0], { ...example.turns[1], toolChange: { change: "remove", tool: "get_weather" } }];
    const text = serializeScenario({ ...example, turns } as typeof example);
    const parsed = parseScenarioText(text);
    expect(parsed.value?.turns[1].toolChange).toEqual({ change: "remove", tool: "get_weather" });
    const unknown = parseScenarioText(text.replace('"tool": "get_weather"\n', '"tool": "get_wether"\n'));
    expect(unknown.problems).toContainEqual(
      expect.objectContaining({ severity: "warning", path: "$.turns[1].toolChange.tool" }),
    );
    const neededAgain = serializeScenario({ ...example, turns: [...turns, example.turns[0]] } as typeof example);
    expect(parseScenarioText(neededAgain).problems).toContainEqual(
      expect.objectContaining({ severity: "warning", path: "$.turns[2].needs[0].tool", toolName: "get_weather" }),
    );
    const invalid = parseScenarioText(text.replace('"change": "remove"', '"change": "rename"'));
    expect(invalid.value).toBeUndefined();
  });
});
