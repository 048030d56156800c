/**
 * The catalog parser, loaded on first use. Parsing validates every schema with Ajv (~40 kB gzip with its formats),
 * which the page needs only when a person edits one tool of a big catalog; the engine worker parses everything
 * else. Importing this module costs nothing until `loadCatalogParser` is called.
 */
import type { parseCatalogText } from "./import-catalog";

export type ParseCatalogText = typeof parseCatalogText;

let loaded: ParseCatalogText | null = null;

/** The parser when it has already been loaded, else null. */
export function loadedCatalogParser(): ParseCatalogText | null {
  return loaded;
}

export async function loadCatalogParser(): Promise<ParseCatalogText> {
  loaded ??= (await import("./import-catalog")).parseCatalogText;
  return loaded;
}
