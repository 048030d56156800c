/** Public API of importing tools from a live MCP server (the connection itself is in lib/server/mcp-connect.ts). */
export {
  catalogFromServerTools,
  type ImportedServer,
  listAllTools,
  type ListToolsPage,
  MAX_PAGES,
  MAX_TOOLS,
  type ToolLister,
} from "./list-tools";
export { classifyMcpError, MCP_ERROR_STATUS, type McpImportErrorCode, McpImportFailure } from "./mcp-errors";
export { checkMcpUrl, isPublicDeployment, MCP_ALLOWED_URLS_ENV, PUBLIC_ENV } from "./url-policy";
export { type McpImportRequest, parseMcpImportRequest } from "./import-request";
