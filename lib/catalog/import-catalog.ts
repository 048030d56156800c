/** Imports a tool list in any supported format into a `Catalog`, checking every tool on the way. */
import { compiledSchemaOf } from "./argument-validation";
import {
  type CatalogFormat,
  EXPECTED_FORMATS_MESSAGE,
  SCHEMA_KEYS,
  type LocatedItem,
  detectCatalogFormat,
  isRecord,
} from "./catalog-format";
import { appendIndex, appendKey } from "./json-path";
import { MAX_NESTING_DEPTH, nestingProblem, parseJsonText, valueNestingDepth } from "./json-text";
import { parseJsonLines } from "./json-lines";
import { type JsoncReading, blankJsonComments } from "./json-comments";
import { readEventStreamData } from "./server-sent-events";
import { looksLikeOpenApiYaml } from "./openapi-yaml";
import { parseYamlText } from "./yaml-text";
import { type ToolEntry, readToolEntries } from "./read-tool-entries";
import { checkSchemaAgainstMetaSchema, type SchemaCompilation } from "./schema-compiler";
import { uncompilableProblem } from "./schema-problem";
import {
  SERVER_PREFIX_SEPARATOR,
  TOOL_NAME_PATTERN,
  isValidToolName,
  sanitizeNamePart,
  toolNameRuleMessage,
} from "./tool-names";
import type { Catalog, CatalogTool, InputProblem, Parsed } from "../core/catalog";
import { jsonTextOf } from "../core/json-text";

/**
 * Compiling costs ~0.3 ms a schema. Above this many tools (synthetic 10,000-tool catalogs) import checks schemas
 * against the meta-schema only and compiles each one when its arguments are first validated.
 */
export const EAGER_COMPILE_TOOL_LIMIT = 1_000;

export type CatalogImportOptions = {
  /** Names the input in messages, e.g. a file name. */
  sourceName?: string;
  /** "compile" every schema, check against the "meta-schema" only, or decide by catalog size ("auto"). */
  schemaCheck?: "compile" | "meta-schema" | "auto";
};

export type CatalogImport = Parsed<Catalog> & { format?: CatalogFormat };

export function parseCatalogText(text: string, options: CatalogImportOptions = {}): CatalogImport {
  let parsed = parseJsonText(text, label(options));
  // parseJsonText refused text nested deeper than the limit, so the value it parsed needs no second walk.
  if (parsed.value !== undefined) return importCheckedValue(parsed.value, options);
  const events = parsed.syntaxError ? readEventStreamData(text) : undefined;
  if (events) return importCatalogValue(events.length === 1 ? events[0] : events, options);
  // Tool lists copied out of an editor's settings carry comments and trailing commas: read them, and say so.
  const jsonc = parsed.syntaxError ? blankJsonComments(text) : undefined;
  if (jsonc) {
    const reread = parseJsonText(jsonc.text, label(options));
    if (reread.value !== undefined) {
      const imported = importCheckedValue(reread.value, options);
      return { ...imported, problems: [jsoncNote(jsonc, options), ...imported.problems] };
    }
    // A syntax error left once the comments are gone is reported where it is, not at the first comment.
    parsed = reread;
  }
  // OpenAPI documents are often YAML: text whose version line says it is one is read as YAML, and a YAML error is
  // reported as such rather than as where the JSON broke.
  if (parsed.syntaxError && looksLikeOpenApiYaml(text)) {
    const yaml = parseYamlText(text);
    if (yaml.ok) return importCatalogValue(yaml.value, options);
    return {
      value: undefined,
      problems: [
        {
          severity: "error",
          path: "$",
          ...(yaml.line !== undefined ? { line: yaml.line, column: yaml.column ?? 1 } : {}),
          message: `${label(options)}: an OpenAPI document in YAML that does not parse: ${yaml.reason}`,
          code: "openApiYaml",
          values: { reason: yaml.reason, ...(options.sourceName ? { source: options.sourceName } : {}) },
        },
      ],
    };
  }
  // BFCL ships JSON Lines under a .json extension; try that before reporting the JSON error.
  const lines = parsed.syntaxError ? parseJsonLines(text, label(options)) : undefined;
  if (lines === undefined) return { value: undefined, problems: parsed.problems };
  if (lines.value === undefined) return { value: undefined, problems: lines.problems };
  const imported = importLocatedItems(lines.value, undefined, options);
  const entryLines = lines.value.entryLines;
  for (const problem of imported.problems) {
    const entry = /^\$\[(\d+)\]/.exec(problem.path);
    if (entry && problem.line === undefined) Object.assign(problem, { line: entryLines[Number(entry[1])], column: 1 });
  }
  return { ...imported, problems: [...lines.problems, ...imported.problems] };
}

