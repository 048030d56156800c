import { describe, expect, it } from "vitest";
import type { Segment, StepRejection, WireRequest } from "../core";
import { getModel, type ModelInfo } from "../models";
import { limitOverrideKey, modelLimits } from "../models/model-limits";
import type { ProviderId } from "../core/ids";
import {
  checkRequestLimits,
  countCacheControls,
  jsonBytes,
  OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION,
  rejectedStep,
  rejectionResponse,
  RequestRejectedError,
  toolEntryCounts,
} from "./limits";

// The limits at their boundaries, one rule at a time, so that a rule moved by one (`<` for `<=`, characters for
// bytes) fails a test; `npm run test:mutation -- providers-limits` checks that it does. Every expected value follows
// from the rule named beside it, not from running the code.

function model(provider: ProviderId, id: string): ModelInfo {
  const found = getModel(provider, id);
  if (!found) throw new Error(`no model ${provider}/${id}`);
  return found;
}

function segment(key: string, tokens: number, toolDefinitionTokens = 0): Segment {
  return { path: key, label: key, group: "system", key, tokens, toolDefinitionTokens, breakpoint: false };
}

function request(body: Record<string, unknown>, promptTokens = 1_000): { request: WireRequest; segments: Segment[] } {
  return {
    request: { method: "POST", url: "https://example.test", headers: {}, body },
    segments: [segment("system", promptTokens)],
  };
}

const opus = () => model("anthropic", "claude-opus-4-8");
const gpt = () => model("openai-responses", "gpt-5.4");
const chat = () => model("openai-chat", "gpt-5.4");
const kimi = () => model("moonshot", "kimi-k3");

/** The size the provider receives: the UTF-8 bytes of the serialised body. */
const utf8 = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "null", "utf8");

describe("jsonBytes: UTF-8 bytes of JSON.stringify, at the encoding's boundaries", () => {
  it("U+007F is one byte, U+0080 two; U+07FF two, U+0800 three (RFC 3629 §3)", () => {
    // Each string serialises as itself in quotes: 2 bytes of quotes plus the character's bytes.
    expect(jsonBytes("\u007f")).toBe(3);
    expect(jsonBytes("\u0080")).toBe(4);
    expect(jsonBytes("\u07ff")).toBe(4);
    expect(jsonBytes("\u0800")).toBe(5);
    expect(jsonBytes("\uffff")).toBe(5);
  });

  it("a surrogate pair is one 4-byte character, from U+10000 (D800 DC00) to U+10FFFF (DBFF DFFF)", () => {
    expect(jsonBytes("\ud800\udc00")).toBe(6);
    expect(jsonBytes("\udbff\udfff")).toBe(6);
    expect(jsonBytes("\ud7ff")).toBe(5); // the last character before the surrogates: three bytes
    for (const text of ["\u007f\u0080", "\u07ff\u0800", "\ud800\udc00a", "\udbff\udfffé", "a\ue000"])
      expect(jsonBytes({ text })).toBe(utf8({ text }));
  });

  it("top-level values and every depth equal Buffer.byteLength(JSON.stringify(x))", () => {
    for (const value of [null, true, 12.5, "", "ü", [], {}, [undefined, null], [() => 1]])
      expect(jsonBytes(value)).toBe(utf8(value));
    // JSON writes an array hole, undefined or a function as null (4 bytes) and leaves such object members out.
    expect(jsonBytes([() => 1, undefined])).toBe("[null,null]".length);
    const body = {
      model: "m",
      skip: () => 1,
      none: undefined,
      list: [{ a: "é", f: () => 1, u: undefined }, [1, [2, { b: "日本", c: [undefined] }]], "😀"],
      tools: [{ name: "t", input_schema: { properties: { x: { description: "é😀", skip: undefined } } } }],
      messages: [{ role: "user", content: [{ type: "text", text: "\u0080\u0800\ud800\udc00" }] }],
    };
    expect(jsonBytes(body)).toBe(utf8(body));
    // Measured again (now from the memo), the same figure.
    expect(jsonBytes(body)).toBe(utf8(body));
  });

  it("a long text in a block rebuilt per request: measured by content, a changed text measured anew", () => {
    const catalogText = (mark: string) => `${'## tool\nDéjà vu — "quoted"\n'.repeat(400)}${mark}`;
    const bodyOf = (text: string) => ({
      system: [{ type: "text", text, cache_control: { type: "ephemeral" } }],
      messages: [{ role: "user", content: [{ type: "text", text }] }],
      tail: text,
    });
    for (const text of [catalogText("a"), catalogText("a"), catalogText("ü"), catalogText("\n"), catalogText("a")]) {
      // A fresh body, its blocks new objects, its text a new string of the same length each time.
      const body = bodyOf(text.slice(0, -1) + text.slice(-1));
      expect(jsonBytes(body)).toBe(utf8(body));
    }
  });
});

