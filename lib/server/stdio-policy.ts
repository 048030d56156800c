/**
 * Launching an MCP server over stdio runs a command on this machine: exactly the hole of CVE-2025-49596 (MCP
 * Inspector) and CVE-2026-23744 (MCPJam Inspector). It is allowed only when all of these hold:
 *
 * 1. the operator turned it on: PLAYGROUND_ENABLE_STDIO=1 (and did not mark the host public: PLAYGROUND_PUBLIC);
 * 2. every socket this process listens on is a loopback address, so nobody on the network can reach the route
 *    (`npm start` listens on 127.0.0.1 unless PLAYGROUND_HOST says otherwise);
 * 3. the request was addressed to a loopback name;
 * 4. the request carries the stdio secret (PLAYGROUND_STDIO_SECRET, which `npm start` makes up and prints when it is
 *    not set) in STDIO_SECRET_HEADER. The page token is not enough: any local process can load the page and read
 *    it, but only someone who sees the server's terminal (or its environment) knows the secret;
 * plus, as for every API call, the page token and the Host/Origin checks of guardApiRequest.
 *
 * Node-only: imported by app/api/mcp.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { isPublicDeployment } from "../mcp-import/url-policy";
import { isLoopbackAddress, listeningAddresses } from "./exposure";

export { isLoopbackAddress, listeningAddresses };

export const ENABLE_STDIO_ENV = "PLAYGROUND_ENABLE_STDIO";
export const STDIO_SECRET_ENV = "PLAYGROUND_STDIO_SECRET";
/** Same value as STDIO_SECRET_HEADER in components/import/stdio-secret.ts (this module is Node-only). */
export const STDIO_SECRET_HEADER = "x-playground-stdio-secret";
/** A secret shorter than this is guessable from a local process that may try many times. */
export const MIN_STDIO_SECRET_LENGTH = 16;

const LOOPBACK_HOST_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type StdioCheck =
  { ok: true } | { ok: false; code: "stdio_disabled" | "stdio_secret_required"; message: string };

function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
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
      code: "stdio_disabled",
      message: `mcp-import: launching MCP servers (stdio) is off. To allow it on your own machine, start it on loopback (the default) with ${ENABLE_STDIO_ENV}=1: ${ENABLE_STDIO_ENV}=1 npm start`,
    };
  }
  if (isPublicDeployment(environment))
    return {
      ok: false,
      code: "stdio_disabled",
      message: "mcp-import: stdio is never allowed on a public deployment (PLAYGROUND_PUBLIC=1)",
    };
  const addresses = listening();
  if (addresses === null)
    return {
      ok: false,
      code: "stdio_disabled",
      message: "mcp-import: cannot tell which addresses this server listens on, so stdio stays off",
    };
  const exposed = addresses.filter((address) => !isLoopbackAddress(address));
  if (exposed.length > 0) {
    return {
      ok: false,
      code: "stdio_disabled",
      message: `mcp-import: stdio needs the server to listen on loopback only, but it listens on ${exposed.join(", ")} (all interfaces). Start it with npm start (loopback is the default; drop PLAYGROUND_HOST)`,
    };
  }
  if (!LOOPBACK_HOST_NAMES.has(hostName(request)))
    return {
      ok: false,
      code: "stdio_disabled",
      message: "mcp-import: stdio is only allowed from a page opened as localhost",
    };
  const secret = environment[STDIO_SECRET_ENV]?.trim() ?? "";
  if (secret.length < MIN_STDIO_SECRET_LENGTH)
    return {
      ok: false,
      code: "stdio_disabled",
      message: `mcp-import: stdio also needs a secret of at least ${MIN_STDIO_SECRET_LENGTH} characters in ${STDIO_SECRET_ENV} (npm start makes one up and prints it when ${ENABLE_STDIO_ENV}=1)`,
    };
  const presented = request.headers.get(STDIO_SECRET_HEADER)?.trim() ?? "";
  if (!presented || !sameSecret(presented, secret))
    return {
      ok: false,
      code: "stdio_secret_required",
      message: presented
        ? "mcp-import: the stdio secret is wrong; paste the one the server printed at start-up (or its PLAYGROUND_STDIO_SECRET)"
        : "mcp-import: launching a command needs the stdio secret the server printed at start-up (or its PLAYGROUND_STDIO_SECRET); paste it once",
    };
  return { ok: true };
}
