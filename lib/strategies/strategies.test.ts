/**
 * What each strategy declares and what each discovery appends, read from the engine's public output (the wire
 * requests of a run) on the weather example: two tools, two turns, each turn needs one tool. The expectations come
 * from the strategy table in README.md / PRODUCT.md and the wire rules in PROTOCOLS.md, not from the strategy code.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import type { StrategyRun } from "../engine/types";
import { loadExample } from "../examples";
import type { Scenario } from "../scenario/types";
import type { StrategyId } from "../core/ids";

type Json = Record<string, any>;

const engine = createEngine();

/** Tool names in `tools`, a `*` after a deferred one; server tools by their name or type. */
function declaredTools(body: Json): string[] {
  return ((body.tools ?? []) as Json[]).map(
    (tool) => `${tool.name ?? tool.function?.name ?? tool.type}${tool.defer_loading ? "*" : ""}`,
  );
}

/** The conversation items of a request: `messages` (Anthropic, Chat Completions, Moonshot) or `input` (Responses). */
function items(body: Json): Json[] {
  return (body.messages ?? body.input) as Json[];
}

/** What request `index + 1` appends after request `index`'s conversation (requests only ever append). */
function appendedAfter(run: StrategyRun, index: number): Json[] {
  return items(run.steps[index + 1].request.body).slice(items(run.steps[index].request.body).length);
}

