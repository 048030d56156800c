/**
 * POST /api/mcp: import the tools of a live MCP server. Order of checks: Host/Origin/token (guardApiRequest), body
 * size and shape, then the transport's own policy (URL allow-list, or the stdio conditions), then the connection.
 */
import { type McpImportRequest, parseMcpImportRequest } from "../mcp-import/import-request";
import { MCP_ERROR_STATUS, McpImportFailure } from "../mcp-import/mcp-errors";
import { type McpImportResult, importFromMcpServer } from "./mcp-connect";
import { readJsonBody } from "./read-body";
import { errorResponse, guardApiRequest, jsonResponse } from "./request-guard";
import { checkStdioAllowed } from "./stdio-policy";

const MAX_REQUEST_BYTES = 64 * 1024;

export type McpHandlerDependencies = {
  environment?: Record<string, string | undefined>;
  listening?: () => string[] | null;
  importer?: (request: McpImportRequest, environment: Record<string, string | undefined>) => Promise<McpImportResult>;
};

export async function handleMcpImport(request: Request, dependencies: McpHandlerDependencies = {}): Promise<Response> {
  const environment = dependencies.environment ?? process.env;
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const body = await readJsonBody(request, MAX_REQUEST_BYTES, "mcp-import");
  if (!body.ok) return body.response;
  try {
    const importRequest = parseMcpImportRequest(body.value);
    if (importRequest.transport === "stdio") {
      const stdio = checkStdioAllowed(request, environment, dependencies.listening);
      if (!stdio.ok) return errorResponse(403, stdio.code, stdio.message);
    }
    const result = await (dependencies.importer ?? importFromMcpServer)(importRequest, environment);
    return jsonResponse({
      serverName: result.serverName,
      serverVersion: result.serverVersion,
      namespace: result.namespace,
      transport: result.transport,
      pages: result.pages,
      toolCount: result.catalog.tools.length,
      catalog: result.catalog,
      problems: result.problems,
    });
  } catch (error) {
    if (error instanceof McpImportFailure) {
      // The documented error shape, plus the catalog importer's located problems when there are any.
      const problems = error.problems.length > 0 ? error.problems : undefined;
      return jsonResponse(
        { error: { code: error.code, message: error.message, problems, words: error.words } },
        MCP_ERROR_STATUS[error.code],
      );
    }
    console.error("mcp-import: unexpected failure", error);
    return errorResponse(500, "internal_error", "mcp-import: unexpected server error; see the server log");
  }
}
