/**
 * Turns each detected format's tool objects into `CatalogTool`s. Readers report what they cannot read and
 * skip only items that have no usable name; everything else is kept so the user can see and fix it.
 */
import { cohereParametersToJsonSchema, langChainArgsToJsonSchema } from "./argument-maps";
import { bfclToJsonSchema } from "./bfcl-types";
import { geminiToJsonSchema } from "./gemini-types";
import { openApiOperationTools } from "./openapi-tools";
import {
  type CatalogFormat,
  type LocatedItem,
  GEMINI_JSON_SCHEMA_KEYS,
  isRecord,
  PLAIN_SCHEMA_KEYS,
} from "./catalog-format";
import { appendIndex, appendKey } from "./json-path";
import type { CatalogTool, InputProblem, JsonSchema } from "../core/catalog";

/** A read tool, where it came from, and where its input schema sits in the source document. */
export type ToolEntry = {
  tool: CatalogTool;
  path: string;
  schemaPath: string;
  schemaUnreadable?: string;
  /** The MCP server that listed the tool, when the document says (LocatedItem.server). */
  server?: string;
};

export type ReadResult = { entries: ToolEntry[]; namespaces: Record<string, string>; problems: InputProblem[] };

type FieldNames = { schema: string; examples?: string };

const FIELD_NAMES: Record<CatalogFormat, FieldNames> = {
  catalog: { schema: "inputSchema", examples: "inputExamples" },
  mcp: { schema: "inputSchema", examples: "inputExamples" },
  anthropic: { schema: "input_schema", examples: "input_examples" },
  "openai-chat": { schema: "parameters" },
  "openai-responses": { schema: "parameters" },
  "openai-functions": { schema: "parameters" },
  bfcl: { schema: "parameters" },
  gemini: { schema: "parameters" },
  bedrock: { schema: "inputSchema" },
  openapi: { schema: "inputSchema" },
  cohere: { schema: "parameter_definitions" },
  langchain: { schema: "args" },
  names: { schema: "inputSchema" },
};

/**
 * Formats whose tools are plain objects with one of the plain schema keys (not wrapped, not in a provider's own
 * dialect). A list gathered from several sources mixes those keys (an MCP server's `inputSchema` beside an OpenAI
 * function's `parameters`): a tool that lacks its list's key but has another is read from it, with a warning,
 * instead of being refused or read as taking no arguments.
 */
const MIXABLE_FORMATS: ReadonlySet<CatalogFormat> = new Set([
  "catalog",
  "mcp",
  "anthropic",
  "openai-chat",
  "openai-responses",
  "openai-functions",
]);

/** OpenAI allows a function without `parameters`; it then takes no arguments. A fresh object per tool. */
function emptyObjectSchema(): JsonSchema {
  return { type: "object", properties: {} };
}

export function readToolEntries(format: CatalogFormat, items: LocatedItem[]): ReadResult {
  const result: ReadResult = { entries: [], namespaces: {}, problems: [] };
  // An OpenAPI document is one item: its operations, read as MCP-shaped tools, are the list.
  const located =
    format === "openapi" ? items.flatMap(({ item }) => (isRecord(item) ? openApiOperationTools(item) : [])) : items;
  for (const { item, path, server } of located) {
    const before = result.entries.length;
    readItem(format, item, path, result);
    if (server !== undefined) for (const entry of result.entries.slice(before)) entry.server = server;
  }
  return result;
}

