/**
 * The OpenAI Responses and Chat Completions renderers (with Moonshot's dialect) on small hand-built transcripts,
 * checked against the documented wire formats (PROTOCOLS.md §2 tool_search and namespaces, §3 Kimi, §5.2 usage,
 * §9 limits and Kimi reasoning) rather than against the goldens: the cases the goldens never build (no tools,
 * tool_choice none, more than 128 tools, bad Kimi names, unknown tool names, several calls in one turn), the labels
 * of the cache-prefix view, and the simulated responses.
 *
 * Tool objects and token counters are made fresh in every test: the renderers memoise per tool object and counter,
 * and a value built by an earlier test would hide the code under test from this one.
 */
import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import type { ToolEntry, Transcript, TranscriptBlock } from "../core";
import { getModel } from "../models";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import { createTokenCounter, OPENAI_MESSAGE_OVERHEAD_TOKENS, renderOpenAIFunctionForCounting } from "../tokens";
import { simulatedReasoning } from "./moonshot/kimi-reasoning";
import { OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION } from "./limits";
import { KIMI_FUNCTION_NAME_PATTERN, openaiChat } from "./openai-chat/openai-chat";
import { moonshotChat } from "./moonshot/moonshot-chat";
import { openaiResponses } from "./openai-responses/openai-responses";
import { CLIENT_TOOL_SEARCH_DESCRIPTION, CLIENT_TOOL_SEARCH_PARAMETERS } from "./openai-responses/openai-tool-search";
import type { ProviderAdapter, RenderContext } from "./types";

type Json = Record<string, any>;

function tool(name: string, extra: Partial<CatalogTool> = {}): CatalogTool {
  return {
    name,
    description: `Does ${name}.`,
    inputSchema: { type: "object", properties: { city: { type: "string" } } },
    ...extra,
  };
}

const ADAPTERS: Partial<Record<ProviderId, ProviderAdapter>> = {
  "openai-responses": openaiResponses,
  "openai-chat": openaiChat,
  moonshot: moonshotChat,
};

function contextFor(
  provider: ProviderId,
  modelId: string,
  tools: CatalogTool[],
  settings: Partial<ScenarioSettings> = {},
): RenderContext {
  const model = getModel(provider, modelId)!;
  return {
    settings: { ...DEFAULT_SETTINGS, provider, model: modelId, ...settings },
    model,
    counter: createTokenCounter(model.tokenizer),
    catalogByName: new Map(tools.map((each) => [each.name, each])),
  };
}

function render(
  provider: ProviderId,
  transcript: Transcript,
  options: { model?: string; settings?: Partial<ScenarioSettings>; catalog?: CatalogTool[] } = {},
) {
  const catalog =
    options.catalog ??
    transcript.tools.flatMap((entry) =>
      "tool" in entry ? [entry.tool] : entry.type === "openai-namespace" ? entry.tools : [],
    );
  const modelId = options.model ?? (provider === "moonshot" ? "kimi-k3" : "gpt-5.4");
  const context = contextFor(provider, modelId, catalog, options.settings);
  const rendered = ADAPTERS[provider]!.renderRequest(transcript, context);
  return { ...rendered, body: rendered.request.body as Json, context };
}

const ask = { role: "user" as const, blocks: [{ type: "text" as const, text: "Weather in Paris?" }] };
const labels = (segments: { path: string; label: string; group: string }[]) =>
  segments.map((segment) => [segment.path, segment.label, segment.group]);

