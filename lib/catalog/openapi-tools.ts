/**
 * An OpenAPI 3.x or Swagger 2.0 document read as tools, one per operation, the way OpenAPI-to-MCP bridges expose an
 * HTTP API to a model (FastMCP's `FastMCP.from_openapi`, openapi-mcp-generator): the `operationId` names the tool (its
 * method and path when it has none), the summary and description describe it, and its parameters and request body
 * become one input schema. A JSON body's object properties sit beside the parameters; any other body, or one whose
 * properties would collide with a parameter, is the `body` property. Component schemas a tool refers to travel with
 * it under `$defs`, so a recursive schema stays one definition and the tool's size is what such a bridge sends.
 * OpenAPI 3.0's own schema words become JSON Schema (`nullable`, `example`); 3.1 schemas are JSON Schema already.
 */
import { isRecord, type LocatedItem } from "./catalog-format";
import { appendKey } from "./json-path";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SCHEMA_VALUED_KEYWORDS } from "./schema-keywords";
import type { JsonSchema } from "../core/catalog";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
const PARAMETER_LOCATIONS = ["path", "query", "header", "cookie", "formData"];
/** Swagger 2.0's parameter fields that are JSON Schema words (a non-body parameter carries its schema inline). */
const SWAGGER_SCHEMA_FIELDS = [
  "type",
  "format",
  "items",
  "enum",
  "default",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "multipleOf",
];
/** OpenAPI's annotations with no meaning in JSON Schema; `x-` extensions go too. */
const OPENAPI_ONLY_WORDS = new Set(["nullable", "example", "discriminator", "xml", "externalDocs"]);
/** Bounds the walk through `$ref`s that point at other `$ref`s. */
const MAX_REFERENCE_HOPS = 16;

/**
 * Every operation of the document as an MCP-shaped tool (`{ name, description, inputSchema }`), located at its
 * operation (`$.paths["/pets/{id}"].get`), in the document's order.
 */
export function openApiOperationTools(document: Record<string, unknown>): LocatedItem[] {
  const reader = createReader(document);
  const items: LocatedItem[] = [];
  for (const [route, rawPathItem] of Object.entries(document.paths as Record<string, unknown>)) {
    const pathItem = reader.resolve(rawPathItem);
    if (!isRecord(pathItem)) continue;
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      items.push({
        item: operationTool(reader, route, method, operation, shared),
        path: appendKey(appendKey("$.paths", route), method),
      });
    }
  }
  return items;
}

type Reader = {
  swagger: boolean;
  /** Follows a local `$ref` (`#/components/parameters/limit`) to what it points at. */
  resolve: (value: unknown) => unknown;
  /** A JSON Schema copy of an OpenAPI schema whose component references now point into `$defs`. */
  schema: (value: unknown) => unknown;
  /** The components the converted schemas refer to, converted in turn, for the tool's `$defs`. */
  definitions: () => Record<string, unknown>;
};

