/**
 * Launching an MCP server over stdio runs a command on this machine: exactly the hole of CVE-2025-49596 (MCP
 * Inspector) and CVE-2026-23744 (MCPJam Inspector). It is allowed only when all of these hold:
 *
 * 1. the operator turned it on: PLAYGROUND_ENABLE_STDIO=1 (and did not mark the host public: PLAYGROUND_PUBLIC);
 * 2. every socket this process listens on is a loopback address, so nobody on the network can reach the route
 *    (`next start` listens on all interfaces unless started with `-H 127.0.0.1`);
 * 3. the request was addressed to a loopback name;
 * plus, as for every API call, the page token and the Host/Origin checks of guardApiRequest.
 *
 * Node-only: imported by app/api/mcp.
 */
import net from "node:net";
import { isPublicDeployment } from "../mcp-import/url-policy";

export const ENABLE_STDIO_ENV = "PLAYGROUND_ENABLE_STDIO";

const LOOPBACK_HOST_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type StdioCheck = { ok: true } | { ok: false; message: string };

export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "::1" || bare === "localhost") return true;
  const ipv4 = bare.startsWith("::ffff:") ? bare.slice(7) : bare;
  return net.isIPv4(ipv4) && ipv4.startsWith("127.");
}

type ProcessWithHandles = NodeJS.Process & { _getActiveHandles?: () => unknown[] };

/**
 * The addresses of the TCP servers listening in this process, or null when they cannot be found. Node has no
 * public API that lists a process's servers; `process._getActiveHandles()` has existed since Node 0.x and is what
 * diagnostic tools use. When it is missing, this answers null and stdio stays off (fail closed).
 */
export function listeningAddresses(): string[] | null {
  const getHandles = (process as ProcessWithHandles)._getActiveHandles;
  if (typeof getHandles !== "function") return null;
  const addresses: string[] = [];
  for (const handle of getHandles.call(process)) {
    if (!(handle instanceof net.Server) || !handle.listening) continue;
    const address = handle.address();
    if (address && typeof address === "object") addresses.push(address.address);
    // A string address is a Unix socket or pipe: local by construction.
  }
  return addresses;
}

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
      message: `mcp-import: launching MCP servers (stdio) is off. To allow it on your own machine, start the playground with ${ENABLE_STDIO_ENV}=1 on loopback only: ${ENABLE_STDIO_ENV}=1 npx next start -H 127.0.0.1`,
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
      message: `mcp-import: stdio needs the server to listen on loopback only, but it listens on ${exposed.join(", ")} (all interfaces). Start it with -H 127.0.0.1`,
    };
  }
  if (!LOOPBACK_HOST_NAMES.has(hostName(request)))
    return { ok: false, message: "mcp-import: stdio is only allowed from a page opened as localhost" };
  return { ok: true };
}