describe("request size: refused only above the maximum, with sizes in MB", () => {
  it("a body of exactly the maximum passes; one byte more is 413 request_too_large", () => {
    const base = { system: "" };
    const at = (bytes: number) => ({ system: "a".repeat(bytes - utf8(base)) });
    const limit = 2_000;
    const limits = modelLimits(opus(), { [limitOverrideKey(opus())]: { maxRequestBytes: limit } });
    expect(utf8(at(limit))).toBe(limit);
    expect(checkRequestLimits(request(at(limit)), opus(), limits)).toBeNull();
    expect(checkRequestLimits(request(at(limit + 1)), opus(), limits)?.limit).toBe("request-size");
  });

  it("the message gives both sizes in MiB with one decimal (the API overview's 32 MB is 32 × 1024 × 1024 bytes)", () => {
    const mebibyte = 1024 * 1024;
    const limits = modelLimits(opus(), { [limitOverrideKey(opus())]: { maxRequestBytes: mebibyte } });
    const body = { system: "a".repeat(1.5 * mebibyte - utf8({ system: "" })) };
    expect(checkRequestLimits(request(body), opus(), limits)).toEqual({
      status: 413,
      type: "request_too_large",
      reason: "Request exceeds the maximum allowed number of bytes. (1.5 MB > 1.0 MB)",
      limit: "request-size",
      source: limits.maxRequestBytes.source,
      confidence: limits.maxRequestBytes.confidence,
      messageVerbatim: false,
      provider: "anthropic",
      model: "claude-opus-4-8",
    } satisfies StepRejection);
  });
});

describe("tool counts", () => {
  it("Kimi: 129 functions is a 400 in Moonshot's style (composed, not seen verbatim)", () => {
    const tools = Array.from({ length: 129 }, (_, index) => ({
      type: "function",
      function: { name: `tool_${index}` },
    }));
    const limits = modelLimits(kimi());
    expect(checkRequestLimits(request({ tools }), kimi())).toEqual({
      status: 400,
      type: "invalid_request_error",
      reason: "Invalid request: too many tools: 129 > 128 maximum",
      limit: "tool-count",
      source: limits.maxTools.source,
      confidence: "documented",
      messageVerbatim: false,
      provider: "moonshot",
      model: "kimi-k3",
    });
  });

  it("toolEntryCounts: OpenAI Responses leaves deferred functions out of the count; the others count every entry", () => {
    const tools = [
      { type: "tool_search" },
      { name: "a" },
      { name: "b", defer_loading: true },
      { name: "c", defer_loading: false },
      // A second deferred tool, so counting `defer_loading: false` instead of `true` gives another figure.
      { name: "d", defer_loading: true },
    ];
    expect(toolEntryCounts({ tools }, { provider: "openai-responses" })).toEqual({ counted: 3, deferred: 2 });
    expect(toolEntryCounts({ tools }, { provider: "anthropic" })).toEqual({ counted: 5, deferred: 2 });
    expect(toolEntryCounts({}, { provider: "openai-responses" })).toEqual({ counted: 0, deferred: 0 });
    expect(toolEntryCounts({ tools: "not a list" }, { provider: "anthropic" })).toEqual({ counted: 0, deferred: 0 });
  });

  it("Anthropic: exactly 10,000 deferred tools pass (the tool-search doc's maximum); 10,001 is refused with both counts", () => {
    const deferred = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, input_schema: {}, defer_loading: true }));
    const search = { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" };
    // The search tool and plain tools are not deferred: 10,000 deferred among 10,002 entries pass.
    const body = { tools: [search, { name: "plain", input_schema: {} }, ...deferred(10_000)] };
    expect(checkRequestLimits(request(body), opus())).toBeNull();
    const limits = modelLimits(opus());
    expect(checkRequestLimits(request({ tools: [search, ...deferred(10_001)] }), opus())).toEqual({
      status: 400,
      type: "invalid_request_error",
      reason: "tools: at most 10,000 tools may have defer_loading set; got 10,001",
      limit: "deferred-tool-count",
      source: limits.maxDeferredTools.source,
      confidence: "documented",
      messageVerbatim: false,
      provider: "anthropic",
      model: "claude-opus-4-8",
    });
  });

  it("the deferred-count assumption is labelled UNCONFIRMED and names its section", () => {
    expect(OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION).toBe(
      "Assumed: deferred functions do not count toward OpenAI's 128-tool limit (UNCONFIRMED, PROTOCOLS §9).",
    );
  });
});

