import { describe, expect, it } from "vitest";
import { hashString } from "../../cache";
import type { Segment } from "../../core";
import type { ModelInfo } from "../../models";
import type { TokenCounter } from "../../tokens";
import {
  anthropicBodySegments,
  anthropicBodyTtl,
  anthropicContentBlockText,
  anthropicToolPromptText,
  toolUsePreamble,
} from "./anthropic-body-segments";

/**
 * The segments of a recorded Anthropic body, checked against the documented rules (PROTOCOLS §5.1: the cache prefix
 * is tools → tool-use preamble → system → messages; a marker ends a cacheable prefix; deferred tools are outside the
 * prompt until a search expands them, §1.5) with every expected text written out by hand. The counter counts one
 * token per character, so each figure here is the length of the text written beside it. Bodies are built inside
 * each test (a mutant then runs only the tests that reach it).
 */
function characterCounter(): TokenCounter {
  return { kind: "anthropic-estimate", exact: false, label: "one token per character", count: (text) => text.length };
}

function claude(overhead: { auto: number; any: number } | null = { auto: 100, any: 200 }): ModelInfo {
  return {
    provider: "anthropic",
    id: "claude-test",
    ...(overhead ? { toolUseSystemPromptTokens: { value: overhead } } : {}),
  } as unknown as ModelInfo;
}

/** The segment a block of this text makes: key = hash of the text, one token per character. */
function expected(
  path: string,
  label: string,
  group: Segment["group"],
  text: string,
  extra: Partial<Segment> & { definitions?: string } = {},
): Segment {
  const { definitions, ...rest } = extra;
  return {
    path,
    label,
    group,
    key: hashString(text),
    tokens: text.length,
    toolDefinitionTokens: definitions === undefined ? 0 : definitions.length,
    breakpoint: false,
    ...rest,
  };
}

const WEATHER = '{"name":"get_weather","description":"Weather","input_schema":{"type":"object"}}';
const TIME = '{"name":"get_time","description":"Time","input_schema":{"type":"object"}}';

