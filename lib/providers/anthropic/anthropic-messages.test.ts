/**
 * The Anthropic Messages renderer on small hand-built transcripts, checked against the documented wire format
 * (PROTOCOLS.md §1, §4.2, §5.1) rather than against the goldens: the cases the goldens never build (no tools, one
 * kind of explicit breakpoint at a time, two betas, a failed server search, an unknown tool reference), the labels
 * of the cache-prefix view, and the simulated response.
 *
 * Tool objects and token counters are made fresh in every test: the renderer memoises per tool object and counter,
 * and a memoised value built by an earlier test would hide the code under test from this one.
 */
import { describe, expect, it, vi } from "vitest";
import type { CatalogTool } from "../../core/catalog";
import type { ToolEntry, Transcript, TranscriptMessage } from "../../core";
import { getModel } from "../../models";
import { DEFAULT_SETTINGS } from "../../scenario/default-settings";
import type { ScenarioSettings } from "../../scenario/types";
import { createTokenCounter } from "../../tokens";
import { serialisedSizes } from "../../core/json-size";
import { anthropicMessages, anthropicToolDefinition } from "./anthropic-messages";
import { anthropicBodySegments } from "./anthropic-body-segments";

type Json = Record<string, any>;

function catalog() {
  const weather: CatalogTool = {
    name: "get_weather",
    description: "Weather for a city",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  };
  const time: CatalogTool = {
    name: "get_time",
    description: "Local time in a city",
    inputSchema: { type: "object", properties: { city: { type: "string" } } },
    inputExamples: [{ city: "Paris" }],
  };
  const search: CatalogTool = {
    name: "search_tools",
    description: "Search the tool catalog.",
    inputSchema: { type: "object", properties: { query: { type: "string" } } },
  };
  return { weather, time, search };
}

function render(transcript: Transcript, settings: Partial<ScenarioSettings> = {}, modelId = "claude-opus-4-8") {
  const model = getModel("anthropic", modelId)!;
  const counter = createTokenCounter(model.tokenizer);
  const tools = transcript.tools.flatMap((entry) => ("tool" in entry ? [entry.tool] : []));
  const context = {
    settings: { ...DEFAULT_SETTINGS, ...settings },
    model,
    counter,
    catalogByName: new Map(tools.map((tool) => [tool.name, tool])),
  };
  const rendered = anthropicMessages.renderRequest(transcript, context);
  return { ...rendered, body: rendered.request.body as Json, counter, context };
}

const ask: TranscriptMessage = { role: "user", blocks: [{ type: "text", text: "Weather in Paris?" }] };

/** Every `cache_control` with where it sits. */
function markers(body: Json): string[] {
  const found: string[] = [];
  if (body.cache_control) found.push(`body ${JSON.stringify(body.cache_control)}`);
  (body.tools as Json[]).forEach((tool, index) => tool.cache_control && found.push(`tools[${index}]`));
  (body.system as Json[]).forEach((block, index) => block.cache_control && found.push(`system[${index}]`));
  (body.messages as Json[]).forEach((message, messageIndex) =>
    (message.content as Json[]).forEach(
      (block, index) => block.cache_control && found.push(`messages[${messageIndex}].content[${index}]`),
    ),
  );
  return found;
}

