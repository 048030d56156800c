/**
 * OpenAI does not show function definitions to the model as JSON: it rewrites them into TypeScript-like
 * declarations inside the prompt (PROTOCOLS.md §6.3), e.g.
 *
 *     namespace functions {
 *
 *     // Get the weather
 *     type get_weather = (_: {
 *     // City name
 *     city: string,
 *     unit?: "celsius" | "fahrenheit", // default: celsius
 *     }) => any;
 *
 *     } // namespace functions
 *
 * Counting the JSON of `tools` therefore mis-counts. This module reproduces the rendering of
 * hmarr/openai-chat-tokens (and its maintained fork @coderabbitai/openai-chat-tokens), whose counts were checked
 * against the live API: descriptions as `//` comments on the function and its top-level properties only,
 * optional properties marked `?`, enums as unions of literals, arrays as `T[]`, nested objects inline, integers
 * as `number`. Additions for schemas those libraries did not handle, all following the same TypeScript idiom:
 * `anyOf`/`oneOf` and type lists as unions, `const` as a literal, `// default: …` after a property (as in OpenAI's
 * published "harmony" format for gpt-oss), and `any` for anything unrecognised. It is a labelled estimate: the
 * exact figure comes from `POST /v1/responses/input_tokens`.
 */

export type OpenAIFunctionForCounting = { name: string; description?: string; parameters?: unknown };

type Schema = { [key: string]: unknown };

/** Deeper schemas are rendered as `any`: real tool schemas are shallow, and this also stops cyclic objects. */
const MAXIMUM_SCHEMA_DEPTH = 16;

/**
 * The whole block the model sees, `namespace <name> { … } // namespace <name>`. It is exactly the namespace
 * header, then every `renderOpenAIFunctionForCounting` part in order, then the footer, so the engine can count each
 * tool as its own segment and the parts join back into this text.
 */
export function renderOpenAIFunctionsForCounting(
  functions: ReadonlyArray<OpenAIFunctionForCounting>,
  namespaceName = "functions",
): string {
  return `namespace ${namespaceName} {\n\n${functions.map(renderOpenAIFunctionForCounting).join("")}} // namespace ${namespaceName}`;
}

/** One function's part of the namespace block, including the blank line that separates it from the next. */
export function renderOpenAIFunctionForCounting(fn: OpenAIFunctionForCounting): string {
  const lines: string[] = [];
  if (typeof fn.description === "string" && fn.description.length > 0) {
    lines.push(...commentLines(fn.description, ""));
  }
  const parameters = asSchema(fn.parameters);
  if (parameters === undefined || propertyEntries(parameters).length === 0) {
    lines.push(`type ${fn.name} = () => any;`);
  } else {
    lines.push(`type ${fn.name} = (_: {`, renderProperties(parameters, 0, 0), "}) => any;");
  }
  return `${lines.join("\n")}\n\n`;
}

function renderProperties(schema: Schema, indent: number, depth: number): string {
  const padding = " ".repeat(indent);
  const required = Array.isArray(schema.required) ? schema.required : [];
  const lines: string[] = [];
  for (const [name, propertyValue] of propertyEntries(schema)) {
    const property = asSchema(propertyValue);
    // Only top-level property descriptions are shown (the fork's `indent < 2` rule).
    if (indent === 0 && property && typeof property.description === "string" && property.description.length > 0) {
      lines.push(...commentLines(property.description, padding));
    }
    const optionalMark = required.includes(name) ? "" : "?";
    const defaultNote = property && "default" in property ? ` // default: ${defaultText(property.default)}` : "";
    lines.push(`${padding}${name}${optionalMark}: ${renderType(propertyValue, indent, depth + 1)},${defaultNote}`);
  }
  return lines.join("\n");
}

function renderType(value: unknown, indent: number, depth: number): string {
  const schema = asSchema(value);
  if (schema === undefined || depth > MAXIMUM_SCHEMA_DEPTH) return "any";
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.map(literal).join(" | ");
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (alternatives && alternatives.length > 0) {
    return alternatives.map((alternative) => renderType(alternative, indent, depth + 1)).join(" | ");
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    return schema.allOf.map((part) => renderType(part, indent, depth + 1)).join(" & ");
  }
  if (Array.isArray(schema.type)) {
    return schema.type.map((typeName) => renderNamedType(schema, typeName, indent, depth)).join(" | ");
  }
  return renderNamedType(schema, schema.type, indent, depth);
}

function renderNamedType(schema: Schema, typeName: unknown, indent: number, depth: number): string {
  switch (typeName ?? inferredType(schema)) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return renderArray(schema, indent, depth);
    case "object":
      if (propertyEntries(schema).length === 0) return "object";
      return `{\n${renderProperties(schema, indent + 2, depth)}\n${" ".repeat(indent)}}`;
    default:
      return "any";
  }
}

function renderArray(schema: Schema, indent: number, depth: number): string {
  const items = asSchema(schema.items);
  if (items === undefined) return "any[]";
  const itemType = renderType(items, indent, depth + 1);
  // `"a" | "b"[]` would mean something else in TypeScript; wrap unions of item types.
  return itemType.includes(" | ") && !itemType.startsWith("{") ? `(${itemType})[]` : `${itemType}[]`;
}

function inferredType(schema: Schema): string | undefined {
  if (schema.properties !== undefined) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

function propertyEntries(schema: Schema): Array<[string, unknown]> {
  const properties = asSchema(schema.properties);
  return properties === undefined ? [] : Object.entries(properties);
}

function asSchema(value: unknown): Schema | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;
}

function commentLines(text: string, padding: string): string[] {
  return text.split("\n").map((line) => `${padding}// ${line}`);
}

function literal(value: unknown): string {
  return JSON.stringify(value) ?? "any";
}

/** Harmony writes string defaults bare (`// default: celsius`) and everything else as JSON. */
function defaultText(value: unknown): string {
  return typeof value === "string" ? value : literal(value);
}
