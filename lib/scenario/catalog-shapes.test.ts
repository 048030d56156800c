/**
 * A person's own catalog in the shapes people actually have (lib/catalog/test-fixtures/shapes): a JSON-RPC reply with
 * MCP 2025-06-18 fields, pages of tools/list, a whole OpenAI, Anthropic, Gemini or Bedrock request body, a bare array,
 * a list of names and descriptions with no schema, a file with a BOM, CRLF, comments and trailing commas, Chinese and
 * Japanese descriptions, names providers refuse, duplicate names across servers, an OpenAPI document in YAML, one
 * tool, 3,000 tools. Each imports with a clear result, and the conversation written over it runs under every strategy
 * with every tool found.
 */
import fs from "node:fs";
import { argumentsPassSchema } from "../catalog/argument-validation";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateToolArguments } from "../catalog/argument-validation";
import { parseCatalogText } from "../catalog/import-catalog";
import { problemText } from "../catalog/problem-text";
import type { Catalog, InputProblem } from "../core/catalog";
import { STRATEGY_IDS } from "../core/ids";
import { createEngine } from "../engine";
import { createAnthropicBm25Search, createAnthropicRegexSearch, createClientSearch } from "../search";
import { providerNameProblems } from "../view/tool-name-problems";
import { conversationForCatalog } from "./catalog-conversation";
import { createScenario } from "./create-scenario";

const SHAPES_FOLDER = path.join(__dirname, "..", "catalog", "test-fixtures", "shapes");
const read = (file: string) => fs.readFileSync(path.join(SHAPES_FOLDER, file), "utf8");
const codes = (problems: InputProblem[]) => problems.map((problem) => `${problem.severity}:${problem.code}`);

/** file → format, the tools read in order, and the problems (severity:code) the import reports. */
const SHAPES: Array<[string, string, string[], string[]]> = [
  [
    "mcp-jsonrpc-2025-06-18.json",
    "mcp",
    ["search_tickets", "close_ticket", "get_server_time", "list_queues", "merge_tickets"],
    [],
  ],
  ["mcp-pages.json", "mcp", ["read_file", "write_file", "list_directory", "move_file"], []],
  ["mcp-jsonrpc-pages.json", "mcp", ["create_issue", "list_pull_requests"], []],
  ["mcp-event-stream.txt", "mcp", ["get_alerts", "get_forecast"], []],
  ["openai-functions-request.json", "openai-functions", ["get_current_weather"], []],
  ["mcp-bare-array.json", "mcp", ["get_weather", "get_forecast"], []],
  ["mcp-bom-crlf.json", "mcp", ["convert_currency"], []],
  ["mcp-jsonc.json", "mcp", ["create_invoice", "void_invoice"], ["warning:jsonc"]],
  ["openai-chat-request.json", "openai-chat", ["search_flights", "book_hotel", "get_exchange_rates"], []],
  [
    "openai-responses-request.json",
    "openai-responses",
    ["refund_order", "list_orders"],
    ["warning:skippedProviderTool"],
  ],
  ["anthropic-request.json", "anthropic", ["list_events", "reschedule_event"], ["warning:skippedProviderTool"]],
  [
    "gemini-request.json",
    "gemini",
    ["set_light_values", "get_thermostat", "list_rooms"],
    ["warning:skippedProviderTool"],
  ],
  ["gemini-snake-json-schema.json", "gemini", ["schedule_meeting", "cancel_meeting"], []],
  ["openapi-petstore.yaml", "openapi", ["listPets", "createPet", "showPetById"], ["warning:openApiOperations"]],
  [
    "chinese-mcp.json",
    "mcp",
    [
      "amap_geocode",
      "amap_weather",
      "train_search_tickets",
      "wechat_send_message",
      "stock_quote",
      "express_track",
      "doc_summarize",
    ],
    [],
  ],
  [
    "japanese-openai.json",
    "openai-chat",
    ["search_restaurants", "reserve_table", "translate_menu", "get_train_timetable"],
    [],
  ],
  ["bedrock-converse-request.json", "bedrock", ["search_flights", "hold_seat"], ["warning:skippedProviderTool"]],
  ["names-and-descriptions.json", "names", ["search_docs", "open_ticket", "list_invoices"], ["warning:noSchemas"]],
  ["one-tool.json", "mcp", ["echo"], []],
  [
    "duplicate-across-servers.json",
    "mcp",
    ["github__search", "create_issue", "jira__search", "transition_issue"],
    ["warning:renamed", "warning:renamed"],
  ],
];

