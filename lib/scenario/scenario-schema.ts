/** The published JSON Schema of scenario files, and its compiled validator. */
import type { ValidateFunction } from "ajv";
import type { JsonSchema } from "../core/catalog";
import { compileSchema } from "../catalog/schema-compiler";
import scenarioSchema from "../../schemas/scenario.v1.schema.json";

/** `schemas/scenario.v1.schema.json`, for editors (Monaco) and for anyone writing scenarios by hand. */
export const SCENARIO_JSON_SCHEMA: JsonSchema = scenarioSchema;

export const SCENARIO_SCHEMA_ID = "https://tool-disclosure-playground.dev/schemas/scenario.v1.json";

let validator: ValidateFunction | undefined;

/** Compiled on first use; the schema is ours, so a compile failure is a bug worth throwing for. */
export function scenarioValidator(): ValidateFunction {
  if (!validator) {
    const compilation = compileSchema(SCENARIO_JSON_SCHEMA);
    if (!compilation.validate) throw new Error(`scenario: the published schema does not compile: ${compilation.error}`);
    validator = compilation.validate;
  }
  return validator;
}
