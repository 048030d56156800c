/**
 * Launching an MCP server over stdio runs a command on this machine: exactly the hole of CVE-2025-49596 (MCP
 * Inspector) and CVE-2026-23744 (MCPJam Inspector). It is allowed only when all of these hold:
 *
 * 1. the operator turned it on: PLAYGROUND_ENABLE_STDIO=1 (and did not mark the host public: PLAYGROUND_PUBLIC);
 * 2. every socket this process listens on is a loopback address, so nobody on the network can reach the route
 *    (`npm start` listens on 127.0.0.1 unless PLAYGROUND_HOST says otherwise);
 * 3. the request was addressed to a loopback name;
 * plus, as for every API call, the page token and the Host/Origin checks of guardApiRequest.
 *
 * Node-only: imported by app/api/mcp.
 */
import { isPublicDeployment } from "../mcp-import/url-policy";
import { isLoopbackAddress, listeningAddresses } from "./exposure";

export { isLoopbackAddress, listeningAddresses };

export const ENABLE_STDIO_ENV = "PLAYGROUND_ENABLE_STDIO";

const LOOPBACK_HOST_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type StdioCheck = { ok: true } | { ok: false; message: string };

function hostName(request: Request): string {
  const host = request.headers.get("host") ?? new URL(request.url).host;
  return host.toLowerCase().replace(/:\d+$/, "");
}

export function checkStdioAllowed(
  request: Request,
  environment: Record<string, string | undefined> = process.env,
  listening: () => string[] | null = listeningAddresses,
): StdioCheck {
  if (environment[ENABLE_STDIO_ENV] !== "1") {
    return {
      ok: false,
      message: `mcp-import: launching MCP servers (stdio) is off. To allow it on your own machine, start it on loopback (the default) with ${ENABLE_STDIO_ENV}=1: ${ENABLE_STDIO_ENV}=1 npm start`,
    };
  }
  if (isPublicDeployment(environment))
    return { ok: false, message: "mcp-import: stdio is never allowed on a public deployment (PLAYGROUND_PUBLIC=1)" };
  const addresses = listening();
  if (addresses === null)
    return { ok: false, message: "mcp-import: cannot tell which addresses this server listens on, so stdio stays off" };
  const exposed = addresses.filter((address) => !isLoopbackAddress(address));
  if (exposed.length > 0) {
    return {
      ok: false,
      message: `mcp-import: stdio needs the server to listen on loopback only, but it listens on ${exposed.join(", ")} (all interfaces). Start it with npm start (loopback is the default; drop PLAYGROUND_HOST)`,
    };
  }
  if (!LOOPBACK_HOST_NAMES.has(hostName(request)))
    return { ok: false, message: "mcp-import: stdio is only allowed from a page opened as localhost" };
  return { ok: true };
}
