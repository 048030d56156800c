/**
 * The error of a tool whose input schema cannot be used, in a file of its own: the page's tool editor reports it
 * without loading the importer (which loads Ajv).
 */
import type { InputProblem } from "../core/catalog";

/** A schema missing, not an object, or refused by the compiler: `reason` says which. */
export function uncompilableProblem(toolName: string, reason: string, schemaPath: string): InputProblem {
  return {
    severity: "error",
    path: schemaPath,
    toolName,
    message: `catalog: input schema of ${toolName} cannot be compiled: ${reason}`,
    code: "uncompilable",
    values: { name: toolName, reason },
  };
}