export function importCatalogValue(value: unknown, options: CatalogImportOptions = {}): CatalogImport {
  const depth = valueNestingDepth(value, MAX_NESTING_DEPTH);
  if (depth > MAX_NESTING_DEPTH) return { value: undefined, problems: [nestingProblem(depth)] };
  return importCheckedValue(value, options);
}

/** A value whose nesting is known to be within MAX_NESTING_DEPTH. */
function importCheckedValue(value: unknown, options: CatalogImportOptions): CatalogImport {
  const detected = detectCatalogFormat(value);
  if (!detected) {
    const known = knownNonCatalog(value, options);
    if (known) return { value: undefined, problems: [known] };
    return {
      value: undefined,
      problems: [
        {
          severity: "error",
          path: "$",
          message: `${label(options)}: unrecognised tool list; ${EXPECTED_FORMATS_MESSAGE}`,
          code: "unrecognised",
        },
      ],
    };
  }
  const imported = importLocatedItems({ format: detected.format, items: detected.items }, detected.wrapper, options);
  const count = imported.value?.tools.length ?? 0;
  if (detected.format === "openapi" && count > 0) {
    imported.problems.unshift({
      severity: "warning",
      path: "$.paths",
      message:
        `${label(options)}: read the OpenAPI document's ${count} ${count === 1 ? "operation" : "operations"} as ` +
        "tools, one each: its parameters and request body are the tool's input schema, as an OpenAPI-to-MCP bridge " +
        "lists them",
      code: "openApiOperations",
      values: { count, ...(options.sourceName ? { source: options.sourceName } : {}) },
    });
  }
  if (detected.nestedAt !== undefined && imported.value)
    imported.problems.unshift({
      severity: "warning",
      path: detected.nestedAt,
      message:
        `${label(options)}: read the tools found under ${detected.nestedAt}, the first tool list in the document; ` +
        "the rest of it was not read",
      code: "nestedToolList",
      values: { path: detected.nestedAt, ...(options.sourceName ? { source: options.sourceName } : {}) },
    });
  return imported;
}

function importLocatedItems(
  detected: { format: CatalogFormat; items: LocatedItem[] },
  wrapper: Record<string, unknown> | undefined,
  options: CatalogImportOptions,
): CatalogImport {
  const read = readToolEntries(detected.format, detected.items);
  const problems = [...read.problems];
  renameAcrossServers(read.entries, problems);
  const tools = keepFirstOfEachName(read.entries, problems);
  const compileAll =
    options.schemaCheck === "compile" ||
    (options.schemaCheck !== "meta-schema" && tools.length <= EAGER_COMPILE_TOOL_LIMIT);
  shareEqualSchemas(tools);
  const checkSchema = memoisedMetaSchemaCheck();
  for (const entry of tools) checkTool(entry, compileAll, checkSchema, problems);
  const catalog: Catalog = { tools: tools.map((entry) => entry.tool) };
  const namespaces = { ...read.namespaces, ...readNamespaces(wrapper, problems) };
  if (Object.keys(namespaces).length > 0) catalog.namespaces = namespaces;
  if (typeof wrapper?.source === "string") catalog.source = wrapper.source;
  if (typeof wrapper?.license === "string") catalog.license = wrapper.license;
  if (detected.format === "names" && catalog.tools.length > 0)
    problems.push({
      severity: "warning",
      path: "$",
      message:
        `${label(options)}: no tool has an input schema, so each is read as taking no arguments; ` +
        `give a tool its arguments as "inputSchema" (a JSON Schema object), as MCP servers list them`,
      code: "noSchemas",
    });
  if (catalog.tools.length === 0)
    problems.push({
      severity: "warning",
      path: "$",
      message: `${label(options)}: the catalog has no tools`,
      code: "noTools",
    });
  if (options.sourceName)
    for (const problem of problems) {
      problem.message = problem.message.replace(/^catalog:/, `${label(options)}:`);
      if (problem.code) problem.values = { ...problem.values, source: options.sourceName };
    }
  return { value: catalog, problems, format: detected.format };
}

