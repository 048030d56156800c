/** The JSON Schema keywords whose values are schemas, for the converters that rewrite a dialect node by node. */

/** Keywords whose value is one sub-schema. */
export const SCHEMA_VALUED_KEYWORDS = ["items", "additionalProperties", "not", "contains", "if", "then", "else"];
/** Keywords whose value is a list of sub-schemas. */
export const SCHEMA_LIST_KEYWORDS = ["anyOf", "oneOf", "allOf", "prefixItems"];
/** Keywords whose value maps names to sub-schemas. */
export const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "definitions"];
