/** Public API of the tool catalog: import, merge, validate, describe and generate tools. */
export type { Catalog, CatalogTool, InputProblem, JsonSchema, Parsed } from "../core/catalog";
export { type CatalogFormat, detectCatalogFormat } from "./catalog-format";
export {
  type CatalogImport,
  type CatalogImportOptions,
  EAGER_COMPILE_TOOL_LIMIT,
  importCatalogValue,
  parseCatalogText,
} from "./import-catalog";
export { type CatalogPart, mergeCatalogs } from "./merge-catalogs";
export { type ArgumentValidation, validateToolArguments } from "./argument-validation";
export { oneLineDescription, parameterSignature } from "./describe-tool";
export { defaultMockResult } from "./mock-result";
export { sampleArguments } from "./sample-arguments";
export { bfclToJsonSchema } from "./bfcl-types";
export { SERVER_PREFIX_SEPARATOR, TOOL_NAME_PATTERN, isValidToolName } from "./tool-names";
export { MAX_NESTING_DEPTH, MAX_TEXT_CHARACTERS, parseJsonText, valueNestingDepth } from "./json-text";
export { pointerToPath } from "./json-path";
export { type SyntheticCatalogOptions, generateSyntheticCatalog } from "./synthetic/synthetic-catalog";