describe("anthropicBodySegments: tools", () => {
  it("keeps the tools' order, leaves deferred tools out of the prompt and ignores a marker on one", () => {
    const body = {
      tools: [
        { name: "get_weather", description: "Weather", input_schema: { type: "object" } },
        {
          name: "get_time",
          description: "Time",
          input_schema: { type: "object" },
          defer_loading: true,
          cache_control: { type: "ephemeral" },
        },
        { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" },
        { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" },
        {
          type: "custom",
          name: "lookup",
          input_schema: { type: "object" },
          cache_control: { type: "ephemeral", ttl: "1h" },
        },
        { type: "web_search_20250305", name: "web_search", defer_loading: true },
        { type: "code_execution_20250825" },
        "not an object",
      ],
    };
    const { segments, warnings } = anthropicBodySegments(body, { model: claude(null), counter: characterCounter() });
    const regex = '{"type":"tool_search_tool_regex_20251119","name":"tool_search_tool_regex"}';
    const bm25 = '{"type":"tool_search_tool_bm25_20251119","name":"tool_search_tool_bm25"}';
    const lookup = '{"type":"custom","name":"lookup","input_schema":{"type":"object"}}';
    const webSearch = '{"type":"web_search_20250305","name":"web_search"}';
    const codeExecution = '{"type":"code_execution_20250825"}';
    expect(segments).toEqual([
      expected("tools[0]", "tool get_weather", "tools", WEATHER, { definitions: WEATHER }),
      { ...expected("tools[1]", "deferred tool get_time", "tools", TIME), tokens: 0, outsidePrompt: true },
      expected("tools[2]", "tool search (regex)", "tools", regex, { definitions: regex }),
      expected("tools[3]", "tool search (bm25)", "tools", bm25, { definitions: bm25 }),
      expected("tools[4]", "tool lookup", "tools", lookup, { definitions: lookup, breakpoint: true }),
      {
        ...expected("tools[5]", "deferred web search 20250305 web_search", "tools", webSearch),
        tokens: 0,
        outsidePrompt: true,
      },
      expected("tools[6]", "code execution 20250825", "tools", codeExecution, { definitions: codeExecution }),
      expected("tools[7]", "tool undefined", "tools", "{}", { definitions: "{}" }),
    ]);
    expect(warnings).toEqual([]);
  });

  it("a tool's prompt text drops defer_loading and cache_control only", () => {
    expect(
      anthropicToolPromptText({
        name: "a",
        defer_loading: true,
        cache_control: { type: "ephemeral" },
        input_schema: { type: "object" },
      }),
    ).toBe('{"name":"a","input_schema":{"type":"object"}}');
  });

  it("a tool's prompt text is JSON.stringify of the rest, key order, escapes and left-out values included", () => {
    const schema = { type: "object", properties: { q: { type: "string", description: 'say "hi"\n→ 😀' } } };
    const tools: Array<Record<string, unknown>> = [
      { name: "search", description: "Find\tthings", input_schema: schema, input_examples: [{ q: "x" }] },
      { input_schema: schema, name: "b", defer_loading: true, description: undefined, strict: true },
      { name: "c", input_schema: null, cache_control: { type: "ephemeral" }, extra: () => 1 },
      { name: "d", input_schema: [1, "two"], description: "" },
      { "1": "integer-like keys first", name: "e", input_schema: schema },
    ];
    for (const tool of tools) {
      const { defer_loading: _defer, cache_control: _marker, ...rest } = tool;
      expect(anthropicToolPromptText(tool)).toBe(JSON.stringify(rest));
    }
  });

  it("a body without tools, system or messages has no segments; tools that are not an array are none", () => {
    const context = { model: claude(), counter: characterCounter() };
    expect(anthropicBodySegments({}, context)).toEqual({ segments: [], warnings: [] });
    expect(anthropicBodySegments({ tools: { name: "x" }, cache_control: { type: "ephemeral" } }, context)).toEqual({
      segments: [],
      warnings: [],
    });
  });
});

describe("anthropicBodySegments: the tool-use preamble (§5.1 table)", () => {
  const tool = { name: "get_weather", description: "Weather", input_schema: { type: "object" } };
  const preamble = (choice: string, tokens: number): Segment => ({
    path: "system (tool-use preamble)",
    label: "tool-use system prompt added by Anthropic",
    group: "system",
    key: `tool-use-preamble:${choice}:${tokens}`,
    tokens,
    toolDefinitionTokens: 0,
    breakpoint: false,
  });

  it("sits after the tools and before the system prompt, sized by tool_choice", () => {
    const segmentsFor = (toolChoice: unknown) =>
      anthropicBodySegments(
        { tools: [tool], system: "Be brief.", ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }) },
        { model: claude(), counter: characterCounter() },
      ).segments;
    const system = expected("system", "system prompt", "system", "Be brief.");
    expect(segmentsFor(undefined)).toEqual([
      expected("tools[0]", "tool get_weather", "tools", WEATHER, { definitions: WEATHER }),
      preamble("auto", 100),
      system,
    ]);
    expect(segmentsFor({ type: "any" })[1]).toEqual(preamble("any", 200));
    expect(segmentsFor({ type: "tool", name: "get_weather" })[1]).toEqual(preamble("tool", 200));
    expect(segmentsFor({ type: "none" })[1]).toEqual(preamble("none", 100));
    expect(segmentsFor({ type: 7 })[1]).toEqual(preamble("auto", 100));
    expect(segmentsFor("any")[1]).toEqual(preamble("auto", 100));
  });

  it("is absent without tools or when the model's overhead is unknown", () => {
    const withoutTools = anthropicBodySegments(
      { system: "Be brief." },
      { model: claude(), counter: characterCounter() },
    );
    expect(withoutTools.segments.map((segment) => segment.path)).toEqual(["system"]);
    const unknownOverhead = anthropicBodySegments(
      { tools: [tool], system: "Be brief." },
      { model: claude(null), counter: characterCounter() },
    );
    expect(unknownOverhead.segments.map((segment) => segment.path)).toEqual(["tools[0]", "system"]);
  });

  it("toolUsePreamble: any and tool use the larger figure, every other choice the auto one", () => {
    const overhead = { auto: 346, any: 313 };
    expect(toolUsePreamble("auto", overhead)).toEqual({ key: "tool-use-preamble:auto:346", tokens: 346 });
    expect(toolUsePreamble("any", overhead)).toEqual({ key: "tool-use-preamble:any:313", tokens: 313 });
    expect(toolUsePreamble("tool", overhead)).toEqual({ key: "tool-use-preamble:tool:313", tokens: 313 });
    expect(toolUsePreamble("none", overhead)).toEqual({ key: "tool-use-preamble:none:346", tokens: 346 });
  });
});

