import { describe, expect, it } from "vitest";
import { detectCatalogFormat, usesBfclTypes } from "./catalog-format";

const weatherSchema = { type: "object", properties: { location: { type: "string" } }, required: ["location"] };

describe("detectCatalogFormat", () => {
  it.each([
    [
      "MCP tools/list result",
      { tools: [{ name: "get_weather", description: "Weather", inputSchema: weatherSchema }] },
      "mcp",
    ],
    [
      "MCP with the fixtures' wrapper",
      {
        source: "repo@abc",
        license: "MIT",
        serverInfo: { name: "x" },
        tools: [{ name: "a", inputSchema: weatherSchema }],
      },
      "mcp",
    ],
    ["bare array of MCP tools", [{ name: "get_weather", inputSchema: weatherSchema, annotations: {} }], "mcp"],
    [
      "JSON-RPC reply to tools/list",
      { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "a", inputSchema: weatherSchema }] } },
      "mcp",
    ],
    [
      "our catalog (mockResult)",
      { tools: [{ name: "a", description: "", inputSchema: weatherSchema, mockResult: { ok: true } }] },
      "catalog",
    ],
    [
      "our catalog (namespaces)",
      { namespaces: { weather: "Weather tools" }, tools: [{ name: "a", description: "", inputSchema: weatherSchema }] },
      "catalog",
    ],
    [
      "OpenAI Chat Completions",
      [
        {
          type: "function",
          function: { name: "get_weather", description: "Weather", parameters: weatherSchema, strict: true },
        },
      ],
      "openai-chat",
    ],
    [
      "OpenAI Responses function",
      [{ type: "function", name: "get_weather", description: "Weather", parameters: weatherSchema }],
      "openai-responses",
    ],
    [
      "OpenAI Responses namespace",
      [
        {
          type: "namespace",
          name: "github",
          description: "GitHub",
          tools: [{ type: "function", name: "list_pull_requests", parameters: weatherSchema }],
        },
      ],
      "openai-responses",
    ],
    [
      "Anthropic tools",
      [
        {
          name: "get_weather",
          description: "Weather",
          input_schema: weatherSchema,
          input_examples: [{ location: "Paris" }],
        },
      ],
      "anthropic",
    ],
    [
      "Anthropic request body",
      {
        model: "claude-opus-4-8",
        tools: [
          { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" },
          { name: "a", input_schema: weatherSchema },
        ],
      },
      "anthropic",
    ],
    [
      "BFCL function list",
      [
        {
          name: "math.factorial",
          description: "Factorial",
          parameters: { type: "dict", properties: { number: { type: "integer" } } },
        },
      ],
      "bfcl",
    ],
    [
      "BFCL JSONL entry",
      {
        id: "simple_python_1",
        question: [[{ role: "user", content: "5!" }]],
        function: [{ name: "math.factorial", parameters: { type: "dict", properties: {} } }],
      },
      "bfcl",
    ],
    [
      "legacy OpenAI functions",
      [{ name: "get_weather", description: "Weather", parameters: weatherSchema }],
      "openai-functions",
    ],
    [
      "Gemini request body",
      {
        contents: [],
        tools: [{ googleSearch: {} }, { functionDeclarations: [{ name: "a", parameters: { type: "OBJECT" } }] }],
      },
      "gemini",
    ],
    ["Gemini REST tool (snake case)", { function_declarations: [{ name: "a" }] }, "gemini"],
    ["Gemini declarations with JSON Schema", [{ name: "a", parametersJsonSchema: weatherSchema }], "gemini"],
    ["Gemini declarations, bare", [{ name: "a", parameters: { type: "OBJECT", properties: {} } }], "gemini"],
    [
      "Bedrock Converse request body",
      {
        modelId: "m",
        messages: [],
        toolConfig: { tools: [{ toolSpec: { name: "a", inputSchema: { json: weatherSchema } } }] },
      },
      "bedrock",
    ],
    ["Bedrock toolConfig", { tools: [{ cachePoint: { type: "default" } }, { toolSpec: { name: "a" } }] }, "bedrock"],
    [
      "tools keyed by their names",
      { get_weather: { description: "Weather", parameters: weatherSchema }, get_rain: { parameters: weatherSchema } },
      "openai-functions",
    ],
    ["a request's tools keyed by their names", { model: "m", tools: { a: { inputSchema: weatherSchema } } }, "mcp"],
    ["a list of names and descriptions", { tools: [{ name: "a", description: "Does a." }, { name: "b" }] }, "names"],
    [
      "pages of tools/list",
      [{ tools: [{ name: "a", inputSchema: weatherSchema }], nextCursor: "2" }, { tools: [] }],
      "mcp",
    ],
    [
      "pages of JSON-RPC replies",
      [{ jsonrpc: "2.0", id: 1, result: { tools: [{ name: "a", inputSchema: weatherSchema }] } }],
      "mcp",
    ],
  ])("recognises %s", (_label, value, format) => {
    expect(detectCatalogFormat(value)?.format).toBe(format);
  });

  it("locates items in the source document", () => {
    const detected = detectCatalogFormat({
      id: "x",
      question: [],
      function: [
        { name: "a", parameters: {} },
        { name: "b", parameters: {} },
      ],
    });
    expect(detected?.items.map((item) => item.path)).toEqual(["$.function[0]", "$.function[1]"]);
  });

  it("locates each page's tools in its page", () => {
    const detected = detectCatalogFormat([
      { tools: [{ name: "a", inputSchema: weatherSchema }] },
      { jsonrpc: "2.0", result: { tools: [{ name: "b", inputSchema: weatherSchema }] } },
    ]);
    expect(detected?.items.map((item) => item.path)).toEqual(["$[0].tools[0]", "$[1].result.tools[0]"]);
  });

  it("returns undefined for values that hold no tools", () => {
    expect(detectCatalogFormat({ hello: "world" })).toBeUndefined();
    // An object only some of whose entries are tools is something else (a schema's properties, a configuration).
    expect(
      detectCatalogFormat({ get_weather: { parameters: weatherSchema }, version: { parameters: "none" } }),
    ).toBeUndefined();
    expect(detectCatalogFormat({ mcpServers: { github: { command: "npx" } } })).toBeUndefined();
    expect(detectCatalogFormat([1, 2, 3])).toBeUndefined();
    // Named records with no description at all, or a list mixing them with records without names, are not tools.
    expect(detectCatalogFormat([{ name: "Ada" }, { name: "Grace" }])).toBeUndefined();
    expect(detectCatalogFormat([{ name: "a", description: "Does a." }, { id: 2 }])).toBeUndefined();
    // An MCP prompts/list or resources/list pasted by mistake; a hand-written list that names its arguments.
    expect(
      detectCatalogFormat([{ name: "code_review", description: "Reviews code.", arguments: [{ name: "code" }] }]),
    ).toBeUndefined();
    expect(detectCatalogFormat([{ uri: "file:///a.md", name: "a.md", description: "Notes." }])).toBeUndefined();
    expect(detectCatalogFormat([{ name: "add", description: "Adds.", args: ["a", "b"] }])).toBeUndefined();
    expect(detectCatalogFormat("tools")).toBeUndefined();
    expect(detectCatalogFormat(null)).toBeUndefined();
  });

  it("finds BFCL type names at any depth", () => {
    expect(usesBfclTypes({ type: "object", properties: { point: { type: "array", items: { type: "float" } } } })).toBe(
      true,
    );
    expect(usesBfclTypes(weatherSchema)).toBe(false);
  });
});