function turnsRun(catalog: Catalog): void {
  const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
  expect(turns.length).toBe(Math.min(5, catalog.tools.length));
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]));
  const client = createClientSearch(catalog.tools);
  const bm25 = createAnthropicBm25Search(catalog.tools);
  const regex = createAnthropicRegexSearch(catalog.tools);
  const finds = (outcome: ReturnType<typeof client.search>, name: string) =>
    outcome.ok && outcome.hits.some((hit) => hit.name === name);
  for (const turn of turns) {
    const [need] = turn.needs;
    expect(validateToolArguments(byName.get(need.tool)!, need.arguments).errors).toEqual([]);
    expect(finds(client.search(turn.searchQuery!, 5), need.tool), `client: ${turn.searchQuery}`).toBe(true);
    expect(finds(bm25.search(turn.searchQuery!, 5), need.tool), `bm25: ${turn.searchQuery}`).toBe(true);
    expect(finds(regex.search(turn.searchPattern!, 5), need.tool), `regex: ${turn.searchPattern}`).toBe(true);
  }
  const runs = createEngine().runAll(createScenario({ title: "Own catalog", catalog, turns }), STRATEGY_IDS);
  for (const run of runs.filter((candidate) => !candidate.refused)) {
    expect(
      run.steps.some((step) => step.rejected !== undefined),
      run.id,
    ).toBe(false);
    expect(run.totals.toolsFound, run.id).toBe(run.totals.toolsNeeded);
  }
}

