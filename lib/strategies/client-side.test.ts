/**
 * The client's part of a live run (`executeReply`): what the client does with each tool call a real model makes,
 * per strategy. The rules: the helper tools run for real on the catalog (search, schema load, invoke with Ajv
 * validation); a search result reaches the model as text or as tool_reference blocks (PROTOCOLS §1.5); OpenAI's
 * client-executed tool_search is answered with a tool_search_output carrying the same call_id (§2.2); a found tool
 * becomes callable the strategy's way, once; a call the client cannot serve is answered with an error result, never
 * dropped. The search is a fake with fixed hits, so every expected value is written here by hand.
 */
import { describe, expect, it } from "vitest";
import type { CatalogTool, ToolEntry, TranscriptBlock } from "../core";
import type { SearchOutcome, ToolSearcher } from "../search/types";
import { executeReply, type ClientContext, type ClientSide } from "./client-side";
import { STRATEGIES } from "./definitions";

const GET_WEATHER: CatalogTool = {
  name: "get_weather",
  description: "Get the weather at a specific location",
  inputSchema: {
    type: "object",
    properties: { location: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
    required: ["location"],
  },
  mockResult: { temperature: 61 },
};
const SEARCH_FILES: CatalogTool = {
  name: "search_files",
  description: "Search through files in the workspace",
  inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
  mockResult: "notes/q3.md",
};
/** A tool without parameters: any object is valid arguments, anything else is not. */
const GET_TIME: CatalogTool = {
  name: "get_time",
  description: "The current time",
  inputSchema: { type: "object", properties: {} },
  mockResult: "12:00",
};
const CATALOG = [GET_WEATHER, SEARCH_FILES, GET_TIME];

/** A search with fixed answers per input; records the limits it was asked for. */
function fakeSearch(answers: Record<string, SearchOutcome>) {
  const limits: Array<number | undefined> = [];
  const search: ToolSearcher = {
    id: "client",
    label: "fake",
    search(input, limit) {
      limits.push(limit);
      return answers[input] ?? { ok: true, hits: [] };
    },
  };
  return { search, limits };
}
const hits = (...names: string[]): SearchOutcome => ({
  ok: true,
  hits: names.map((name) => ({ name, score: 1, matches: [] })),
});

function context(client: ClientSide, options: Partial<ClientContext> = {}): ClientContext {
  return {
    client,
    catalogTools: CATALOG,
    tool: (name) => CATALOG.find((tool) => tool.name === name),
    search: fakeSearch({
      weather: hits("get_weather"),
      "weather files": hits("get_weather", "search_files"),
      "(": { ok: false, errorCode: "invalid_tool_input", errorMessage: "bad pattern" },
    }).search,
    searchResultLimit: 3,
    discovered: new Set(),
    tools: [],
    ...options,
  };
}
const call = (name: string, input: Record<string, unknown>, id = "call_1"): TranscriptBlock => ({
  type: "tool-call",
  id,
  name,
  input,
});
const native = STRATEGIES.gateway.client;

describe("executeReply: the helper tools", () => {
  it("a reply with only text asks nothing of the client: nothing appended, the turn ends", () => {
    const outcome = executeReply(context(native), [{ type: "text", text: "It is sunny." }]);
    expect(outcome).toEqual({ append: [], notes: [], ran: [], continues: false });
  });

  it("search_tools (text result): one line per hit with its parameters, a note, the hits discovered", () => {
    const { search, limits } = fakeSearch({ "weather files": hits("get_weather", "search_files") });
    const discovered = new Set<string>();
    const outcome = executeReply(context(native, { search, discovered }), [
      call("search_tools", { query: "weather files" }),
    ]);
    expect(limits).toEqual([3]);
    expect(outcome.continues).toBe(true);
    expect(outcome.notes).toEqual(['search_tools "weather files" found get_weather, search_files']);
    expect(outcome.append).toEqual([
      {
        role: "user",
        blocks: [
          {
            type: "tool-result",
            callId: "call_1",
            toolName: "search_tools",
            content:
              // parameterSignature (lib/catalog): a `*` marks a required parameter.
              'get_weather — Get the weather at a specific location (location: string*, unit: "celsius"|"fahrenheit")\n' +
              "search_files — Search through files in the workspace (query: string*)",
          },
        ],
      },
    ]);
    expect([...discovered]).toEqual(["get_weather", "search_files"]);
    expect(outcome.ran).toEqual([]);
    expect("tools" in outcome).toBe(false);
  });

  it("search_tools reads `paths` (the Agents SDK's default) or, failing both, the whole input as the query", () => {
    const { search } = fakeSearch({});
    const seen: string[] = [];
    const recording: ToolSearcher = {
      ...search,
      search: (input, limit) => (seen.push(input), search.search(input, limit)),
    };
    executeReply(context(native, { search: recording }), [
      call("search_tools", { paths: ["weather", "files"] }, "a"),
      call("search_tools", { topic: "weather" }, "b"),
    ]);
    expect(seen).toEqual(["weather files", '{"topic":"weather"}']);
  });

  it("a search that finds nothing, or fails, answers with the no-match text and says so", () => {
    const { search } = fakeSearch({
      "(": { ok: false, errorCode: "invalid_tool_input", errorMessage: "bad pattern" },
    });
    const outcome = executeReply(context(STRATEGIES["anthropic-tool-search"].client, { search }), [
      call("search_tools", { query: "zebra" }, "a"),
      call("search_tools", { query: "(" }, "b"),
    ]);
    expect(outcome.notes).toEqual(['search_tools "zebra" found nothing', 'search_tools "(" found nothing']);
    expect(outcome.append[0]).toEqual({
      role: "user",
      blocks: [
        { type: "tool-result", callId: "a", toolName: "search_tools", content: "No tools matched. Try other words." },
        { type: "tool-result", callId: "b", toolName: "search_tools", content: "No tools matched. Try other words." },
      ],
    });
  });

  it("Anthropic tool search on the client: the hits come back as tool_reference blocks (§1.5)", () => {
    const outcome = executeReply(context(STRATEGIES["anthropic-tool-search"].client), [
      call("search_tools", { query: "weather" }, "toolu_1"),
    ]);
    expect(outcome.append).toEqual([
      { role: "user", blocks: [{ type: "tool-reference-result", callId: "toolu_1", toolNames: ["get_weather"] }] },
    ]);
  });

  it("load_tool_schemas returns the full schemas of the known names and notes the unknown ones", () => {
    const discovered = new Set<string>();
    const outcome = executeReply(context(STRATEGIES.stubs.client, { discovered }), [
      call("load_tool_schemas", { names: ["get_weather", "nope", 7, "nada"] }),
      call("load_tool_schemas", { names: "get_weather" }, "call_2"),
    ]);
    expect(outcome.append[0]).toEqual({
      role: "user",
      blocks: [
        {
          type: "tool-result",
          callId: "call_1",
          toolName: "load_tool_schemas",
          content: JSON.stringify([
            { name: "get_weather", description: GET_WEATHER.description, input_schema: GET_WEATHER.inputSchema },
          ]),
        },
        { type: "tool-result", callId: "call_2", toolName: "load_tool_schemas", content: "[]" },
      ],
    });
    expect(outcome.notes).toEqual(["load_tool_schemas asked for unknown tools: nope, nada"]);
    expect([...discovered]).toEqual(["get_weather"]);
  });

  it("invoke_tool runs the named tool with validated arguments, under the tool's own name", () => {
    const outcome = executeReply(context(native), [
      call("invoke_tool", { name: "get_weather", arguments: { location: "Paris" } }),
    ]);
    expect(outcome.ran).toEqual(["get_weather"]);
    expect(outcome.notes).toEqual([]);
    expect(outcome.append[0]).toEqual({
      role: "user",
      blocks: [{ type: "tool-result", callId: "call_1", toolName: "get_weather", content: '{"temperature":61}' }],
    });
  });

  it("invoke_tool: arguments that are not an object are read as none (valid for a tool without parameters)", () => {
    const outcome = executeReply(context(native), [
      call("invoke_tool", { name: "get_time", arguments: "now" }, "a"),
      call("invoke_tool", { name: "get_time", arguments: null }, "b"),
      call("invoke_tool", { name: "get_time" }, "c"),
    ]);
    expect(outcome.ran).toEqual(["get_time", "get_time", "get_time"]);
    expect(outcome.notes).toEqual([]);
  });

  it("invoke_tool: an unknown name, a missing name, or arguments outside the schema come back as errors", () => {
    const outcome = executeReply(context(native), [
      call("invoke_tool", { name: "nope", arguments: {} }, "a"),
      call("invoke_tool", { arguments: {} }, "b"),
      call("invoke_tool", { name: "get_weather", arguments: "Paris" }, "c"),
      call("invoke_tool", { name: "get_weather", arguments: null }, "d"),
      call("invoke_tool", { name: "get_weather", arguments: { location: "Paris", unit: "kelvin" } }, "e"),
    ]);
    const blocks = outcome.append[0].role === "user" ? outcome.append[0].blocks : [];
    expect(blocks.map((block) => (block.type === "tool-result" ? [block.callId, block.isError] : []))).toEqual([
      ["a", true],
      ["b", true],
      ["c", true],
      ["d", true],
      ["e", true],
    ]);
    expect(blocks[0]).toMatchObject({
      toolName: "invoke_tool",
      content: JSON.stringify({ error: 'invoke_tool: no tool named "nope"; search first' }),
    });
    expect(outcome.notes.slice(0, 2)).toEqual([
      'invoke_tool: no tool named "nope"; search first',
      'invoke_tool: no tool named ""; search first',
    ]);
    // Arguments that are not an object are read as none: the required location is missing.
    expect(outcome.notes[2]).toMatch(
      /^client-side validation rejected the arguments for get_weather: \{"error":"invalid_arguments"/,
    );
    expect(outcome.notes).toHaveLength(5);
    expect(outcome.ran).toEqual([]);
  });
});

describe("executeReply: catalog tools", () => {
  it("native calls: the provider enforces the schema, so a violation is only noted and the tool still runs", () => {
    const outcome = executeReply(context(native), [
      call("get_weather", { location: "Paris" }, "a"),
      call("get_weather", { unit: "kelvin" }, "b"),
    ]);
    expect(outcome.ran).toEqual(["get_weather", "get_weather"]);
    expect(outcome.notes).toHaveLength(1);
    expect(outcome.notes[0]).toMatch(/^get_weather was called with arguments outside its schema: .+; .+/);
    const blocks = outcome.append[0].role === "user" ? outcome.append[0].blocks : [];
    expect(blocks.every((block) => block.type === "tool-result" && !("isError" in block))).toBe(true);
  });

  it("wrapped calls (stubs): the loose `arguments` object is validated against the real schema", () => {
    const outcome = executeReply(context(STRATEGIES.stubs.client), [
      call("get_weather", { arguments: { location: "Paris" } }, "a"),
      call("get_weather", { arguments: { unit: "kelvin" } }, "b"),
      // Not wrapped after all: the input itself is the arguments.
      call("search_files", { query: "notes" }, "c"),
      call("search_files", { arguments: ["notes"] }, "d"),
    ]);
    expect(outcome.ran).toEqual(["get_weather", "search_files"]);
    const blocks = outcome.append[0].role === "user" ? outcome.append[0].blocks : [];
    expect(
      blocks.map((block) => (block.type === "tool-result" ? `${block.callId}:${block.isError ?? false}` : "")),
    ).toEqual(["a:false", "b:true", "c:false", "d:true"]);
    expect(blocks[2]).toMatchObject({ content: "notes/q3.md" });
    expect(outcome.notes).toHaveLength(2);
  });

  it("wrapped calls: a null or missing `arguments` is no wrapper, so the input itself is validated", () => {
    const outcome = executeReply(context(STRATEGIES.stubs.client), [
      call("get_time", { arguments: null }, "a"),
      call("get_time", {}, "b"),
    ]);
    expect(outcome.ran).toEqual(["get_time", "get_time"]);
  });

  it("a call of a tool the catalog lacks is answered with an error result", () => {
    const outcome = executeReply(context(native), [call("get_forecast", {})]);
    expect(outcome.append[0]).toEqual({
      role: "user",
      blocks: [
        {
          type: "tool-result",
          callId: "call_1",
          toolName: "get_forecast",
          content: JSON.stringify({ error: 'no tool named "get_forecast" in the catalog' }),
          isError: true,
        },
      ],
    });
    expect(outcome.notes).toEqual(['no tool named "get_forecast" in the catalog']);
    expect(outcome.continues).toBe(true);
  });
});

describe("executeReply: provider searches and making found tools callable", () => {
  it("OpenAI client tool_search: searched here, answered with tool_search_output under the same call_id (§2.2)", () => {
    const discovered = new Set<string>();
    const outcome = executeReply(context(STRATEGIES["openai-tool-search"].client, { discovered }), [
      { type: "openai-search-call", id: "ts_1", callId: "call_9", execution: "client", query: "weather" },
      { type: "openai-search-call", id: "ts_2", callId: null, execution: "client", query: "zebra" },
      { type: "openai-search-call", id: "ts_3", callId: "call_10", execution: "client", query: "weather files" },
      { type: "openai-search-call", id: "ts_4", callId: "call_11", execution: "client", query: "(" },
    ]);
    expect(outcome.continues).toBe(true);
    expect(outcome.notes).toEqual([
      'client tool_search for "weather" loaded get_weather',
      'client tool_search for "zebra" loaded nothing',
      'client tool_search for "weather files" loaded get_weather, search_files',
      'client tool_search for "(" loaded nothing',
    ]);
    expect(outcome.append).toEqual([
      {
        role: "user",
        blocks: [
          {
            type: "openai-search-output",
            id: "tso_live_call_9",
            callId: "call_9",
            execution: "client",
            toolNames: ["get_weather"],
          },
          { type: "openai-search-output", id: "tso_live_ts_2", callId: null, execution: "client", toolNames: [] },
          {
            type: "openai-search-output",
            id: "tso_live_call_10",
            callId: "call_10",
            execution: "client",
            toolNames: ["get_weather", "search_files"],
          },
          {
            type: "openai-search-output",
            id: "tso_live_call_11",
            callId: "call_11",
            execution: "client",
            toolNames: [],
          },
        ],
      },
    ]);
    expect([...discovered]).toEqual(["get_weather", "search_files"]);
  });

  it("hosted searches already ran on the provider: their hits are discovered, nothing is sent back", () => {
    const discovered = new Set<string>();
    const outcome = executeReply(context(STRATEGIES["anthropic-tool-search"].client, { discovered }), [
      {
        type: "server-tool-search",
        id: "srv_1",
        variant: "bm25",
        input: "weather",
        result: { toolNames: ["get_weather"] },
      },
      {
        type: "server-tool-search",
        id: "srv_2",
        variant: "regex",
        input: "(",
        result: { errorCode: "x", errorMessage: "y" },
      },
      { type: "openai-search-call", id: "ts_1", callId: null, execution: "server", query: "files" },
      { type: "openai-search-output", id: "tso_1", callId: null, execution: "server", toolNames: ["search_files"] },
    ]);
    expect(outcome).toEqual({ append: [], notes: [], ran: [], continues: false });
    expect([...discovered]).toEqual(["get_weather", "search_files"]);
  });

  it("only tools not callable before are made callable, after the results, once per reply", () => {
    const made: string[][] = [];
    const client: ClientSide = {
      searchResult: "text",
      calls: "native",
      makeCallable: (fresh) => {
        made.push([...fresh]);
        return { append: [{ role: "added-tools", toolNames: [...fresh] }], note: "declared" };
      },
    };
    const discovered = new Set(["get_weather"]);
    const outcome = executeReply(context(client, { discovered }), [
      call("search_tools", { query: "weather files" }),
      call("search_tools", { query: "weather" }, "call_2"),
    ]);
    expect(made).toEqual([["search_files"]]);
    expect(outcome.append.map((message) => message.role)).toEqual(["user", "added-tools"]);
    expect(outcome.notes.at(-1)).toBe("declared");
    // Nothing new: makeCallable is not asked.
    executeReply(context(client, { discovered }), [call("search_tools", { query: "weather files" })]);
    expect(made).toHaveLength(1);
  });

  it("naive-dynamic: the found tool joins `tools` and the outcome carries the new list with the prefix note", () => {
    const tools: ToolEntry[] = [{ type: "helper", tool: { name: "search_tools", description: "", inputSchema: {} } }];
    const outcome = executeReply(context(STRATEGIES["naive-dynamic"].client, { tools }), [
      call("search_tools", { query: "weather" }),
    ]);
    expect(
      outcome.tools?.map((entry) => (entry.type === "catalog" || entry.type === "helper" ? entry.tool.name : "")),
    ).toEqual(["search_tools", "get_weather"]);
    expect(outcome.notes).toEqual([
      'search_tools "weather" found get_weather',
      "get_weather added to tools: the request prefix changes",
    ]);
    // Nothing is appended besides the search result: the change is in `tools`.
    expect(outcome.append).toHaveLength(1);
  });

  it("Kimi: the found tools are declared in a message appended after the search result", () => {
    const outcome = executeReply(context(STRATEGIES["kimi-dynamic"].client), [
      call("search_tools", { query: "weather" }),
    ]);
    expect(outcome.append.slice(1)).toEqual([{ role: "added-tools", toolNames: ["get_weather"] }]);
    // Kimi's way needs no note of its own.
    expect(outcome.notes).toEqual(['search_tools "weather" found get_weather']);
  });

  it("mid-conversation: a tool_addition message alone when the reply only ran a hosted search", () => {
    const outcome = executeReply(context(STRATEGIES["anthropic-mid-conversation"].client), [
      { type: "openai-search-output", id: "tso_1", callId: null, execution: "server", toolNames: ["search_files"] },
    ]);
    expect(outcome.append).toEqual([{ role: "added-tools", toolNames: ["search_files"] }]);
    expect(outcome.continues).toBe(false);
  });
});