/**
 * Files people open first that hold no tools, each said for what it is: a JSON-RPC error reply (the server
 * refused tools/list), an MCP client's configuration (`mcpServers`, VS Code's `servers`), which names how to start
 * servers but not their tools, and a server's prompts or resources list saved in place of its tools.
 */
function knownNonCatalog(value: unknown, options: CatalogImportOptions): InputProblem | undefined {
  if (!isRecord(value)) return undefined;
  const source: Record<string, string> = options.sourceName ? { source: options.sourceName } : {};
  if (typeof value.jsonrpc === "string" && isRecord(value.error)) {
    const detail = `${String(value.error.code ?? "")} ${String(value.error.message ?? "")}`.trim();
    return {
      severity: "error",
      path: "$.error",
      message: `${label(options)}: a JSON-RPC error reply (${detail}), not a tools/list result: the server listed no tools`,
      code: "jsonRpcError",
      values: { detail, ...source },
    };
  }
  const servers = isRecord(value.mcpServers) ? value.mcpServers : isRecord(value.servers) ? value.servers : undefined;
  const configures = (entry: unknown) =>
    isRecord(entry) && (typeof entry.command === "string" || typeof entry.url === "string");
  if (servers && Object.values(servers).some(configures)) {
    const names = Object.keys(servers).slice(0, 5).join(", ");
    return {
      severity: "error",
      path: isRecord(value.mcpServers) ? "$.mcpServers" : "$.servers",
      message:
        `${label(options)}: an MCP client configuration (servers ${names}) says how to start servers, not which tools ` +
        "they have: import from the live MCP server, or save its tools/list reply and open that",
      code: "mcpConfig",
      values: { names, ...source },
    };
  }
  const brokenMap = toolMapWithoutSchemas(value, options);
  if (brokenMap) return brokenMap;
  // A server's other lists, saved in place of its tools.
  const listed = isRecord(value.result) ? value.result : value;
  const method = Array.isArray(listed.prompts)
    ? "prompts/list"
    : Array.isArray(listed.resources)
      ? "resources/list"
      : Array.isArray(listed.resourceTemplates)
        ? "resources/templates/list"
        : undefined;
  if (method)
    return {
      severity: "error",
      path: listed === value ? "$" : "$.result",
      message:
        `${label(options)}: an MCP ${method} reply, not a tools/list result: it lists no tools; ` +
        "save the server's tools/list reply and open that",
      code: "mcpOtherList",
      values: { method, ...source },
    };
  return undefined;
}

/**
 * An object of tools keyed by their names (the AI SDK's `tools`) in which some entries have no schema: it is not read
 * as tools (no other document should be), so the problem names those entries. Only when most entries are tools with
 * schemas and the rest look like tools (a name or a description), so a document of another kind is not taken for one.
 */
function toolMapWithoutSchemas(
  value: Record<string, unknown>,
  options: CatalogImportOptions,
): InputProblem | undefined {
  const map = isRecord(value.tools) ? value.tools : value;
  const mapPath = map === value ? "$" : "$.tools";
  const entries = Object.entries(map);
  const hasSchema = (entry: unknown) => isRecord(entry) && SCHEMA_KEYS.some((key) => isRecord(entry[key]));
  const toolLike = (entry: unknown) =>
    isRecord(entry) && (typeof entry.description === "string" || typeof entry.name === "string");
  const without = entries.filter(([, entry]) => !hasSchema(entry));
  const withSchemas = entries.length - without.length;
  if (without.length === 0 || withSchemas < without.length || !without.every(([, entry]) => toolLike(entry)))
    return undefined;
  const names = without
    .slice(0, 5)
    .map(([key]) => key)
    .join(", ");
  return {
    severity: "error",
    path: appendKey(mapPath, without[0][0]),
    message:
      `${label(options)}: an object of tools keyed by name, but ${without.length === 1 ? "entry" : "entries"} ` +
      `${names} ${without.length === 1 ? "has" : "have"} no input schema ("inputSchema", "input_schema" or ` +
      `"parameters"): every entry needs one, so no tool was read`,
    code: "toolMapEntry",
    values: { names, count: without.length, ...(options.sourceName ? { source: options.sourceName } : {}) },
  };
}