describe("tool names: where each dialect keeps them, at 64 and 65 characters", () => {
  const name64 = "a".repeat(64);
  const name65 = "a".repeat(65);

  it("Chat Completions checks function.name; entries without a function or a string name are not names", () => {
    const tools = (name: unknown) => [
      { type: "web_search" },
      { type: "function", function: { parameters: {} } },
      { type: "function", function: { name } },
    ];
    expect(checkRequestLimits(request({ tools: tools(name64) }), chat())).toBeNull();
    expect(checkRequestLimits(request({ tools: tools(name65) }), chat())).toMatchObject({
      code: "string_above_max_length",
      param: "tools[2].function.name",
      reason:
        "Invalid 'tools[2].function.name': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
    });
  });

  it("OpenAI: a 64-character name with a bad character is invalid_value, not too long; the full rejection", () => {
    const name = `${"a".repeat(63)} `;
    const limits = modelLimits(chat());
    expect(checkRequestLimits(request({ tools: [{ type: "function", function: { name } }] }), chat())).toEqual({
      status: 400,
      type: "invalid_request_error",
      code: "invalid_value",
      param: "tools[0].function.name",
      reason:
        "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
      limit: "tool-name",
      source: limits.toolNamePattern.source,
      confidence: limits.toolNamePattern.confidence,
      messageVerbatim: false,
      provider: "openai-chat",
      model: "gpt-5.4",
    });
    // A short bad name is invalid_value too.
    expect(checkRequestLimits(request({ tools: [{ type: "function", name: "a b" }] }), gpt())?.code).toBe(
      "invalid_value",
    );
  });

  it("Responses: top-level functions and namespace members are names; the namespace and hosted tools are not", () => {
    const members = (name: string) => [
      { type: "function", name: "ok" },
      { type: "function", name },
      { type: "function" },
    ];
    const tools = (name: string) => [
      { type: "tool_search" },
      { type: "namespace", name: "github" }, // no members yet: nothing to check, and nothing breaks
      { type: "function", name: name64 },
      { type: "namespace", name: "crm", description: "d", tools: members(name) },
    ];
    expect(checkRequestLimits(request({ tools: tools(name64) }), gpt())).toBeNull();
    expect(checkRequestLimits(request({ tools: tools(name65) }), gpt())).toMatchObject({
      limit: "tool-name",
      code: "string_above_max_length",
      param: "tools[3].tools[1].name",
    });
    expect(checkRequestLimits(request({ tools: [{ type: "function", name: name65 }] }), gpt())?.param).toBe(
      "tools[0].name",
    );
  });

  it("Responses: holding namespace members to the pattern is a labelled assumption a setting turns off", () => {
    const table = modelLimits(gpt());
    expect(table.namespaceMembersFollowFunctionPattern).toMatchObject({ value: true, confidence: "unconfirmed" });
    const crm = (name: string) => ({
      type: "namespace",
      name: "crm",
      description: "d",
      tools: [
        { type: "function", name: "list_contacts" },
        { type: "custom", name: "apply patch" }, // a custom member has no name rule, as at the top level
        { type: "function", name },
      ],
    });
    // A member's refusal names both sources and is only as sure as the assumption.
    expect(checkRequestLimits(request({ tools: [crm("find contact")] }), gpt())).toMatchObject({
      limit: "tool-name",
      code: "invalid_value",
      param: "tools[0].tools[2].name",
      confidence: "unconfirmed",
      source: `${table.toolNamePattern.source}; namespace members: ${table.namespaceMembersFollowFunctionPattern.source}`,
    });
    // A top-level function keeps the pattern's own, documented source.
    expect(checkRequestLimits(request({ tools: [{ type: "function", name: "find contact" }] }), gpt())).toMatchObject({
      confidence: "documented",
      source: table.toolNamePattern.source,
    });
    // Off: members are not checked; a top-level function still is.
    const off = modelLimits(gpt(), { [limitOverrideKey(gpt())]: { namespaceMembersFollowFunctionPattern: false } });
    expect(off.namespaceMembersFollowFunctionPattern.source).toContain("table: true");
    expect(checkRequestLimits(request({ tools: [crm("find contact")] }), gpt(), off)).toBeNull();
    expect(checkRequestLimits(request({ tools: [crm(name65)] }), gpt(), off)).toBeNull();
    expect(
      checkRequestLimits(request({ tools: [crm("ok"), { type: "function", name: "find contact" }] }), gpt(), off)
        ?.param,
    ).toBe("tools[1].name");
    // Other APIs have no namespaces: the reading is documented as not applying.
    expect(modelLimits(chat()).namespaceMembersFollowFunctionPattern).toMatchObject({
      value: false,
      confidence: "documented",
    });
  });

  it("Responses: a namespace's own name and a custom tool's name are not held to the function-name pattern", () => {
    // OpenAI's API reference gives the pattern for function names only: a NamespaceTool's `name` is "The namespace
    // name used in tool calls (for example, `crm`)", constrained to `minLength 1`, and a CustomTool's `name` has no
    // constraint (PROTOCOLS.md §2.1, §2.5). Neither is checked, so neither can refuse a request here.
    const namespace = {
      type: "namespace",
      name: "CRM tools (v2)",
      description: "d",
      tools: [{ type: "function", name: "list_contacts" }],
    };
    const custom = { type: "custom", name: "apply patch", description: "a grammar tool" };
    expect(checkRequestLimits(request({ tools: [namespace, custom] }), gpt())).toBeNull();
    // The same text as a function's name is refused, at its own path.
    expect(
      checkRequestLimits(request({ tools: [namespace, custom, { type: "function", name: "apply patch" }] }), gpt()),
    ).toMatchObject({ limit: "tool-name", code: "invalid_value", param: "tools[2].name" });
  });

  it("Kimi: its own pattern, in Moonshot's style; a non-string name is not checked against it", () => {
    const limits = modelLimits(kimi());
    expect(checkRequestLimits(request({ tools: [{ type: "function", function: { name: "9abc" } }] }), kimi())).toEqual({
      status: 400,
      type: "invalid_request_error",
      reason: "Invalid request: function name '9abc' must match ^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$",
      limit: "tool-name",
      source: limits.toolNamePattern.source,
      confidence: limits.toolNamePattern.confidence,
      messageVerbatim: false,
      provider: "moonshot",
      model: "kimi-k3",
    });
    expect(checkRequestLimits(request({ tools: [{ type: "function", function: { name: 123 } }] }), kimi())).toBeNull();
    expect(
      checkRequestLimits(request({ tools: [{ type: "function", function: { name: name64 } }] }), kimi()),
    ).toBeNull();
    expect(
      checkRequestLimits(request({ tools: [{ type: "function", function: { name: name65 } }] }), kimi())?.limit,
    ).toBe("tool-name");
  });

  it("Anthropic: a custom tool's name of 64 characters passes, 65 is refused; the message names the path", () => {
    expect(checkRequestLimits(request({ tools: [{ name: name64, input_schema: {} }] }), opus())).toBeNull();
    const limits = modelLimits(opus());
    expect(
      checkRequestLimits(request({ tools: [{ name: "ok" }, { name: name65, input_schema: {} }] }), opus()),
    ).toEqual({
      status: 400,
      type: "invalid_request_error",
      reason: "tools.1.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
      limit: "tool-name",
      source: limits.toolNamePattern.source,
      confidence: limits.toolNamePattern.confidence,
      messageVerbatim: false,
      provider: "anthropic",
      model: "claude-opus-4-8",
    });
  });
});

