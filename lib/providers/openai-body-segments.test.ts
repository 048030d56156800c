import { describe, expect, it } from "vitest";
import { hashString } from "../cache";
import type { Segment } from "../core";
import type { ModelInfo } from "../models";
import type { TokenCounter } from "../tokens";
import { chatBodySegments, chatMessagePromptText, chatToolPromptText } from "./openai-chat/openai-chat-body-segments";
import {
  loadedToolsPromptText,
  namespacePromptText,
  responsesBodySegments,
  responsesItemPromptText,
  responsesToolPromptText,
} from "./openai-responses/openai-responses-body-segments";

/**
 * The segments of recorded OpenAI bodies (Responses, Chat Completions, Moonshot), checked against the documented
 * rules with every text written out by hand: functions are counted as TypeScript-like declarations (PROTOCOLS §6.3),
 * a deferred function shows its name and description only and a namespace its name and description (§2.1), loaded
 * functions are appended where the search output sits (§2.3), every chat message carries 3 framing tokens, and the
 * whole prompt is the automatic breakpoint (§5.2). One token per character, so every figure is a text's length.
 */
function characterCounter(): TokenCounter {
  return { kind: "o200k", exact: false, label: "one token per character", count: (text) => text.length };
}

function model(provider: string): ModelInfo {
  return { provider, id: `${provider}-test` } as unknown as ModelInfo;
}

function expected(
  path: string,
  label: string,
  group: Segment["group"],
  text: string,
  extra: Partial<Segment> & { definitions?: string; framing?: number } = {},
): Segment {
  const { definitions, framing = 0, ...rest } = extra;
  return {
    path,
    label,
    group,
    key: hashString(text),
    tokens: text.length + framing,
    toolDefinitionTokens: definitions === undefined ? 0 : definitions.length,
    breakpoint: false,
    ...rest,
  };
}

const CITY_PARAMETERS = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
/** get_weather with its parameters, as §6.3 renders it. */
const WEATHER_FULL = "// Weather\ntype get_weather = (_: {\ncity: string,\n}) => any;\n\n";
/** get_weather deferred: name and description only. */
const WEATHER_SHORT = "// Weather\ntype get_weather = () => any;\n\n";
const TIME_FULL = "type get_time = () => any;\n\n";

