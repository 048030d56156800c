/**
 * The catalog an experiment runs on, from text: any tool list the catalog importer reads (an MCP `tools/list`
 * answer among them), or a scenario file, whose catalog is taken.
 */
import { isRecord } from "../catalog/catalog-format";
import { importCatalogValue, parseCatalogText } from "../catalog/import-catalog";
import type { Catalog, Parsed } from "../core/catalog";

export function readExperimentCatalog(text: string, sourceName = "catalog"): Parsed<Catalog> {
  const scenarioCatalog = catalogOfScenario(text);
  if (scenarioCatalog !== undefined) return importCatalogValue(scenarioCatalog, { sourceName });
  return parseCatalogText(text, { sourceName });
}

/**
 * A scenario file's catalog, read as the scenario's rather than found by the importer's search under a document's
 * keys (which would read the same tools, with a warning that the rest of the file was not read). Only a text that
 * names a scenario's keys is parsed here, so a large tool list is not parsed twice.
 */
function catalogOfScenario(text: string): unknown {
  if (!text.includes('"catalog"') || !(text.includes('"turns"') || text.includes('"formatVersion"'))) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && value.catalog !== undefined && ("turns" in value || "formatVersion" in value)
      ? value.catalog
      : undefined;
  } catch {
    // Not JSON: the importer's own problems say where.
    return undefined;
  }
}