describe("anthropicBodySegments: system", () => {
  it("one block is 'system prompt', several are numbered parts; a marker makes a breakpoint", () => {
    const context = { model: claude(), counter: characterCounter() };
    const one = anthropicBodySegments({ system: [{ type: "text", text: "Be brief." }] }, context);
    expect(one.segments).toEqual([expected("system[0]", "system prompt", "system", "Be brief.")]);
    const several = anthropicBodySegments(
      {
        system: [
          { type: "text", text: "You are terse." },
          { type: "text", text: "Use tools.", cache_control: { type: "ephemeral" } },
          { type: "other" },
          null,
        ],
      },
      context,
    );
    expect(several.segments).toEqual([
      expected("system[0]", "system prompt part 1", "system", "You are terse."),
      expected("system[1]", "system prompt part 2", "system", "Use tools.", { breakpoint: true }),
      expected("system[2]", "system prompt part 3", "system", '{"type":"other"}'),
      expected("system[3]", "system prompt part 4", "system", "{}"),
    ]);
    expect(anthropicBodySegments({ system: 42 }, context).segments).toEqual([]);
  });
});

describe("anthropicBodySegments: messages", () => {
  it("segments every block in order, expands tool references to their definitions, keeps markers", () => {
    const toolResult = {
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [
        { type: "tool_reference", tool_name: "get_time" },
        { type: "tool_reference", tool_name: "unknown_tool" },
      ],
      cache_control: { type: "ephemeral" },
    };
    const searchResult = {
      type: "tool_search_tool_result",
      tool_use_id: "srvtoolu_1",
      content: {
        type: "tool_search_tool_search_result",
        tool_references: [{ type: "tool_reference", tool_name: "get_time" }],
      },
    };
    const body = {
      tools: [
        { name: "get_weather", description: "Weather", input_schema: { type: "object" } },
        { name: "get_time", description: "Time", input_schema: { type: "object" }, defer_loading: true },
      ],
      messages: [
        { role: "user", content: "Weather in Paris?" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "Need a tool.", signature: "sig" },
            { type: "text", text: "Looking." },
            {
              type: "tool_use",
              id: "toolu_1",
              name: "get_weather",
              input: { city: "Paris" },
              caller: { type: "direct" },
            },
          ],
        },
        { role: "user", content: [toolResult] },
        {
          role: "assistant",
          content: [
            { type: "server_tool_use", id: "srvtoolu_1", name: "tool_search_tool_regex", input: { query: "time" } },
            searchResult,
          ],
        },
        {
          role: "system",
          content: [
            { type: "text", text: "New tools." },
            { type: "tool_addition", tool: { name: "get_weather" }, cache_control: { type: "ephemeral" } },
          ],
        },
        { content: [{ type: "search_result", title: "T", cache_control: { type: "ephemeral" } }] },
        { role: "assistant", content: [{ type: "text" }, { type: "thinking" }] },
        { role: "user" },
      ],
    };
    const { segments, warnings } = anthropicBodySegments(body, { model: claude(null), counter: characterCounter() });
    const referenced = `${TIME}\n{"tool_reference":"unknown_tool"}`;
    const toolResultText =
      '{"type":"tool_result","tool_use_id":"toolu_1","content":[{"type":"tool_reference","tool_name":"get_time"},' +
      '{"type":"tool_reference","tool_name":"unknown_tool"}]}';
    const searchResultText =
      '{"type":"tool_search_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"tool_search_tool_search_result",' +
      '"tool_references":[{"type":"tool_reference","tool_name":"get_time"}]}}';
    expect(segments.slice(2)).toEqual([
      expected("messages[0].content", "user text", "messages", "Weather in Paris?"),
      expected("messages[1].content[0]", "assistant thinking", "messages", "Need a tool."),
      expected("messages[1].content[1]", "assistant text", "messages", "Looking."),
      expected(
        "messages[1].content[2]",
        "assistant tool use",
        "messages",
        '{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Paris"}}',
      ),
      expected("messages[2].content[0]", "user tool result", "messages", toolResultText + referenced, {
        definitions: referenced,
        breakpoint: true,
      }),
      expected(
        "messages[3].content[0]",
        "assistant server tool use",
        "messages",
        '{"type":"server_tool_use","id":"srvtoolu_1","name":"tool_search_tool_regex","input":{"query":"time"}}',
      ),
      expected("messages[3].content[1]", "assistant tool search tool result", "messages", searchResultText + TIME, {
        definitions: TIME,
      }),
      expected("messages[4].content[0]", "system note", "messages", "New tools."),
      expected(
        "messages[4].content[1]",
        "tool_addition get_weather",
        "messages",
        '{"type":"tool_addition","tool":{"name":"get_weather"}}' + WEATHER,
        { definitions: WEATHER, breakpoint: true },
      ),
      expected("messages[5].content[0]", "user search result", "messages", '{"type":"search_result","title":"T"}', {
        breakpoint: true,
      }),
      expected("messages[6].content[0]", "assistant text", "messages", ""),
      expected("messages[6].content[1]", "assistant thinking", "messages", ""),
    ]);
    expect(warnings).toEqual([]);
  });

  it("keys images and documents without counting them, with one warning for all of them", () => {
    const image = { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } };
    const document = { type: "document", source: { type: "text", media_type: "text/plain", data: "Hi" } };
    const { segments, warnings } = anthropicBodySegments(
      { messages: [{ role: "user", content: [image, { ...document, cache_control: { type: "ephemeral" } }, image] }] },
      { model: claude(), counter: characterCounter() },
    );
    const imageText = JSON.stringify(image);
    expect(segments).toEqual([
      { ...expected("messages[0].content[0]", "user image", "messages", imageText), tokens: 0 },
      {
        ...expected("messages[0].content[1]", "user document", "messages", JSON.stringify(document)),
        tokens: 0,
        breakpoint: true,
      },
      { ...expected("messages[0].content[2]", "user image", "messages", imageText), tokens: 0 },
    ]);
    expect(warnings).toEqual([
      {
        code: "trace-media-not-counted",
        message: "Images and documents are matched for caching but their tokens are not counted.",
      },
    ]);
  });

  it("a tool result without tool references has no definitions; a string result is kept as is", () => {
    const definitionsOf = () => "SHOULD NOT BE ASKED";
    expect(
      anthropicContentBlockText({ type: "tool_result", tool_use_id: "t", content: "Sunny" }, definitionsOf),
    ).toEqual({ text: '{"type":"tool_result","tool_use_id":"t","content":"Sunny"}', definitions: "" });
    expect(
      anthropicContentBlockText(
        { type: "tool_result", tool_use_id: "t", content: [{ type: "text", text: "Sunny" }, null] },
        definitionsOf,
      ),
    ).toEqual({
      text: '{"type":"tool_result","tool_use_id":"t","content":[{"type":"text","text":"Sunny"},null]}',
      definitions: "",
    });
    expect(anthropicContentBlockText({ type: "tool_search_tool_result", content: null }, definitionsOf)).toEqual({
      text: '{"type":"tool_search_tool_result","content":null}',
      definitions: "",
    });
    expect(
      anthropicContentBlockText(
        { type: "tool_search_tool_result", content: { tool_references: [{ tool_name: "a" }, null] } },
        (names) => names.join("+"),
      ),
    ).toEqual({
      text: '{"type":"tool_search_tool_result","content":{"tool_references":[{"tool_name":"a"},null]}}a+undefined',
      definitions: "a+undefined",
    });
  });
});