describe("responsesBodySegments", () => {
  it("orders instructions → tools → input and puts the automatic breakpoint on the last item", () => {
    const body = {
      instructions: "Be brief.",
      tools: [
        { type: "function", name: "get_weather", description: "Weather", parameters: CITY_PARAMETERS },
        {
          type: "function",
          name: "get_weather",
          description: "Weather",
          parameters: CITY_PARAMETERS,
          defer_loading: true,
        },
        { type: "function", name: "get_time", description: 5, parameters: CITY_PARAMETERS, defer_loading: false },
        { type: "namespace", name: "crm", description: "CRM tools", tools: [{}, {}] },
        { type: "namespace", name: "empty" },
        { type: "tool_search", execution: "client" },
        { type: "tool_search" },
        { type: "web_search_preview" },
        null,
      ],
      input: [
        { role: "user", content: "Weather in Paris?" },
        {
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: "Looking." }, { type: "refusal" }],
        },
        { type: "function_call", id: "fc_1", status: "completed", call_id: "c1", name: "get_weather", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: "Sunny" },
        { type: "function_call_output", call_id: "c2", output: [{ type: "input_text", text: "x" }] },
        { type: "function_call_output", call_id: "c3" },
        {
          type: "tool_search_output",
          tools: [
            { type: "function", name: "get_weather", description: "Weather", parameters: CITY_PARAMETERS },
            { type: "namespace", name: "crm", tools: [{ type: "function", name: "get_time" }] },
          ],
        },
        { type: "tool_search_output" },
        { type: "reasoning", summary: [] },
        { content: { text: "object content" } },
        { role: "user" },
      ],
    };
    const { segments, warnings } = responsesBodySegments(body, { model: model("openai"), counter: characterCounter() });
    const timeFull = "type get_time = (_: {\ncity: string,\n}) => any;\n\n";
    const crm = "// CRM tools\nnamespace crm {}";
    const loaded = `${WEATHER_FULL}\n${TIME_FULL}`;
    expect(segments).toEqual([
      expected("instructions", "instructions", "system", "Be brief."),
      expected("tools[0]", "function get_weather", "tools", WEATHER_FULL, { definitions: WEATHER_FULL }),
      expected("tools[1]", "deferred function get_weather (name + description)", "tools", WEATHER_SHORT, {
        definitions: WEATHER_SHORT,
      }),
      expected("tools[2]", "function get_time", "tools", timeFull, { definitions: timeFull }),
      expected("tools[3]", "namespace crm (2 deferred)", "tools", crm, { definitions: crm }),
      expected("tools[4]", "namespace empty (0 deferred)", "tools", "// \nnamespace empty {}", {
        definitions: "// \nnamespace empty {}",
      }),
      expected("tools[5]", "tool_search (client)", "tools", '{"type":"tool_search","execution":"client"}', {
        definitions: '{"type":"tool_search","execution":"client"}',
      }),
      expected("tools[6]", "tool_search (hosted)", "tools", '{"type":"tool_search"}', {
        definitions: '{"type":"tool_search"}',
      }),
      expected("tools[7]", "web search preview", "tools", '{"type":"web_search_preview"}', {
        definitions: '{"type":"web_search_preview"}',
      }),
      expected("tools[8]", "tool", "tools", "{}", { definitions: "{}" }),
      expected("input[0]", "user message", "messages", "Weather in Paris?"),
      expected("input[1]", "assistant message", "messages", 'Looking.\n{"type":"refusal"}'),
      expected(
        "input[2]",
        "function call",
        "messages",
        '{"type":"function_call","call_id":"c1","name":"get_weather","arguments":"{}"}',
      ),
      expected("input[3]", "function call output", "messages", "Sunny"),
      expected("input[4]", "function call output", "messages", '[{"type":"input_text","text":"x"}]'),
      expected("input[5]", "function call output", "messages", '""'),
      expected("input[6]", "tool search output", "messages", loaded, { definitions: loaded }),
      expected("input[7]", "tool search output", "messages", "[]"),
      // Reasoning sent back is keyed by a hash of the item and counted by its summary only (here none).
      expected(
        "input[8]",
        "reasoning (sent back)",
        "messages",
        `[reasoning ${hashString('{"type":"reasoning","summary":[]}')}]`,
        { tokens: 0 },
      ),
      expected("input[9]", "user message", "messages", '{"text":"object content"}'),
      expected("input[10]", "user message", "messages", '""', { breakpoint: true }),
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(["trace-reasoning-not-counted"]);
  });

  it("a string input is one user message; previous_response_id is warned about", () => {
    const { segments, warnings } = responsesBodySegments(
      { input: "Hi", previous_response_id: "resp_1" },
      { model: model("openai"), counter: characterCounter() },
    );
    expect(segments).toEqual([expected("input", "user message", "messages", "Hi", { breakpoint: true })]);
    expect(warnings).toEqual([
      {
        code: "trace-previous-response",
        message:
          "This request continues a stored response (previous_response_id): the earlier turns are not in the body, so only what was sent is counted.",
      },
    ]);
  });

  it("an empty body has no segments and no breakpoint; tools alone end with the breakpoint", () => {
    const context = { model: model("openai"), counter: characterCounter() };
    expect(responsesBodySegments({ instructions: 1, tools: {}, input: 2 }, context)).toEqual({
      segments: [],
      warnings: [],
    });
    const toolsOnly = responsesBodySegments({ tools: [{ type: "tool_search" }, { type: "tool_search" }] }, context);
    expect(toolsOnly.segments.map((segment) => segment.breakpoint)).toEqual([false, true]);
  });

  it("the helpers the renderer shares", () => {
    expect(namespacePromptText("crm", "CRM tools")).toBe("// CRM tools\nnamespace crm {}");
    expect(loadedToolsPromptText([])).toBe("");
    expect(loadedToolsPromptText([null])).toBe("type undefined = () => any;\n\n");
    expect(responsesToolPromptText({ type: "namespace", name: "n", description: "d", tools: "x" }).label).toBe(
      "namespace n (0 deferred)",
    );
    expect(responsesItemPromptText({ type: "message", role: "developer", content: 3 })).toEqual({
      text: "3",
      label: "developer message",
    });
  });
});

