/**
 * Two tool shapes that list a tool's arguments as a map of name → definition rather than one JSON Schema object,
 * turned into the JSON Schema the rest of the playground checks and renders:
 * - Cohere's v1 Chat API `parameter_definitions`: `{ city: { description, type: "str", required: true } }`, types
 *   written as Python types (`str`, `int`, `float`, `bool`, `List[str]`, `Dict`) (docs.cohere.com, "Tool Use" v1);
 * - a LangChain tool's `args` (`tool.args`, the properties of its pydantic argument schema): JSON Schema per
 *   argument, where an argument with a `default` is optional, as pydantic writes `required`.
 */
import { isRecord } from "./catalog-format";
import type { JsonSchema } from "../core/catalog";

/** Cohere v1 `parameter_definitions` as a JSON Schema object. */
export function cohereParametersToJsonSchema(definitions: Record<string, unknown>): JsonSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, definition] of Object.entries(definitions)) {
    const written = isRecord(definition) ? definition : {};
    const property: Record<string, unknown> = typeof written.type === "string" ? pythonType(written.type) : {};
    if (typeof written.description === "string") property.description = written.description;
    properties[name] = property;
    if (written.required === true) required.push(name);
  }
  return required.length > 0 ? { type: "object", properties, required } : { type: "object", properties };
}

/** A LangChain tool's `args` as a JSON Schema object: each argument without a default is required. */
export function langChainArgsToJsonSchema(args: Record<string, unknown>): JsonSchema {
  const required = Object.entries(args)
    .filter(([, schema]) => isRecord(schema) && !("default" in schema))
    .map(([name]) => name);
  return required.length > 0 ? { type: "object", properties: args, required } : { type: "object", properties: args };
}

/** `str` → string, `List[int]` → an array of integers; a type it does not know accepts any value. */
function pythonType(written: string): Record<string, unknown> {
  const generic = /^\s*([A-Za-z_.]+)\s*\[(.*)\]\s*$/.exec(written);
  const base = (generic ? generic[1] : written)
    .trim()
    .replace(/^typing\./, "")
    .toLowerCase();
  if (base === "str" || base === "string") return { type: "string" };
  if (base === "int" || base === "integer") return { type: "integer" };
  if (base === "float" || base === "number") return { type: "number" };
  if (base === "bool" || base === "boolean") return { type: "boolean" };
  if (base === "dict" || base === "object") return { type: "object" };
  if (base === "list" || base === "array" || base === "set" || base === "sequence") {
    const items = generic && !generic[2].includes(",") ? pythonType(generic[2]) : {};
    return Object.keys(items).length > 0 ? { type: "array", items } : { type: "array" };
  }
  return {};
}
