/**
 * Lists every tool of a connected MCP server, following `nextCursor` pagination, and turns the result into a
 * catalog namespaced by the server's name. Framework-free: it takes any client with the SDK's `listTools` shape.
 */
import { importCatalogValue } from "../catalog/import-catalog";
import { mergeCatalogs } from "../catalog/merge-catalogs";
import { sanitizeNamePart } from "../catalog/tool-names";
import type { Catalog, InputProblem } from "../core/catalog";
import { McpImportFailure } from "./mcp-errors";

/** Protects the server from a hostile or broken MCP server that paginates forever. */
export const MAX_PAGES = 100;
/** Anthropic's limit of deferred tools; more than this is not a catalog anyone can use. */
export const MAX_TOOLS = 10_000;

export type ListToolsPage = { tools: unknown[]; nextCursor?: string };
export type ToolLister = {
  listTools(params?: { cursor?: string }, options?: { timeout?: number; signal?: AbortSignal }): Promise<ListToolsPage>;
};

export async function listAllTools(
  client: ToolLister,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<{ tools: unknown[]; pages: number }> {
  const tools: unknown[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
      timeout: options.timeoutMs,
      signal: options.signal,
    });
    tools.push(...result.tools);
    if (tools.length > MAX_TOOLS)
      throw new McpImportFailure(
        "too_many_tools",
        `mcp-import: the server lists more than ${MAX_TOOLS.toLocaleString("en-US")} tools; refusing to import them`,
        [],
        { what: "too_many_tools", values: { count: MAX_TOOLS } },
      );
    cursor = result.nextCursor || undefined;
    if (cursor === undefined) return { tools, pages: page };
    if (seenCursors.has(cursor))
      throw new McpImportFailure(
        "protocol_error",
        "mcp-import: the server repeated a pagination cursor (it would list forever)",
        [],
        { what: "repeated_cursor", values: {} },
      );
    seenCursors.add(cursor);
  }
  throw new McpImportFailure("protocol_error", `mcp-import: the server kept paginating past ${MAX_PAGES} pages`, [], {
    what: "too_many_pages",
    values: { count: MAX_PAGES },
  });
}

export type ImportedServer = {
  serverName: string;
  namespace: string;
  catalog: Catalog;
  problems: InputProblem[];
  pages: number;
};

/** The catalog of one server, with the server's name as every tool's namespace. */
export function catalogFromServerTools(
  serverName: string,
  tools: unknown[],
  pages: number,
  description?: string,
): ImportedServer {
  if (tools.length === 0)
    throw new McpImportFailure("no_tools", `mcp-import: the server "${serverName}" lists no tools`, [], {
      what: "no_tools",
      values: { server: serverName },
    });
  const namespace = sanitizeNamePart(serverName).slice(0, 64);
  const imported = importCatalogValue({ tools }, { sourceName: serverName });
  if (!imported.value) {
    const first = imported.problems.find((problem) => problem.severity === "error");
    throw new McpImportFailure(
      "protocol_error",
      `mcp-import: the server's tools/list result is not a tool list${first ? `: ${first.message}` : ""}`,
      imported.problems,
      { what: "not_a_tool_list", values: {} },
    );
  }
  const merged = mergeCatalogs([
    { server: namespace, catalog: imported.value, description: description?.slice(0, 500) },
  ]);
  return {
    serverName,
    namespace,
    catalog: { ...merged.value!, source: `MCP server "${serverName}" (tools/list)` },
    problems: [...imported.problems, ...merged.problems],
    pages,
  };
}