function createReader(document: Record<string, unknown>): Reader {
  const swagger = typeof document.swagger === "string";
  const componentPrefix = swagger ? "#/definitions/" : "#/components/schemas/";
  const components = swagger ? document.definitions : isRecord(document.components) ? document.components.schemas : {};
  let wanted = new Set<string>();

  const pointerTarget = (reference: string): unknown => {
    if (!reference.startsWith("#/")) return undefined;
    let node: unknown = document;
    for (const raw of reference.slice(2).split("/")) {
      const segment = decodeSegment(raw);
      if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)];
      else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
      else return undefined;
    }
    return node;
  };

  const resolve = (value: unknown): unknown => {
    let node = value;
    for (let hop = 0; hop < MAX_REFERENCE_HOPS && isRecord(node) && typeof node.$ref === "string"; hop++) {
      const target = pointerTarget(node.$ref);
      if (target === undefined) return node;
      node = target;
    }
    return node;
  };

  const convert = (node: unknown, depth: number): unknown => {
    if (depth > 128 || !isRecord(node)) return node;
    if (typeof node.$ref === "string" && node.$ref.startsWith(componentPrefix)) {
      const rest = node.$ref.slice(componentPrefix.length);
      wanted.add(decodeSegment(rest.split("/")[0]));
      const annotations = Object.entries(node).filter(([key]) => key === "description" || key === "title");
      return { $ref: `#/$defs/${rest}`, ...Object.fromEntries(annotations) };
    }
    const nullable = node.nullable === true && !swagger;
    const entries = Object.entries(node).flatMap(([key, value]): Array<[string, unknown]> => {
      if (key.startsWith("x-") || OPENAPI_ONLY_WORDS.has(key)) return [];
      if (key === "type") return [[key, convertType(value, nullable)]];
      if (key === "enum" && nullable && Array.isArray(value) && !value.includes(null)) return [[key, [...value, null]]];
      if (SCHEMA_VALUED_KEYWORDS.includes(key)) return [[key, convert(value, depth + 1)]];
      if (SCHEMA_LIST_KEYWORDS.includes(key) && Array.isArray(value))
        return [[key, value.map((child) => convert(child, depth + 1))]];
      if (SCHEMA_MAP_KEYWORDS.includes(key) && isRecord(value))
        return [
          [key, Object.fromEntries(Object.entries(value).map(([name, child]) => [name, convert(child, depth + 1)]))],
        ];
      return [[key, value]];
    });
    if ("example" in node && !("examples" in node) && !node.$ref) entries.push(["examples", [node.example]]);
    return Object.fromEntries(entries);
  };

  // Each component converted once for the whole document (a large API's operations share most of theirs), with
  // the components it names in turn.
  const convertedComponents = new Map<string, { value: unknown; names: string[] }>();
  const component = (name: string) => {
    let converted = convertedComponents.get(name);
    if (converted) return converted;
    const outer = wanted;
    wanted = new Set();
    const value = isRecord(components) && Object.hasOwn(components, name) ? convert(components[name], 0) : undefined;
    converted = { value, names: [...wanted] };
    wanted = outer;
    convertedComponents.set(name, converted);
    return converted;
  };

  const definitions = (): Record<string, unknown> => {
    const found: Record<string, unknown> = {};
    const queue = [...wanted];
    wanted = new Set();
    for (let index = 0; index < queue.length; index++) {
      const name = queue[index];
      if (Object.hasOwn(found, name)) continue;
      const converted = component(name);
      // A name with no component stays unresolved, and the schema check says which reference it is.
      if (converted.value === undefined) continue;
      found[name] = converted.value;
      queue.push(...converted.names);
    }
    return found;
  };

  return { swagger, resolve, schema: (value) => convert(value, 0), definitions };
}

function decodeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A stray `%` is part of the name.
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** OpenAPI 3.0's `nullable: true` is JSON Schema's `"null"` type; Swagger 2.0's `file` is binary text. */
function convertType(type: unknown, nullable: boolean): unknown {
  if (type === "file") return "string";
  if (!nullable) return type;
  if (typeof type === "string") return type === "null" ? type : [type, "null"];
  if (Array.isArray(type) && !type.includes("null")) return [...type, "null"];
  return type;
}

function operationTool(
  reader: Reader,
  route: string,
  method: string,
  operation: Record<string, unknown>,
  shared: unknown[],
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const place = (name: string, location: string, schema: unknown, isRequired: boolean) => {
    // The same name in two places (`id` in the path and in the query) keeps both, the later one prefixed.
    const key = name in properties ? `${location}_${name}` : name;
    properties[key] = schema;
    if (isRequired) required.push(key);
  };

  let body: RequestBody | undefined;
  for (const parameter of mergedParameters(reader, shared, operation.parameters)) {
    const location = parameter.in as string;
    const name = parameter.name as string;
    if (location === "body") {
      body = { schema: parameter.schema ?? {}, required: parameter.required === true };
      if (typeof parameter.description === "string") body.description = parameter.description;
      continue;
    }
    place(name, location, parameterSchema(reader, parameter), location === "path" || parameter.required === true);
  }
  body ??= requestBody(reader, operation.requestBody);
  if (body) {
    const flat = flatBody(reader, body.schema, properties);
    if (flat) {
      for (const [name, schema] of Object.entries(flat.properties)) properties[name] = schema;
      if (body.required) required.push(...flat.required);
    } else {
      const schema = reader.schema(body.schema);
      const described = body.description && isRecord(schema) ? { ...schema, description: body.description } : schema;
      place("body", "body", described, body.required);
    }
  }

  const inputSchema: JsonSchema = { type: "object", properties };
  if (required.length > 0) inputSchema.required = required;
  const definitions = reader.definitions();
  if (Object.keys(definitions).length > 0) inputSchema.$defs = definitions;
  return { name: operationName(route, method, operation), description: describe(operation), inputSchema };
}

