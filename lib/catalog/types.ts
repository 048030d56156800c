export type { Catalog, CatalogTool, InputProblem, JsonSchema, Parsed } from "../core/catalog";
