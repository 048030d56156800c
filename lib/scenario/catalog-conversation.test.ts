/**
 * A conversation generated over a person's own catalog runs under every strategy: each turn asks for a tool the
 * catalog has, with arguments its schema accepts, and the searches the discovery strategies make (client, Anthropic
 * BM25 and regex, the real searchers) find it on the first try. Checked over catalogs of different shapes.
 */
import fs from "node:fs";
import { argumentsPassSchema } from "../catalog/argument-validation";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateToolArguments } from "../catalog/argument-validation";
import { importCatalogValue } from "../catalog/import-catalog";
import { generateSyntheticCatalog } from "../catalog/synthetic/synthetic-catalog";
import type { Catalog } from "../core/catalog";
import { createEngine } from "../engine";
import { createAnthropicBm25Search, createAnthropicRegexSearch, createClientSearch } from "../search";
import { CATALOGS_FOLDER, ownMcpCatalog } from "../../scripts/test-support/own-catalog";
import { conversationForCatalog, missingConversationTools, nameWords } from "./catalog-conversation";
import { createScenario } from "./create-scenario";
import { STRATEGY_IDS } from "../core/ids";

function imported(value: unknown): Catalog {
  const result = importCatalogValue(value, { schemaCheck: "compile" });
  expect(result.problems.filter((problem) => problem.severity === "error")).toEqual([]);
  return result.value!;
}

const fixture = (file: string) => imported(JSON.parse(fs.readFileSync(path.join(CATALOGS_FOLDER, file), "utf8")));

/** A calendar and weather service described in Chinese, names in snake case. */
const CHINESE = imported({
  tools: [
    ["calendar_create_event", "在日历中创建一个新的会议，并邀请参会者。", { 标题: "string", start_time: "string" }],
    ["calendar_list_events", "列出指定日期范围内的所有日历事件。", { from: "string", to: "string" }],
    ["weather_get_forecast", "获取指定城市未来七天的天气预报。", { city: "string" }],
    ["mail_send_message", "向一个或多个收件人发送电子邮件。", { to: "string", subject: "string" }],
    ["files_search_documents", "按关键词搜索云盘中的文档和文件夹。", { keyword: "string" }],
    ["translate_text", "把一段文字翻译成目标语言。", { text: "string", target_language: "string" }],
  ].map(([name, description, properties]) => ({
    name,
    description,
    inputSchema: {
      type: "object",
      properties: Object.fromEntries(Object.entries(properties).map(([key, type]) => [key, { type }])),
      required: Object.keys(properties),
    },
  })),
});

/** camelCase names, no descriptions at all, OpenAI's function shape. */
const UNDESCRIBED = imported(
  ["createInvoice", "listCustomers", "getHTTPStatus", "archiveOrder", "refundPayment", "sendReceipt", "syncLedger"].map(
    (name) => ({
      type: "function",
      function: {
        name,
        parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      },
    }),
  ),
);

const SYNTHETIC = generateSyntheticCatalog({
  count: 300,
  targetTokensPerTool: 200,
  seed: 7,
  countTokens: (text) => Math.ceil(text.length / 4),
  namespaces: 8,
});

const SHAPES: Array<[string, () => Catalog]> = [
  ["GitHub's MCP server (fixture)", () => fixture("github-mcp-server.json")],
  ["Notion's MCP server: kebab-case names, $defs (fixture)", () => fixture("notion-mcp-server.json")],
  ["a Chinese catalog", () => CHINESE],
  ["camelCase names without descriptions", () => UNDESCRIBED],
  ["the synthetic catalog, namespaced", () => SYNTHETIC],
  ["1,500 tools: the real MCP servers once per tenant", () => imported(ownMcpCatalog(1_500))],
  ["1,500 tools: the same, every schema its own", () => imported(ownMcpCatalog(1_500, { distinctSchemas: true }))],
];

