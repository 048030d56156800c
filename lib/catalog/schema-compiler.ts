/**
 * Compiles tool input schemas with Ajv. The dialect follows `$schema`: 2020-12 gets Ajv's 2020 build, anything
 * else the draft-07 build, which also resolves `$defs` (MCP servers generated from zod or pydantic emit them
 * without declaring a dialect).
 */
import Ajv, { type ErrorObject, type Options, type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { JsonSchema } from "../core/catalog";

export type SchemaCompilation = {
  /** Present when the schema compiled. */
  validate?: ValidateFunction;
  /** Why the schema cannot be used, in Ajv's words. */
  error?: string;
  /** Things Ajv ignored (unknown formats, unsupported dialects), each a sentence. */
  warnings: string[];
};

type AjvInstance = Ajv | Ajv2020;
type Dialect = "draft-07" | "2020-12";

let ajvLogSink: string[] | undefined;
const instances: Partial<Record<Dialect, AjvInstance>> = {};

/** Ajv logs through a logger instead of returning warnings; route its warnings to the compile in progress. */
const CAPTURING_LOGGER = {
  log: () => undefined,
  warn: (...parts: unknown[]) => ajvLogSink?.push(parts.map(String).join(" ")),
  error: (...parts: unknown[]) => ajvLogSink?.push(parts.map(String).join(" ")),
};

const AJV_OPTIONS: Options = {
  // Tool schemas in the wild use unknown keywords (`x-…`, OpenAPI's `nullable`) that providers accept.
  strict: false,
  allErrors: true,
  // A compiled schema must not stay registered by `$id`, or two tools sharing an `$id` would clash.
  addUsedSchema: false,
  ownProperties: true,
  logger: CAPTURING_LOGGER,
  // Unoptimised code compiles about twice as fast and validates tool arguments just as well.
  code: { optimize: false },
};

function createInstance(dialect: Dialect): AjvInstance {
  const instance = dialect === "2020-12" ? new Ajv2020(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
  addFormats(instance);
  return instance;
}

function sharedInstance(dialect: Dialect): AjvInstance {
  return (instances[dialect] ??= createInstance(dialect));
}

/**
 * Ajv registers every `$id` it meets in the instance, so a schema naming one (even a meta-schema's) could
 * clash with another tool's or displace a meta-schema. Such schemas, rare in tool catalogs, get their own.
 */
function declaresIds(schema: JsonSchema): boolean {
  return JSON.stringify(schema).includes('"$id"');
}

/** Which Ajv build to use, and the schema to give it (without a `$schema` Ajv has no meta-schema for). */
function chooseDialect(schema: JsonSchema): { dialect: Dialect; schema: JsonSchema; warnings: string[] } {
  const declared = schema.$schema;
  if (declared === undefined) return { dialect: "draft-07", schema, warnings: [] };
  const uri = String(declared);
  if (uri.includes("draft/2020-12")) return { dialect: "2020-12", schema, warnings: [] };
  if (uri.includes("draft-07")) return { dialect: "draft-07", schema, warnings: [] };
  const { $schema: _ignored, ...withoutDialect } = schema;
  if (uri.includes("draft/2019-09")) {
    return {
      dialect: "2020-12",
      schema: withoutDialect,
      warnings: [`$schema ${uri} is checked with the 2020-12 rules`],
    };
  }
  return {
    dialect: "draft-07",
    schema: withoutDialect,
    warnings: [`$schema ${uri} is not supported; checked with the draft-07 rules`],
  };
}

/** Compiles a schema; never throws. */
export function compileSchema(schema: JsonSchema): SchemaCompilation {
  const chosen = chooseDialect(schema);
  const isolated = declaresIds(chosen.schema);
  const ajv = isolated ? createInstance(chosen.dialect) : sharedInstance(chosen.dialect);
  const warnings = [...chosen.warnings];
  ajvLogSink = warnings;
  try {
    const validate = ajv.compile(chosen.schema);
    return { validate, warnings: unique(warnings) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), warnings: unique(warnings) };
  } finally {
    ajvLogSink = undefined;
    // Drop Ajv's own cache entry: our WeakMap keeps the validator alive exactly as long as the schema.
    if (!isolated) ajv.removeSchema(chosen.schema);
  }
}

/**
 * Compiles the draft-07 meta-schema, the one most tool schemas are checked against (no `$schema`), in the shared
 * instance: Ajv does that on the first check, ≈ 0.1–0.2 s, which on the page's thread would fall inside the first
 * render that checks a tool. Called on its own, it is a task of its own (lib/catalog/lazy-parser.ts).
 */
export function prepareMetaSchemaChecks(): void {
  sharedInstance("draft-07").validateSchema({});
}

/**
 * Checks a schema against its dialect's meta-schema only: about a hundred times faster than compiling, and it
 * catches most mistakes (wrong `type`, malformed keywords) but not unresolvable `$ref`s or invalid regexes.
 */
export function checkSchemaAgainstMetaSchema(schema: JsonSchema): SchemaCompilation {
  const chosen = chooseDialect(schema);
  const ajv = sharedInstance(chosen.dialect);
  try {
    const valid = ajv.validateSchema(chosen.schema) as boolean;
    return valid
      ? { warnings: chosen.warnings }
      : { error: ajv.errorsText(ajv.errors, { dataVar: "schema" }), warnings: chosen.warnings };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), warnings: chosen.warnings };
  }
}

/** Ajv errors as readable sentences: `/unit must be equal to one of the allowed values: celsius, fahrenheit`. */
export function describeAjvError(error: ErrorObject): { path: string; message: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required" && typeof params.missingProperty === "string") {
    const path = `${error.instancePath}/${params.missingProperty}`;
    return { path, message: `${path} is required` };
  }
  const path = error.instancePath === "" ? "/" : error.instancePath;
  let detail = error.message ?? "is invalid";
  if (error.keyword === "enum" && Array.isArray(params.allowedValues))
    detail += `: ${params.allowedValues.map(formatValue).join(", ")}`;
  if (error.keyword === "const") detail += `: ${formatValue(params.allowedValue)}`;
  if (error.keyword === "additionalProperties") detail += `: ${String(params.additionalProperty)}`;
  return { path, message: `${path} ${detail}` };
}

/** Ajv reports a warning once per place it compiles a sub-schema, which can be several times. */
function unique(messages: string[]): string[] {
  return [...new Set(messages)];
}

function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
