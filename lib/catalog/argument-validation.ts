/** Validates tool-call arguments against the tool's input schema; the engine calls this on every step. */
import { compileSchema, describeAjvError, type SchemaCompilation } from "./schema-compiler";
import type { CatalogTool, JsonSchema } from "../core/catalog";

export type ArgumentValidation = {
  valid: boolean;
  errors: Array<{ path: string; message: string }>;
  /** Ajv's reason when the schema cannot be compiled, for the interface's sentence (catalog code `uncompilable`). */
  uncompilable?: string;
};

/**
 * Compiled validators, keyed by the schema object rather than the tool: editing a tool's description keeps its
 * validator, and a validator lives exactly as long as the schema it was compiled from.
 */
const compilations = new WeakMap<JsonSchema, SchemaCompilation>();

/** The compiled schema of a tool, compiled on first use and cached. */
export function compiledSchemaOf(tool: CatalogTool): SchemaCompilation {
  let compilation = compilations.get(tool.inputSchema);
  if (!compilation) {
    compilation = compileSchema(tool.inputSchema);
    compilations.set(tool.inputSchema, compilation);
  }
  return compilation;
}

export function validateToolArguments(tool: CatalogTool, args: unknown): ArgumentValidation {
  // A tool marked on import keeps a placeholder schema that would accept anything; refuse instead.
  const compilation: SchemaCompilation =
    tool.schemaError !== undefined ? { error: tool.schemaError, warnings: [] } : compiledSchemaOf(tool);
  if (!compilation.validate) {
    const reason = compilation.error ?? "unknown error";
    return {
      valid: false,
      errors: [{ path: "/", message: `the input schema of ${tool.name} cannot be compiled: ${reason}` }],
      uncompilable: reason,
    };
  }
  if (compilation.validate(args)) return { valid: true, errors: [] };
  return { valid: false, errors: (compilation.validate.errors ?? []).map(describeAjvError) };
}

/** The generated conversation's check (lib/scenario/catalog-conversation.ts `ArgumentsCheck`). */
export function argumentsPassSchema(tool: CatalogTool, args: unknown): boolean {
  return validateToolArguments(tool, args).valid;
}