describe("OpenAI Responses renderer", () => {
  it("labels every segment in cache order: instructions, tools, then input items", () => {
    const weather = tool("get_weather");
    const time = tool("get_time");
    const stub = tool("get_stub");
    const members = [tool("crm_find"), tool("crm_update")];
    const { segments, warnings } = render("openai-responses", {
      system: "Be brief.",
      tools: [
        { type: "openai-tool-search", execution: "client" },
        { type: "openai-tool-search", execution: "server" },
        { type: "catalog", tool: weather, deferred: false },
        { type: "catalog", tool: time, deferred: true },
        { type: "stub", tool: stub },
        { type: "openai-namespace", name: "crm", description: "CRM tools", tools: members },
      ],
      messages: [
        ask,
        {
          role: "assistant",
          blocks: [
            { type: "openai-search-call", id: "ts_1", callId: null, execution: "server", query: "weather" },
            { type: "openai-search-output", id: "tso_1", callId: null, execution: "server", toolNames: ["get_time"] },
            { type: "tool-call", id: "call_1", name: "get_time", input: { city: "Paris" } },
            { type: "text", text: "Checking." },
          ],
        },
        { role: "user", blocks: [{ type: "tool-result", callId: "call_1", toolName: "get_time", content: "noon" }] },
      ],
    });
    expect(labels(segments)).toEqual([
      ["instructions", "instructions", "system"],
      ["tools[0]", "tool_search (client)", "tools"],
      ["tools[1]", "tool_search (hosted)", "tools"],
      ["tools[2]", "function get_weather", "tools"],
      ["tools[3]", "deferred function get_time (name + description)", "tools"],
      ["tools[4]", "stub get_stub", "tools"],
      ["tools[5]", "namespace crm (2 deferred)", "tools"],
      ["input[0]", "user message", "messages"],
      ["input[1]", "tool search call", "messages"],
      ["input[2]", "tool search output", "messages"],
      ["input[3]", "function call", "messages"],
      ["input[4]", "assistant message", "messages"],
      ["input[5]", "function call output", "messages"],
    ]);
    // Automatic caching: the whole prompt is one implicit breakpoint, at its end.
    expect(segments.filter((segment) => segment.breakpoint).map((segment) => segment.path)).toEqual(["input[5]"]);
    expect(warnings).toEqual([]);
  });

  it("up front a namespace shows only its name and description, a deferred function its name and description (§2.1)", () => {
    const members = [tool("crm_find"), tool("crm_update")];
    const time = tool("get_time");
    const { segments, context, body } = render("openai-responses", {
      system: "s",
      tools: [
        { type: "openai-namespace", name: "crm", description: "CRM tools", tools: members },
        { type: "catalog", tool: time, deferred: true },
      ],
      messages: [ask],
    });
    const namespaceText = "// CRM tools\nnamespace crm {}";
    expect(segments[1].tokens).toBe(context.counter.count(namespaceText));
    expect(segments[1].toolDefinitionTokens).toBe(context.counter.count(namespaceText));
    const deferredText = renderOpenAIFunctionForCounting({ name: "get_time", description: "Does get_time." });
    expect(segments[2].tokens).toBe(context.counter.count(deferredText));
    expect(body.tools).toEqual([
      {
        type: "namespace",
        name: "crm",
        description: "CRM tools",
        tools: members.map((member) => ({
          type: "function",
          name: member.name,
          description: member.description,
          parameters: member.inputSchema,
          strict: false,
          defer_loading: true,
        })),
      },
      {
        type: "function",
        name: "get_time",
        description: "Does get_time.",
        parameters: time.inputSchema,
        strict: false,
        defer_loading: true,
      },
    ]);
  });

  it("tool_search: hosted is a bare type; client carries its description and parameters (§2.2)", () => {
    const { body } = render("openai-responses", {
      system: "s",
      tools: [
        { type: "openai-tool-search", execution: "server" },
        { type: "openai-tool-search", execution: "client" },
      ],
      messages: [ask],
    });
    expect(body.tools).toEqual([
      { type: "tool_search" },
      {
        type: "tool_search",
        execution: "client",
        description: CLIENT_TOOL_SEARCH_DESCRIPTION,
        parameters: CLIENT_TOOL_SEARCH_PARAMETERS,
      },
    ]);
  });

  it("a call names the namespace of the tools list rendered now, also when the same array was changed in place", () => {
    const member = tool("crm_find");
    const tools: ToolEntry[] = [{ type: "openai-namespace", name: "crm", description: "CRM tools", tools: [member] }];
    const transcript: Transcript = {
      system: "s",
      tools,
      messages: [
        ask,
        { role: "assistant", blocks: [{ type: "tool-call", id: "call_1", name: "crm_find", input: {} }] },
      ],
    };
    const call = () => render("openai-responses", transcript).body.input.at(-1);
    expect(call()).toMatchObject({ name: "crm_find", namespace: "crm" });
    expect(call()).toMatchObject({ namespace: "crm" });
    tools[0] = { type: "openai-namespace", name: "sales", description: "Sales tools", tools: [member] };
    expect(call()).toMatchObject({ namespace: "sales" });
    tools[0] = { type: "catalog", tool: member, deferred: true };
    expect(call()).not.toHaveProperty("namespace");
  });

  it("input items: search calls and outputs (id only when hosted), loaded tools inside their namespace, calls naming it", () => {
    const members = [tool("crm_find"), tool("crm_update")];
    const weather = tool("get_weather");
    const { body, segments, context } = render("openai-responses", {
      system: "s",
      tools: [
        { type: "openai-tool-search", execution: "client" },
        { type: "openai-namespace", name: "crm", description: "CRM tools", tools: members },
        { type: "catalog", tool: weather, deferred: true },
      ],
      messages: [
        ask,
        {
          role: "assistant",
          blocks: [{ type: "openai-search-call", id: "ts_1", callId: "call_s", execution: "client", query: "crm" }],
        },
        {
          role: "user",
          blocks: [
            {
              type: "openai-search-output",
              id: "tso_1",
              callId: "call_s",
              execution: "client",
              toolNames: ["crm_update", "not_in_catalog", "get_weather", "crm_find"],
            },
          ],
        },
        {
          role: "assistant",
          blocks: [
            { type: "tool-call", id: "call_1", name: "crm_find", input: { city: "Paris" } },
            { type: "tool-call", id: "call_2", name: "get_weather", input: {} },
          ],
        },
        {
          role: "assistant",
          blocks: [{ type: "openai-search-call", id: "ts_2", callId: null, execution: "server", query: "q" }],
        },
        {
          role: "assistant",
          blocks: [{ type: "openai-search-output", id: "tso_2", callId: null, execution: "server", toolNames: [] }],
        },
      ],
    });
    const loaded = (each: CatalogTool) => ({
      type: "function",
      name: each.name,
      description: each.description,
      parameters: each.inputSchema,
      strict: false,
      defer_loading: true,
    });
    expect(body.input.slice(1)).toEqual([
      {
        type: "tool_search_call",
        call_id: "call_s",
        execution: "client",
        arguments: { query: "crm" },
        status: "completed",
      },
      {
        type: "tool_search_output",
        call_id: "call_s",
        execution: "client",
        status: "completed",
        // One namespace wrapper, in the order its first member was found; an unknown name is skipped.
        tools: [
          { type: "namespace", name: "crm", description: "CRM tools", tools: [loaded(members[1]), loaded(members[0])] },
          loaded(weather),
        ],
      },
      { type: "function_call", call_id: "call_1", name: "crm_find", namespace: "crm", arguments: '{"city":"Paris"}' },
      { type: "function_call", call_id: "call_2", name: "get_weather", arguments: "{}" },
      {
        type: "tool_search_call",
        id: "ts_2",
        call_id: null,
        execution: "server",
        arguments: { query: "q" },
        status: "completed",
      },
      { type: "tool_search_output", id: "tso_2", call_id: null, execution: "server", status: "completed", tools: [] },
    ]);
    // The loaded definitions are billed where the output sits (their full declarations).
    const full = (each: CatalogTool) =>
      renderOpenAIFunctionForCounting({ name: each.name, description: each.description, parameters: each.inputSchema });
    const definitions = [members[1], weather, members[0]].map(full).join("\n");
    expect(segments.find((segment) => segment.path === "input[2]")!.toolDefinitionTokens).toBe(
      context.counter.count(definitions),
    );
  });

  it("body: instructions, max_output_tokens, the cache key; tool_choice only when not auto and tools exist", () => {
    const weather = tool("get_weather");
    const transcript: Transcript = {
      system: "Be brief.",
      tools: [{ type: "catalog", tool: weather, deferred: false }],
      messages: [ask],
    };
    const plain = render("openai-responses", transcript).body;
    expect(plain).toEqual({
      model: "gpt-5.4",
      instructions: "Be brief.",
      tools: [
        {
          type: "function",
          name: "get_weather",
          description: "Does get_weather.",
          parameters: weather.inputSchema,
          strict: false,
        },
      ],
      input: [{ role: "user", content: "Weather in Paris?" }],
      max_output_tokens: DEFAULT_SETTINGS.maxOutputTokens,
      prompt_cache_key: "tool-disclosure-playground",
    });
    expect(render("openai-responses", transcript, { settings: { toolChoice: "any" } }).body.tool_choice).toBe(
      "required",
    );
    expect(render("openai-responses", transcript, { settings: { toolChoice: "none" } }).body.tool_choice).toBe("none");
    expect(
      "tool_choice" in
        render("openai-responses", { ...transcript, tools: [] }, { settings: { toolChoice: "any" } }).body,
    ).toBe(false);
    const request = render("openai-responses", transcript).request;
    expect([request.method, request.url, request.headers]).toEqual([
      "POST",
      "https://api.openai.com/v1/responses",
      { "content-type": "application/json", authorization: "Bearer $OPENAI_API_KEY" },
    ]);
  });

  it("more than 128 entries in tools with at most 128 not deferred: warned with the labelled assumption (§9)", () => {
    const entries = (total: number, deferred: number): ToolEntry[] =>
      Array.from({ length: total }, (_, index) => ({
        type: "catalog",
        tool: tool(`tool_${index}`),
        deferred: index < deferred,
      }));
    const warningsOf = (total: number, deferred: number) =>
      render("openai-responses", { system: "s", tools: entries(total, deferred), messages: [ask] }).warnings;
    expect(warningsOf(128, 128)).toEqual([]);
    expect(warningsOf(129, 1)).toEqual([
      {
        code: "openai-deferred-tool-count",
        message:
          `${OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION} If they count, this request (129 entries in tools) is refused ` +
          "with 400 array_above_max_length and the run fails here; namespaces keep the array short either way.",
      },
    ]);
    // 129 functions none of them deferred: over the documented limit itself, which lib/providers/limits.ts refuses.
    expect(warningsOf(129, 0)).toEqual([]);
  });

  it("only the instructions: they are the last prompt block, so they carry the implicit breakpoint", () => {
    const alone = render("openai-responses", { system: "s", tools: [], messages: [] }).segments;
    expect(alone.map((segment) => [segment.label, segment.breakpoint])).toEqual([["instructions", true]]);
  });

  it("refuses what the Responses API cannot carry", () => {
    const base: Transcript = { system: "s", tools: [], messages: [] };
    expect(() =>
      render("openai-responses", { ...base, tools: [{ type: "anthropic-tool-search", variant: "bm25" }] }),
    ).toThrow("openai-responses: tool entry anthropic-tool-search is not a Responses API tool");
    expect(() =>
      render("openai-responses", { ...base, messages: [{ role: "added-tools", toolNames: ["x"] }] }),
    ).toThrow("openai-responses: added-tools messages are not supported");
    expect(() =>
      render("openai-responses", {
        ...base,
        messages: [{ role: "user", blocks: [{ type: "tool-reference-result", callId: "c", toolNames: [] }] }],
      }),
    ).toThrow("openai-responses: block tool-reference-result is not a Responses API item");
  });

  it("simulated response: output items with their ids, the call's namespace, usage with cached (and billed written) tokens", () => {
    const members = [tool("crm_find")];
    const context = contextFor("openai-responses", "gpt-5.4", members);
    openaiResponses.renderRequest(
      {
        system: "s",
        tools: [{ type: "openai-namespace", name: "crm", description: "CRM", tools: members }],
        messages: [ask],
      },
      context,
    );
    const blocks: TranscriptBlock[] = [
      { type: "openai-search-call", id: "ts_1", callId: null, execution: "server", query: "crm" },
      { type: "text", text: "Looking." },
      { type: "tool-call", id: "call_1", name: "crm_find", input: { city: "Paris" } },
    ];
    const usage = { uncached: 10, cacheRead: 20, cacheWrite: 30, output: 7, writesBilled: true };
    const response = openaiResponses.renderResponse(blocks, usage, context, "resp_1");
    expect(response).toEqual({
      id: "resp_1",
      object: "response",
      status: "completed",
      model: "gpt-5.4",
      output: [
        {
          type: "tool_search_call",
          id: "ts_1",
          call_id: null,
          execution: "server",
          arguments: { query: "crm" },
          status: "completed",
        },
        {
          type: "message",
          id: "msg_resp_1_1",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Looking.", annotations: [] }],
        },
        {
          type: "function_call",
          call_id: "call_1",
          name: "crm_find",
          namespace: "crm",
          arguments: '{"city":"Paris"}',
          id: "fc_resp_1_2",
          status: "completed",
        },
      ],
      usage: {
        input_tokens: 60,
        input_tokens_details: { cached_tokens: 20, cache_write_tokens: 30 },
        output_tokens: 7,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 67,
      },
    });
    const unbilled = openaiResponses.renderResponse(blocks, { ...usage, writesBilled: false }, context, "r");
    expect((unbilled.usage as Json).input_tokens_details).toEqual({ cached_tokens: 20 });
    // A context that rendered no request knows no namespace.
    const fresh = contextFor("openai-responses", "gpt-5.4", members);
    expect((openaiResponses.renderResponse([blocks[2]], usage, fresh, "r").output as Json[])[0]).not.toHaveProperty(
      "namespace",
    );
  });

  it("output text: the answer, each call as name(arguments), a search's query", () => {
    expect(
      openaiResponses.outputText([
        { type: "text", text: "Looking." },
        { type: "tool-call", id: "c", name: "get_weather", input: { city: "Paris" } },
        { type: "openai-search-call", id: "t", callId: null, execution: "server", query: "weather" },
        { type: "tool-result", callId: "c", toolName: "get_weather", content: "not output" },
      ]),
    ).toBe('Looking.\nget_weather({"city":"Paris"})\nweather\n');
    expect([openaiResponses.id, openaiResponses.label, openaiResponses.endpoint]).toEqual([
      "openai-responses",
      "OpenAI Responses",
      "https://api.openai.com/v1/responses",
    ]);
  });
});

