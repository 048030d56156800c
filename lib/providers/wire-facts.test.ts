import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import type { StrategyRun } from "../core";
import { loadExample } from "../examples";
import type { ScenarioSettings } from "../scenario/types";
import { simulatedReasoning } from "./moonshot/kimi-reasoning";

type Json = Record<string, any>;
const engine = createEngine();

function items(run: StrategyRun): Json[] {
  const last = run.steps[run.steps.length - 1];
  return (last.request.body.input as Json[]) ?? [];
}

describe("OpenAI namespaces keep their wrapper (SDK ResponseToolSearchOutputItem.tools, ResponseFunctionToolCall.namespace)", async () => {
  const scenario = await loadExample("mixed-mcp");
  const run = (searchExecution: ScenarioSettings["searchExecution"]) =>
    engine.runStrategy(
      { ...scenario, settings: { ...scenario.settings, searchExecution, useNamespaces: true } },
      "openai-tool-search",
      {
        provider: "openai-responses",
        model: "gpt-5.4",
      },
    );

  it.each(["server", "client"] as const)("%s search: loaded tools come back inside their namespace", (execution) => {
    const result = run(execution);
    expect(result.totals.failsAtRequest).toBeUndefined();
    const outputs = items(result).filter((item) => item.type === "tool_search_output");
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs)
      for (const tool of output.tools) {
        expect(tool.type).toBe("namespace");
        expect(typeof tool.description).toBe("string");
        for (const member of tool.tools) expect(member).toMatchObject({ type: "function", defer_loading: true });
      }
  });

  it("a function_call of a namespaced function names its namespace, in the request and in the response", () => {
    const result = run("server");
    const calls = items(result).filter((item) => item.type === "function_call");
    expect(calls.length).toBeGreaterThan(0);
    const namespaces = new Set(Object.keys(scenario.catalog.namespaces ?? {}));
    for (const call of calls) expect(namespaces.has(call.namespace)).toBe(true);
    const responseCalls = result.steps
      .flatMap((step) => (step.response.output as Json[] | undefined) ?? [])
      .filter((item) => item.type === "function_call");
    expect(responseCalls.every((call) => namespaces.has(call.namespace))).toBe(true);
  });
});

describe("Kimi K3 reasoning (docs.evolink.ai kimi-k3 chat API; 400 'reasoning_content is missing', PROTOCOLS §9)", async () => {
  const scenario = await loadExample("weather");
  // Run inside the tests, not while collecting them, so Stryker's per-test coverage sees which test reaches what.
  let cached: StrategyRun | undefined;
  const kimiRun = () =>
    (cached ??= engine.runStrategy(scenario, "kimi-dynamic", { provider: "moonshot", model: "kimi-k3" }));

  it("replays reasoning_content on every assistant tool-call turn and counts it as prompt input", () => {
    const run = kimiRun();
    for (const step of run.steps) {
      for (const message of step.request.body.messages as Json[])
        if (message.role === "assistant" && message.tool_calls) expect(message.reasoning_content).toBeTruthy();
    }
    expect(run.steps.some((step) => JSON.stringify(step.request.body).includes("reasoning_content"))).toBe(true);
  });

  it("returns reasoning_content in the response and bills it as output", () => {
    const step = kimiRun().steps[0];
    const message = (step.response.choices as Json[])[0].message;
    const calls = ((message.tool_calls as Json[] | undefined) ?? []).map((call) => ({
      type: "tool-call" as const,
      id: call.id,
      name: call.function.name,
      input: JSON.parse(call.function.arguments),
    }));
    expect(message.reasoning_content).toBe(simulatedReasoning(calls));
    // The output counts the reasoning: more tokens than the reply's own text and calls.
    expect(step.tokens.output).toBeGreaterThan(20);
  });

  it("Moonshot cache order: tool declarations before the system prompt (Kimi chat template, secondary)", () => {
    const full = engine.runStrategy(scenario, "full", { provider: "moonshot", model: "kimi-k3" });
    const groups = full.steps[0].segments.map((segment) => segment.group);
    expect(groups.indexOf("tools")).toBeLessThan(groups.indexOf("system"));
    // OpenAI Chat Completions keeps the system message first (harmony layout, labelled in DESIGN.md).
    const openai = engine.runStrategy(scenario, "full", { provider: "openai-chat", model: "gpt-5.4" });
    const openaiGroups = openai.steps[0].segments.map((segment) => segment.group);
    expect(openaiGroups.indexOf("system")).toBeLessThan(openaiGroups.indexOf("tools"));
  });
});

describe("OpenAI before GPT-5.6 neither bills nor reports cache writes (PROTOCOLS §5.2)", async () => {
  const scenario = await loadExample("seed-200-tools");

  it("the tokens the cache stores are reported as uncached input, as the provider's usage would", () => {
    const run = engine.runStrategy(scenario, "gateway", { provider: "openai-responses", model: "gpt-5.4" });
    expect(run.totals.cacheWrite).toBe(0);
    const writing = run.steps.find((step) => step.segmentStatus.includes("write"));
    expect(writing).toBeDefined();
    expect(writing?.tokens.uncached).toBe((writing?.tokens.input ?? 0) - (writing?.tokens.cacheRead ?? 0));
  });

  it("GPT-5.6 tiers report and bill them (cache_write_tokens)", () => {
    const run = engine.runStrategy(scenario, "gateway", { provider: "openai-responses", model: "gpt-5.6-terra" });
    expect(run.totals.cacheWrite).toBeGreaterThan(0);
  });
});