describe("anthropicBodySegments: automatic caching (top-level cache_control, §5.1)", () => {
  it("puts the breakpoint on the last block of the prompt, skipping deferred tools", () => {
    const context = { model: claude(null), counter: characterCounter() };
    const toolsOnly = anthropicBodySegments(
      {
        cache_control: { type: "ephemeral" },
        tools: [
          { name: "get_weather", description: "Weather", input_schema: { type: "object" } },
          { name: "get_time", description: "Time", input_schema: { type: "object" }, defer_loading: true },
        ],
      },
      context,
    );
    expect(toolsOnly.segments.map((segment) => segment.breakpoint)).toEqual([true, false]);
    const withMessages = anthropicBodySegments(
      { cache_control: { type: "ephemeral" }, system: "S", messages: [{ role: "user", content: "Hi" }] },
      context,
    );
    expect(withMessages.segments.map((segment) => segment.breakpoint)).toEqual([false, true]);
    const withoutMarker = anthropicBodySegments({ system: "S", messages: [{ role: "user", content: "Hi" }] }, context);
    expect(withoutMarker.segments.map((segment) => segment.breakpoint)).toEqual([false, false]);
    const onlyDeferred = anthropicBodySegments(
      {
        cache_control: { type: "ephemeral" },
        tools: [{ name: "get_time", description: "Time", input_schema: { type: "object" }, defer_loading: true }],
      },
      context,
    );
    expect(onlyDeferred.segments.map((segment) => segment.breakpoint)).toEqual([false]);
  });
});