describe("Chat Completions renderer (OpenAI and Moonshot dialects)", () => {
  const conversation = (): Transcript => ({
    system: "Be brief.",
    tools: [
      { type: "catalog", tool: tool("get_weather"), deferred: false },
      { type: "stub", tool: tool("get_stub") },
      { type: "helper", tool: tool("search_tools") },
    ],
    messages: [
      ask,
      {
        role: "assistant",
        blocks: [
          { type: "text", text: "Checking" },
          { type: "text", text: "both." },
          { type: "tool-call", id: "c1", name: "get_weather", input: { city: "Paris" } },
          { type: "tool-call", id: "c2", name: "get_stub", input: { arguments: {} } },
        ],
      },
      {
        role: "user",
        blocks: [
          { type: "tool-result", callId: "c1", toolName: "get_weather", content: "sunny" },
          { type: "tool-result", callId: "c2", toolName: "get_stub", content: "ok" },
        ],
      },
      { role: "assistant", blocks: [{ type: "text", text: "Sunny." }] },
    ],
  });

  it("OpenAI: system message, then tools, then the conversation; every message pays its overhead, tools do not", () => {
    const { segments, body, context, warnings } = render("openai-chat", conversation());
    expect(labels(segments)).toEqual([
      ["messages[0]", "system message", "system"],
      ["tools[0]", "function get_weather", "tools"],
      ["tools[1]", "stub get_stub", "tools"],
      ["tools[2]", "function search_tools", "tools"],
      ["messages[1]", "user message", "messages"],
      ["messages[2]", "assistant calls get_weather, get_stub", "messages"],
      ["messages[3]", "tool result get_weather", "messages"],
      ["messages[4]", "tool result get_stub", "messages"],
      ["messages[5]", "assistant answer", "messages"],
    ]);
    expect(segments[0].tokens).toBe(context.counter.count("Be brief.") + OPENAI_MESSAGE_OVERHEAD_TOKENS);
    expect(segments[1].tokens).toBe(
      context.counter.count(
        renderOpenAIFunctionForCounting({
          name: "get_weather",
          description: "Does get_weather.",
          parameters: (body.tools[0] as Json).function.parameters,
        }),
      ),
    );
    expect(segments[6].tokens).toBe(context.counter.count("sunny") + OPENAI_MESSAGE_OVERHEAD_TOKENS);
    expect(segments.filter((segment) => segment.breakpoint).map((segment) => segment.path)).toEqual(["messages[5]"]);
    expect(body.messages[2]).toEqual({
      role: "assistant",
      content: "Checking\nboth.",
      tool_calls: [
        { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
        { id: "c2", type: "function", function: { name: "get_stub", arguments: '{"arguments":{}}' } },
      ],
    });
    expect(body.messages[3]).toEqual({ role: "tool", tool_call_id: "c1", content: "sunny" });
    expect(body.messages[5]).toEqual({ role: "assistant", content: "Sunny." });
    expect(body.max_completion_tokens).toBe(DEFAULT_SETTINGS.maxOutputTokens);
    expect("prompt_cache_key" in body).toBe(false);
    expect("reasoning_effort" in body).toBe(false);
    expect(warnings).toEqual([]);
  });

  it("Moonshot: tools before the system message (Kimi's chat template), reasoning replayed on assistant turns (§9)", () => {
    const { segments, body } = render("moonshot", conversation());
    expect(labels(segments).slice(0, 4)).toEqual([
      ["tools[0]", "function get_weather", "tools"],
      ["tools[1]", "stub get_stub", "tools"],
      ["tools[2]", "function search_tools", "tools"],
      ["messages[0]", "system message", "system"],
    ]);
    const turn = conversation().messages[1] as { blocks: TranscriptBlock[] };
    expect(body.messages[2].reasoning_content).toBe(simulatedReasoning(turn.blocks));
    expect(body.messages[5].reasoning_content).toBe(simulatedReasoning([{ type: "text", text: "Sunny." }]));
    // K3 documents max_completion_tokens and reasoning_effort "max"; both Kimi dialects send the cache key.
    expect(body.max_completion_tokens).toBe(DEFAULT_SETTINGS.maxOutputTokens);
    expect("max_tokens" in body).toBe(false);
    expect(body.reasoning_effort).toBe("max");
    expect(body.prompt_cache_key).toBe("tool-disclosure-playground");
    const k2 = render("moonshot", conversation(), { model: "kimi-k2.7-code" }).body;
    expect(k2.max_tokens).toBe(DEFAULT_SETTINGS.maxOutputTokens);
    expect("max_completion_tokens" in k2).toBe(false);
    expect("reasoning_effort" in k2).toBe(false);
    expect(k2.messages[2].reasoning_content).toBe(simulatedReasoning(turn.blocks));
  });

  it("a Moonshot model that does not reason: max_tokens, no reasoning_effort, no reasoning_content anywhere", () => {
    const reasoningLess = { ...getModel("moonshot", "kimi-k3")!, reasoning: undefined };
    const context = { ...contextFor("moonshot", "kimi-k3", []), model: reasoningLess };
    const body = moonshotChat.renderRequest(conversation(), context).request.body as Json;
    expect(body.max_tokens).toBe(DEFAULT_SETTINGS.maxOutputTokens);
    expect("max_completion_tokens" in body).toBe(false);
    expect("reasoning_effort" in body).toBe(false);
    expect(body.messages.filter((message: Json) => "reasoning_content" in message)).toEqual([]);
    const usage = { uncached: 1, cacheRead: 0, cacheWrite: 0, output: 1, writesBilled: false };
    const response = moonshotChat.renderResponse([{ type: "text", text: "Hi." }], usage, context, "r");
    expect((response.choices as Json[])[0].message).not.toHaveProperty("reasoning_content");
  });

  it("a Kimi tool declaration: role system with the found tools and no content key; unknown names left out (§3.1)", () => {
    const weather = tool("get_weather");
    const time = tool("get_time");
    const { body, segments } = render(
      "moonshot",
      {
        system: "s",
        tools: [{ type: "helper", tool: tool("search_tools") }],
        messages: [ask, { role: "added-tools", toolNames: ["get_weather", "nope", "get_time"] }],
      },
      { catalog: [weather, time] },
    );
    expect(body.messages[2]).toEqual({
      role: "system",
      tools: [weather, time].map((each) => ({
        type: "function",
        function: { name: each.name, description: each.description, parameters: each.inputSchema },
      })),
    });
    expect(segments.at(-1)!.label).toBe("system: declare get_weather, nope, get_time");
    expect(() =>
      render("openai-chat", { system: "s", tools: [], messages: [{ role: "added-tools", toolNames: ["x"] }] }),
    ).toThrow("chat-completions: tool declaration messages are a Kimi K3 extension");
  });

  it("tools and tool_choice only when tools exist; any → required, none → none; URL and key per dialect", () => {
    const noTools: Transcript = { system: "s", tools: [], messages: [ask] };
    for (const provider of ["openai-chat", "moonshot"] as const) {
      const bare = render(provider, noTools, { settings: { toolChoice: "any" } }).body;
      expect("tools" in bare).toBe(false);
      expect("tool_choice" in bare).toBe(false);
      expect(render(provider, conversation(), { settings: { toolChoice: "any" } }).body.tool_choice).toBe("required");
      expect(render(provider, conversation(), { settings: { toolChoice: "none" } }).body.tool_choice).toBe("none");
      expect("tool_choice" in render(provider, conversation()).body).toBe(false);
    }
    expect(render("openai-chat", noTools).request).toMatchObject({
      method: "POST",
      url: "https://api.openai.com/v1/chat/completions",
      headers: { "content-type": "application/json", authorization: "Bearer $OPENAI_API_KEY" },
    });
    expect(render("moonshot", noTools).request).toMatchObject({
      url: "https://api.moonshot.ai/v1/chat/completions",
      headers: { "content-type": "application/json", authorization: "Bearer $MOONSHOT_API_KEY" },
    });
    // Only the system message: it is the last prompt block, so it carries the implicit breakpoint.
    const alone = render("openai-chat", { system: "s", tools: [], messages: [] }).segments;
    expect(alone.map((segment) => [segment.label, segment.breakpoint])).toEqual([["system message", true]]);
  });

  it("Kimi limits: at most 128 functions, names matching Kimi's pattern (platform.kimi.ai tool-use, §3.3)", () => {
    const entries = (names: string[]): ToolEntry[] => names.map((name) => ({ type: "helper", tool: tool(name) }));
    const warningsOf = (names: string[]) =>
      render("moonshot", { system: "s", tools: entries(names), messages: [ask] }).warnings;
    const many = (count: number) => Array.from({ length: count }, (_, index) => `tool_${index}`);
    expect(warningsOf(many(128))).toEqual([]);
    expect(warningsOf(many(129))).toEqual([
      {
        code: "kimi-too-many-tools",
        message: "Kimi accepts at most 128 functions in tools; this request has 129 and would be rejected.",
      },
    ]);
    expect(warningsOf(["abc", "a-b_9", `a${"b".repeat(63)}`])).toEqual([]);
    // 65 characters: one over the pattern's 64.
    expect(warningsOf([`a${"b".repeat(64)}`])[0]?.code).toBe("kimi-function-name");
    expect(warningsOf(["ab", "9abc", "ok_name", "x.y"])).toEqual([
      {
        code: "kimi-function-name",
        message: `Kimi function names must match ${KIMI_FUNCTION_NAME_PATTERN.source}: ab, 9abc, x.y`,
      },
    ]);
    expect(warningsOf(["1a", "2a", "3a", "4a", "5a"])[0].message).toMatch(/: 1a, 2a, 3a, 4a, 5a$/);
    expect(warningsOf(["1a", "2a", "3a", "4a", "5a", "6a"])[0].message).toMatch(/: 1a, 2a, 3a, 4a, 5a…$/);
    // OpenAI's Chat Completions has no such check here.
    expect(render("openai-chat", { system: "s", tools: entries(["ab"]), messages: [ask] }).warnings).toEqual([]);
  });

  it("refuses what Chat Completions cannot carry", () => {
    const base: Transcript = { system: "s", tools: [], messages: [] };
    expect(() =>
      render("openai-chat", { ...base, tools: [{ type: "openai-tool-search", execution: "client" }] }),
    ).toThrow("chat-completions: tool entry openai-tool-search has no Chat Completions form");
    expect(() =>
      render("openai-chat", { ...base, tools: [{ type: "catalog", tool: tool("deferred_one"), deferred: true }] }),
    ).toThrow("chat-completions: Chat Completions has no defer_loading");
    expect(() =>
      render("openai-chat", {
        ...base,
        messages: [
          {
            role: "assistant",
            blocks: [
              { type: "text", text: "a" },
              { type: "openai-search-call", id: "t", callId: null, execution: "server", query: "q" },
            ],
          },
        ],
      }),
    ).toThrow("chat-completions: provider-native search blocks cannot be sent over Chat Completions");
    expect(() =>
      render("openai-chat", {
        ...base,
        messages: [{ role: "user", blocks: [{ type: "tool-reference-result", callId: "c", toolNames: [] }] }],
      }),
    ).toThrow("chat-completions: block tool-reference-result cannot be sent over Chat Completions");
  });

  it("simulated responses: OpenAI usage details (written tokens only when billed), Moonshot's cached_tokens (§3.4, §5.2)", () => {
    const blocks: TranscriptBlock[] = [
      { type: "text", text: "One" },
      { type: "text", text: "two." },
      { type: "tool-call", id: "c1", name: "get_weather", input: { city: "Paris" } },
    ];
    const usage = { uncached: 10, cacheRead: 20, cacheWrite: 30, output: 7, writesBilled: true };
    const openai = openaiChat.renderResponse(blocks, usage, contextFor("openai-chat", "gpt-5.4", []), "chat_1");
    expect(openai).toEqual({
      id: "chat_1",
      object: "chat.completion",
      created: 0,
      model: "gpt-5.4",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "One\ntwo.",
            refusal: null,
            tool_calls: [
              { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
            ],
          },
          finish_reason: "tool_calls",
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: 60,
        completion_tokens: 7,
        total_tokens: 67,
        prompt_tokens_details: { cached_tokens: 20, cache_write_tokens: 30 },
      },
    });
    const unbilled = openaiChat.renderResponse(
      [{ type: "text", text: "Done." }],
      { ...usage, writesBilled: false },
      contextFor("openai-chat", "gpt-5.4", []),
      "chat_2",
    );
    expect((unbilled.usage as Json).prompt_tokens_details).toEqual({ cached_tokens: 20 });
    expect((unbilled.choices as Json[])[0]).toMatchObject({
      finish_reason: "stop",
      message: { role: "assistant", content: "Done.", refusal: null },
    });
    expect((unbilled.choices as Json[])[0].message).not.toHaveProperty("tool_calls");
    expect((unbilled.choices as Json[])[0].message).not.toHaveProperty("reasoning_content");

    const kimi = moonshotChat.renderResponse(blocks, usage, contextFor("moonshot", "kimi-k3", []), "kimi_1");
    expect(kimi.usage).toEqual({ prompt_tokens: 60, completion_tokens: 7, total_tokens: 67, cached_tokens: 20 });
    expect((kimi.choices as Json[])[0].message.reasoning_content).toBe(simulatedReasoning(blocks));
    const silent = moonshotChat.renderResponse(
      [{ type: "tool-call", id: "c", name: "x", input: {} }],
      usage,
      contextFor("moonshot", "kimi-k3", []),
      "k",
    );
    expect((silent.choices as Json[])[0].message.content).toBeNull();
  });

  it("output text: calls as name(arguments); Moonshot's adds the reasoning the model writes (billed as output)", () => {
    const blocks: TranscriptBlock[] = [
      { type: "text", text: "Looking." },
      { type: "tool-call", id: "c", name: "get_weather", input: { city: "Paris" } },
      { type: "tool-result", callId: "c", toolName: "get_weather", content: "not output" },
    ];
    expect(openaiChat.outputText(blocks)).toBe('Looking.\nget_weather({"city":"Paris"})\n');
    expect(moonshotChat.outputText(blocks)).toBe(
      `${simulatedReasoning(blocks)}\nLooking.\nget_weather({"city":"Paris"})\n`,
    );
    expect([openaiChat.id, openaiChat.label, openaiChat.endpoint]).toEqual([
      "openai-chat",
      "OpenAI Chat Completions (and compatible servers)",
      "https://api.openai.com/v1/chat/completions",
    ]);
    expect([moonshotChat.id, moonshotChat.label, moonshotChat.endpoint]).toEqual([
      "moonshot",
      "Moonshot (Kimi) Chat Completions",
      "https://api.moonshot.ai/v1/chat/completions",
    ]);
  });
});

describe("Kimi's simulated reasoning (counted as output when written, as input when replayed, §9)", () => {
  it("names every call and its arguments; a turn without calls says it can answer", () => {
    expect(
      simulatedReasoning([
        { type: "text", text: "ignored" },
        { type: "tool-call", id: "a", name: "get_weather", input: { city: "Paris" } },
        { type: "tool-call", id: "b", name: "get_time", input: {} },
      ]),
    ).toBe(
      `The user's request needs get_weather and get_time. I will call it with {"city":"Paris"}, {} and read the result before answering.`,
    );
    expect(simulatedReasoning([{ type: "text", text: "Sunny." }])).toBe(
      "The tool results answer the question, so I can reply to the user now.",
    );
  });
});
