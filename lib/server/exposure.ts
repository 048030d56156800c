/**
 * Whether other machines can reach this server, and who is on the other end of a request. The playground is a
 * tool for one person on their own machine: `npm start` (scripts/serve.mjs) listens on 127.0.0.1 unless told
 * otherwise with PLAYGROUND_HOST or --host. When it listens anywhere else (or PLAYGROUND_PUBLIC=1 says a proxy
 * makes it public) the server is "exposed", and the protections of docs/SECURITY.md "Exposed" switch on:
 *
 * - a loopback Host name (`localhost`) is only believed from a loopback peer, so another machine cannot pass the
 *   Host allow-list by sending `Host: localhost` (request-guard.ts);
 * - MCP URL import refuses private, loopback, link-local and metadata addresses unless
 *   PLAYGROUND_ALLOW_PRIVATE_URLS=1 (mcp-connect.ts);
 * - live mode does not spend the server's own provider keys unless PLAYGROUND_ALLOW_SERVER_KEYS=1 (live-request.ts);
 * - stdio import stays off (stdio-policy.ts).
 *
 * The peer address: Next.js fills X-Forwarded-For from the socket only when the client did not send one, so that
 * header proves nothing. scripts/serve.mjs overwrites PEER_ADDRESS_HEADER with the socket's address on every
 * request and marks the process (PEER_HEADER_TRUSTED); only then is the header believed. Under plain `next start`
 * the peer is unknown, and an exposed server refuses loopback Host names altogether (fail closed).
 *
 * Node-only (node:net): imported by proxy.ts, request guards and route handlers.
 */
import net from "node:net";
import { isPublicDeployment, PUBLIC_ENV } from "../mcp-import/url-policy";

export { isPublicDeployment, PUBLIC_ENV };

export const LISTEN_HOST_ENV = "PLAYGROUND_HOST";
export const ALLOW_PRIVATE_URLS_ENV = "PLAYGROUND_ALLOW_PRIVATE_URLS";
export const ALLOW_SERVER_KEYS_ENV = "PLAYGROUND_ALLOW_SERVER_KEYS";

/** Set by scripts/serve.mjs on every request from the socket; any value a client sent is overwritten. */
export const PEER_ADDRESS_HEADER = "x-playground-peer-address";
/** scripts/serve.mjs sets this on globalThis; without it PEER_ADDRESS_HEADER could be a client's forgery. */
export const PEER_HEADER_TRUSTED = Symbol.for("tool-disclosure-playground.peer-header-trusted");

type Environment = Record<string, string | undefined>;

export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "::1" || bare === "localhost") return true;
  const ipv4 = bare.startsWith("::ffff:") ? bare.slice(7) : bare;
  return net.isIPv4(ipv4) && ipv4.startsWith("127.");
}

function flag(environment: Environment, name: string): boolean {
  return /^(1|true|yes|on)$/i.test(environment[name]?.trim() ?? "");
}

type ProcessWithHandles = NodeJS.Process & { _getActiveHandles?: () => unknown[] };

/**
 * The addresses of the TCP servers listening in this process, or null when they cannot be found. Node has no
 * public API that lists a process's servers; `process._getActiveHandles()` has existed since Node 0.x and is what
 * diagnostic tools use. Callers treat null as "exposed" (fail closed).
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

export type Exposure = {
  /** True when anyone but this machine may reach the server. */
  exposed: boolean;
  /** Addresses the process listens on (null: unknown). */
  listening: string[] | null;
  /** Why it counts as exposed, in words; empty when it is not. */
  reasons: string[];
};

export function serverExposure(
  environment: Environment = process.env,
  listening: () => string[] | null = listeningAddresses,
): Exposure {
  const addresses = listening();
  const reasons: string[] = [];
  if (isPublicDeployment(environment)) reasons.push(`${PUBLIC_ENV}=1`);
  if (addresses === null) reasons.push("the listening addresses cannot be determined");
  else {
    const open = addresses.filter((address) => !isLoopbackAddress(address));
    if (open.length) reasons.push(`listening on ${open.map((address) => address || "all interfaces").join(", ")}`);
  }
  return { exposed: reasons.length > 0, listening: addresses, reasons };
}

/** The socket address of the client, when scripts/serve.mjs vouches for it; otherwise null. */
export function peerAddress(request: { headers: { get(name: string): string | null } }): string | null {
  if ((globalThis as { [PEER_HEADER_TRUSTED]?: boolean })[PEER_HEADER_TRUSTED] !== true) return null;
  return request.headers.get(PEER_ADDRESS_HEADER)?.trim() || null;
}

export type Protection = { id: string; on: boolean; label: string };

/**
 * What the page's status line says: one entry per protection, each on or off, worded from the same values the
 * routes use (so the words cannot disagree with what the server does).
 */
export function securityStatus(
  environment: Environment = process.env,
  listening: () => string[] | null = listeningAddresses,
): { exposure: Exposure; protections: Protection[] } {
  const exposure = serverExposure(environment, listening);
  const stdioOn = environment.PLAYGROUND_ENABLE_STDIO === "1" && !exposure.exposed;
  const protections: Protection[] = exposure.exposed
    ? [
        { id: "loopback-host", on: true, label: "localhost only from this machine" },
        {
          id: "private-urls",
          on: !flag(environment, ALLOW_PRIVATE_URLS_ENV),
          label: flag(environment, ALLOW_PRIVATE_URLS_ENV)
            ? `MCP import may reach private addresses (${ALLOW_PRIVATE_URLS_ENV})`
            : "MCP import refuses private addresses",
        },
        {
          id: "server-keys",
          on: !flag(environment, ALLOW_SERVER_KEYS_ENV),
          label: flag(environment, ALLOW_SERVER_KEYS_ENV)
            ? `server keys usable by visitors (${ALLOW_SERVER_KEYS_ENV})`
            : "server keys off",
        },
        { id: "stdio", on: true, label: "stdio off" },
      ]
    : [{ id: "stdio", on: !stdioOn, label: stdioOn ? "stdio import on" : "stdio off" }];
  return { exposure, protections };
}
