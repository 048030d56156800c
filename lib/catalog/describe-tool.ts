/** Short renderings of a tool for the stub and gateway strategies, which show tools without their schemas. */
import { isRecord } from "./catalog-format";
import type { CatalogTool, JsonSchema } from "../core/catalog";

/** A sentence ends at `.`, `!` or `?` before whitespace (or at a CJK full stop), but not after "e.g." or "i.e.". */
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|etc|vs|approx))[.!?](?=\s)|[。！？]/;

export function oneLineDescription(tool: CatalogTool, maxCharacters = 120): string {
  const firstLine = tool.description.trim().split(/\n\s*\n|\n/)[0] ?? "";
  const match = SENTENCE_END.exec(firstLine);
  const sentence = (match ? firstLine.slice(0, match.index + 1) : firstLine).replace(/\s+/g, " ").trim();
  if (sentence.length <= maxCharacters) return sentence;
  const cut = sentence.slice(0, Math.max(0, maxCharacters - 1));
  const lastSpace = cut.lastIndexOf(" ");
  // Cut at a word boundary unless that would throw away most of the text.
  return (lastSpace > maxCharacters * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd() + "…";
}

/** Enums longer than this are shortened in signatures: the point is the shape, not the full list. */
const MAX_ENUM_VALUES_SHOWN = 6;

/** `location: string*, unit: "celsius"|"fahrenheit"`: every parameter with its type; `*` marks required ones. */
export function parameterSignature(tool: CatalogTool): string {
  const schema = tool.inputSchema;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === "string") : [],
  );
  return Object.entries(properties)
    .map(([name, property]) => `${name}: ${typeLabel(property, schema, 0)}${required.has(name) ? "*" : ""}`)
    .join(", ");
}

function typeLabel(property: unknown, root: JsonSchema, depth: number): string {
  if (!isRecord(property) || depth > 4) return "any";
  const resolved = resolveLocalReference(property, root);
  if (resolved !== property) return typeLabel(resolved, root, depth + 1);
  if ("const" in property) return JSON.stringify(property.const);
  if (Array.isArray(property.enum)) {
    const shown = property.enum.slice(0, MAX_ENUM_VALUES_SHOWN).map((value) => JSON.stringify(value));
    return shown.join("|") + (property.enum.length > MAX_ENUM_VALUES_SHOWN ? "|…" : "");
  }
  const alternatives = property.anyOf ?? property.oneOf;
  if (Array.isArray(alternatives))
    return [...new Set(alternatives.map((option) => typeLabel(option, root, depth + 1)))].join("|");
  const types = Array.isArray(property.type) ? property.type : property.type === undefined ? [] : [property.type];
  if (types.length === 0) return isRecord(property.properties) ? "object" : "any";
  return types.map((type) => (type === "array" ? arrayLabel(property.items, root, depth) : String(type))).join("|");
}

function arrayLabel(items: unknown, root: JsonSchema, depth: number): string {
  const itemLabel = typeLabel(items, root, depth + 1);
  return itemLabel.includes("|") ? `(${itemLabel})[]` : `${itemLabel}[]`;
}

/** Follows `#/$defs/name` and `#/definitions/name` references within the tool's own schema. */
function resolveLocalReference(property: Record<string, unknown>, root: JsonSchema): unknown {
  if (typeof property.$ref !== "string") return property;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(property.$ref);
  const definitions = match ? root[match[1]] : undefined;
  return match && isRecord(definitions) && isRecord(definitions[match[2]]) ? definitions[match[2]] : {};
}
