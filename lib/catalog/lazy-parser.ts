/**
 * The catalog parser, loaded on first use. Parsing validates every schema with Ajv (~40 kB gzip with its formats),
 * which the page needs only when a person edits one tool of a big catalog; the engine worker parses everything
 * else. Importing this module costs nothing until `loadCatalogParser` is called.
 */
import { nextTask as defaultNextTask } from "../core/next-task";
import type { parseCatalogText } from "./import-catalog";

export type ParseCatalogText = typeof parseCatalogText;

let loaded: ParseCatalogText | null = null;

/** The parser when it has already been loaded, else null. */
export function loadedCatalogParser(): ParseCatalogText | null {
  return loaded;
}

/**
 * Loads the parser and, in a task of its own, compiles the meta-schema its first check needs (≈ 0.1–0.2 s): the
 * page's first parse of a tool then compiles only that tool's schema, inside a render.
 */
export async function loadCatalogParser(nextTask: () => Promise<void> = defaultNextTask): Promise<ParseCatalogText> {
  if (loaded) return loaded;
  const [parser, schemas] = await Promise.all([import("./import-catalog"), import("./schema-compiler")]);
  await nextTask();
  schemas.prepareMetaSchemaChecks();
  await nextTask();
  loaded = parser.parseCatalogText;
  return loaded;
}
