/**
 * The searchable text of a tool: the four parts Anthropic documents as searched by both tool-search variants
 * (name, description, argument names, argument descriptions; PROTOCOLS.md §1.3).
 *
 * Arguments may nest. The walk follows `properties`, `items`, `anyOf`/`oneOf`/`allOf` and local `$ref`s into
 * `$defs`/`definitions`, but not `$defs` nothing points to: some servers (Notion's) ship the same large `$defs`
 * with every tool, and indexing them all would make every tool match every query. Depth and count are capped so
 * that a pathological schema costs bounded time.
 */
import type { CatalogTool, JsonSchema } from "../core/catalog";
import type { SearchField } from "./types";

export type ToolSearchFields = {
  name: string;
  description: string;
  /** Distinct argument names in walk order, nested ones included. */
  parameterNames: readonly string[];
  /** Distinct, non-empty argument descriptions in walk order. */
  parameterDescriptions: readonly string[];
  /**
   * Distinct string `enum` values of the arguments in walk order (`driving`, `walking`): the words a user says for
   * what the tool can do. The client search reads them with the argument descriptions; the Anthropic emulations do
   * not, since Anthropic does not list them as searched.
   */
  enumValues: readonly string[];
};

/** What a tool's schema gives its search fields. */
type SchemaFields = Pick<ToolSearchFields, "parameterNames" | "parameterDescriptions" | "enumValues">;

const MAX_SCHEMA_DEPTH = 6;
const MAX_PARAMETERS_PER_TOOL = 200;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Resolves `#/$defs/x` and `#/definitions/x` against the tool's root schema; other references are not followed. */
function resolveLocalReference(root: JsonSchema, reference: unknown): JsonSchema | undefined {
  if (typeof reference !== "string") return undefined;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(reference);
  if (match === null) return undefined;
  const definitions = root[match[1]];
  if (!isSchema(definitions)) return undefined;
  const target = definitions[decodeURIComponent(match[2]).replace(/~1/g, "/").replace(/~0/g, "~")];
  return isSchema(target) ? target : undefined;
}

class ParameterCollector {
  readonly names = new Set<string>();
  readonly descriptions = new Set<string>();
  readonly enumValues = new Set<string>();
  private readonly visitedReferences = new Set<string>();

  constructor(private readonly root: JsonSchema) {}

  walk(schema: JsonSchema, depth: number): void {
    if (depth > MAX_SCHEMA_DEPTH || this.names.size >= MAX_PARAMETERS_PER_TOOL) return;
    if (Array.isArray(schema.enum)) {
      for (const value of schema.enum) if (typeof value === "string" && value.trim() !== "") this.enumValues.add(value);
    }
    const reference = schema.$ref;
    if (typeof reference === "string" && !this.visitedReferences.has(reference)) {
      // Each definition is walked once per tool: recursive definitions (a block containing blocks) stop here.
      this.visitedReferences.add(reference);
      const target = resolveLocalReference(this.root, reference);
      if (target !== undefined) this.walk(target, depth + 1);
    }
    if (isSchema(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) {
        if (this.names.size >= MAX_PARAMETERS_PER_TOOL) return;
        this.names.add(name);
        if (!isSchema(property)) continue;
        if (typeof property.description === "string" && property.description.trim() !== "") {
          this.descriptions.add(property.description.trim());
        }

        this.walk(property, depth + 1);
      }
    }
    const items = schema.items;
    if (isSchema(items)) this.walk(items, depth + 1);
    else if (Array.isArray(items)) for (const item of items) if (isSchema(item)) this.walk(item, depth + 1);
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      const alternatives = schema[key];
      if (Array.isArray(alternatives)) for (const item of alternatives) if (isSchema(item)) this.walk(item, depth + 1);
    }
  }
}

export function extractSearchFields(tool: CatalogTool): ToolSearchFields {
  const schema = isSchema(tool.inputSchema) ? tool.inputSchema : EMPTY_SCHEMA;
  return {
    name: tool.name,
    description: typeof tool.description === "string" ? tool.description : "",
    ...schemaFieldsOf(schema),
  };
}

const EMPTY_SCHEMA: JsonSchema = {};

/**
 * The schema's part of the fields, walked once per schema object and shared by the tools that share it (an import
 * makes a catalog's equal schemas one object, lib/catalog/import-catalog.ts): schemas are never edited in place.
 */
const fieldsBySchema = new WeakMap<JsonSchema, SchemaFields>();

function schemaFieldsOf(schema: JsonSchema): SchemaFields {
  let fields = fieldsBySchema.get(schema);
  if (fields === undefined) {
    const collector = new ParameterCollector(schema);
    collector.walk(schema, 0);
    fields = {
      parameterNames: [...collector.names],
      parameterDescriptions: [...collector.descriptions],
      enumValues: [...collector.enumValues],
    };
    fieldsBySchema.set(schema, fields);
  }
  return fields;
}

/** The texts of each searched field, for searches that treat the four fields alike. */
export function searchFieldTexts(tool: CatalogTool): Record<SearchField, readonly string[]> {
  const fields = extractSearchFields(tool);
  return {
    name: [fields.name],
    description: [fields.description],
    parameterName: fields.parameterNames,
    parameterDescription: fields.parameterDescriptions,
  };
}
