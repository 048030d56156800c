/**
 * BFCL writes parameters in a Python-flavoured dialect of JSON Schema. These are its type names and their
 * JSON Schema equivalents (gorilla `bfcl_eval/data`, see /work/shared/fixtures/README.md §2).
 */
import { isRecord } from "./catalog-format";
import { SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SCHEMA_VALUED_KEYWORDS } from "./schema-keywords";
import type { JsonSchema } from "../core/catalog";

const BFCL_TYPE_TO_JSON_SCHEMA: Record<string, string | undefined> = {
  dict: "object",
  float: "number",
  tuple: "array",
  // `any` accepts every value, which in JSON Schema is the absence of `type`.
  any: undefined,
};

/** Returns a copy of a BFCL parameter schema in standard JSON Schema; the input is left untouched. */
export function bfclToJsonSchema(schema: unknown): JsonSchema {
  const converted = convertNode(schema, 0);
  return isRecord(converted) ? converted : { type: "object", properties: {} };
}

function mapType(type: unknown): unknown {
  if (typeof type === "string") return type in BFCL_TYPE_TO_JSON_SCHEMA ? BFCL_TYPE_TO_JSON_SCHEMA[type] : type;
  if (Array.isArray(type)) {
    const mapped = type.map(mapType);
    // `any` inside a union makes the union unconstrained.
    return mapped.includes(undefined) ? undefined : mapped;
  }
  return type;
}

/** Depth is bounded by the caller's nesting check; the guard here only stops runaway recursion. */
function convertNode(node: unknown, depth: number): unknown {
  if (depth > 128) return node;
  if (Array.isArray(node)) return node.map((child) => convertNode(child, depth + 1));
  if (!isRecord(node)) return node;
  // Object.fromEntries defines own properties, so a `__proto__` key cannot change the result's prototype.
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]): Array<[string, unknown]> => {
      if (key === "type") {
        const type = mapType(value);
        return type === undefined ? [] : [[key, type]];
      }
      if (SCHEMA_VALUED_KEYWORDS.includes(key) || SCHEMA_LIST_KEYWORDS.includes(key))
        return [[key, convertNode(value, depth + 1)]];
      if (SCHEMA_MAP_KEYWORDS.includes(key) && isRecord(value)) {
        const entries = Object.entries(value).map(([name, child]): [string, unknown] => [
          name,
          convertNode(child, depth + 1),
        ]);
        return [[key, Object.fromEntries(entries)]];
      }
      return [[key, value]];
    }),
  );
}