describe("chatBodySegments", () => {
  const conversation = () => ({
    tools: [
      { type: "function", function: { name: "get_weather", description: "Weather", parameters: CITY_PARAMETERS } },
      { type: "function", function: { name: "get_time", description: 7 } },
      { type: "custom" },
    ],
    messages: [
      { role: "system", content: "Be brief." },
      { role: "developer", content: [{ type: "text", text: "Use tools." }, { type: "image_url" }] },
      { role: "user", content: "Weather in Paris?" },
      {
        role: "assistant",
        content: null,
        reasoning_content: "Need a tool.",
        tool_calls: [
          { id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' }, extra: 1 },
          { id: "c2", function: { arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "Sunny" },
      { role: "tool", tool_call_id: "c2", content: [{ type: "text", text: "12:00" }] },
      { role: "tool", content: 5 },
      { role: "system", tools: [{ type: "function", function: { name: "get_time" } }, { type: "other" }] },
      { role: "assistant", content: [{ type: "text", text: "Sunny, 12:00." }] },
      {},
    ],
  });
  const customTool = '{"type":"custom"}';
  const callText =
    '{"role":"assistant","content":null,"reasoning_content":"Need a tool.","tool_calls":[' +
    '{"id":"c1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}},' +
    '{"id":"c2","type":"function","function":{"arguments":"{}"}}]}';
  const declared = `${TIME_FULL}\n{"type":"other"}`;
  const systemSegments = [
    expected("messages[0]", "system message", "system", "Be brief.", { framing: 3 }),
    // An image part is keyed by a hash of itself and not counted (its size is pixels, not text).
    expected(
      "messages[1]",
      "developer message",
      "system",
      `Use tools.\n[image_url ${hashString('{"type":"image_url"}')}]`,
      {
        tokens: "Use tools.".length + 3,
      },
    ),
  ];
  const toolSegments = [
    expected("tools[0]", "function get_weather", "tools", WEATHER_FULL, { definitions: WEATHER_FULL }),
    expected("tools[1]", "function get_time", "tools", TIME_FULL, { definitions: TIME_FULL }),
    expected("tools[2]", "function custom", "tools", customTool, { definitions: customTool }),
  ];
  const conversationSegments = [
    expected("messages[2]", "user message", "messages", "Weather in Paris?", { framing: 3 }),
    expected("messages[3]", "assistant calls get_weather, ", "messages", callText, { framing: 3 }),
    expected("messages[4]", "tool result get_weather", "messages", "Sunny", { framing: 3 }),
    expected("messages[5]", "tool result", "messages", "12:00", { framing: 3 }),
    expected("messages[6]", "tool result", "messages", "", { framing: 3 }),
    expected("messages[7]", "system: declare get_time, ", "messages", declared, { framing: 3, definitions: declared }),
    expected("messages[8]", "assistant answer", "messages", '{"role":"assistant","content":"Sunny, 12:00."}', {
      framing: 3,
    }),
    expected("messages[9]", "user message", "messages", "", { framing: 3, breakpoint: true }),
  ];

  it("OpenAI: the leading system and developer messages, then the tools, then the conversation (3 framing tokens a message)", () => {
    const { segments, warnings } = chatBodySegments(conversation(), {
      model: model("openai"),
      counter: characterCounter(),
    });
    expect(segments).toEqual([...systemSegments, ...toolSegments, ...conversationSegments]);
    expect(warnings.map((warning) => warning.code)).toEqual(["trace-media-not-counted"]);
  });

  it("Moonshot: Kimi's template declares the tools before the system prompt", () => {
    const { segments } = chatBodySegments(conversation(), { model: model("moonshot"), counter: characterCounter() });
    expect(segments).toEqual([...toolSegments, ...systemSegments, ...conversationSegments]);
  });

  it("a system message after the first user message, or one without content, is conversation", () => {
    const { segments } = chatBodySegments(
      {
        messages: [
          { role: "system", tools: [] },
          { role: "system", content: "Late." },
        ],
      },
      { model: model("openai"), counter: characterCounter() },
    );
    expect(segments).toEqual([
      expected("messages[0]", "system: declare ", "messages", "", { framing: 3, definitions: "" }),
      expected("messages[1]", "system message", "messages", "Late.", { framing: 3, breakpoint: true }),
    ]);
  });

  it("tools alone: no framing on tools, the breakpoint on the last one; nothing at all: no segments", () => {
    const context = { model: model("openai"), counter: characterCounter() };
    const toolsOnly = chatBodySegments({ tools: [{ type: "custom" }, { type: "custom" }] }, context);
    expect(toolsOnly.segments).toEqual([
      expected("tools[0]", "function custom", "tools", customTool, { definitions: customTool }),
      expected("tools[1]", "function custom", "tools", customTool, { definitions: customTool, breakpoint: true }),
    ]);
    expect(chatBodySegments({ messages: {}, tools: {} }, context)).toEqual({ segments: [], warnings: [] });
    const onlySystem = chatBodySegments({ messages: [{ role: "system", content: "S" }] }, context);
    expect(onlySystem.segments).toEqual([
      expected("messages[0]", "system message", "system", "S", { framing: 3, breakpoint: true }),
    ]);
  });

  it("the helpers the renderer shares", () => {
    expect(chatToolPromptText({ type: "function", function: "x" })).toBe('{"type":"function","function":"x"}');
    expect(chatMessagePromptText({ role: "assistant", content: "Hi" }, () => undefined)).toEqual({
      text: '{"role":"assistant","content":"Hi"}',
      label: "assistant answer",
    });
    expect(chatMessagePromptText({ role: "assistant", tool_calls: "x" }, () => undefined)).toEqual({
      text: '{"role":"assistant","content":null}',
      label: "assistant answer",
    });
    expect(chatMessagePromptText({ content: "Hi" }, () => "unused")).toEqual({ text: "Hi", label: "user message" });
    expect(chatMessagePromptText({ role: "tool", tool_call_id: "c9", content: "x" }, (id) => `name of ${id}`)).toEqual({
      text: "x",
      label: "tool result name of c9",
    });
  });
});

describe("OpenAI segmenters: the inputs the mutation run found unchecked", () => {
  it("Responses: tools and items that are not objects count as empty ones; a namespace without tools is one function", () => {
    const { segments } = responsesBodySegments(
      { tools: ["x", [1]], input: ["x", [1], { type: "web_search_call", id: "ws_1" }] },
      { model: model("openai"), counter: characterCounter() },
    );
    expect(segments.map((segment) => [segment.label, segment.tokens])).toEqual([
      ["tool", 2],
      ["tool", 2],
      ["user message", 2],
      ["user message", 2],
      ["web search call", '{"type":"web_search_call","id":"ws_1"}'.length],
    ]);
    expect(loadedToolsPromptText([{ type: "namespace", name: "crm" }])).toBe("type crm = () => any;\n\n");
    expect(loadedToolsPromptText([{ type: "function", name: "f", tools: [{ name: "g" }] }])).toBe(
      "type f = () => any;\n\n",
    );
  });

  it("Chat: a tool that is not an object, a call without a function, a system message without content", () => {
    const { segments } = chatBodySegments(
      {
        tools: ["x"],
        messages: [
          { role: "system" },
          { role: "assistant", tool_calls: [{ id: "c3" }, null] },
          { role: "assistant", tools: [{ type: "function", function: { name: "f" } }] },
        ],
      },
      { model: model("openai"), counter: characterCounter() },
    );
    const nameless =
      '{"role":"assistant","content":null,"tool_calls":[{"id":"c3","type":"function","function":{}},{"type":"function","function":{}}]}';
    expect(segments).toEqual([
      expected("tools[0]", "function undefined", "tools", "{}", { definitions: "{}" }),
      expected("messages[0]", "system message", "messages", "", { framing: 3 }),
      expected("messages[1]", "assistant calls , ", "messages", nameless, { framing: 3 }),
      expected("messages[2]", "assistant answer", "messages", '{"role":"assistant","content":null}', {
        framing: 3,
        breakpoint: true,
      }),
    ]);
  });
});

describe("chatBodySegments: a system message with content is a message even when it also lists tools", () => {
  it("only a contentless system message is Kimi's declaration", () => {
    const { segments } = chatBodySegments(
      { messages: [{ role: "system", content: "S", tools: [{ type: "function", function: { name: "f" } }] }] },
      { model: model("moonshot"), counter: characterCounter() },
    );
    expect(segments).toEqual([
      expected("messages[0]", "system message", "system", "S", { framing: 3, breakpoint: true }),
    ]);
  });
});