function jsoncNote(reading: JsoncReading, options: CatalogImportOptions): InputProblem {
  const { comments, trailingCommas } = reading;
  return {
    severity: "warning",
    path: "$",
    message:
      `${label(options)}: read as JSON with comments (JSONC): ${comments} comment${comments === 1 ? "" : "s"} and ` +
      `${trailingCommas} trailing comma${trailingCommas === 1 ? "" : "s"} ignored; providers and MCP clients send plain JSON`,
    code: "jsonc",
    values: { comments, trailingCommas, ...(options.sourceName ? { source: options.sourceName } : {}) },
  };
}

function label(options: CatalogImportOptions): string {
  return options.sourceName ? `catalog (${options.sourceName})` : "catalog";
}

/**
 * Pages of several servers (each naming its `serverInfo`) are what a client connected to all of them lists: a name
 * two servers offer is renamed `<server>__<name>` on each, as "Add to the catalog" does (merge-catalogs.ts), so
 * neither server's tool is lost.
 */
function renameAcrossServers(entries: ToolEntry[], problems: InputProblem[]): void {
  const serversByName = new Map<string, Set<string>>();
  for (const { tool, server } of entries) {
    if (server === undefined) continue;
    const servers = serversByName.get(tool.name) ?? new Set<string>();
    servers.add(server);
    serversByName.set(tool.name, servers);
  }
  for (const entry of entries) {
    const servers = entry.server === undefined ? undefined : serversByName.get(entry.tool.name);
    if (!servers || servers.size < 2) continue;
    const name = entry.tool.name;
    const renamed = `${sanitizeNamePart(entry.server!)}${SERVER_PREFIX_SEPARATOR}${name}`;
    const others = [...servers].filter((other) => other !== entry.server).join(", ");
    entry.tool.name = renamed;
    problems.push({
      severity: "warning",
      path: appendKey(entry.path, "name"),
      toolName: renamed,
      message: `catalog: "${name}" is also offered by ${others}; renamed to "${renamed}"`,
      code: "renamed",
      values: { name, others, renamed },
    });
  }
}

/** Names must be unique: the first tool of a name wins and each later one is reported with both places. */
function keepFirstOfEachName(entries: ToolEntry[], problems: InputProblem[]): ToolEntry[] {
  const firstByName = new Map<string, ToolEntry>();
  const kept: ToolEntry[] = [];
  for (const entry of entries) {
    const first = firstByName.get(entry.tool.name);
    if (first) {
      problems.push({
        severity: "error",
        path: appendKey(entry.path, "name"),
        toolName: entry.tool.name,
        message: `catalog: duplicate tool name "${entry.tool.name}" at ${first.path} and ${entry.path}; the second is ignored`,
        code: "duplicateName",
        values: { name: entry.tool.name, first: first.path, second: entry.path },
      });
      continue;
    }
    firstByName.set(entry.tool.name, entry);
    kept.push(entry);
  }
  return kept;
}

/**
 * Makes equal input schemas (the same JSON text) one object. A large catalog repeats its schemas (one server's tools
 * served for many tenants, the same `{ id }` object under many tools: 10,000 tools, a few hundred distinct schemas);
 * as one object each, the catalog is smaller to keep and to hand to the helper worker, and everything worked out
 * per schema and kept by identity (its meta-schema check, its JSON text in a definition, its search fields, its
 * compiled validator) is worked out once. Schemas are never edited in place: an edit makes a new catalog.
 */
function shareEqualSchemas(entries: readonly ToolEntry[]): void {
  const byText = new Map<string, CatalogTool["inputSchema"]>();
  for (const entry of entries) {
    const schema = entry.tool.inputSchema;
    const text = jsonTextOf(schema);
    const shared = byText.get(text);
    if (shared === undefined) byText.set(text, schema);
    else entry.tool.inputSchema = shared;
  }
}

/** The meta-schema check of each distinct schema once per import (equal schemas are one object by then). */
function memoisedMetaSchemaCheck(): (schema: CatalogTool["inputSchema"]) => SchemaCompilation {
  const checked = new Map<CatalogTool["inputSchema"], SchemaCompilation>();
  return (schema) => {
    let compilation = checked.get(schema);
    if (!compilation) {
      compilation = checkSchemaAgainstMetaSchema(schema);
      checked.set(schema, compilation);
    }
    return compilation;
  };
}