describe("strategies on the weather example", async () => {
  const weather: Scenario = await loadExample("weather");
  const runs = new Map<StrategyId, StrategyRun>();
  const run = (id: StrategyId): StrategyRun => {
    let value = runs.get(id);
    if (!value) {
      value = engine.runStrategy(weather, id);
      runs.set(id, value);
    }
    return value;
  };

  it.each([
    ["full", "anthropic", ["call", "answer", "call", "answer"]],
    ["naive-dynamic", "anthropic", ["search", "call", "answer", "search", "call", "answer"]],
    ["anthropic-tool-search", "anthropic", ["search", "answer", "search", "answer"]],
    ["openai-tool-search", "openai-responses", ["search", "answer", "search", "answer"]],
    ["stubs", "anthropic", ["load", "call", "retry", "answer", "load", "call", "answer"]],
    ["gateway", "anthropic", ["search", "call", "retry", "answer", "search", "call", "answer"]],
    ["kimi-dynamic", "moonshot", ["search", "call", "answer", "search", "call", "answer"]],
    ["anthropic-mid-conversation", "anthropic", ["search", "call", "answer", "search", "call", "answer"]],
  ] as const)("%s runs on %s as %j and finds both tools", (id, provider, kinds) => {
    const result = run(id);
    expect(result.refused).toBeUndefined();
    expect(result.provider).toBe(provider);
    expect(result.steps.map((step) => step.kind)).toEqual(kinds);
    expect(result.steps.map((step) => step.turn)).toEqual(
      kinds.map((_, index) => (index < kinds.indexOf("answer") + 1 ? 0 : 1)),
    );
    expect(result.totals).toMatchObject({ toolsFound: 2, toolsNeeded: 2, requests: kinds.length });
  });

  it.each([
    ["full", { noToolsUpFront: false, stableToolList: true, nativeStrictSchema: true }],
    ["naive-dynamic", { noToolsUpFront: true, stableToolList: false, nativeStrictSchema: true }],
    ["anthropic-tool-search", { noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }],
    ["openai-tool-search", { noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }],
    ["stubs", { noToolsUpFront: false, stableToolList: true, nativeStrictSchema: false }],
    ["gateway", { noToolsUpFront: true, stableToolList: true, nativeStrictSchema: false }],
    ["kimi-dynamic", { noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }],
    ["anthropic-mid-conversation", { noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }],
  ] as const)("%s declares the goals it meets", (id, goals) => {
    expect(run(id).goals).toEqual(goals);
  });

  it.each([
    ["full", ["get_weather", "search_files"]],
    ["naive-dynamic", ["search_tools"]],
    ["anthropic-tool-search", ["tool_search_tool_bm25", "get_weather*", "search_files*"]],
    ["openai-tool-search", ["tool_search", "get_weather*", "search_files*"]],
    ["stubs", ["get_weather", "search_files", "load_tool_schemas"]],
    ["gateway", ["search_tools", "invoke_tool"]],
    ["kimi-dynamic", ["search_tools"]],
    ["anthropic-mid-conversation", ["search_tools", "get_weather*", "search_files*"]],
  ] as const)("%s declares %j in the first request", (id, tools) => {
    expect(declaredTools(run(id).steps[0].request.body)).toEqual(tools);
  });

  it.each([
    "full",
    "naive-dynamic",
    "anthropic-tool-search",
    "openai-tool-search",
    "stubs",
    "gateway",
    "kimi-dynamic",
    "anthropic-mid-conversation",
  ] as const)("%s only appends to the conversation; only naive-dynamic changes tools", (id) => {
    const steps = run(id).steps;
    for (let index = 1; index < steps.length; index += 1) {
      const before = steps[index - 1].request.body;
      const after = steps[index].request.body;
      expect(items(after).slice(0, items(before).length)).toEqual(items(before));
      expect(items(after).length).toBeGreaterThan(items(before).length);
      if (id !== "naive-dynamic") expect(after.tools).toEqual(before.tools);
    }
  });

  it("stubs: a one-line stub per tool; loading appends the full schema as a tool result", () => {
    const result = run("stubs");
    const [, stub] = result.steps[0].request.body.tools as Json[];
    expect(stub.description.split("\n")).toHaveLength(1);
    const [call, toolResult] = appendedAfter(result, 0);
    expect(call.content[0]).toMatchObject({
      type: "tool_use",
      name: "load_tool_schemas",
      input: { names: ["get_weather"] },
    });
    expect(toolResult.content[0].type).toBe("tool_result");
    const loaded = JSON.parse(toolResult.content[0].content);
    const getWeather = weather.catalog.tools.find((tool) => tool.name === "get_weather")!;
    expect(loaded).toEqual([
      { name: "get_weather", description: getWeather.description, input_schema: getWeather.inputSchema },
    ]);
  });

  it("naive-dynamic: the search result is text, then the found tool joins tools (and the cache is invalidated)", () => {
    const result = run("naive-dynamic");
    const [call, toolResult] = appendedAfter(result, 0);
    expect(call.content[0]).toMatchObject({ type: "tool_use", name: "search_tools", input: { query: "weather" } });
    expect(toolResult.content[0].content).toMatch(/^get_weather — Get the weather at a specific location/);
    expect(declaredTools(result.steps[1].request.body)).toEqual(["search_tools", "get_weather"]);
    expect(declaredTools(result.steps[4].request.body)).toEqual(["search_tools", "get_weather", "search_files"]);
    expect(result.steps[4].notes[0]).toBe("search_files added to tools: the request prefix changes");
  });

  it("gateway: search results as a tool result; calls go through invoke_tool and are validated on the client", () => {
    const result = run("gateway");
    const [, searchResult] = appendedAfter(result, 0);
    expect(searchResult.content[0].content).toMatch(/^get_weather — /);
    const [invoke, rejected] = appendedAfter(result, 1);
    expect(invoke.content[0]).toMatchObject({ name: "invoke_tool", input: { name: "get_weather" } });
    expect(JSON.parse(rejected.content[0].content)).toMatchObject({ error: "invalid_arguments", tool: "get_weather" });
  });

  it("anthropic-tool-search: the server search and its tool_reference result arrive in the assistant turn", () => {
    const [assistant] = appendedAfter(run("anthropic-tool-search"), 0);
    expect(assistant.content.map((block: Json) => block.type)).toEqual([
      "server_tool_use",
      "tool_search_tool_result",
      "tool_use",
    ]);
    expect(assistant.content[1].content.tool_references).toEqual([
      { type: "tool_reference", tool_name: "get_weather" },
    ]);
  });

  it("openai-tool-search: tool_search_call and tool_search_output with the found function", () => {
    const appended = appendedAfter(run("openai-tool-search"), 0);
    expect(appended.map((item) => item.type)).toEqual([
      "tool_search_call",
      "tool_search_output",
      "function_call",
      "function_call_output",
    ]);
    expect(appended[1].tools.map((tool: Json) => tool.name)).toEqual(["get_weather"]);
  });

  it("kimi-dynamic: the found tool is declared in an appended system message without content", () => {
    const appended = appendedAfter(run("kimi-dynamic"), 0);
    const declaration = appended[appended.length - 1];
    expect(declaration.role).toBe("system");
    expect("content" in declaration).toBe(false);
    expect(declaration.tools.map((tool: Json) => tool.function.name)).toEqual(["get_weather"]);
  });

  it("anthropic-mid-conversation: tool_addition of the found tool in an appended system message", () => {
    const appended = appendedAfter(run("anthropic-mid-conversation"), 0);
    expect(appended[appended.length - 1]).toEqual({
      role: "system",
      content: [{ type: "tool_addition", tool: { type: "tool_reference", name: "get_weather" } }],
    });
    expect(run("anthropic-mid-conversation").steps[1].request.headers["anthropic-beta"]).toBe(
      "mid-conversation-tool-changes-2026-07-01",
    );
  });

  it("refuses a strategy on a provider that cannot carry it, with the reason", () => {
    const refused = engine.runStrategy(weather, "kimi-dynamic", { provider: "anthropic" });
    expect(refused.steps).toEqual([]);
    expect(refused.refused?.reason).toEqual(expect.any(String));
    expect(refused.refused?.reason.length).toBeGreaterThan(10);
    const openai = engine.runStrategy(weather, "anthropic-tool-search", { provider: "openai-responses" });
    expect(openai.refused?.reason).toBe(
      "The Tool Search Tool and defer_loading are part of the Anthropic Messages API.",
    );
  });
});
