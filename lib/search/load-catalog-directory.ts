/**
 * A deliberately small reader of MCP `tools/list` results for the search evaluation (`npm run eval:search`).
 * It takes file names and texts, never touches the file system, and only reads what search needs: `name`,
 * `description` and `inputSchema` of each tool. The full catalog importer lives in `lib/catalog`.
 *
 * A directory holds one file per MCP server; its tools are named `<file name without .json>:<tool name>`, so that
 * the same tool name on two servers (`create_issue` on GitHub and GitLab) stays two tools.
 */
import type { CatalogTool, InputProblem, JsonSchema, Parsed } from "../core/catalog";

export type CatalogFile = { fileName: string; text: string };

const SERVER_SEPARATOR = ":";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `catalogs/github.json` → `github`. */
export function serverNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.json$/i, "");
}

/** The tool list of an MCP `tools/list` result, of the JSON-RPC reply around it, or of a bare array. */
function toolListOf(document: unknown): unknown[] | undefined {
  if (Array.isArray(document)) return document;
  if (!isRecord(document)) return undefined;
  if (Array.isArray(document.tools)) return document.tools;
  if (isRecord(document.result) && Array.isArray(document.result.tools)) return document.result.tools;
  return undefined;
}

function readFile(file: CatalogFile, serverName: string | undefined): Parsed<CatalogTool[]> {
  const problems: InputProblem[] = [];
  const problem = (severity: InputProblem["severity"], path: string, message: string, toolName?: string) =>
    problems.push({ severity, path, message: `${file.fileName}: ${message}`, toolName });
  let document: unknown;
  try {
    document = JSON.parse(file.text);
  } catch (error) {
    problem("error", "$", `invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
    return { value: undefined, problems };
  }
  const toolList = toolListOf(document);
  if (toolList === undefined) {
    problem("error", "$", 'expected an MCP tools/list result: {"tools": [{"name", "description", "inputSchema"}]}');
    return { value: undefined, problems };
  }
  const tools: CatalogTool[] = [];
  toolList.forEach((entry, index) => {
    const path = `$.tools[${index}]`;
    if (!isRecord(entry) || typeof entry.name !== "string" || entry.name.trim() === "") {
      problem("error", path, `tool ${index} has no name; skipped`);
      return;
    }
    const name = serverName === undefined ? entry.name : `${serverName}${SERVER_SEPARATOR}${entry.name}`;
    const description = typeof entry.description === "string" ? entry.description : "";
    if (description === "") problem("warning", `${path}.description`, `tool ${entry.name} has no description`, name);
    const schema = entry.inputSchema ?? entry.input_schema;
    if (!isRecord(schema)) problem("warning", `${path}.inputSchema`, `tool ${entry.name} has no inputSchema`, name);
    const inputSchema: JsonSchema = isRecord(schema) ? schema : { type: "object", properties: {} };
    tools.push({ name, description, inputSchema, ...(serverName === undefined ? {} : { namespace: serverName }) });
  });
  return { value: tools, problems };
}

/** Drops later tools whose name was already taken, with a warning for each. */
function withUniqueNames(tools: CatalogTool[], problems: InputProblem[]): CatalogTool[] {
  const seen = new Set<string>();
  return tools.filter((tool) => {
    if (!seen.has(tool.name)) {
      seen.add(tool.name);
      return true;
    }
    problems.push({
      severity: "warning",
      path: "$",
      toolName: tool.name,
      message: `duplicate tool ${tool.name}; kept the first`,
    });
    return false;
  });
}

/** One catalog file; tools keep their own names. */
export function loadCatalogFile(file: CatalogFile): Parsed<CatalogTool[]> {
  const parsed = readFile(file, undefined);
  if (parsed.value === undefined) return parsed;
  return { value: withUniqueNames(parsed.value, parsed.problems), problems: parsed.problems };
}

/** A directory of catalog files, in the order given; tools are named `<server>:<tool>`. */
export function loadCatalogDirectory(files: readonly CatalogFile[]): Parsed<CatalogTool[]> {
  const problems: InputProblem[] = [];
  const tools: CatalogTool[] = [];
  for (const file of files) {
    const parsed = readFile(file, serverNameOf(file.fileName));
    problems.push(...parsed.problems);
    if (parsed.value !== undefined) tools.push(...parsed.value);
  }
  if (files.length === 0) problems.push({ severity: "error", path: "$", message: "no catalog files (*.json) found" });
  return { value: files.length === 0 ? undefined : withUniqueNames(tools, problems), problems };
}
