import { describe, expect, it } from "vitest";
import type { Segment, WireRequest } from "../core";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { getModel, type ModelInfo } from "../models";
import { LIMIT_OVERRIDE_SOURCE, limitOverrideKey, modelLimits, tableLimits } from "../models/model-limits";
import { simulationJson } from "../report/simulation-output";
import type { ProviderId } from "../core/ids";
import { checkRequestLimits, countCacheControls, jsonBytes } from "./limits";

function model(provider: ProviderId, id: string): ModelInfo {
  const found = getModel(provider, id);
  if (!found) throw new Error(`no model ${provider}/${id}`);
  return found;
}

function request(body: Record<string, unknown>, promptTokens = 1_000): { request: WireRequest; segments: Segment[] } {
  const segment: Segment = {
    path: "system",
    label: "system",
    group: "system",
    key: "k",
    tokens: promptTokens,
    toolDefinitionTokens: 0,
    breakpoint: false,
  };
  return { request: { method: "POST", url: "https://example.test", headers: {}, body }, segments: [segment] };
}

const responsesFunctions = (count: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, index) => ({ type: "function", name: `tool_${index}`, parameters: {}, ...extra }));
const chatFunctions = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ type: "function", function: { name: `tool_${index}` } }));
const anthropicTools = (count: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, input_schema: {}, ...extra }));