/** The path item's parameters with the operation's own, which replace one of the same name and place. */
function mergedParameters(reader: Reader, shared: unknown[], own: unknown): Record<string, unknown>[] {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const raw of [...shared, ...(Array.isArray(own) ? own : [])]) {
    const parameter = reader.resolve(raw);
    if (!isRecord(parameter) || typeof parameter.name !== "string" || typeof parameter.in !== "string") continue;
    if (parameter.in !== "body" && !PARAMETER_LOCATIONS.includes(parameter.in)) continue;
    byKey.set(`${parameter.in}\u0000${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

function parameterSchema(reader: Reader, parameter: Record<string, unknown>): unknown {
  let schema: unknown;
  // Swagger 2.0 writes a non-body parameter's schema on the parameter itself.
  if (reader.swagger)
    schema = reader.schema(
      Object.fromEntries(SWAGGER_SCHEMA_FIELDS.filter((key) => key in parameter).map((key) => [key, parameter[key]])),
    );
  else if (parameter.schema !== undefined) schema = reader.schema(parameter.schema);
  else schema = reader.schema(contentSchema(parameter.content) ?? {});
  if (!isRecord(schema)) return schema;
  const described: Record<string, unknown> = parameter.type === "file" ? { ...schema, format: "binary" } : schema;
  return typeof parameter.description === "string" && parameter.description.trim() !== ""
    ? { ...described, description: parameter.description }
    : described;
}

/** A request body's schema as the document writes it (converted where it is placed), and its words. */
type RequestBody = { schema: unknown; required: boolean; description?: string };

/** OpenAPI 3's request body: its JSON content's schema, or else the first content type that has one. */
function requestBody(reader: Reader, raw: unknown): RequestBody | undefined {
  const body = reader.resolve(raw);
  if (!isRecord(body)) return undefined;
  const schema = contentSchema(body.content);
  if (schema === undefined) return undefined;
  return {
    schema,
    required: body.required === true,
    ...(typeof body.description === "string" && body.description.trim() !== ""
      ? { description: body.description }
      : {}),
  };
}

function contentSchema(content: unknown): unknown {
  if (!isRecord(content)) return undefined;
  const types = Object.keys(content);
  const chosen =
    types.find((type) => type.toLowerCase() === "application/json") ??
    types.find((type) => /json/i.test(type) && isRecord(content[type]) && "schema" in content[type]) ??
    types.find((type) => isRecord(content[type]) && "schema" in content[type]);
  const media = chosen === undefined ? undefined : content[chosen];
  return isRecord(media) ? media.schema : undefined;
}

/**
 * A body whose schema is an object with properties, none of them a parameter's name: its properties, converted, to
 * sit beside the parameters. A body that refers to a component is followed to it, so the component is not also
 * carried in `$defs` unless something else refers to it.
 */
function flatBody(
  reader: Reader,
  schema: unknown,
  taken: Record<string, unknown>,
): { properties: Record<string, unknown>; required: string[] } | undefined {
  const object = reader.resolve(schema);
  if (!isRecord(object) || !isRecord(object.properties)) return undefined;
  if (object.type !== undefined && object.type !== "object") return undefined;
  if (["allOf", "anyOf", "oneOf", "additionalProperties", "patternProperties"].some((key) => key in object))
    return undefined;
  const names = Object.keys(object.properties);
  if (names.length === 0 || names.some((name) => name in taken)) return undefined;
  const converted = reader.schema({ type: "object", properties: object.properties }) as {
    properties: Record<string, unknown>;
  };
  const required = Array.isArray(object.required) ? object.required.filter((name) => typeof name === "string") : [];
  return { properties: converted.properties, required };
}

/** The `operationId`, or the method and the path's words (`GET /pets/{petId}` → `get_pets_petId`). */
function operationName(route: string, method: string, operation: Record<string, unknown>): string {
  if (typeof operation.operationId === "string" && operation.operationId.trim() !== "") return operation.operationId;
  const words = route.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method, ...words].join("_");
}

/** The summary, then the description when it says more. */
function describe(operation: Record<string, unknown>): string {
  const summary = typeof operation.summary === "string" ? operation.summary.trim() : "";
  const description = typeof operation.description === "string" ? operation.description.trim() : "";
  if (summary === "" || description.startsWith(summary)) return description || summary;
  return description === "" ? summary : `${summary}\n\n${description}`;
}