function readItem(format: CatalogFormat, item: unknown, path: string, result: ReadResult): void {
  if (!isRecord(item)) {
    result.problems.push({
      severity: "error",
      path,
      message: "catalog: a tool must be an object; this item is ignored",
      code: "notAnObject",
    });
    return;
  }
  if (format === "openai-chat") {
    if (item.type !== "function" || !isRecord(item.function)) skipNonFunction(item, path, result);
    else readTool(item.function, appendKey(path, "function"), format, undefined, result);
  } else if (format === "bedrock") {
    // Between the tools of a Converse `toolConfig` sit `{ cachePoint: { type: "default" } }` markers.
    if (isRecord(item.toolSpec)) readTool(item.toolSpec, appendKey(path, "toolSpec"), format, undefined, result);
    else skipNonFunction({ type: Object.keys(item)[0] }, path, result);
  } else if (format === "openai-responses") {
    readResponsesItem(item, path, result);
  } else if (format === "gemini" && !("name" in item)) {
    // A Gemini tool that declares no functions: `{ googleSearch: {} }`, `{ codeExecution: {} }`.
    skipNonFunction({ type: Object.keys(item)[0] }, path, result);
  } else if (
    typeof item.type === "string" &&
    item.type !== "function" &&
    !("inputSchema" in item) &&
    !("input_schema" in item)
  ) {
    // Provider-defined tools (`tool_search_tool_bm25_20251119`, `web_search_20250305`) have no schema to import.
    skipNonFunction(item, path, result);
  } else {
    readTool(item, path, format, undefined, result);
  }
}

function skipNonFunction(item: Record<string, unknown>, path: string, result: ReadResult): void {
  const kind = typeof item.type === "string" ? `"${item.type}"` : "without a type";
  result.problems.push({
    severity: "warning",
    path,
    message: `catalog: skipped a provider tool ${kind}: only function tools are imported`,
    code: "skippedProviderTool",
    values: { type: typeof item.type === "string" ? item.type : "none" },
  });
}

function readResponsesItem(item: Record<string, unknown>, path: string, result: ReadResult): void {
  if (item.type === "function") return readTool(item, path, "openai-responses", undefined, result);
  if (item.type !== "namespace") return skipNonFunction(item, path, result);
  const namespace = typeof item.name === "string" ? item.name : "";
  if (namespace === "") {
    result.problems.push({
      severity: "error",
      path: appendKey(path, "name"),
      message: "catalog: a namespace needs a name; its tools are ignored",
      code: "namespaceName",
    });
    return;
  }
  result.namespaces[namespace] = typeof item.description === "string" ? item.description : "";
  if (!Array.isArray(item.tools)) {
    result.problems.push({
      severity: "error",
      path: appendKey(path, "tools"),
      message: `catalog: namespace "${namespace}" has no tools array`,
      code: "namespaceTools",
      values: { namespace },
    });
    return;
  }
  item.tools.forEach((member, index) => {
    const memberPath = appendIndex(appendKey(path, "tools"), index);
    if (isRecord(member) && member.type === "function")
      readTool(member, memberPath, "openai-responses", namespace, result);
    else if (isRecord(member)) skipNonFunction(member, memberPath, result);
    else
      result.problems.push({
        severity: "error",
        path: memberPath,
        message: "catalog: a tool must be an object; this item is ignored",
        code: "notAnObject",
      });
  });
}

