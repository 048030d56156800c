/**
 * Gemini's `FunctionDeclaration.parameters` is a subset of OpenAPI 3.0's Schema object, not JSON Schema: upper-case
 * type names (`"OBJECT"`, `"STRING"`), `nullable: true` for a null alternative, `format: "enum"` on string enums and
 * `propertyOrdering`. These convert it to the JSON Schema the rest of the playground checks and renders
 * (ai.google.dev/api/caching#Schema). `parametersJsonSchema` declarations are JSON Schema already and skip this.
 */
import { isRecord } from "./catalog-format";
import type { JsonSchema } from "../core/catalog";

const SUB_SCHEMA_KEYWORDS = ["items", "additionalProperties", "not"];
const SUB_SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SUB_SCHEMA_MAPS = ["properties", "$defs", "definitions"];

/** A JSON Schema copy of a Gemini parameter schema; the input is left untouched. */
export function geminiToJsonSchema(schema: Record<string, unknown>): JsonSchema {
  const converted = convertNode(schema, 0);
  return isRecord(converted) ? converted : { type: "object", properties: {} };
}

function convertType(type: unknown, nullable: boolean): unknown {
  if (typeof type !== "string") return type;
  const lower = type === "TYPE_UNSPECIFIED" ? undefined : type.toLowerCase();
  if (lower === undefined) return undefined;
  return nullable && lower !== "null" ? [lower, "null"] : lower;
}

/** Depth is bounded by the caller's nesting check; the guard only stops runaway recursion. */
function convertNode(node: unknown, depth: number): unknown {
  if (depth > 128 || !isRecord(node)) return node;
  const nullable = node.nullable === true;
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]): Array<[string, unknown]> => {
      if (key === "nullable" || key === "propertyOrdering") return [];
      // `format: "enum"` marks a string enum in Gemini's subset; JSON Schema has no such format.
      if (key === "format" && value === "enum") return [];
      if (key === "type") {
        const type = convertType(value, nullable);
        return type === undefined ? [] : [[key, type]];
      }
      if (key === "enum" && nullable && Array.isArray(value) && !value.includes(null)) return [[key, [...value, null]]];
      if (SUB_SCHEMA_KEYWORDS.includes(key)) return [[key, convertNode(value, depth + 1)]];
      if (SUB_SCHEMA_LISTS.includes(key) && Array.isArray(value))
        return [[key, value.map((child) => convertNode(child, depth + 1))]];
      if (SUB_SCHEMA_MAPS.includes(key) && isRecord(value))
        return [
          [
            key,
            Object.fromEntries(Object.entries(value).map(([name, child]) => [name, convertNode(child, depth + 1)])),
          ],
        ];
      return [[key, value]];
    }),
  );
}
