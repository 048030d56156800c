import { describe, expect, it } from "vitest";
import { importCatalogValue, parseCatalogText, schemaWarningCode } from "./import-catalog";
import { problemText } from "./problem-text";
import { exampleCatalogFiles, readExampleCatalog, readTestFixture } from "./test-helpers";
import { ownMcpCatalog } from "../../scripts/test-support/own-catalog";

const emptySchema = { type: "object", properties: {} };
const weatherSchema = { type: "object", properties: { location: { type: "string" } }, required: ["location"] };

describe("importCatalogValue: each format becomes the same catalog", () => {
  const expected = [{ name: "get_weather", description: "Weather for a place", inputSchema: weatherSchema }];
  it.each([
    [
      "mcp",
      {
        tools: [
          {
            name: "get_weather",
            description: "Weather for a place",
            inputSchema: weatherSchema,
            annotations: { readOnlyHint: true },
          },
        ],
      },
    ],
    [
      "openai-chat",
      [
        {
          type: "function",
          function: {
            name: "get_weather",
            description: "Weather for a place",
            parameters: weatherSchema,
            strict: true,
          },
        },
      ],
    ],
    [
      "openai-responses",
      [
        { type: "tool_search" },
        {
          type: "function",
          name: "get_weather",
          description: "Weather for a place",
          parameters: weatherSchema,
          defer_loading: true,
        },
      ],
    ],
    [
      "anthropic",
      [
        {
          name: "get_weather",
          description: "Weather for a place",
          input_schema: weatherSchema,
          cache_control: { type: "ephemeral" },
        },
      ],
    ],
    ["openai-functions", [{ name: "get_weather", description: "Weather for a place", parameters: weatherSchema }]],
    [
      "bfcl",
      [
        {
          name: "get_weather",
          description: "Weather for a place",
          parameters: { type: "dict", properties: { location: { type: "string" } }, required: ["location"] },
        },
      ],
    ],
    [
      "bedrock",
      {
        modelId: "anthropic.claude-opus-4-8",
        messages: [],
        toolConfig: {
          tools: [
            {
              toolSpec: {
                name: "get_weather",
                description: "Weather for a place",
                inputSchema: { json: weatherSchema },
              },
            },
            { cachePoint: { type: "default" } },
          ],
          toolChoice: { auto: {} },
        },
      },
    ],
    [
      "cohere",
      [
        {
          name: "get_weather",
          description: "Weather for a place",
          parameter_definitions: { location: { type: "str", required: true } },
        },
      ],
    ],
    [
      "langchain",
      [{ name: "get_weather", description: "Weather for a place", args: { location: { type: "string" } } }],
    ],
  ])("%s", (format, value) => {
    const imported = importCatalogValue(value);
    expect(imported.format).toBe(format);
    expect(imported.value?.tools).toEqual(expected);
    expect(imported.problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("reads Cohere v1's Python types and LangChain's defaults as JSON Schema", () => {
    const cohere = importCatalogValue([
      {
        name: "search_flights",
        description: "Flights between two airports",
        parameter_definitions: {
          from: { description: "IATA code", type: "str", required: true },
          stops: { type: "int" },
          budget: { type: "float" },
          direct: { type: "bool" },
          airlines: { type: "List[str]" },
          filters: { type: "Dict[str, str]" },
          when: { type: "datetime" },
        },
      },
    ]);
    expect(cohere.value?.tools[0].inputSchema).toEqual({
      type: "object",
      properties: {
        from: { type: "string", description: "IATA code" },
        stops: { type: "integer" },
        budget: { type: "number" },
        direct: { type: "boolean" },
        airlines: { type: "array", items: { type: "string" } },
        filters: { type: "object" },
        // A type it does not know accepts any value.
        when: {},
      },
      required: ["from"],
    });
    // pydantic writes an argument with a default as optional; LangChain's `args` keeps the default.
    const langChain = importCatalogValue([
      {
        name: "search",
        description: "Search the web",
        args: { query: { title: "Query", type: "string" }, limit: { title: "Limit", type: "integer", default: 5 } },
      },
    ]);
    expect(langChain.value?.tools[0].inputSchema).toEqual({
      type: "object",
      properties: {
        query: { title: "Query", type: "string" },
        limit: { title: "Limit", type: "integer", default: 5 },
      },
      required: ["query"],
    });
    // A prompt's `arguments` list, or `args` that are not schemas, is still not a tool's arguments.
    expect(importCatalogValue([{ name: "a", description: "A", args: ["x"] }]).value).toBeUndefined();
  });

  it("reads a schema written as a JSON string, and says so", () => {
    const imported = importCatalogValue({
      tools: [{ name: "get_weather", description: "Weather", inputSchema: JSON.stringify(weatherSchema) }],
    });
    expect(imported.value?.tools[0].inputSchema).toEqual(weatherSchema);
    expect(imported.problems.map((problem) => [problem.code, problem.path])).toEqual([
      ["schemaAsString", "$.tools[0].inputSchema"],
    ]);
    expect(problemText(imported.problems[0], "zh-CN")).toContain("JSON 字符串");
    // A string that holds no object is still no schema.
    const broken = importCatalogValue({ tools: [{ name: "a", inputSchema: "{not json" }] });
    expect(broken.problems.map((problem) => problem.code)).toEqual(["uncompilable"]);
  });

  it("keeps Anthropic input examples and checks them against the schema", () => {
    const imported = importCatalogValue([
      { name: "get_weather", input_schema: weatherSchema, input_examples: [{ location: "Paris" }, { city: "Rome" }] },
    ]);
    expect(imported.value?.tools[0].inputExamples).toEqual([{ location: "Paris" }, { city: "Rome" }]);
    expect(imported.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        path: "$[0].input_examples[1]",
        toolName: "get_weather",
        message: expect.stringMatching(/input example 2 .* must have required property 'location'/),
      }),
    ]);
  });

  it("reads OpenAI namespaces into tool namespaces and namespace descriptions", () => {
    const imported = importCatalogValue([
      {
        type: "namespace",
        name: "github",
        description: "GitHub issues and pull requests",
        tools: [
          {
            type: "function",
            name: "list_pull_requests",
            description: "List PRs",
            parameters: { type: "object", properties: {} },
          },
        ],
      },
      { type: "function", name: "get_weather", parameters: weatherSchema },
    ]);
    expect(imported.value?.namespaces).toEqual({ github: "GitHub issues and pull requests" });
    expect(imported.value?.tools.map((tool) => [tool.name, tool.namespace])).toEqual([
      ["list_pull_requests", "github"],
      ["get_weather", undefined],
    ]);
  });

  it("keeps our own catalog fields and the provenance wrapper", () => {
    const imported = importCatalogValue({
      source: "hand-written",
      license: "MIT",
      namespaces: { weather: "Weather" },
      tools: [
        {
          name: "get_weather",
          description: "",
          inputSchema: weatherSchema,
          namespace: "weather",
          mockResult: { temperature: 21 },
          inputExamples: [{ location: "Oslo" }],
        },
      ],
    });
    expect(imported.format).toBe("catalog");
    expect(imported.value).toEqual({
      source: "hand-written",
      license: "MIT",
      namespaces: { weather: "Weather" },
      tools: [
        {
          name: "get_weather",
          description: "",
          inputSchema: weatherSchema,
          namespace: "weather",
          mockResult: { temperature: 21 },
          inputExamples: [{ location: "Oslo" }],
        },
      ],
    });
  });

  it("skips provider tools with a warning and names what it expected for unknown input", () => {
    const imported = importCatalogValue([
      { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" },
      { name: "a", input_schema: weatherSchema },
    ]);
    expect(imported.value?.tools.map((tool) => tool.name)).toEqual(["a"]);
    expect(imported.problems[0]).toMatchObject({ severity: "warning", path: "$[0]" });
    const unknown = importCatalogValue({ functions: "nope" });
    expect(unknown.value).toBeUndefined();
    expect(unknown.problems[0].message).toMatch(/unrecognised tool list; expected one of: an MCP tools\/list result/);
  });
});

describe("schema problems", () => {
  it("marks a tool whose schema Ajv cannot compile, with path and tool name", () => {
    const imported = importCatalogValue({
      tools: [
        { name: "good", description: "", inputSchema: weatherSchema },
        { name: "bad_type", description: "", inputSchema: { type: "objekt" } },
        {
          name: "bad_ref",
          description: "",
          inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/missing" } } },
        },
        {
          name: "bad_pattern",
          description: "",
          inputSchema: { type: "object", properties: { a: { type: "string", pattern: "([" } } },
        },
      ],
    });
    expect(imported.value?.tools.map((tool) => tool.name)).toEqual(["good", "bad_type", "bad_ref", "bad_pattern"]);
    expect(imported.value?.tools[0].schemaError).toBeUndefined();
    for (const [index, name] of [
      [1, "bad_type"],
      [2, "bad_ref"],
      [3, "bad_pattern"],
    ] as const) {
      expect(imported.value?.tools[index].schemaError).toEqual(expect.any(String));
      expect(imported.problems).toContainEqual(
        expect.objectContaining({ severity: "error", path: `$.tools[${index}].inputSchema`, toolName: name }),
      );
    }
  });

  it("accepts draft-07, 2020-12 and $defs", () => {
    const imported = importCatalogValue({
      tools: [
        {
          name: "draft7",
          inputSchema: {
            $schema: "http://json-schema.org/draft-07/schema#",
            type: "object",
            properties: { a: { $ref: "#/definitions/A" } },
            definitions: { A: { type: "string" } },
          },
        },
        {
          name: "draft2020",
          inputSchema: {
            $schema: "https://json-schema.org/draft/2020-12/schema",
            type: "object",
            properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] } },
          },
        },
        {
          name: "defs_without_dialect",
          inputSchema: {
            type: "object",
            properties: { a: { $ref: "#/$defs/A" } },
            $defs: { A: { type: "string", format: "uuid" } },
          },
        },
      ],
    });
    expect(imported.problems).toEqual([]);
  });

  it("reports a missing or non-object schema as uncompilable", () => {
    const imported = importCatalogValue({
      tools: [
        { name: "no_schema", description: "x" },
        { name: "array_schema", inputSchema: [] },
      ],
    });
    expect(imported.value?.tools.map((tool) => tool.schemaError)).toEqual([
      'missing "inputSchema"',
      '"inputSchema" must be a JSON Schema object',
    ]);
  });

  it("reads a Bedrock tool's schema inside inputSchema.json, skips its cache points, and says where a schema is missing", () => {
    const imported = importCatalogValue({
      tools: [
        { toolSpec: { name: "no_schema", description: "x" } },
        { cachePoint: { type: "default" } },
        { toolSpec: { name: "unwrapped", inputSchema: weatherSchema } },
        { toolSpec: { name: "wrapped", inputSchema: { json: weatherSchema } } },
      ],
    });
    expect(imported.format).toBe("bedrock");
    expect(imported.value?.tools.map((tool) => [tool.name, tool.schemaError])).toEqual([
      ["no_schema", 'missing "inputSchema.json"'],
      ["unwrapped", 'missing "inputSchema.json"'],
      ["wrapped", undefined],
    ]);
    expect(imported.value?.tools[2]!.inputSchema).toEqual(weatherSchema);
    expect(imported.problems.map((problem) => [problem.code, problem.path])).toEqual(
      expect.arrayContaining([
        ["skippedProviderTool", "$.tools[1]"],
        [expect.any(String), "$.tools[0].toolSpec.inputSchema.json"],
      ]),
    );
  });

  it("reads tools keyed by their names, each named by its key unless it names itself, located at its key", () => {
    const imported = importCatalogValue({
      tools: {
        get_weather: { description: "Weather for a place", inputSchema: weatherSchema },
        "get rain": { name: "get_rain", description: "Rain", inputSchema: weatherSchema },
        broken: { description: "Broken", inputSchema: { type: "object", properties: { a: { type: "nonsense" } } } },
      },
    });
    expect(imported.format).toBe("mcp");
    expect(imported.value?.tools.map((tool) => tool.name)).toEqual(["get_weather", "get_rain", "broken"]);
    expect(imported.value?.tools[0]).toEqual({
      name: "get_weather",
      description: "Weather for a place",
      inputSchema: weatherSchema,
    });
    expect(imported.problems.filter((problem) => problem.severity === "error").map((problem) => problem.path)).toEqual([
      "$.tools.broken.inputSchema",
    ]);
  });

  it("reads a tool that gives its schema under another list's key from that key, with a warning", () => {
    const searchSchema = { type: "object", properties: { query: { type: "string" } }, required: ["query"] };
    // An MCP server's tools with one OpenAI function pasted in, and the other way round.
    const mcp = importCatalogValue({
      tools: [
        { name: "get_weather", description: "Weather", inputSchema: weatherSchema },
        { name: "search", description: "Search", parameters: searchSchema },
      ],
    });
    expect(mcp.format).toBe("mcp");
    expect(mcp.value?.tools.map((tool) => tool.inputSchema)).toEqual([weatherSchema, searchSchema]);
    expect(mcp.problems.map((problem) => [problem.severity, problem.code, problem.path])).toEqual([
      ["warning", "otherSchemaKey", "$.tools[1].parameters"],
    ]);
    const functions = importCatalogValue([
      { type: "function", function: { name: "get_weather", description: "Weather", parameters: weatherSchema } },
      { type: "function", function: { name: "search", description: "Search", inputSchema: searchSchema } },
    ]);
    // Before, the second read as taking no arguments: OpenAI lets `parameters` be left out.
    expect(functions.value?.tools[1].inputSchema).toEqual(searchSchema);
    expect(functions.problems.map((problem) => problem.code)).toEqual(["otherSchemaKey"]);
    const keyed = importCatalogValue({
      get_weather: { description: "Weather", inputSchema: weatherSchema },
      search: { description: "Search", input_schema: searchSchema },
    });
    expect(keyed.value?.tools.map((tool) => tool.name)).toEqual(["get_weather", "search"]);
    expect(keyed.problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("reads a tool list found under the keys of a document of another shape, and says where it was read", () => {
    const nested = importCatalogValue({
      data: { tools: [{ name: "get weather", description: "Weather", inputSchema: weatherSchema }] },
    });
    expect(nested.format).toBe("mcp");
    expect(nested.value?.tools.map((tool) => tool.name)).toEqual(["get weather"]);
    // Each problem of a tool points into the document as it is, not into the list alone.
    expect(nested.problems.map((problem) => [problem.severity, problem.code, problem.path])).toEqual([
      ["warning", "nestedToolList", "$.data"],
      ["warning", "nameRule", "$.data.tools[0].name"],
    ]);
    // A saved HTTP exchange: the request's body is found under two keys.
    const exchange = importCatalogValue({
      url: "https://api.anthropic.com/v1/messages",
      request: {
        headers: { "content-type": "application/json" },
        body: {
          model: "claude-sonnet-4-5",
          messages: [{ role: "user", content: "hi" }],
          tools: [{ name: "get_weather", description: "Weather", input_schema: weatherSchema }],
        },
      },
      response: { status: 200 },
    });
    expect(exchange.format).toBe("anthropic");
    expect(exchange.value?.tools[0]?.inputSchema).toEqual(weatherSchema);
    expect(exchange.problems.map((problem) => [problem.code, problem.path])).toEqual([
      ["nestedToolList", "$.request.body"],
    ]);
  });

  it("looks no deeper than two keys, and still names what a document of another kind is", () => {
    const deep = importCatalogValue({ a: { b: { c: { tools: [{ name: "x", inputSchema: emptySchema }] } } } });
    expect(deep.value).toBeUndefined();
    expect(deep.problems.map((problem) => problem.code)).toEqual(["unrecognised"]);
    const prompts = importCatalogValue({
      jsonrpc: "2.0",
      id: 1,
      result: { prompts: [{ name: "review", description: "Review code", arguments: [{ name: "code" }] }] },
    });
    expect(prompts.problems.map((problem) => problem.code)).toEqual(["mcpOtherList"]);
    // A map of tools keyed by name with one entry that has no schema is not a map of tools; none of its entries is
    // read alone as the catalog.
    const brokenMap = importCatalogValue({
      get_weather: { name: "get_weather", description: "Weather", inputSchema: weatherSchema },
      search: { name: "search", description: "Search" },
    });
    // It names the entry without a schema.
    expect(brokenMap.problems.map((problem) => [problem.code, problem.path])).toEqual([["toolMapEntry", "$.search"]]);
    expect(problemText(brokenMap.problems[0], "en")).toContain("entry search has no input schema");
    expect(problemText(brokenMap.problems[0], "zh-CN")).toContain("条目 search 没有输入 schema");
    // A document with one schema-like entry among others of another kind is not taken for a tool map.
    const settings = importCatalogValue({
      editor: { description: "Editor settings", fontSize: 14 },
      theme: { description: "Theme" },
      validation: { parameters: { strict: true } },
    });
    expect(settings.problems.map((problem) => problem.code)).toEqual(["unrecognised"]);
    // An OpenAPI file's tags are named and described, but are not tools: its operations are
    // (lib/catalog/openapi-tools.test.ts), and a document of tags alone is nothing.
    const openApi = importCatalogValue({
      openapi: "3.1.0",
      info: { title: "Pets", version: "1" },
      paths: { "/pets": { get: { operationId: "listPets", parameters: [{ name: "limit", in: "query" }] } } },
      tags: [{ name: "pets", description: "Everything about pets" }],
    });
    expect(openApi.value?.tools.map((tool) => tool.name)).toEqual(["listPets"]);
    expect(openApi.problems.map((problem) => problem.code)).toEqual(["openApiOperations"]);
    const tagsAlone = importCatalogValue({
      info: { title: "Pets", version: "1" },
      tags: [{ name: "pets", description: "Everything about pets" }],
    });
    expect(tagsAlone.problems.map((problem) => problem.code)).toEqual(["unrecognised"]);
    const packageFile = importCatalogValue({ name: "my-server", description: "An MCP server", version: "1.0.0" });
    expect(packageFile.problems.map((problem) => problem.code)).toEqual(["unrecognised"]);
  });

  it("reads one tool on its own, in each wire shape", () => {
    const expected = [{ name: "get_weather", description: "Weather", inputSchema: weatherSchema }];
    for (const [format, tool] of [
      ["mcp", { name: "get_weather", description: "Weather", inputSchema: weatherSchema }],
      ["anthropic", { name: "get_weather", description: "Weather", input_schema: weatherSchema }],
      [
        "openai-chat",
        { type: "function", function: { name: "get_weather", description: "Weather", parameters: weatherSchema } },
      ],
      [
        "openai-responses",
        { type: "function", name: "get_weather", description: "Weather", parameters: weatherSchema },
      ],
      ["bedrock", { toolSpec: { name: "get_weather", description: "Weather", inputSchema: { json: weatherSchema } } }],
    ] as const) {
      const imported = importCatalogValue(tool);
      expect([imported.format, imported.value?.tools, imported.problems], format).toEqual([format, expected, []]);
    }
  });

  it("still refuses a tool with no schema under any key where its list's format requires one", () => {
    const imported = importCatalogValue({
      tools: [
        { name: "get_weather", description: "Weather", inputSchema: weatherSchema },
        { name: "search", description: "Search", schema: { type: "object" } },
      ],
    });
    expect(imported.problems.map((problem) => [problem.severity, problem.path])).toEqual([
      ["error", "$.tools[1].inputSchema"],
    ]);
  });

  it("reads a list of names and descriptions as tools without arguments, and says so once", () => {
    const imported = importCatalogValue([
      { name: "search_docs", description: "Searches the product documentation." },
      { name: "open_ticket", description: "Opens a support ticket." },
    ]);
    expect(imported.format).toBe("names");
    expect(imported.value?.tools).toEqual([
      { name: "search_docs", description: "Searches the product documentation.", inputSchema: emptySchema },
      { name: "open_ticket", description: "Opens a support ticket.", inputSchema: emptySchema },
    ]);
    expect(imported.problems.map((problem) => [problem.severity, problem.code])).toEqual([["warning", "noSchemas"]]);
  });

  it("warns about names providers reject and root schemas that are not objects", () => {
    const imported = importCatalogValue([{ name: "math.factorial", input_schema: { type: "string" } }]);
    expect(imported.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/"math.factorial" does not match/),
      expect.stringMatching(/"type": "object" at the top/),
    ]);
  });

  it("checks large catalogs against the meta-schema only, deferring compilation", () => {
    const tools = Array.from({ length: 3 }, (_, index) => ({
      name: `t${index}`,
      inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/missing" } } },
    }));
    expect(importCatalogValue({ tools }, { schemaCheck: "meta-schema" }).problems).toEqual([]);
    expect(importCatalogValue({ tools }, { schemaCheck: "compile" }).problems).toHaveLength(3);
  });

  it("checks a schema repeated under many tools once, and reports it under each", () => {
    // Equal schemas, distinct objects (as JSON.parse makes them), the second in another key order: each tool is
    // marked and reported on its own.
    const tools = [
      { name: "a", inputSchema: { type: "object", properties: { x: { type: "strnig" } } } },
      { name: "b", inputSchema: { type: "object", properties: { x: { type: "strnig" } } } },
      { name: "c", inputSchema: { properties: { x: { type: "strnig" } }, type: "object" } },
      { name: "d", inputSchema: { type: "object", properties: { x: { type: "string" } } } },
    ];
    const imported = importCatalogValue({ tools }, { schemaCheck: "meta-schema" });
    expect(imported.problems.map((problem) => [problem.toolName, problem.code])).toEqual([
      ["a", "uncompilable"],
      ["b", "uncompilable"],
      ["c", "uncompilable"],
    ]);
    expect(imported.value?.tools.map((tool) => tool.schemaError !== undefined)).toEqual([true, true, true, false]);
  });
});