describe("a person's own catalog, in the shapes people have", () => {
  it.each(SHAPES)("%s: read as %s, and its conversation runs", (file, format, names, problems) => {
    const imported = parseCatalogText(read(file), { sourceName: file });
    expect(imported.format).toBe(format);
    expect(imported.value?.tools.map((tool) => tool.name)).toEqual(names);
    expect(codes(imported.problems)).toEqual(problems);
    for (const problem of imported.problems) expect(problemText(problem, "zh-CN")).not.toBe(problem.message);
    turnsRun(imported.value!);
  });

  it("keeps the MCP 2025-06-18 fields out of the way and reads $defs, $ref, anyOf and the 2020-12 dialect", () => {
    const catalog = parseCatalogText(read("mcp-jsonrpc-2025-06-18.json"), { schemaCheck: "compile" }).value!;
    const [search, close, time, queues] = catalog.tools;
    expect(search.inputSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(validateToolArguments(search, { query: "x", assignee: { id: "u1" }, status: null }).valid).toBe(true);
    expect(validateToolArguments(search, { query: "x", assignee: {} }).valid).toBe(false);
    expect(validateToolArguments(close, { ticket_id: "T-12", resolution: "done" }).valid).toBe(true);
    expect(validateToolArguments(close, { ticket_id: "12", resolution: "done" }).valid).toBe(false);
    expect(time.inputSchema).toEqual({ type: "object" });
    expect(validateToolArguments(queues, {}).valid).toBe(true);
  });

  it("converts Gemini's OpenAPI-subset schema into JSON Schema, and reads parametersJsonSchema as written", () => {
    const catalog = parseCatalogText(read("gemini-request.json")).value!;
    expect(catalog.tools[0].inputSchema).toEqual({
      type: "object",
      properties: {
        room: { type: "string", description: "The room's name" },
        brightness: { type: "integer", description: "Light level from 0 to 100", minimum: 0, maximum: 100 },
        color_temp: { type: "string", enum: ["daylight", "cool", "warm"] },
        scenes: { type: ["array", "null"], items: { type: "string" } },
      },
      required: ["room", "brightness"],
    });
    expect(catalog.tools[2].inputSchema).toEqual({ type: "object", properties: {} });
    const snake = parseCatalogText(read("gemini-snake-json-schema.json")).value!;
    expect(snake.tools[0].inputSchema.additionalProperties).toBe(false);
    expect(snake.tools[1].inputSchema.required).toEqual(["meeting_id"]);
  });

  it("says what a file that holds no tools is: a JSON-RPC error reply, an MCP client's configuration, a prompts list", () => {
    const error = parseCatalogText(read("mcp-jsonrpc-error.json"), { sourceName: "reply.json" });
    expect(error.value).toBeUndefined();
    expect(error.problems).toMatchObject([{ severity: "error", code: "jsonRpcError", path: "$.error" }]);
    expect(error.problems[0].message).toContain("(-32601 Method not found: tools/list), not a tools/list result");
    const config = parseCatalogText(read("mcp-client-config.json"), { sourceName: "claude_desktop_config.json" });
    expect(config.problems).toMatchObject([{ severity: "error", code: "mcpConfig", path: "$.mcpServers" }]);
    expect(config.problems[0].message).toContain("(servers github, notion)");
    expect(problemText(config.problems[0], "zh-CN")).toContain("MCP 客户端配置（服务器 github, notion）");
    // A server's prompts/list (or resources/list) reply saved in place of its tools/list reply.
    const prompts = parseCatalogText(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        result: { prompts: [{ name: "code_review", description: "Reviews code.", arguments: [{ name: "code" }] }] },
      }),
      { sourceName: "prompts.json" },
    );
    expect(prompts.value).toBeUndefined();
    expect(prompts.problems).toMatchObject([{ severity: "error", code: "mcpOtherList", path: "$.result" }]);
    expect(prompts.problems[0].message).toBe(
      "catalog (prompts.json): an MCP prompts/list reply, not a tools/list result: it lists no tools; save the server's tools/list reply and open that",
    );
    expect(problemText(prompts.problems[0], "zh-CN")).toContain("MCP prompts/list 的响应");
    const resources = parseCatalogText(JSON.stringify({ resources: [{ uri: "file:///notes.md", name: "notes.md" }] }));
    expect(resources.problems).toMatchObject([
      { code: "mcpOtherList", path: "$", values: { method: "resources/list" } },
    ]);
  });

  it("reads JSONC with a note, and points at a real syntax error on its own line", () => {
    const note = parseCatalogText(read("mcp-jsonc.json"), { sourceName: "mcp.json" }).problems[0];
    expect(note.message).toBe(
      "catalog (mcp.json): read as JSON with comments (JSONC): 3 comments and 6 trailing commas ignored; providers and MCP clients send plain JSON",
    );
    expect(problemText(note, "zh-CN")).toContain("忽略了 3 处注释和 6 个末尾逗号");
    const broken = parseCatalogText('{\n  // the tools\n  "tools": [\n    { "name": "a" "inputSchema": {} }\n  ]\n}');
    expect(broken.value).toBeUndefined();
    expect(broken.problems).toMatchObject([{ code: "invalidJson", line: 4 }]);
  });

  it("says which names each provider refuses, and runs the tools it accepts", () => {
    const imported = parseCatalogText(read("mixed-names.json"));
    const catalog = imported.value!;
    expect(
      imported.problems.filter((problem) => problem.code === "nameRule").map((problem) => problem.toolName),
    ).toEqual(["github.create_issue", "fs/read_file", "Send Email", "查询天气"]);
    const refused = (provider: string, model: string) =>
      providerNameProblems(imported.problems, catalog.tools, { provider, model } as never)
        .filter((problem) => problem.code === "nameRefused")
        .map((problem) => problem.toolName);
    expect(refused("anthropic", "claude-sonnet-4-5")).toEqual([
      "github.create_issue",
      "fs/read_file",
      "Send Email",
      "查询天气",
    ]);
    // Gemini allows dots in names; slashes, spaces and Chinese characters it refuses too.
    expect(refused("gemini", "gemini-2.5-flash")).toEqual(["fs/read_file", "Send Email", "查询天气"]);
    const accepted = { tools: catalog.tools.filter((tool) => /^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) };
    expect(accepted.tools.map((tool) => tool.name)).toEqual(["notes_create", "ping", "calendar_add_event"]);
    turnsRun(accepted);
  });

  it("writes Chinese and Japanese requests in their own script, and a Chinese query finds a Chinese-described tool", () => {
    const chinese = parseCatalogText(read("chinese-mcp.json")).value!;
    const turns = conversationForCatalog(chinese, { argumentsValid: argumentsPassSchema });
    const train = turns.find((turn) => turn.needs[0].tool === "train_search_tickets")!;
    expect(train.user).toMatch(
      /^查询12306余票信息，按出发站、到达站和日期筛选车次（出发站：.+，到达站：.+，出发日期：2026-03-14）。$/,
    );
    const stock = turns.find((turn) => turn.needs[0].tool === "stock_quote")!;
    // The label and the value from the property's own description: "股票代码，例如 600519".
    expect(stock.user).toContain("（股票代码：600519）");
    const japanese = conversationForCatalog(parseCatalogText(read("japanese-openai.json")).value!, {
      argumentsValid: argumentsPassSchema,
    });
    expect(japanese.find((turn) => turn.needs[0].tool === "search_restaurants")!.user).toContain("（地域名：渋谷）");
    const restaurant = japanese.find((turn) => turn.needs[0].tool === "reserve_table")!;
    expect(restaurant.user).toMatch(/^レストランの席を予約します（.+：.+、.+：.+、.+：.+）。$/);
    const client = createClientSearch(chinese.tools);
    for (const [query, tool] of [
      ["天气", "amap_weather"],
      ["快递 物流", "express_track"],
      ["股票行情", "stock_quote"],
      ["发送微信消息", "wechat_send_message"],
    ] as const) {
      const outcome = client.search(query, 5);
      expect(outcome.ok && outcome.hits[0]?.name, query).toBe(tool);
    }
  });

  it("imports 3,000 tools described in Chinese and writes a conversation that runs", () => {
    const base = JSON.parse(read("chinese-mcp.json")) as { tools: Array<{ name: string }> };
    const tools = Array.from({ length: 3_000 }, (_, index) => {
      const tool = base.tools[index % base.tools.length];
      return { ...tool, name: `tenant${Math.floor(index / base.tools.length)}__${tool.name}` };
    });
    const imported = parseCatalogText(JSON.stringify({ jsonrpc: "2.0", id: 7, result: { tools } }));
    expect(imported.problems).toEqual([]);
    expect(imported.value!.tools).toHaveLength(3_000);
    const turns = conversationForCatalog(imported.value!, { argumentsValid: argumentsPassSchema });
    expect(turns).toHaveLength(5);
    const names = new Set(imported.value!.tools.map((tool) => tool.name));
    for (const turn of turns) expect(names.has(turn.needs[0].tool)).toBe(true);
  });
});