function readTool(
  item: Record<string, unknown>,
  path: string,
  format: CatalogFormat,
  namespace: string | undefined,
  result: ReadResult,
): void {
  const jsonSchemaKey = format === "gemini" ? GEMINI_JSON_SCHEMA_KEYS.find((key) => key in item) : undefined;
  let fields = jsonSchemaKey ? { schema: jsonSchemaKey } : FIELD_NAMES[format];
  if (typeof item.name !== "string" || item.name.trim() === "") {
    result.problems.push({
      severity: "error",
      path: appendKey(path, "name"),
      message: "catalog: a tool needs a non-empty string name; this tool is ignored",
      code: "noName",
    });
    return;
  }
  const name = item.name;
  const otherKey =
    MIXABLE_FORMATS.has(format) && !(fields.schema in item)
      ? PLAIN_SCHEMA_KEYS.find((key) => key !== fields.schema && isRecord(item[key]))
      : undefined;
  if (otherKey !== undefined) {
    result.problems.push({
      severity: "warning",
      path: appendKey(path, otherKey),
      toolName: name,
      message: `catalog: "${name}" gives its input schema as "${otherKey}", not "${fields.schema}" as the list does; read from "${otherKey}"`,
      code: "otherSchemaKey",
      values: { name, key: otherKey, expected: fields.schema },
    });
    fields = { ...fields, schema: otherKey };
  }
  // Bedrock wraps the JSON Schema once more: `inputSchema: { json: {…} }`. An OpenAPI tool's schema is made from
  // its operation's parameters and body, so a problem in it points at the operation.
  const schemaPath =
    format === "bedrock"
      ? appendKey(appendKey(path, fields.schema), "json")
      : format === "openapi"
        ? path
        : appendKey(path, fields.schema);
  const tool: CatalogTool = {
    name,
    description: readDescription(item, path, name, result),
    inputSchema: emptyObjectSchema(),
  };
  const entry: ToolEntry = { tool, path, schemaPath };
  const writtenSchema =
    format === "bedrock"
      ? isRecord(item[fields.schema])
        ? (item[fields.schema] as Record<string, unknown>).json
        : undefined
      : item[fields.schema];
  const rawSchema = schemaInString(writtenSchema) ?? writtenSchema;
  if (rawSchema !== writtenSchema)
    result.problems.push({
      severity: "warning",
      path: schemaPath,
      toolName: name,
      message: `catalog: "${name}" gives its input schema as a JSON string; read the object written in it (providers and MCP clients send an object)`,
      code: "schemaAsString",
      values: { name },
    });
  if (isRecord(rawSchema)) tool.inputSchema = inDialect(format, rawSchema, jsonSchemaKey !== undefined);
  else if (
    rawSchema !== undefined ||
    format === "catalog" ||
    format === "mcp" ||
    format === "anthropic" ||
    format === "bedrock"
  ) {
    // MCP, Anthropic and Bedrock require the schema; OpenAI and Gemini treat a missing `parameters` as "no arguments".
    const field = format === "bedrock" ? `${fields.schema}.json` : fields.schema;
    entry.schemaUnreadable = rawSchema === undefined ? `missing "${field}"` : `"${field}" must be a JSON Schema object`;
  }
  if (fields.examples && item[fields.examples] !== undefined) {
    const examples = item[fields.examples];
    if (Array.isArray(examples) && examples.every(isRecord)) tool.inputExamples = examples;
    else
      result.problems.push({
        severity: "error",
        path: appendKey(path, fields.examples),
        toolName: name,
        message: "catalog: input examples must be an array of objects; ignored",
        code: "examplesArray",
      });
  }
  const ownNamespace = typeof item.namespace === "string" ? item.namespace : undefined;
  if (namespace ?? ownNamespace) tool.namespace = namespace ?? ownNamespace;
  if ("mockResult" in item) tool.mockResult = item.mockResult;
  result.entries.push(entry);
}

/**
 * The object a schema written as a JSON string holds (a database export or a registry that stores schemas as text
 * writes them so), or undefined when it is no such string.
 */
function schemaInString(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== "string" || !value.trimStart().startsWith("{")) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A tool's schema as its format writes it, in JSON Schema. */
function inDialect(format: CatalogFormat, schema: Record<string, unknown>, geminiJsonSchema: boolean): JsonSchema {
  if (format === "bfcl") return bfclToJsonSchema(schema);
  if (format === "gemini" && !geminiJsonSchema) return geminiToJsonSchema(schema);
  if (format === "cohere") return cohereParametersToJsonSchema(schema);
  if (format === "langchain") return langChainArgsToJsonSchema(schema);
  return schema;
}

function readDescription(item: Record<string, unknown>, path: string, name: string, result: ReadResult): string {
  if (typeof item.description === "string") return item.description;
  if (item.description !== undefined) {
    result.problems.push({
      severity: "warning",
      path: appendKey(path, "description"),
      toolName: name,
      message: "catalog: description must be a string; treated as empty",
      code: "descriptionString",
    });
  }
  return "";
}