describe("duplicates", () => {
  it("reports a duplicate name with both indices and keeps the first", () => {
    const imported = importCatalogValue({
      tools: [
        { name: "a", description: "first", inputSchema: weatherSchema },
        { name: "b", inputSchema: weatherSchema },
        { name: "a", description: "second", inputSchema: weatherSchema },
      ],
    });
    expect(imported.value?.tools.map((tool) => tool.description)).toEqual(["first", ""]);
    expect(imported.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        path: "$.tools[2].name",
        toolName: "a",
        message: expect.stringContaining("$.tools[0] and $.tools[2]"),
      }),
    ]);
  });
});

describe("parseCatalogText", () => {
  it("reports malformed JSON with line and column", () => {
    const parsed = parseCatalogText('{\n  "tools": [\n    { "name": "a" }\n    { "name": "b" }\n  ]\n}', {
      sourceName: "pasted.json",
    });
    expect(parsed.value).toBeUndefined();
    expect(parsed.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        line: 4,
        column: 5,
        message: expect.stringMatching(/^catalog \(pasted.json\): invalid JSON/),
      }),
    ]);
  });

  it("names the source in every message", () => {
    const parsed = parseCatalogText('[{"name": "x.y", "input_schema": {"type": "object"}}]', {
      sourceName: "tools.json",
    });
    expect(parsed.problems[0].message).toMatch(/^catalog \(tools.json\): /);
  });

  it("refuses hostile input without throwing", () => {
    expect(parseCatalogText("[".repeat(1_000_000)).problems[0].message).toMatch(/nesting deeper than 64/);
    let deep: unknown = {};
    for (let level = 0; level < 200; level++) deep = { tools: [deep] };
    expect(importCatalogValue(deep).problems[0].message).toMatch(/nesting deeper than 64/);
  });

  it("reads a real BFCL JSON Lines file with its line numbers", () => {
    const parsed = parseCatalogText(readTestFixture("bfcl-entries.jsonl"), { sourceName: "bfcl-entries.jsonl" });
    expect(parsed.format).toBe("bfcl");
    const distance = parsed.value?.tools.find((tool) => tool.name === "calculate_distance");
    expect(distance?.inputSchema).toMatchObject({
      type: "object",
      properties: { coord1: { type: "array", items: { type: "number" } } },
    });
    const addDefault = parsed.value?.tools.find((tool) => tool.name === "default.add_default_value");
    expect(addDefault?.inputSchema).toMatchObject({
      properties: { dict: { type: "object" }, default_value: { description: expect.any(String) } },
    });
    expect((addDefault?.inputSchema.properties as Record<string, object>).default_value).not.toHaveProperty("type");
    const nameWarning = parsed.problems.find((problem) => problem.toolName === "math.factorial");
    expect(nameWarning).toMatchObject({ severity: "warning", path: "$[4].function[0].name", line: 5 });
    expect(parsed.problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("reads a BFCL function-doc file (one function per line)", () => {
    const parsed = parseCatalogText(readTestFixture("bfcl-math-api.jsonl"));
    expect(parsed.format).toBe("bfcl");
    expect(parsed.value?.tools).toHaveLength(17);
    expect(parsed.value?.tools[0].inputSchema).toMatchObject({
      type: "object",
      properties: { number: { type: "number" } },
    });
    expect(parsed.problems).toEqual([]);
  });

  it("reads one BFCL entry pasted as JSON", () => {
    const line = readTestFixture("bfcl-entries.jsonl").split("\n")[2];
    const parsed = parseCatalogText(line);
    expect(parsed.format).toBe("bfcl");
    expect(parsed.value?.tools.map((tool) => tool.name)).toEqual(["triangle_properties.get", "circle_properties.get"]);
  });
});

describe("the real MCP catalogs", () => {
  it.each(exampleCatalogFiles())("%s imports without errors and keeps its provenance", (file) => {
    const parsed = parseCatalogText(readExampleCatalog(file), { sourceName: file });
    expect(parsed.format).toBe("mcp");
    expect(parsed.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(parsed.value?.source).toEqual(expect.any(String));
    expect(parsed.value?.license).toEqual(expect.any(String));
    expect(parsed.value?.tools.length).toBeGreaterThan(0);
    expect(parsed.value?.tools.every((tool) => tool.schemaError === undefined)).toBe(true);
  });

  it("compiles the notion catalog's $defs and names the formats Ajv does not know", () => {
    const parsed = parseCatalogText(readExampleCatalog("notion-mcp-server.json"));
    expect(parsed.value?.tools).toHaveLength(24);
    expect(
      parsed.problems.every(
        (problem) => problem.severity === "warning" && /unknown format "json"/.test(problem.message),
      ),
    ).toBe(true);
    // Each is coded, so the interface says it in the reader's language with the format and place Ajv named.
    const first = parsed.problems[0]!;
    expect(first.code).toBe("unknownFormat");
    expect(first.values).toMatchObject({ format: "json", at: expect.stringMatching(/^#\//) });
    expect(problemText(first, "zh-CN")).toMatch(/format "json" 未知/);
    expect(problemText(first, "en")).toMatch(/unknown format "json" at #\//);
  });

  it("codes every note of the schema checker, quoting one it has no sentence for", () => {
    expect(schemaWarningCode('unknown format "json" ignored in schema at path "#/properties/a"')).toEqual({
      code: "unknownFormat",
      values: { format: "json", at: "#/properties/a" },
    });
    expect(schemaWarningCode("$schema urn:x is not supported; checked with the draft-07 rules")).toEqual({
      code: "dialectUnsupported",
      values: { uri: "urn:x" },
    });
    const other = { ...schemaWarningCode("a note in words of its own"), message: "" };
    expect(other.code).toBe("schemaNote");
    expect(problemText(other, "zh-CN")).toBe("schema 检查器（Ajv）的提示：a note in words of its own");
  });
});

describe("parseCatalogText: equal schemas", () => {
  it("makes the equal input schemas of a catalog one object and keeps the others apart, in the tools' order", () => {
    const schema = () => ({ type: "object", properties: { id: { type: "string", description: "The id" } } });
    const other = { type: "object", properties: { id: { type: "number" } } };
    const text = JSON.stringify({
      tools: [
        { name: "get_issue", description: "Get an issue", inputSchema: schema() },
        { name: "get_other", description: "Get another thing", inputSchema: other },
        { name: "get_pull", description: "Get a pull request", inputSchema: schema() },
        // The same keys in another order: another text, so another object.
        {
          name: "get_user",
          description: "Get a user",
          inputSchema: { properties: schema().properties, type: "object" },
        },
      ],
    });
    const tools = parseCatalogText(text).value!.tools;
    expect(tools.map((tool) => tool.inputSchema)).toEqual([schema(), other, schema(), { ...schema() }]);
    expect(tools[2].inputSchema).toBe(tools[0].inputSchema);
    expect(tools[1].inputSchema).not.toBe(tools[0].inputSchema);
    expect(tools[3].inputSchema).not.toBe(tools[0].inputSchema);
    expect(JSON.stringify(tools[3].inputSchema)).toBe(
      '{"properties":{"id":{"type":"string","description":"The id"}},"type":"object"}',
    );
  });
});

describe("parseCatalogText: the bench's own catalog", () => {
  it("shares the schemas the tenants repeat, and none when each tool has its own", () => {
    const distinctSchemas = (catalog: { tools: unknown[] }) =>
      new Set(parseCatalogText(JSON.stringify(catalog)).value!.tools.map((tool) => tool.inputSchema)).size;
    expect(distinctSchemas(ownMcpCatalog(600))).toBeLessThan(400);
    expect(distinctSchemas(ownMcpCatalog(600, { distinctSchemas: true }))).toBe(600);
  });
});