describe("conversationForCatalog", () => {
  it.each(SHAPES)("%s: every turn runs and is found by every search", (_label, catalogOf) => {
    const catalog = catalogOf();
    const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
    expect(turns.length).toBe(Math.min(5, catalog.tools.length));
    expect(missingConversationTools(turns, catalog.tools)).toEqual([]);
    const names = turns.map((turn) => turn.needs[0].tool);
    expect(new Set(names).size).toBe(names.length);

    const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]));
    const client = createClientSearch(catalog.tools);
    const bm25 = createAnthropicBm25Search(catalog.tools);
    const regex = createAnthropicRegexSearch(catalog.tools);
    const found = (outcome: ReturnType<typeof client.search>, name: string) =>
      outcome.ok && outcome.hits.some((hit) => hit.name === name);
    for (const turn of turns) {
      const [need] = turn.needs;
      expect(turn.user.length).toBeGreaterThan(5);
      expect(validateToolArguments(byName.get(need.tool)!, need.arguments).valid).toBe(true);
      expect(found(client.search(turn.searchQuery!, 5), need.tool), `client: ${turn.searchQuery}`).toBe(true);
      expect(found(bm25.search(turn.searchQuery!, 5), need.tool), `bm25: ${turn.searchQuery}`).toBe(true);
      expect(found(regex.search(turn.searchPattern!, 5), need.tool), `regex: ${turn.searchPattern}`).toBe(true);
    }

    // The engine runs it: no strategy errs, and each one that searches finds every tool the turns need.
    const scenario = createScenario({ title: "Own catalog", catalog, turns });
    const runs = createEngine().runAll(scenario, STRATEGY_IDS);
    for (const run of runs.filter((candidate) => !candidate.refused)) {
      expect(run.totals.toolsFound, run.id).toBe(run.totals.toolsNeeded);
      expect(run.steps.length, run.id).toBeGreaterThan(0);
    }
  });

  it("writes requests from the description in its own language, and from the name when there is none", () => {
    const descriptions = new Map(CHINESE.tools.map((tool) => [tool.name, tool.description.replace(/。$/, "")]));
    for (const turn of conversationForCatalog(CHINESE, { argumentsValid: argumentsPassSchema })) {
      const [need] = turn.needs;
      const details = Object.entries(need.arguments)
        .map(([name, value]) => `${name.replace(/_/g, " ")}：${String(value)}`)
        .join("，");
      expect(turn.user).toBe(`${descriptions.get(need.tool)}（${details}）。`);
    }
    const undescribed = conversationForCatalog(UNDESCRIBED, { argumentsValid: argumentsPassSchema });
    const http = conversationForCatalog(
      { tools: UNDESCRIBED.tools.filter((tool) => tool.name === "getHTTPStatus") },
      { argumentsValid: argumentsPassSchema },
    );
    // A name that opens with a verb is the action; any other is used.
    expect(http[0].user).toBe(`Please get http status with id ${String(http[0].needs[0].arguments.id)}.`);
    for (const turn of undescribed) expect(turn.user).toMatch(/^Please (use )?[a-z]+( [a-z]+)+ with id \S+\.$/);
    const archive = undescribed.find((turn) => turn.needs[0].tool === "archiveOrder");
    if (archive) expect(archive.user).toMatch(/^Please use archive order with id \S+\.$/);
    // Words of the name that name an argument the request states are left out of the action.
    const route = conversationForCatalog(
      {
        tools: [
          {
            name: "get_stores_storeId_orders",
            description: "",
            inputSchema: { type: "object", properties: { storeId: { type: "string" } }, required: ["storeId"] },
          },
        ],
      },
      { argumentsValid: argumentsPassSchema },
    );
    expect(route[0].user).toMatch(/^Please get stores orders with store id \S+\.$/);
    const github = conversationForCatalog(fixture("github-mcp-server.json"), { argumentsValid: argumentsPassSchema });
    for (const turn of github) expect(turn.user).toMatch(/^Please [a-z]/);
  });

  it("reads the action past a label or a tool preamble, and falls back to the name when there is no action", () => {
    const request = (name: string, description: string) =>
      conversationForCatalog(
        { tools: [{ name, description, inputSchema: { type: "object" } }] },
        { argumentsValid: argumentsPassSchema },
      )[0].user;
    expect(request("API-get-user", "Notion | Retrieve a user\nError Responses:\n400: 400")).toBe(
      "Please retrieve a user.",
    );
    expect(request("create_customer", "This tool will create a customer in Stripe.")).toBe(
      "Please create a customer in Stripe.",
    );
    expect(request("list_files", "Use this tool to list the files of a folder.")).toBe(
      "Please list the files of a folder.",
    );
    expect(
      request("update_dispute", "When you receive a dispute, contacting your customer is the best first step."),
    ).toBe("Please update dispute.");
    expect(request("search_issues", "Searches issues across repositories.")).toBe(
      "Please search issues across repositories.",
    );
    // An API summary that names what it returns asks to get it.
    expect(request("showPetById", "Info for a specific pet")).toBe("Please get info for a specific pet.");
    expect(request("order_status", "Status of an order.")).toBe("Please get status of an order.");
  });

  it("is deterministic and picks tools from different servers", () => {
    const catalog = imported(ownMcpCatalog(1_500));
    const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
    expect(conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema })).toEqual(turns);
    const servers = turns.map((turn) => turn.needs[0].tool.slice(0, turn.needs[0].tool.lastIndexOf("__")));
    expect(new Set(servers).size).toBe(servers.length);
  });

  it("splits names in any convention", () => {
    expect(nameWords("acme-eu__github__create_issue")).toEqual(["acme", "eu", "github", "create", "issue"]);
    expect(nameWords("getHTTPStatus")).toEqual(["get", "http", "status"]);
    expect(nameWords("files.read-text/v2")).toEqual(["files", "read", "text", "v2"]);
    expect(nameWords("日历_创建事件")).toEqual(["日历", "创建事件"]);
  });

  it("names the tools a conversation calls that the catalog lacks", () => {
    const turns = [
      { needs: [{ tool: "learning_create_cards", arguments: {} }] },
      {
        needs: [
          { tool: "get_weather", arguments: {} },
          { tool: "learning_create_cards", arguments: {} },
        ],
      },
    ];
    expect(missingConversationTools(turns, [{ name: "get_weather" }])).toEqual(["learning_create_cards"]);
  });
});