function checkTool(
  entry: ToolEntry,
  compileAll: boolean,
  checkSchema: (schema: CatalogTool["inputSchema"]) => SchemaCompilation,
  problems: InputProblem[],
): void {
  const { tool, schemaPath } = entry;
  const toolName = tool.name;
  if (!isValidToolName(toolName)) {
    problems.push({
      severity: "warning",
      path: appendKey(entry.path, "name"),
      toolName,
      message: `catalog: ${toolNameRuleMessage(toolName)}`,
      code: "nameRule",
      values: { name: toolName, pattern: TOOL_NAME_PATTERN.source },
    });
  }
  if (entry.schemaUnreadable) {
    markUnusable(tool, entry.schemaUnreadable, schemaPath, problems);
    return;
  }
  const compilation = compileAll ? compiledSchemaOf(tool) : checkSchema(tool.inputSchema);
  for (const warning of compilation.warnings)
    problems.push({
      severity: "warning",
      path: schemaPath,
      toolName,
      message: `catalog: ${warning}`,
      ...schemaWarningCode(warning),
    });
  if (compilation.error !== undefined) {
    markUnusable(tool, compilation.error, schemaPath, problems);
    return;
  }
  if (tool.inputSchema.type !== "object") {
    problems.push({
      severity: "warning",
      path: schemaPath,
      toolName,
      message: 'catalog: providers require an input schema with "type": "object" at the top',
      code: "notObject",
    });
  }
  if (compileAll) checkExamples(entry, problems);
}

/**
 * The code of a schema warning (lib/catalog/schema-compiler.ts), so the interface says it in the reader's language:
 * the dialect notes, Ajv's unknown formats, and any other note of Ajv's quoted as it wrote it.
 */
export function schemaWarningCode(warning: string): Pick<InputProblem, "code" | "values"> {
  const dialect = /^\$schema (.+) is (checked with the 2020-12 rules|not supported)/.exec(warning);
  if (dialect)
    return { code: dialect[2] === "not supported" ? "dialectUnsupported" : "dialect2020", values: { uri: dialect[1] } };
  const format = /^unknown format "(.*)" ignored in schema at path "(.*)"$/.exec(warning);
  if (format) return { code: "unknownFormat", values: { format: format[1], at: format[2] } };
  return { code: "schemaNote", values: { note: warning } };
}

function markUnusable(tool: CatalogTool, reason: string, schemaPath: string, problems: InputProblem[]): void {
  tool.schemaError = reason;
  problems.push(uncompilableProblem(tool.name, reason, schemaPath));
}

/** Anthropic rejects the request (400) when an `input_examples` entry does not match the schema. */
function checkExamples(entry: ToolEntry, problems: InputProblem[]): void {
  const { tool } = entry;
  const validate = compiledSchemaOf(tool).validate;
  if (!validate || !tool.inputExamples) return;
  tool.inputExamples.forEach((example, index) => {
    if (validate(example)) return;
    const reasons = (validate.errors ?? [])
      .map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`.trim())
      .join("; ");
    const path = appendIndex(
      appendKey(entry.path, entry.schemaPath.endsWith("input_schema") ? "input_examples" : "inputExamples"),
      index,
    );
    problems.push({
      severity: "error",
      path,
      toolName: tool.name,
      message: `catalog: input example ${index + 1} of ${tool.name} does not match its schema: ${reasons}`,
      code: "exampleMismatch",
      values: { index: index + 1, name: tool.name, reasons },
    });
  });
}

function readNamespaces(
  wrapper: Record<string, unknown> | undefined,
  problems: InputProblem[],
): Record<string, string> {
  if (wrapper?.namespaces === undefined) return {};
  if (!isRecord(wrapper.namespaces) || !Object.values(wrapper.namespaces).every((text) => typeof text === "string")) {
    problems.push({
      severity: "warning",
      path: "$.namespaces",
      message: "catalog: namespaces must map names to descriptions; ignored",
      code: "namespacesMap",
    });
    return {};
  }
  return wrapper.namespaces as Record<string, string>;
}
