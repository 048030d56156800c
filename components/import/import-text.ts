/**
 * What a pasted or dropped text is: a whole scenario file, or a tool list in any format the catalog importer
 * knows (MCP tools/list, OpenAI or Anthropic tool arrays, BFCL). Pure; never throws.
 */
import { type CatalogImport, parseCatalogText } from "@/lib/catalog";
import { isRecord } from "@/lib/catalog/catalog-format";
import { parseJsonText } from "@/lib/catalog/json-text";
import type { Catalog, InputProblem } from "@/lib/core/catalog";
import { parseScenarioValue } from "@/lib/scenario/parse-scenario";
import type { Scenario } from "@/lib/scenario/types";

export type ImportOutcome =
  | { kind: "scenario"; scenario: Scenario; problems: InputProblem[] }
  | { kind: "catalog"; catalog: Catalog; format?: string; problems: InputProblem[] }
  | { kind: "failed"; problems: InputProblem[] };

/** A scenario file has turns and a catalog (or a formatVersion); anything else is read as a tool list. */
export function looksLikeScenario(value: unknown): boolean {
  return (
    isRecord(value) && ("turns" in value || "formatVersion" in value) && ("catalog" in value || "settings" in value)
  );
}

export type CatalogParser = (text: string, sourceName?: string) => CatalogImport | Promise<CatalogImport>;

export async function importText(
  text: string,
  sourceName?: string,
  parseCatalog: CatalogParser = (input, name) => parseCatalogText(input, { sourceName: name }),
): Promise<ImportOutcome> {
  if (text.trim() === "")
    return {
      kind: "failed",
      problems: [{ severity: "error", path: "$", message: "import: nothing to import", code: "nothingToImport" }],
    };
  const json = parseJsonText(text, sourceName ?? "import");
  if (json.value !== undefined && looksLikeScenario(json.value)) {
    const parsed = parseScenarioValue(json.value);
    return parsed.value
      ? { kind: "scenario", scenario: parsed.value, problems: parsed.problems }
      : { kind: "failed", problems: parsed.problems };
  }
  const catalog = await parseCatalog(text, sourceName);
  return catalog.value
    ? { kind: "catalog", catalog: catalog.value, format: catalog.format, problems: catalog.problems }
    : { kind: "failed", problems: catalog.problems };
}
