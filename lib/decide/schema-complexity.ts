import type { Catalog, JsonSchema } from "../core/catalog";

/**
 * How hard the catalog's schemas are to validate on the client, for seed 001 §4.1's last rule ("very complex
 * schemas and a team that does not want to write a generic validator yet: stubs as a bridge"). A schema counts as
 * complex when a hand-written or generic validator has real work to do: many properties, deep nesting, or
 * combinators and references.
 */
export type SchemaComplexity = {
  toolCount: number;
  complexTools: number;
  /** complexTools / toolCount. */
  complexShare: number;
  meanProperties: number;
  maxDepth: number;
  /** At least VERY_COMPLEX_SHARE of the tools have complex schemas. */
  veryComplex: boolean;
};

/** Properties at any depth above which one schema is complex (about what fits in one form on a screen). */
export const COMPLEX_PROPERTY_COUNT = 15;
/** Object nesting depth from which one schema is complex: arguments → object → object → object. */
export const COMPLEX_DEPTH = 3;
/** Share of complex schemas from which the catalog counts as very complex. */
export const VERY_COMPLEX_SHARE = 0.3;

const COMBINATORS = ["anyOf", "oneOf", "allOf", "$ref", "if", "patternProperties", "dependentSchemas"];

export function schemaComplexity(catalog: Pick<Catalog, "tools">): SchemaComplexity {
  let complexTools = 0;
  let properties = 0;
  let maxDepth = 0;
  for (const tool of catalog.tools) {
    const measure = measureOf(tool.inputSchema);
    properties += measure.properties;
    maxDepth = Math.max(maxDepth, measure.depth);
    if (measure.properties >= COMPLEX_PROPERTY_COUNT || measure.depth >= COMPLEX_DEPTH || measure.combinators)
      complexTools += 1;
  }
  const toolCount = catalog.tools.length;
  const complexShare = toolCount > 0 ? complexTools / toolCount : 0;
  return {
    toolCount,
    complexTools,
    complexShare,
    meanProperties: toolCount > 0 ? properties / toolCount : 0,
    maxDepth,
    veryComplex: toolCount > 0 && complexShare >= VERY_COMPLEX_SHARE,
  };
}

type Measure = { properties: number; depth: number; combinators: boolean };

/**
 * Measures per schema object. An edit replaces the edited tool's objects and keeps the others, so after an edit of
 * one tool of 10,000 the other 9,999 are not walked again (walking them all holds the page 250–380 ms per edit).
 */
const measures = new WeakMap<object, Measure>();

function measureOf(schema: unknown): Measure {
  if (!isObject(schema)) return measureSchema(schema, 0);
  let measure = measures.get(schema);
  if (!measure) {
    measure = measureSchema(schema, 0);
    measures.set(schema, measure);
  }
  return measure;
}

function measureSchema(schema: unknown, depth: number): Measure {
  const result: Measure = { properties: 0, depth, combinators: false };
  if (!isObject(schema) || depth > 12) return result;
  if (COMBINATORS.some((keyword) => keyword in schema)) result.combinators = true;
  const children: unknown[] = [];
  if (isObject(schema.properties)) {
    const entries = Object.values(schema.properties);
    result.properties += entries.length;
    children.push(...entries);
  }
  if (isObject(schema.items)) children.push(schema.items);
  for (const child of children) {
    const nested = isObject(child) && (child.type === "object" || isObject(child.properties) || isObject(child.items));
    const measure = measureSchema(child, nested ? depth + 1 : depth);
    result.properties += measure.properties;
    result.depth = Math.max(result.depth, measure.depth);
    result.combinators ||= measure.combinators;
  }
  return result;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