describe("Anthropic Messages renderer", () => {
  it("labels every segment of the cache-prefix view by what it is, in cache order (tools, preamble, system, messages)", () => {
    const { weather, time, search } = catalog();
    const transcript: Transcript = {
      system: "Be brief.",
      tools: [
        { type: "catalog", tool: weather, deferred: false },
        { type: "catalog", tool: time, deferred: true },
        { type: "stub", tool: { ...weather, name: "get_weather_stub" } },
        { type: "helper", tool: search },
        { type: "anthropic-tool-search", variant: "regex" },
      ],
      messages: [
        ask,
        {
          role: "assistant",
          blocks: [
            {
              type: "server-tool-search",
              id: "srv_1",
              variant: "regex",
              input: "weather",
              result: { toolNames: ["get_weather"] },
            },
            { type: "tool-call", id: "toolu_1", name: "get_weather", input: { city: "Paris" } },
          ],
        },
        {
          role: "user",
          blocks: [
            { type: "tool-result", callId: "toolu_1", toolName: "get_weather", content: "sunny", isError: true },
            { type: "tool-reference-result", callId: "toolu_2", toolNames: ["get_time"] },
          ],
        },
        { role: "added-tools", toolNames: ["get_time"], text: "get_time is now available." },
      ],
    };
    const { segments, warnings, body } = render(transcript);
    expect(segments.map((segment) => [segment.path, segment.label, segment.group])).toEqual([
      ["tools[0]", "tool get_weather", "tools"],
      ["tools[1]", "deferred tool get_time", "tools"],
      ["tools[2]", "stub get_weather_stub", "tools"],
      ["tools[3]", "tool search_tools", "tools"],
      ["tools[4]", "tool search (regex)", "tools"],
      ["system (tool-use preamble)", "tool-use system prompt added by Anthropic", "system"],
      ["system[0]", "system prompt", "system"],
      ["messages[0].content[0]", "user text", "messages"],
      ["messages[1].content[0]", "assistant server tool use", "messages"],
      ["messages[1].content[1]", "assistant tool search tool result", "messages"],
      ["messages[1].content[2]", "assistant tool use", "messages"],
      ["messages[2].content[0]", "user tool result", "messages"],
      ["messages[2].content[1]", "user tool result", "messages"],
      ["messages[3].content[0]", "tool_addition get_time", "messages"],
      ["messages[3].content[1]", "system note", "messages"],
    ]);
    // Only a deferred tool sits outside the prompt (§1.8: it is expanded where a search finds it).
    expect(segments.filter((segment) => segment.outsidePrompt).map((segment) => segment.path)).toEqual(["tools[1]"]);
    expect(warnings).toEqual([]);
    // The note travels after the additions in the same system message (§4.2).
    expect(body.messages[3]).toEqual({
      role: "system",
      content: [
        { type: "tool_addition", tool: { type: "tool_reference", name: "get_time" } },
        { type: "text", text: "get_time is now available." },
      ],
    });
  });

  it("puts each transcript block on the wire in the documented shape (§1.4, §1.5, §4.2)", () => {
    const { weather, time } = catalog();
    const { body } = render({
      system: "Be brief.",
      tools: [
        { type: "catalog", tool: weather, deferred: false },
        { type: "catalog", tool: time, deferred: true },
      ],
      messages: [
        ask,
        {
          role: "assistant",
          blocks: [
            {
              type: "server-tool-search",
              id: "srv_1",
              variant: "bm25",
              input: "weather in a city",
              result: { errorCode: "too_many_requests", errorMessage: "slow down" },
            },
          ],
        },
        {
          role: "user",
          blocks: [
            { type: "tool-result", callId: "toolu_1", toolName: "get_weather", content: "sunny", isError: true },
            { type: "tool-result", callId: "toolu_2", toolName: "get_weather", content: "rain" },
            { type: "tool-reference-result", callId: "toolu_3", toolNames: ["get_time", "get_weather"] },
          ],
        },
        { role: "added-tools", toolNames: ["get_time"] },
      ],
    });
    expect(body.tools).toEqual([
      { name: "get_weather", description: "Weather for a city", input_schema: weather.inputSchema },
      {
        name: "get_time",
        description: "Local time in a city",
        input_schema: time.inputSchema,
        input_examples: [{ city: "Paris" }],
        defer_loading: true,
      },
    ]);
    expect(body.system).toEqual([{ type: "text", text: "Be brief." }]);
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "server_tool_use", id: "srv_1", name: "tool_search_tool_bm25", input: { query: "weather in a city" } },
        {
          type: "tool_search_tool_result",
          tool_use_id: "srv_1",
          content: {
            type: "tool_search_tool_result_error",
            error_code: "too_many_requests",
            error_message: "slow down",
          },
        },
      ],
    });
    expect(body.messages[2].content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "sunny", is_error: true },
      { type: "tool_result", tool_use_id: "toolu_2", content: "rain" },
      {
        type: "tool_result",
        tool_use_id: "toolu_3",
        content: [
          { type: "tool_reference", tool_name: "get_time" },
          { type: "tool_reference", tool_name: "get_weather" },
        ],
      },
    ]);
    // A tool_addition message without a note carries only the additions.
    expect(body.messages[3]).toEqual({
      role: "system",
      content: [{ type: "tool_addition", tool: { type: "tool_reference", name: "get_time" } }],
    });
    expect(body.model).toBe("claude-opus-4-8");
    expect(body.max_tokens).toBe(DEFAULT_SETTINGS.maxOutputTokens);
  });

  it("an empty input_examples list is not sent", () => {
    const { time } = catalog();
    const { body } = render({
      system: "s",
      tools: [{ type: "catalog", tool: { ...time, inputExamples: [] }, deferred: false }],
      messages: [ask],
    });
    expect("input_examples" in body.tools[0]).toBe(false);
  });

  it("a referenced tool's definition is billed where the reference sits: each known tool in full, one per line; an unknown name as its bare reference", () => {
    const { weather, time } = catalog();
    const { segments, counter, body } = render({
      system: "s",
      tools: [
        { type: "catalog", tool: weather, deferred: true },
        { type: "catalog", tool: time, deferred: true },
      ],
      messages: [
        ask,
        {
          role: "user",
          blocks: [{ type: "tool-reference-result", callId: "t1", toolNames: ["get_weather", "get_time"] }],
        },
        { role: "added-tools", toolNames: ["not_in_catalog"] },
      ],
    });
    const definition = (tool: CatalogTool) =>
      JSON.stringify({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
        ...(tool.inputExamples ? { input_examples: tool.inputExamples } : {}),
      });
    const definitions = `${definition(weather)}\n${definition(time)}`;
    const reference = segments.find((segment) => segment.path === "messages[1].content[0]")!;
    expect(reference.toolDefinitionTokens).toBe(counter.count(definitions));
    expect(reference.tokens).toBe(counter.count(JSON.stringify(body.messages[1].content[0]) + definitions));
    const unknown = segments.find((segment) => segment.path === "messages[2].content[0]")!;
    const unknownDefinition = JSON.stringify({ tool_reference: "not_in_catalog" });
    expect(unknown.toolDefinitionTokens).toBe(counter.count(unknownDefinition));
    expect(unknown.tokens).toBe(
      counter.count(
        JSON.stringify({ type: "tool_addition", tool: { type: "tool_reference", name: "not_in_catalog" } }) +
          unknownDefinition,
      ),
    );
  });

  it("the tool-use system prompt is added only when tools are declared, sized by tool_choice (§5.1 table)", () => {
    const { weather } = catalog();
    const preamble = (transcript: Transcript, settings: Partial<ScenarioSettings>) =>
      render(transcript, settings).segments.find((segment) => segment.path === "system (tool-use preamble)");
    const withTool: Transcript = {
      system: "s",
      tools: [{ type: "catalog", tool: weather, deferred: false }],
      messages: [ask],
    };
    // Opus 4.8: 290 tokens with tool_choice auto, 410 with any.
    expect(preamble(withTool, { toolChoice: "auto" })?.tokens).toBe(290);
    expect(preamble(withTool, { toolChoice: "any" })?.tokens).toBe(410);
    expect(preamble(withTool, { toolChoice: "any" })?.key).toBe("tool-use-preamble:any:410");
    expect(preamble({ ...withTool, tools: [] }, { toolChoice: "auto" })).toBeUndefined();
    expect(preamble({ ...withTool, tools: [] }, { toolChoice: "any" })).toBeUndefined();
  });

  it("tool_choice is sent only when it is not auto and tools are declared", () => {
    const { weather } = catalog();
    const withTool: Transcript = {
      system: "s",
      tools: [{ type: "catalog", tool: weather, deferred: false }],
      messages: [ask],
    };
    expect(render(withTool, { toolChoice: "any" }).body.tool_choice).toEqual({ type: "any" });
    expect(render(withTool, { toolChoice: "none" }).body.tool_choice).toEqual({ type: "none" });
    expect("tool_choice" in render(withTool, { toolChoice: "auto" }).body).toBe(false);
    const noTools = render({ ...withTool, tools: [] }, { toolChoice: "any" });
    expect("tool_choice" in noTools.body).toBe(false);
    expect(noTools.body.tools).toEqual([]);
  });

  it("automatic caching: one top-level marker, the breakpoint on the last prompt block, even when that is the system prompt", () => {
    const { weather } = catalog();
    const alone = render({ system: "s", tools: [], messages: [] });
    expect(markers(alone.body)).toEqual([`body {"type":"ephemeral"}`]);
    expect(alone.segments.map((segment) => [segment.label, segment.breakpoint])).toEqual([["system prompt", true]]);
    const deferredLast = render(
      {
        system: "s",
        tools: [
          { type: "catalog", tool: weather, deferred: false },
          { type: "catalog", tool: { ...weather, name: "later" }, deferred: true },
        ],
        messages: [ask],
      },
      { cacheTtl: "1h" },
    );
    expect(markers(deferredLast.body)).toEqual([`body {"type":"ephemeral","ttl":"1h"}`]);
    expect(deferredLast.segments.filter((segment) => segment.breakpoint).map((segment) => segment.path)).toEqual([
      "messages[0].content[0]",
    ]);
  });

  it("cache off: no marker and no breakpoint", () => {
    const { weather } = catalog();
    const off = render(
      { system: "s", tools: [{ type: "catalog", tool: weather, deferred: false }], messages: [ask] },
      { cacheMode: "off" },
    );
    expect(markers(off.body)).toEqual([]);
    expect(off.segments.some((segment) => segment.breakpoint)).toBe(false);
  });

  describe("explicit breakpoints, one kind at a time (§5.1; never on a deferred tool, §1.8)", () => {
    const transcript = (): Transcript => {
      const { weather, time, search } = catalog();
      return {
        system: "s",
        tools: [
          { type: "helper", tool: search },
          { type: "catalog", tool: weather, deferred: false },
          { type: "catalog", tool: time, deferred: true },
        ],
        messages: [
          ask,
          { role: "assistant", blocks: [{ type: "text", text: "a" }] },
          {
            role: "user",
            blocks: [
              { type: "text", text: "b" },
              { type: "text", text: "c" },
            ],
          },
        ],
      };
    };
    const breakpoints = (rendered: ReturnType<typeof render>) =>
      rendered.segments.filter((segment) => segment.breakpoint).map((segment) => segment.path);

    it.each([
      [["tools"], ["tools[1]"]],
      [["system"], ["system[0]"]],
      [["last-message"], ["messages[2].content[1]"]],
      [
        ["tools", "last-message"],
        ["tools[1]", "messages[2].content[1]"],
      ],
      [[], []],
    ] as const)("%j → markers on %j", (wanted, expected) => {
      const rendered = render(transcript(), {
        cacheMode: "explicit",
        explicitBreakpoints: [...wanted],
        cacheTtl: "1h",
      });
      expect(markers(rendered.body)).toEqual(expected);
      expect(breakpoints(rendered)).toEqual(expected);
      for (const path of expected.filter((each) => each.startsWith("tools")))
        expect(rendered.body.tools[Number(path.slice(6, -1))].cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
      // The marker is a copy: the memoised tool definition is never changed.
      expect(render(transcript()).body.tools.every((tool: Json) => !("cache_control" in tool))).toBe(true);
    });

    it("every tool deferred: no tools marker; no messages: no message marker", () => {
      const { weather } = catalog();
      const rendered = render(
        { system: "s", tools: [{ type: "catalog", tool: weather, deferred: true }], messages: [] },
        { cacheMode: "explicit", explicitBreakpoints: ["tools", "last-message"] },
      );
      expect(markers(rendered.body)).toEqual([]);
      expect(breakpoints(rendered)).toEqual([]);
    });
  });

  it("headers: the API version, a placeholder key, and every beta joined by commas; no beta header without betas", () => {
    const base: Transcript = { system: "s", tools: [], messages: [ask] };
    const plain = render(base).request;
    expect(plain.method).toBe("POST");
    expect(plain.url).toBe("https://api.anthropic.com/v1/messages");
    expect(plain.headers).toEqual({
      "content-type": "application/json",
      "anthropic-version": "2023-06-01",
      "x-api-key": "$ANTHROPIC_API_KEY",
    });
    expect("anthropic-beta" in render({ ...base, betas: [] }).request.headers).toBe(false);
    expect(render({ ...base, betas: ["one-2026-01-01", "two-2026-02-02"] }).request.headers["anthropic-beta"]).toBe(
      "one-2026-01-01,two-2026-02-02",
    );
  });

  it("refuses what the Messages API cannot carry", () => {
    const base: Transcript = { system: "s", tools: [], messages: [] };
    expect(() =>
      render({ ...base, tools: [{ type: "openai-tool-search", execution: "client" } as ToolEntry] }),
    ).toThrow("anthropic-messages: tool entry openai-tool-search is not an Anthropic tool");
    expect(() =>
      render({
        ...base,
        messages: [
          {
            role: "assistant",
            blocks: [{ type: "openai-search-call", id: "ts", callId: null, execution: "server", query: "q" }],
          },
        ],
      }),
    ).toThrow("anthropic-messages: block openai-search-call is not part of the Anthropic Messages API");
  });

  it("segments as a recorded body of the same request does (one cache model for simulated and imported runs)", () => {
    const { weather, time, search } = catalog();
    for (const cacheMode of ["automatic", "explicit"] as const) {
      const { segments, body, context } = render(
        {
          system: "s",
          tools: [
            { type: "helper", tool: search },
            { type: "catalog", tool: weather, deferred: false },
            { type: "catalog", tool: time, deferred: true },
          ],
          messages: [
            ask,
            { role: "assistant", blocks: [{ type: "tool-call", id: "t1", name: "get_weather", input: { city: "P" } }] },
            { role: "user", blocks: [{ type: "tool-result", callId: "t1", toolName: "get_weather", content: "sun" }] },
          ],
        },
        { cacheMode, toolChoice: "any" },
      );
      const view = (list: typeof segments) =>
        list.map(({ path, group, key, tokens, toolDefinitionTokens, breakpoint, outsidePrompt }) => ({
          path,
          group,
          key,
          tokens,
          toolDefinitionTokens,
          breakpoint,
          outsidePrompt: Boolean(outsidePrompt),
        }));
      const recorded = anthropicBodySegments(body, { model: context.model, counter: context.counter });
      expect(view(segments), cacheMode).toEqual(view(recorded.segments));
    }
  });
});

