/**
 * Recognises which wire format a pasted or loaded tool list is in. Detection looks at shapes, not at any
 * declared type, because none of these formats names itself.
 */
import { appendIndex, appendKey } from "./json-path";

export type CatalogFormat =
  /** Our own `Catalog` (MCP-like tools plus `inputExamples`, `namespace`, `mockResult`). */
  | "catalog"
  /** MCP `tools/list` result, with or without the fixtures' `source`/`license`/`serverInfo` wrapper. */
  | "mcp"
  /** Chat Completions `tools`: `{ type: "function", function: { name, description, parameters } }`. */
  | "openai-chat"
  /** Responses `tools`: flat `{ type: "function", name, … }` and `{ type: "namespace", tools }`. */
  | "openai-responses"
  /** The legacy Chat Completions `functions` list: `{ name, description, parameters }` in JSON Schema. */
  | "openai-functions"
  /** Messages API `tools`: `{ name, description, input_schema, input_examples? }`. */
  | "anthropic"
  /** Berkeley Function Calling Leaderboard functions, whose parameter types include `dict` and `float`. */
  | "bfcl"
  /**
   * Gemini `functionDeclarations` (or `function_declarations`): `{ name, description, parameters }` in Gemini's
   * OpenAPI subset (`type: "OBJECT"`, `nullable`), or `parametersJsonSchema` in plain JSON Schema.
   */
  | "gemini"
  /**
   * Amazon Bedrock Converse `toolConfig.tools`: `{ toolSpec: { name, description, inputSchema: { json } } }`, with
   * `{ cachePoint }` markers between them.
   */
  | "bedrock"
  /**
   * An OpenAPI 3.x or Swagger 2.0 document, in JSON or YAML (lib/catalog/yaml-text.ts): one tool per operation, its
   * parameters and request body as the input schema (lib/catalog/openapi-tools.ts).
   */
  | "openapi"
  /** Cohere's v1 Chat API tools: `{ name, description, parameter_definitions: { city: { type: "str" } } }`. */
  | "cohere"
  /** LangChain tools written out with their `args`: `{ name, description, args: { city: { type: "string" } } }`. */
  | "langchain"
  /**
   * A bare list of `{ name, description }` with no schema under any key (written by hand, or copied from a server's
   * documentation): each tool is read as taking no arguments, and the import says so.
   */
  | "names";

export const EXPECTED_FORMATS_MESSAGE =
  "expected one of: an MCP tools/list result ({tools:[{name, description, inputSchema}]}), " +
  "OpenAI Chat Completions tools ([{type:'function', function:{…}}]), OpenAI Responses tools " +
  "([{type:'function', name, parameters}] or namespaces), Anthropic tools ([{name, input_schema}]), " +
  "BFCL functions ([{name, parameters:{type:'dict'}}] or a BFCL entry {id, question, function}), " +
  "Gemini function declarations ({tools:[{functionDeclarations:[{name, parameters}]}]}), " +
  "Amazon Bedrock Converse tools ({toolConfig:{tools:[{toolSpec:{name, inputSchema:{json}}}]}}), " +
  "Cohere v1 tools ([{name, parameter_definitions}]), LangChain tools with their args ([{name, args}]) " +
  "or an OpenAPI 3 or Swagger 2 document in JSON or YAML (one tool per operation); " +
  "a whole request body, a JSON-RPC reply (or its event stream), an array of tools/list pages holding one of these, " +
  "or an object of tools keyed by their names is read too";

/** One candidate tool object and where it sits in the source document. */
export type LocatedItem = {
  item: unknown;
  path: string;
  /** The MCP server that listed it, when the document names one per page (`serverInfo.name`). */
  server?: string;
};