describe("anthropicBodyTtl: 1h only when every marker asks for it", () => {
  const hour = { type: "ephemeral", ttl: "1h" };
  const fiveMinutes = { type: "ephemeral" };
  it("reads the markers at the top level, on tools, on system blocks and on message blocks", () => {
    expect(anthropicBodyTtl({})).toBe("5m");
    expect(anthropicBodyTtl({ cache_control: hour })).toBe("1h");
    expect(anthropicBodyTtl({ tools: [{ name: "a", cache_control: hour }] })).toBe("1h");
    expect(anthropicBodyTtl({ system: [{ text: "s", cache_control: hour }] })).toBe("1h");
    expect(anthropicBodyTtl({ messages: [{ role: "user", content: [{ type: "text", cache_control: hour }] }] })).toBe(
      "1h",
    );
    expect(anthropicBodyTtl({ cache_control: hour, tools: [{ name: "a", cache_control: fiveMinutes }] })).toBe("5m");
    expect(anthropicBodyTtl({ cache_control: hour, system: [{ text: "s", cache_control: fiveMinutes }] })).toBe("5m");
    expect(
      anthropicBodyTtl({
        cache_control: hour,
        messages: [{ role: "user", content: [{ type: "text", cache_control: { ttl: "5m" } }] }],
      }),
    ).toBe("5m");
    expect(anthropicBodyTtl({ cache_control: "1h" })).toBe("5m");
    expect(
      anthropicBodyTtl({
        tools: "x",
        system: "s",
        messages: [{ role: "user", content: "Hi" }, null, { role: "user", content: [{ type: "text" }] }],
        cache_control: hour,
      }),
    ).toBe("1h");
  });
});

describe("anthropicBodySegments: the blocks the mutation run found unchecked", () => {
  it("a server tool use drops its response-only fields; a system message's other blocks keep their type", () => {
    const { segments } = anthropicBodySegments(
      {
        messages: [
          {
            role: "assistant",
            content: [{ type: "server_tool_use", id: "s1", name: "web_search", input: {}, caller: { type: "direct" } }],
          },
          {
            role: "system",
            content: [{ type: "search_result", title: "T" }, { type: "text" }, { type: "tool_addition" }],
          },
        ],
      },
      { model: claude(null), counter: characterCounter() },
    );
    const missingTool = '{"tool_reference":""}';
    expect(segments).toEqual([
      expected(
        "messages[0].content[0]",
        "assistant server tool use",
        "messages",
        '{"type":"server_tool_use","id":"s1","name":"web_search","input":{}}',
      ),
      expected("messages[1].content[0]", "system search result", "messages", '{"type":"search_result","title":"T"}'),
      expected("messages[1].content[1]", "system note", "messages", ""),
      expected("messages[1].content[2]", "tool_addition ", "messages", `{"type":"tool_addition"}${missingTool}`, {
        definitions: missingTool,
      }),
    ]);
  });

  it("anthropicBodyTtl reads past tools and blocks that are not objects", () => {
    expect(
      anthropicBodyTtl({
        cache_control: { type: "ephemeral", ttl: "1h" },
        tools: [null, "x"],
        system: [null],
        messages: [{ role: "user", content: [null, 3] }],
      }),
    ).toBe("1h");
  });
});
