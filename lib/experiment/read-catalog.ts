/**
 * The catalog an experiment runs on, from text: any tool list the catalog importer reads (an MCP `tools/list`
 * answer among them), or a scenario file, whose catalog is taken.
 */
import { importCatalogValue, parseCatalogText } from "../catalog/import-catalog";
import type { Catalog, Parsed } from "../core/catalog";

export function readExperimentCatalog(text: string, sourceName = "catalog"): Parsed<Catalog> {
  const imported = parseCatalogText(text, { sourceName });
  if (imported.value) return imported;
  try {
    const value = JSON.parse(text) as { catalog?: unknown; formatVersion?: unknown };
    if (value && typeof value === "object" && value.catalog !== undefined)
      return importCatalogValue(value.catalog, { sourceName });
  } catch {
    // Not JSON: the importer's own problems say where.
  }
  return imported;
}