describe("cache breakpoints: counted on tools, system blocks, message blocks and the top level", () => {
  const marker = { cache_control: { type: "ephemeral" } };

  it("countCacheControls adds every place, and nothing else", () => {
    const body = {
      cache_control: { type: "ephemeral" },
      tools: [{ name: "a", ...marker }, { name: "b" }],
      system: [
        { type: "text", text: "s" },
        { type: "text", text: "t", ...marker },
      ],
      messages: [
        { role: "user", content: "plain text" },
        {
          role: "user",
          content: [
            { type: "text", text: "x", ...marker },
            { type: "text", text: "y" },
          ],
        },
      ],
    };
    expect(countCacheControls(body)).toBe(4);
    expect(countCacheControls({ tools: [{ name: "a", ...marker }] })).toBe(1);
    expect(countCacheControls({ system: [{ type: "text", text: "t", ...marker }], tools: [] })).toBe(1);
    expect(countCacheControls({ system: "plain", messages: [{ role: "user", content: [{ type: "text" }] }] })).toBe(0);
  });

  it("a fifth marker in tools or system is refused on Anthropic; other providers have no such check", () => {
    const messages = [
      { role: "user", content: Array.from({ length: 3 }, () => ({ type: "text", text: "x", ...marker })) },
    ];
    const withTool = { tools: [{ name: "a", input_schema: {}, ...marker }], messages };
    const withSystem = { system: [{ type: "text", text: "s", ...marker }], messages };
    expect(checkRequestLimits(request(withTool), opus())).toBeNull();
    expect(checkRequestLimits(request(withSystem), opus())).toBeNull();
    const five = { ...withTool, system: withSystem.system };
    expect(checkRequestLimits(request(five), opus())).toEqual({
      status: 400,
      type: "invalid_request_error",
      reason: "A maximum of 4 blocks with cache_control may be provided. Found 5.",
      limit: "cache-breakpoints",
      source: "PROTOCOLS.md §5.1: prompt-caching doc, up to 4 breakpoints per request",
      confidence: "documented",
      messageVerbatim: false,
      provider: "anthropic",
      model: "claude-opus-4-8",
    });
    expect(checkRequestLimits(request(five), gpt())).toBeNull();
  });
});