describe("provider limits (lib/models/model-limits.ts names each source)", () => {
  it("OpenAI: more than 128 tools is 400 array_above_max_length with the message client issues quote verbatim (PROTOCOLS §9)", () => {
    const gpt = model("openai-responses", "gpt-5.4");
    expect(checkRequestLimits(request({ tools: responsesFunctions(128) }), gpt)).toBeNull();
    const rejection = checkRequestLimits(request({ tools: responsesFunctions(129) }), gpt);
    expect(rejection).toMatchObject({
      status: 400,
      type: "invalid_request_error",
      code: "array_above_max_length",
      param: "tools",
      limit: "tool-count",
      messageVerbatim: true,
    });
    expect(rejection?.reason).toBe(
      "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead.",
    );
    expect(modelLimits(gpt).maxTools.source).toMatch(/zed-industries\/zed#42393/);
    // Chat Completions enforces the same limit.
    expect(checkRequestLimits(request({ tools: chatFunctions(129) }), model("openai-chat", "gpt-5.4"))?.code).toBe(
      "array_above_max_length",
    );
  });

  it("OpenAI: deferred tool_search functions are assumed not to count toward 128 (UNCONFIRMED, labelled)", () => {
    const tools = [{ type: "tool_search" }, ...responsesFunctions(200, { defer_loading: true })];
    expect(checkRequestLimits(request({ tools }), model("openai-responses", "gpt-5.4"))).toBeNull();
  });

  it("Kimi: at most 128 functions (platform.kimi.ai/docs/api/tool-use, PROTOCOLS §3.3)", () => {
    const kimi = model("moonshot", "kimi-k3");
    expect(checkRequestLimits(request({ tools: chatFunctions(128) }), kimi)).toBeNull();
    const rejection = checkRequestLimits(request({ tools: chatFunctions(129) }), kimi);
    expect(rejection).toMatchObject({ status: 400, limit: "tool-count", confidence: "documented" });
    expect(modelLimits(kimi).maxTools.source).toMatch(/platform\.kimi\.ai\/docs\/api\/tool-use/);
  });

  it("Anthropic: no documented count for plain tools, at most 10,000 deferred ones (tool-search doc, PROTOCOLS §1.3)", () => {
    const opus = model("anthropic", "claude-opus-4-8");
    expect(checkRequestLimits(request({ tools: anthropicTools(500) }), opus)).toBeNull();
    const tools = [{ type: "tool_search_tool_regex_20251119" }, ...anthropicTools(10_001, { defer_loading: true })];
    expect(checkRequestLimits(request({ tools }), opus)).toMatchObject({
      status: 400,
      limit: "deferred-tool-count",
      confidence: "documented",
    });
    expect(modelLimits(opus).maxDeferredTools.source).toMatch(/§1\.3/);
  });

  it("tool names: each provider's documented pattern", () => {
    const long = "x".repeat(65);
    expect(
      checkRequestLimits(request({ tools: [{ type: "function", name: long }] }), model("openai-responses", "gpt-5.4")),
    ).toMatchObject({ limit: "tool-name", code: "string_above_max_length", param: "tools[0].name" });
    expect(
      checkRequestLimits(
        request({ tools: [{ name: "has space", input_schema: {} }] }),
        model("anthropic", "claude-opus-4-8"),
      )?.reason,
    ).toBe("tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'");
    // Kimi's pattern is stricter: a name must start with a letter or underscore and have at least 3 characters.
    const kimi = model("moonshot", "kimi-k3");
    expect(checkRequestLimits(request({ tools: [{ type: "function", function: { name: "ab" } }] }), kimi)?.limit).toBe(
      "tool-name",
    );
    expect(checkRequestLimits(request({ tools: [{ type: "function", function: { name: "abc" } }] }), kimi)).toBeNull();
    expect(modelLimits(kimi).toolNamePattern.value).toBe("^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$");
  });

  it("request size: Anthropic refuses bodies over 32 MB with 413 request_too_large (API overview)", () => {
    const opus = model("anthropic", "claude-opus-4-8");
    const big = "a".repeat(33 * 1024 * 1024);
    expect(checkRequestLimits(request({ system: big }), opus)).toMatchObject({
      status: 413,
      type: "request_too_large",
      limit: "request-size",
    });
    expect(modelLimits(opus).maxRequestBytes.source).toMatch(/api\/overview/);
    // No size limit is documented for OpenAI: none is applied, and the row says so.
    expect(modelLimits(model("openai-responses", "gpt-5.4")).maxRequestBytes.value).toBeNull();
  });

  it("more than 4 cache_control breakpoints is a 400 on Anthropic (prompt-caching doc, PROTOCOLS §5.1)", () => {
    const opus = model("anthropic", "claude-opus-4-8");
    const marked = { type: "text", text: "x", cache_control: { type: "ephemeral" } };
    const body = (count: number) => ({
      messages: [{ role: "user", content: Array.from({ length: count }, () => marked) }],
    });
    expect(checkRequestLimits(request(body(4)), opus)).toBeNull();
    expect(checkRequestLimits(request(body(5)), opus)?.reason).toBe(
      "A maximum of 4 blocks with cache_control may be provided. Found 5.",
    );
  });

  it("context window: each provider's message, the window from the model page", () => {
    const opus = model("anthropic", "claude-opus-4-8");
    expect(modelLimits(opus).contextWindow).toMatchObject({ value: 1_000_000, confidence: "documented" });
    expect(checkRequestLimits(request({}, 1_000_000), opus)).toBeNull();
    expect(checkRequestLimits(request({}, 1_000_001), opus)?.reason).toBe(
      "prompt is too long: 1000001 tokens > 1000000 maximum",
    );
    expect(checkRequestLimits(request({}, 300_000), model("anthropic", "claude-haiku-4-5"))?.limit).toBe(
      "context-window",
    );
    expect(checkRequestLimits(request({}, 300_000), model("moonshot", "kimi-k2.5"))?.reason).toBe(
      "Invalid request: Your request exceeded model token limit: 262144 (requested: 300000)",
    );
    expect(checkRequestLimits(request({}, 1_000_000), model("openai-responses", "gpt-5.4"))).toMatchObject({
      code: "context_length_exceeded",
      reason: "Your input exceeds the context window of this model. Please adjust your input and try again.",
    });
    // Chat Completions answers in its own words, on `messages`.
    const chat = model("openai-chat", "gpt-4.1");
    expect(checkRequestLimits(request({}, 1_047_577), chat)).toMatchObject({
      code: "context_length_exceeded",
      param: "messages",
      reason:
        "This model's maximum context length is 1047576 tokens. However, your messages resulted in 1047577 tokens. " +
        "Please reduce the length of the messages.",
    });
  });

  it("measures the JSON body exactly, multi-byte characters included", () => {
    const body = { a: [1, "ü", { b: "日本", c: null }], d: "😀", e: undefined, f: "\u007f\u0080", g: "ascii" };
    expect(jsonBytes(body)).toBe(new TextEncoder().encode(JSON.stringify(body)).length);
    // Deeper objects (tool definitions) are measured whole; the same rules apply at every depth.
    const tool = {
      name: "t",
      input_schema: { properties: { x: { description: "é😀", skip: undefined } }, list: [1, undefined] },
    };
    const deep = { tools: [tool, tool, { ...tool, name: "ü" }], messages: [{ content: [{ text: "日本" }] }] };
    expect(jsonBytes(deep)).toBe(new TextEncoder().encode(JSON.stringify(deep)).length);
  });

  it("measures a text of megabytes exactly, a surrogate pair at every side of its pieces' boundaries", () => {
    // Texts over 65,536 code units are encoded in pieces; the JSON quote shifts each text by one.
    for (const before of [65_533, 65_534, 65_535, 65_536, 131_069, 131_070, 131_071]) {
      const text = "a".repeat(before) + "😀" + "é".repeat(70_000) + "日本😀" + "x".repeat(before % 7);
      expect(jsonBytes(text)).toBe(new TextEncoder().encode(JSON.stringify(text)).length);
      expect(jsonBytes({ system: text })).toBe(new TextEncoder().encode(JSON.stringify({ system: text })).length);
    }
    const emoji = "😀".repeat(100_000);
    expect(jsonBytes(emoji)).toBe(400_002);
  });
});

describe("facts of a long tools list are remembered by its items, never by the array", () => {
  // Every request of a run carries a fresh array of the same tool objects; the checks remember what they found
  // for lists of at least 64 items and must give it again only for the same items in the same order.
  const opus = model("anthropic", "claude-opus-4-8");
  const gpt = model("openai-responses", "gpt-5.4");
  const sizeOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

  it("a refused name is found in a fresh array of the same objects, and in an array changed in place", () => {
    const tools = anthropicTools(100);
    expect(checkRequestLimits(request({ tools }), opus)).toBeNull();
    expect(checkRequestLimits(request({ tools: tools.slice() }), opus)).toBeNull();
    const renamed = tools.map((tool, index) => (index === 70 ? { ...tool, name: "bad name!" } : tool));
    expect(checkRequestLimits(request({ tools: renamed }), opus)?.reason).toBe(
      "tools.70.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
    );
    expect(checkRequestLimits(request({ tools: tools.slice() }), opus)).toBeNull();
    tools[30] = { ...tools[30], name: "also bad!" };
    expect(checkRequestLimits(request({ tools }), opus)?.reason).toMatch(/^tools\.30\.custom\.name/);
  });

  it("the deferred count and the size follow the items, also of the same array grown in place", () => {
    const tools: Record<string, unknown>[] = [
      { type: "tool_search_tool_regex_20251119" },
      ...anthropicTools(10_000, { defer_loading: true }),
    ];
    expect(checkRequestLimits(request({ tools }), opus)).toBeNull();
    expect(jsonBytes({ tools })).toBe(sizeOf({ tools }));
    tools.push({ name: "one_more", input_schema: {}, defer_loading: true });
    expect(checkRequestLimits(request({ tools }), opus)?.limit).toBe("deferred-tool-count");
    expect(jsonBytes({ tools })).toBe(sizeOf({ tools }));
    expect(jsonBytes({ tools: tools.slice(0, 5_000) })).toBe(sizeOf({ tools: tools.slice(0, 5_000) }));
    // OpenAI: the tool count leaves deferred functions out (UNCONFIRMED, PROTOCOLS §9), counted from the same fact.
    const functions = responsesFunctions(300, { defer_loading: true });
    expect(checkRequestLimits(request({ tools: functions }), gpt)).toBeNull();
    const undeferred = functions.map((tool, index) => (index < 129 ? { ...tool, defer_loading: false } : tool));
    expect(checkRequestLimits(request({ tools: undeferred }), gpt)?.reason).toMatch(/got an array with length 129/);
  });

  it("cache_control markers are counted on the items given", () => {
    const tools: Record<string, unknown>[] = anthropicTools(100);
    expect(countCacheControls({ tools })).toBe(0);
    tools[99] = { ...tools[99], cache_control: { type: "ephemeral" } };
    expect(countCacheControls({ tools })).toBe(1);
    const marked = tools.map((tool, index) => (index < 5 ? { ...tool, cache_control: { type: "ephemeral" } } : tool));
    expect(countCacheControls({ tools: marked, cache_control: { type: "ephemeral" } })).toBe(7);
    expect(checkRequestLimits(request({ tools: marked }), opus)?.limit).toBe("cache-breakpoints");
  });

  it("a namespace's members: the first refused one named by its path, per namespace object", () => {
    const members = responsesFunctions(200, { defer_loading: true });
    const namespace = { type: "namespace", name: "crm", description: "CRM tools", tools: members };
    const body = (entries: unknown[]) => ({ tools: [{ type: "tool_search" }, ...entries] });
    expect(checkRequestLimits(request(body([namespace])), gpt)).toBeNull();
    const refused = {
      ...namespace,
      tools: members.map((tool, index) => (index === 150 ? { ...tool, name: "bad name!" } : tool)),
    };
    expect(checkRequestLimits(request(body([namespace, refused])), gpt)).toMatchObject({
      limit: "tool-name",
      param: "tools[2].tools[150].name",
    });
    expect(checkRequestLimits(request(body([refused, namespace])), gpt)?.param).toBe("tools[1].tools[150].name");
    expect(checkRequestLimits(request(body([namespace])), gpt)).toBeNull();
  });
});

describe("a rejected request in a run", async () => {
  const scenario = await loadExample("seed-200-tools");
  const engine = createEngine();

  it("full on OpenAI with 200 tools fails at request 1: not priced, the run stops, --json names the rejection", () => {
    const run = engine.runStrategy(scenario, "full", { provider: "openai-responses", model: "gpt-5.4" });
    expect(run.steps).toHaveLength(1);
    const [step] = run.steps;
    expect(step.rejected?.status).toBe(400);
    expect(step.cost.totalUsd).toBe(0);
    expect(step.tokens.input).toBeGreaterThan(50_000);
    expect(step.tokens.uncached).toBe(step.tokens.input);
    expect(step.response).toMatchObject({ error: { code: "array_above_max_length", param: "tools" } });
    expect(run.totals.failsAtRequest).toBe(1);
    const json = simulationJson([run]).strategies[0];
    expect(json.steps[0].rejected).toMatchObject({ status: 400, reason: expect.stringContaining("array too long") });
    expect(json.totals.failsAtRequest).toBe(1);
  });

  it("the same catalog fits on Anthropic (no tool-count limit) and is priced", () => {
    const run = engine.runStrategy(scenario, "full", { provider: "anthropic", model: "claude-opus-4-8" });
    expect(run.totals.failsAtRequest).toBeUndefined();
    expect(run.steps.every((step) => !step.rejected && step.cost.totalUsd > 0)).toBe(true);
  });
});

describe("limit assumptions are settings (settings.limitOverrides, per provider:model)", async () => {
  const scenario = await loadExample("seed-200-tools");
  const engine = createEngine();
  const gpt = model("openai-responses", "gpt-5.4");
  const key = limitOverrideKey(gpt);

  it("a person's value replaces the table's, names the setting as its source and keeps the table's in words", () => {
    const limits = modelLimits(gpt, { [key]: { maxTools: 256, maxRequestBytes: 1024 } });
    expect(limits.maxTools).toMatchObject({ value: 256, confidence: "unconfirmed" });
    expect(limits.maxTools.source).toContain(LIMIT_OVERRIDE_SOURCE);
    expect(limits.maxTools.source).toContain("table: 128");
    expect(checkRequestLimits(request({ tools: responsesFunctions(200) }), gpt, limits)?.limit).toBe("request-size");
    // Another model keeps its own table values.
    expect(modelLimits(model("openai-responses", "gpt-5.5"), { [key]: { maxTools: 256 } }).maxTools.value).toBe(128);
    // null removes a limit; a null context window is ignored (every model has one).
    const none = modelLimits(gpt, { [key]: { maxTools: null, contextWindow: null as unknown as number } });
    expect(none.maxTools.value).toBeNull();
    expect(none.contextWindow.value).toBe(tableLimits(gpt).contextWindow.value);
  });

  it("deferred functions counting toward OpenAI's 128 (UNCONFIRMED, PROTOCOLS §9) is a switch the check reads", () => {
    const deferred = request({ tools: [{ type: "tool_search" }, ...responsesFunctions(200, { defer_loading: true })] });
    expect(checkRequestLimits(deferred, gpt)).toBeNull();
    const counted = modelLimits(gpt, { [key]: { deferredCountTowardMaxTools: true } });
    expect(checkRequestLimits(deferred, gpt, counted)?.reason).toContain("got an array with length 201 instead");
  });

  it("the engine reads them: full on OpenAI with 200 tools runs when the limit is set to 256", () => {
    const settings = { ...scenario.settings, limitOverrides: { [key]: { maxTools: 256 } } };
    const run = engine.runStrategy({ ...scenario, settings }, "full", {
      provider: "openai-responses",
      model: "gpt-5.4",
    });
    expect(run.totals.failsAtRequest).toBeUndefined();
    expect(run.totals.costUsd).toBeGreaterThan(0);
  });
});
