/** The catalog as editor text, and one tool as editor text, in the playground's own catalog format. */
import { uncompilableProblem } from "../catalog/schema-problem";
import type { Catalog, CatalogTool, InputProblem } from "../core/catalog";

type ParseCatalogText = (text: string) => {
  value: Catalog | undefined;
  problems: InputProblem[];
  /** The format the text was read in (lib/catalog/catalog-format.ts). */
  format?: string;
};

/**
 * A tool object without a schema reads as a hand-written list of names (format "names": no arguments). In the editor
 * the tool is in the playground's own format, which requires the schema: the same error as in the whole catalog.
 */
const missingSchema = (tool: CatalogTool) => uncompilableProblem(tool.name, 'missing "inputSchema"', "$.inputSchema");

/** `schemaError` is derived on import (lib/core/catalog.ts) and never written out. */
function serializableTool(tool: CatalogTool): Omit<CatalogTool, "schemaError"> {
  const { schemaError: _schemaError, ...rest } = tool;
  return rest;
}

export function catalogToText(catalog: Catalog): string {
  const { tools, ...rest } = catalog;
  return JSON.stringify({ ...rest, tools: tools.map(serializableTool) }, null, 2) + "\n";
}

export function toolToText(tool: CatalogTool): string {
  return JSON.stringify(serializableTool(tool), null, 2) + "\n";
}

/**
 * Parses the text of one tool with the catalog parser by wrapping it in a list on the same first line, so the
 * parser's line numbers stay those of the editor (only columns on line 1 move by one, corrected here).
 */
export function parseToolText(
  text: string,
  parseCatalogText: ParseCatalogText,
): { tool: CatalogTool | undefined; problems: InputProblem[] } {
  const parsed = parseCatalogText(`[${text}\n]`);
  const [named] = parsed.value?.tools ?? [];
  if (parsed.format === "names" && named) return { tool: undefined, problems: [missingSchema(named)] };
  const problems = parsed.problems.map((problem) => ({
    ...problem,
    path: problem.path.replace(/^\$\[0\]/, "$"),
    ...(problem.line === 1 && problem.column !== undefined ? { column: Math.max(1, problem.column - 1) } : {}),
  }));
  const tools = parsed.value?.tools ?? [];
  if (parsed.value && tools.length !== 1) {
    return {
      tool: undefined,
      problems: [
        ...problems,
        { severity: "error", path: "$", message: "catalog: the editor holds one tool object here" },
      ],
    };
  }
  const hasError = problems.some((problem) => problem.severity === "error");
  return { tool: hasError ? undefined : tools[0], problems };
}

/**
 * One tool's edited text checked against the catalog it belongs to: what `parseToolText` finds, plus a rename onto
 * another tool's name (names must stay unique). The worker applies an edit by this check and the editor shows its
 * problems by the same one, so an edit the worker refuses always says why beside the text.
 */
export function parseToolEdit(
  text: string,
  toolName: string,
  tools: readonly CatalogTool[],
  parseCatalogText: ParseCatalogText,
): { tool: CatalogTool | undefined; problems: InputProblem[] } {
  const parsed = parseToolText(text, parseCatalogText);
  const { tool } = parsed;
  if (!tool || tool.name === toolName || !tools.some((other) => other.name === tool.name)) return parsed;
  return {
    tool: undefined,
    problems: [
      ...parsed.problems,
      {
        severity: "error",
        path: "$.name",
        toolName: tool.name,
        message: `catalog: another tool is already called "${tool.name}"`,
      },
    ],
  };
}