describe("Anthropic simulated response (the Messages API's response body)", () => {
  const usage = { uncached: 11, cacheRead: 22, cacheWrite: 33, output: 44, writesBilled: true };
  const context = () => render({ system: "s", tools: [], messages: [] }).context;

  it("a text answer: end_turn, citations null, input_tokens is only the uncached part (§5.1)", () => {
    const response = anthropicMessages.renderResponse([{ type: "text", text: "Sunny." }], usage, context(), "msg_1");
    expect(response).toEqual({
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-opus-4-8",
      content: [{ type: "text", text: "Sunny.", citations: null }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 11, cache_creation_input_tokens: 33, cache_read_input_tokens: 22, output_tokens: 44 },
    });
  });

  it("a tool call and a server search: tool_use stop, caller direct on the model's calls only", () => {
    const response = anthropicMessages.renderResponse(
      [
        {
          type: "server-tool-search",
          id: "srv_1",
          variant: "regex",
          input: "weather",
          result: { toolNames: ["get_weather"] },
        },
        { type: "tool-call", id: "toolu_1", name: "get_weather", input: { city: "Paris" } },
      ],
      usage,
      context(),
      "msg_2",
    );
    expect(response.stop_reason).toBe("tool_use");
    expect(response.content).toEqual([
      {
        type: "server_tool_use",
        id: "srv_1",
        name: "tool_search_tool_regex",
        input: { pattern: "weather" },
        caller: { type: "direct" },
      },
      {
        type: "tool_search_tool_result",
        tool_use_id: "srv_1",
        content: {
          type: "tool_search_tool_search_result",
          tool_references: [{ type: "tool_reference", tool_name: "get_weather" }],
        },
      },
      { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" }, caller: { type: "direct" } },
    ]);
  });

  it("the text whose tokens are the output: the answer, each call as name and input, a server search's query", () => {
    expect(
      anthropicMessages.outputText([
        { type: "text", text: "Looking." },
        { type: "tool-call", id: "t", name: "get_weather", input: { city: "Paris" } },
        { type: "server-tool-search", id: "s", variant: "bm25", input: "weather", result: { toolNames: [] } },
        { type: "tool-result", callId: "t", toolName: "get_weather", content: "not output" },
      ]),
    ).toBe(`Looking.\n{"name":"get_weather","input":{"city":"Paris"}}\nweather\n`);
  });

  it("names itself and its endpoint", () => {
    expect([anthropicMessages.id, anthropicMessages.label, anthropicMessages.endpoint]).toEqual([
      "anthropic",
      "Anthropic Messages",
      "https://api.anthropic.com/v1/messages",
    ]);
  });
});

describe("Anthropic tool definitions' sizes", () => {
  it("are measured from the prompt text, equal to serialising each definition, without serialising it again", () => {
    const tools: CatalogTool[] = [
      {
        name: "get_weather",
        description: 'Weather in Zürich, 東京 or "anywhere"\nelse 😀',
        inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
      {
        name: "send_mail",
        description: "Sends mail.",
        inputSchema: { type: "object", properties: {} },
        inputExamples: [{ to: "ada@example.com" }],
      },
    ];
    for (const tool of tools)
      for (const variant of ["full", "deferred", "stub"] as const) {
        const { wire } = anthropicToolDefinition(tool, variant);
        const expected = JSON.stringify(wire);
        const stringify = vi.spyOn(JSON, "stringify");
        try {
          const sizes = serialisedSizes(wire);
          expect(stringify).not.toHaveBeenCalled();
          expect(sizes, `${tool.name} ${variant}`).toEqual({
            length: expected.length,
            bytes: new TextEncoder().encode(expected).byteLength,
          });
        } finally {
          stringify.mockRestore();
        }
      }
  });
});
