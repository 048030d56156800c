import { handleMcpImport } from "@/lib/server/mcp-handler";

/**
 * Imports the tools of a live MCP server (Streamable HTTP URL, or a stdio command when explicitly enabled on
 * loopback). Every call needs the page token; see docs/SECURITY.md.
 */
export async function POST(request: Request): Promise<Response> {
  return handleMcpImport(request);
}