export type DetectedCatalog = {
  format: CatalogFormat;
  items: LocatedItem[];
  /** The object around the tool list, when there is one (keeps `source`, `license`, `namespaces`). */
  wrapper?: Record<string, unknown>;
  /**
   * Where the tools were found when the document is none of the known shapes but holds one under its keys
   * (`$.data`, `$.request.body`): the import says so, since the rest of the document was not read.
   */
  nestedAt?: string;
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A LangChain tool's `args` (lib/catalog/argument-maps.ts): every argument a schema object. */
function isArgumentSchemaMap(value: unknown): boolean {
  return isRecord(value) && Object.values(value).every(isRecord);
}

/** An OpenAPI (3.x) or Swagger (2.0) document: a version field and a `paths` object. */
export function isOpenApiDocument(value: Record<string, unknown>): boolean {
  return isRecord(value.paths) && (typeof value.openapi === "string" || typeof value.swagger === "string");
}

const CATALOG_ONLY_TOOL_KEYS = ["inputExamples", "namespace", "mockResult"];
const BFCL_ONLY_TYPES = new Set(["dict", "float", "tuple", "any"]);

/** Gemini's two spellings of a tool's declarations: the SDKs' camelCase and the REST protobuf's snake_case. */
const GEMINI_DECLARATION_KEYS = ["functionDeclarations", "function_declarations"] as const;
/** Gemini's OpenAPI-subset type names: upper case, which no JSON Schema dialect accepts. */
const GEMINI_TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL", "TYPE_UNSPECIFIED"]);

/** The keys of a plain JSON Schema in a tool object: MCP's, Anthropic's, OpenAI's (and Gemini's OpenAPI subset). */
export const PLAIN_SCHEMA_KEYS = ["inputSchema", "input_schema", "parameters"];
/** Gemini's JSON Schema fields, read as written in preference to the OpenAPI-subset `parameters`. */
export const GEMINI_JSON_SCHEMA_KEYS = ["parametersJsonSchema", "parameters_json_schema"];
/** Every key a format keeps a tool's input schema under, in the tool object itself. */
export const SCHEMA_KEYS = [...PLAIN_SCHEMA_KEYS, ...GEMINI_JSON_SCHEMA_KEYS];
/** Keys under which a tool object wraps its whole definition (OpenAI Chat's `function`, Bedrock's `toolSpec`). */
const DEFINITION_KEYS = ["function", "toolSpec"];

/** The declarations list of one Gemini `Tool` object, under either spelling. */
function geminiDeclarations(item: unknown): unknown[] | undefined {
  if (!isRecord(item)) return undefined;
  for (const key of GEMINI_DECLARATION_KEYS) if (Array.isArray(item[key])) return item[key] as unknown[];
  return undefined;
}

/**
 * A Gemini `tools` list (`[{ functionDeclarations: […] }, { googleSearch: {} }]`): every declaration in order, and
 * the other tools as items of their own so the reader can say they were skipped. Undefined when no item declares.
 */
function locateGeminiTools(tools: unknown[], basePath: string): LocatedItem[] | undefined {
  if (!tools.some((tool) => geminiDeclarations(tool) !== undefined)) return undefined;
  return tools.flatMap((tool, index) => {
    const toolPath = appendIndex(basePath, index);
    const declarations = geminiDeclarations(tool);
    if (!declarations) return [{ item: tool, path: toolPath }];
    const key = GEMINI_DECLARATION_KEYS.find((candidate) =>
      Array.isArray((tool as Record<string, unknown>)[candidate]),
    )!;
    return locate(declarations, `${toolPath}.${key}`);
  });
}

/**
 * Several `tools/list` pages (or JSON-RPC replies) saved as one array: their tools in page order, each located in
 * its page. Undefined unless every object item is a page.
 */
function locatePages(pages: unknown[]): LocatedItem[] | undefined {
  const records = pages.filter(isRecord);
  const toolsOf = (page: Record<string, unknown>) =>
    Array.isArray(page.tools)
      ? { tools: page.tools as unknown[], key: "tools" }
      : isRecord(page.result) && Array.isArray(page.result.tools)
        ? { tools: page.result.tools as unknown[], key: "result.tools" }
        : undefined;
  if (records.length === 0 || !records.every((page) => toolsOf(page) !== undefined)) return undefined;
  return pages.flatMap((page, index) => {
    const found = isRecord(page) ? toolsOf(page) : undefined;
    if (!found) return [];
    const located = locate(found.tools, `${appendIndex("$", index)}.${found.key}`);
    const server = isRecord(page) && isRecord(page.serverInfo) ? page.serverInfo.name : undefined;
    return typeof server === "string" && server !== "" ? located.map((item) => ({ ...item, server })) : located;
  });
}

/**
 * How many keys down a tool list's holder is looked for inside a document none of the shapes below reads (a saved
 * HTTP exchange's `request.body`, an API reply's `data`): deep enough for the envelopes people save, shallow enough
 * that a large document that holds no tools is rejected at once.
 */
const NESTED_SEARCH_DEPTH = 2;

/** Finds the tool list inside `value` and names its format; undefined when nothing looks like tools. */
export function detectCatalogFormat(value: unknown): DetectedCatalog | undefined {
  return detect(value, NESTED_SEARCH_DEPTH);
}

/**
 * `depth`: how many keys further down a tool list may still be looked for. `nested`: `value` sits under a key of the
 * document, where only a list of tools is taken, never one tool alone: the one entry of a keyed map that a broken
 * entry kept from reading as a map would otherwise be read as the whole catalog.
 */
function detect(value: unknown, depth: number, nested = false): DetectedCatalog | undefined {
  if (Array.isArray(value)) {
    const gemini = locateGeminiTools(value, "$");
    if (gemini) return { format: "gemini", items: gemini };
    const format = classifyItems(value, undefined);
    if (format) return { format, items: locate(value, "$") };
    const pages = locatePages(value);
    const pagesFormat =
      pages &&
      classifyItems(
        pages.map((located) => located.item),
        undefined,
      );
    return pagesFormat ? { format: pagesFormat, items: pages } : undefined;
  }
  if (!isRecord(value)) return undefined;
  // An HTTP API's description, whose operations the reader turns into tools (its `tags` are not tools).
  if (!nested && isOpenApiDocument(value)) return { format: "openapi", items: [{ item: value, path: "$" }] };
  // One Gemini `Tool` object on its own.
  const declarations = geminiDeclarations(value);
  if (declarations) {
    const key = GEMINI_DECLARATION_KEYS.find((candidate) => Array.isArray(value[candidate]))!;
    return { format: "gemini", items: locate(declarations, `$.${key}`) };
  }
  // A JSON-RPC reply to tools/list, pasted whole.
  if (isRecord(value.result) && Array.isArray(value.result.tools)) {
    const inner = detect(value.result, 0);
    return (
      inner && {
        ...inner,
        items: inner.items.map((located) => ({ ...located, path: "$.result" + located.path.slice(1) })),
      }
    );
  }
  // One BFCL JSONL entry: the candidate functions of a question.
  if (Array.isArray(value.function) && ("question" in value || "id" in value)) {
    return { format: "bfcl", items: locate(value.function, "$.function"), wrapper: value };
  }
  // A Bedrock Converse request body (or its `toolConfig` alone, whose `tools` the branch below reads).
  if (isRecord(value.toolConfig) && Array.isArray(value.toolConfig.tools)) {
    const format = classifyItems(value.toolConfig.tools, undefined);
    return format && { format, items: locate(value.toolConfig.tools, "$.toolConfig.tools"), wrapper: value };
  }
  // A Chat Completions request body of the legacy `functions` API.
  if (Array.isArray(value.functions) && !Array.isArray(value.tools)) {
    const format = classifyItems(value.functions, undefined);
    return format && { format, items: locate(value.functions, "$.functions"), wrapper: value };
  }
  if (Array.isArray(value.tools)) {
    const gemini = locateGeminiTools(value.tools, "$.tools");
    if (gemini) return { format: "gemini", items: gemini, wrapper: value };
    const format = classifyItems(value.tools, value) ?? (value.tools.length === 0 ? "catalog" : undefined);
    return format && { format, items: locate(value.tools, "$.tools"), wrapper: value };
  }
  // One tool on its own, copied out of a list (before the keyed reading, which would take Bedrock's
  // `toolSpec` for a tool of that name).
  if (!nested && isSingleTool(value)) {
    const format = classifyItems([value], undefined);
    if (format) return { format, items: [{ item: value, path: "$" }] };
  }
  // Tools keyed by their names, as the AI SDK's `tools` option and many configuration files hold them.
  const keyed = isRecord(value.tools) ? locateToolMap(value.tools, "$.tools") : locateToolMap(value, "$");
  if (keyed) {
    const format = classifyItems(
      keyed.map((located) => located.item),
      undefined,
    );
    return format && { format, items: keyed, ...(isRecord(value.tools) ? { wrapper: value } : {}) };
  }
  return depth > 0 ? detectNested(value, depth) : undefined;
}

/** A tool object with a name and a schema, or a definition wrapped as Chat Completions and Bedrock wrap theirs. */
function isSingleTool(value: Record<string, unknown>): boolean {
  if (value.type === "function" && isRecord(value.function)) return true;
  if (isRecord(value.toolSpec)) return true;
  return typeof value.name === "string" && SCHEMA_KEYS.some((key) => isRecord(value[key]));
}

/**
 * The first tool list under one of the document's keys, in the document's order, `depth` keys deep at most; its
 * items' paths start at the document's root, and `nestedAt` says where the list was found. Tools with schemas only:
 * a list of names and descriptions inside another document is something else (an OpenAPI file's `tags`).
 */
function detectNested(value: Record<string, unknown>, depth: number): DetectedCatalog | undefined {
  for (const [key, inner] of Object.entries(value)) {
    if (!isRecord(inner) && !Array.isArray(inner)) continue;
    const found = detect(inner, Array.isArray(inner) ? 0 : depth - 1, true);
    if (!found || found.format === "names") continue;
    const prefix = appendKey("$", key);
    const inDocument = (path: string) => prefix + path.slice(1);
    return {
      ...found,
      items: found.items.map((located) => ({ ...located, path: inDocument(located.path) })),
      nestedAt: inDocument(found.nestedAt ?? "$"),
    };
  }
  return undefined;
}

/**
 * `{ get_weather: { description, inputSchema }, … }`: each entry as a tool named by its key (unless it names itself),
 * located at its key. Undefined unless every entry is an object with a schema, so no other document reads as tools.
 */
function locateToolMap(map: Record<string, unknown>, basePath: string): LocatedItem[] | undefined {
  const entries = Object.entries(map);
  const isTool = ([key, entry]: [string, unknown]) =>
    key.trim() !== "" && isRecord(entry) && SCHEMA_KEYS.some((schemaKey) => isRecord(entry[schemaKey]));
  if (entries.length === 0 || !entries.every(isTool)) return undefined;
  return entries.map(([key, entry]) => ({
    item: typeof (entry as Record<string, unknown>).name === "string" ? entry : { name: key, ...(entry as object) },
    path: appendKey(basePath, key),
  }));
}

function locate(items: unknown[], basePath: string): LocatedItem[] {
  return items.map((item, index) => ({ item, path: appendIndex(basePath, index) }));
}

/**
 * The format of the first item that has a recognisable shape; server tools and junk are skipped. A list of named,
 * described tools none of which has a schema is "names".
 */
function classifyItems(items: unknown[], wrapper: Record<string, unknown> | undefined): CatalogFormat | undefined {
  for (const item of items) {
    const format = classifyItem(item, items, wrapper);
    if (format) return format;
  }
  return namesOnly(items) ? "names" : undefined;
}

/**
 * Keys of named, described things that are not tools: an MCP prompt's `arguments`, a resource's `uri` and
 * `mimeType`. A list with them is left unrecognised rather than read as tools, and a hand-written tool list that
 * names its arguments (`arguments`, `args`) is not read as taking none.
 */
const NOT_TOOL_KEYS = ["arguments", "args", "uri", "uriTemplate", "mimeType"];

/**
 * Whether `items` are tools with a name each, some described, and no schema anywhere: what a list of tools written
 * by hand looks like. Any other object (a record without a name, a page of tools, a prompt) makes it something else.
 */
function namesOnly(items: unknown[]): boolean {
  return (
    items.length > 0 &&
    items.every(
      (item) =>
        isRecord(item) &&
        typeof item.name === "string" &&
        ![...SCHEMA_KEYS, ...DEFINITION_KEYS, ...NOT_TOOL_KEYS].some((key) => key in item),
    ) &&
    items.some((item) => isRecord(item) && typeof item.description === "string" && item.description.trim() !== "")
  );
}

function classifyItem(
  item: unknown,
  items: unknown[],
  wrapper: Record<string, unknown> | undefined,
): CatalogFormat | undefined {
  if (!isRecord(item)) return undefined;
  if (isRecord(item.toolSpec)) return "bedrock";
  if (item.type === "function" && isRecord(item.function)) return "openai-chat";
  if (item.type === "namespace" || (item.type === "function" && typeof item.name === "string"))
    return "openai-responses";
  if ("input_schema" in item) return "anthropic";
  if ("inputSchema" in item) {
    const usesCatalogFields =
      (wrapper !== undefined && "namespaces" in wrapper) ||
      items.some((tool) => isRecord(tool) && CATALOG_ONLY_TOOL_KEYS.some((key) => key in tool));
    return usesCatalogFields ? "catalog" : "mcp";
  }
  if (typeof item.name === "string" && isRecord(item.parameter_definitions)) return "cohere";
  if (typeof item.name === "string" && isArgumentSchemaMap(item.args)) return "langchain";
  if (typeof item.name === "string" && ("parametersJsonSchema" in item || "parameters_json_schema" in item))
    return "gemini";
  if (typeof item.name === "string" && "parameters" in item) {
    if (items.some((tool) => isRecord(tool) && usesGeminiTypes(tool.parameters))) return "gemini";
    return items.some((tool) => isRecord(tool) && usesBfclTypes(tool.parameters)) ? "bfcl" : "openai-functions";
  }
  return undefined;
}

/** True when a parameter schema uses one of BFCL's own type names anywhere (checked without recursion). */
export function usesBfclTypes(schema: unknown): boolean {
  return usesTypeNames(schema, BFCL_ONLY_TYPES);
}

/** True when a parameter schema's top level uses Gemini's upper-case type names (`"OBJECT"`). */
export function usesGeminiTypes(schema: unknown): boolean {
  return isRecord(schema) && typeof schema.type === "string" && GEMINI_TYPES.has(schema.type);
}

function usesTypeNames(schema: unknown, names: ReadonlySet<string>): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isRecord(node)) continue;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.some((type) => typeof type === "string" && names.has(type))) return true;
    if (isRecord(node.properties)) stack.push(...Object.values(node.properties));
    if (Array.isArray(node.items)) stack.push(...node.items);
    else stack.push(node.items);
  }
  return false;
}