describe("context window: each provider's own message, seen verbatim", () => {
  it("the full rejection per provider", () => {
    const common = (target: ModelInfo) => ({
      status: 400,
      type: "invalid_request_error",
      limit: "context-window",
      source: modelLimits(target).contextWindow.source,
      confidence: modelLimits(target).contextWindow.confidence,
      provider: target.provider,
      model: target.id,
      messageVerbatim: true,
    });
    expect(checkRequestLimits(request({}, 1_000_001), opus())).toEqual({
      ...common(opus()),
      reason: "prompt is too long: 1000001 tokens > 1000000 maximum",
    });
    const k25 = model("moonshot", "kimi-k2.5");
    expect(checkRequestLimits(request({}, 262_145), k25)).toEqual({
      ...common(k25),
      reason: "Invalid request: Your request exceeded model token limit: 262144 (requested: 262145)",
    });
    const window = modelLimits(gpt()).contextWindow.value;
    expect(checkRequestLimits(request({}, window + 1), gpt())).toEqual({
      ...common(gpt()),
      code: "context_length_exceeded",
      param: "input",
      reason: "Your input exceeds the context window of this model. Please adjust your input and try again.",
    });
  });
});

describe("the error body and the rejected step", () => {
  const rejection = (provider: ProviderId): StepRejection => ({
    status: 400,
    type: "invalid_request_error",
    reason: "why",
    limit: "tool-count",
    source: "s",
    confidence: "documented",
    messageVerbatim: false,
    provider,
    model: "m",
  });

  it("each provider's error body shape (PROTOCOLS: Anthropic's type:error envelope, OpenAI's code and param)", () => {
    expect(rejectionResponse(rejection("anthropic"))).toEqual({
      type: "error",
      error: { type: "invalid_request_error", message: "why" },
    });
    expect(rejectionResponse(rejection("moonshot"))).toEqual({
      error: { type: "invalid_request_error", message: "why" },
    });
    expect(rejectionResponse(rejection("openai-chat"))).toEqual({
      error: { message: "why", type: "invalid_request_error", param: null, code: null },
    });
    expect(rejectionResponse({ ...rejection("openai-responses"), code: "c", param: "tools" })).toEqual({
      error: { message: "why", type: "invalid_request_error", param: "tools", code: "c" },
    });
  });

  it("the rejected step: every segment uncached, tool-definition tokens summed, nothing priced; the error names it", () => {
    const rendered = {
      ...request({}),
      segments: [segment("tools", 300, 250), segment("system", 100, 0), segment("more", 50, 40)],
      warnings: [],
    };
    const header = { index: 2, turn: 1, kind: "call" as const, title: "t", clockSeconds: 9, notes: [] };
    const step = rejectedStep(header, rendered, rejection("anthropic"));
    expect(step.segmentStatus).toEqual(["uncached", "uncached", "uncached"]);
    expect(step.tokens).toEqual({
      input: 450,
      cacheRead: 0,
      cacheWrite: 0,
      uncached: 450,
      toolDefinitions: 290,
      output: 0,
    });
    expect(step.response).toEqual({ type: "error", error: { type: "invalid_request_error", message: "why" } });
    const error = new RequestRejectedError(step);
    expect(error.message).toBe("request 3 rejected: 400 why");
    expect(error.name).toBe("RequestRejectedError");
    expect(error).toBeInstanceOf(Error);
  });
});
