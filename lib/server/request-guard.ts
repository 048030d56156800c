/**
 * The gate in front of every API route that can do something on the user's behalf (live MCP import, live
 * provider calls, short links). It stops the three attacks that turned MCP Inspector's and MCPJam Inspector's
 * local proxies into remote-code-execution holes (CVE-2025-49596, CVE-2026-23744):
 *
 * 1. **DNS rebinding**: a hostile page on `evil.example` re-points its DNS name at 127.0.0.1 and then talks to
 *    this server as "same origin". Its requests still carry `Host: evil.example`, so only allow-listed Host
 *    names are served (proxy.ts applies the same check to the HTML too, so such a page never sees the token).
 * 2. **Cross-site requests**: any page the user visits can POST to http://localhost:3000. Browsers send
 *    `Origin` on such requests; it must be this server's own origin.
 * 3. **Unauthenticated callers**: every guarded request must carry the per-start secret that only the app's
 *    own page holds (rendered into its HTML, which is served only to allowed Hosts).
 *
 * Node-only (node:crypto); imported by route handlers and proxy.ts, never by client code.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { isLoopbackAddress, peerAddress, serverExposure } from "./exposure";

export const PAGE_TOKEN_HEADER = "x-playground-token";

/** Host names served by default, on any port: loopback only. */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** Comma-separated extra Host names (`playground.example.com` = any port, `10.0.0.5:3000` = that port only). */
export const ALLOWED_HOSTS_ENV = "PLAYGROUND_ALLOWED_HOSTS";

export type GuardOptions = {
  /** Replaces the default list and the environment variable when given. */
  allowedHosts?: string[];
  /** Tests: whether the server is reachable from other machines (default: serverExposure()). */
  exposed?: boolean;
  /** Tests: the client's socket address (default: peerAddress(request), null when unknown). */
  peer?: string | null;
};

export type GuardResult = { ok: true } | { ok: false; status: 403; code: string; message: string };

// One secret per process. Kept on globalThis because Next.js may instantiate this module once per route bundle
// (proxy, layout and each route handler), and they must all agree on the same value.
const SECRET_KEY = Symbol.for("tool-disclosure-playground.server-secret");
type SecretHolder = { [SECRET_KEY]?: string };

/** A random per-process secret (32 bytes, base64url), created on first use. Restarting the server rotates it. */
export function serverSecret(): string {
  const holder = globalThis as SecretHolder;
  if (!holder[SECRET_KEY]) holder[SECRET_KEY] = randomBytes(32).toString("base64url");
  return holder[SECRET_KEY];
}

/**
 * Replaces this process's secret with the one every process of a shared store agreed on (instrumentation.ts, at
 * start-up, before any page is served), so the token of a page served by one process opens the API of another.
 */
export function adoptServerSecret(secret: string): void {
  if (secret.length < 32) throw new Error("request-guard: a shared secret has at least 32 characters");
  (globalThis as SecretHolder)[SECRET_KEY] = secret;
}

/** Every API answer is JSON that is never cached and never sniffed as HTML. */
export const JSON_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

/** A JSON success response with the same headers as errorResponse. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The one documented error shape of every API route: `{"error":{"code","message"}}`. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

type HostPattern = { hostname: string; port: string | null };

function parseHostPattern(entry: string): HostPattern | null {
  const trimmed = entry.trim().toLowerCase();
  if (!trimmed) return null;
  const split = splitHost(trimmed);
  return split ? { hostname: split.hostname, port: split.port } : null;
}

/** Splits `host[:port]`, keeping IPv6 brackets (`[::1]:3000` → `[::1]`, `3000`). Null when malformed. */
function splitHost(host: string): { hostname: string; port: string | null } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return null;
  return { hostname: match[1], port: match[2] ?? null };
}

export function allowedHostPatterns(options: GuardOptions = {}): HostPattern[] {
  const entries = options.allowedHosts ?? [
    ...DEFAULT_ALLOWED_HOSTS,
    ...(process.env[ALLOWED_HOSTS_ENV] ?? "").split(","),
  ];
  return entries.map(parseHostPattern).filter((pattern): pattern is HostPattern => pattern !== null);
}

/** Whether a `Host` header value (`name[:port]`) is on the allow-list. */
export function isAllowedHost(host: string, options: GuardOptions = {}): boolean {
  const split = splitHost(host.trim().toLowerCase());
  if (!split) return false;
  return allowedHostPatterns(options).some(
    (pattern) => pattern.hostname === split.hostname && (pattern.port === null || pattern.port === split.port),
  );
}

/** The Host the client addressed: the `Host` header, or the URL's host when a caller built the Request without one. */
function requestHost(request: GuardedRequest): string {
  const header = request.headers.get("host");
  if (header) return header;
  try {
    return new URL(request.url).host;
  } catch {
    return "";
  }
}

/** What the Host and Origin checks read of a request: a WHATWG Request, or a node:http request's view of it (lib/tap). */
export type GuardedRequest = { readonly url: string; readonly headers: { get(name: string): string | null } };

function forbidden(code: string, message: string): GuardResult {
  return { ok: false, status: 403, code, message };
}

/**
 * The Host allow-list alone (DNS rebinding). proxy.ts applies this to page navigations, which must keep working
 * when a share link is clicked in a chat on another site (such a navigation is `Sec-Fetch-Site: cross-site`).
 */
export function checkHost(request: GuardedRequest, options: GuardOptions = {}): GuardResult {
  const host = requestHost(request);
  if (isAllowedHost(host, options)) return checkLoopbackPeer(request, host, options);
  return forbidden(
    "host_not_allowed",
    `request-guard: Host "${host.slice(0, 200)}" is not allowed. Open the playground as http://localhost, ` +
      `or add the host name to ${ALLOWED_HOSTS_ENV}.`,
  );
}

const LOOPBACK_HOST_NAMES = new Set(DEFAULT_ALLOWED_HOSTS);

/**
 * On an exposed server (listening beyond loopback, docs/SECURITY.md "Exposed"), `Host: localhost` is a claim
 * anyone can make: it is only believed from a loopback socket. When the peer is unknown (plain `next start`
 * without scripts/serve.mjs) a loopback Host is refused; open the server by a name in PLAYGROUND_ALLOWED_HOSTS.
 */
function checkLoopbackPeer(request: GuardedRequest, host: string, options: GuardOptions): GuardResult {
  const hostname = splitHost(host.trim().toLowerCase())?.hostname ?? "";
  if (!LOOPBACK_HOST_NAMES.has(hostname)) return { ok: true };
  const exposed = options.exposed ?? serverExposure().exposed;
  if (!exposed) return { ok: true };
  const peer = options.peer !== undefined ? options.peer : peerAddress(request);
  if (peer !== null && isLoopbackAddress(peer)) return { ok: true };
  return forbidden(
    "loopback_host_from_network",
    `request-guard: this server is reachable from the network, and Host "${host.slice(0, 200)}" is only ` +
      `accepted from this machine. Open it by a name listed in ${ALLOWED_HOSTS_ENV}.`,
  );
}

/**
 * Host allow-list (DNS rebinding) and Origin check (cross-site). Requests without `Origin` pass this check:
 * browsers omit it on same-origin GETs and navigations, and non-browser clients still need the token.
 */
export function checkHostAndOrigin(request: GuardedRequest, options: GuardOptions = {}): GuardResult {
  const hostResult = checkHost(request, options);
  if (!hostResult.ok) return hostResult;
  const host = requestHost(request);
  if (request.headers.get("sec-fetch-site") === "cross-site") {
    return forbidden("cross_site_request", "request-guard: cross-site requests are not allowed.");
  }
  const origin = request.headers.get("origin");
  if (origin !== null && !isSameOrigin(origin, host)) {
    return forbidden(
      "origin_not_allowed",
      `request-guard: Origin "${origin.slice(0, 200)}" is not this server's origin; cross-site requests are not allowed.`,
    );
  }
  return { ok: true };
}

/**
 * Same-origin means the Origin's host:port equals the Host the request was sent to. The scheme is not compared
 * because a TLS-terminating reverse proxy forwards https traffic as http; `null` (sandboxed frames, file://)
 * never matches.
 */
function isSameOrigin(origin: string, host: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  const normalisedHost = host.trim().toLowerCase();
  const defaultPort = parsed.protocol === "https:" ? "443" : "80";
  const candidates = new Set([parsed.host, parsed.port ? parsed.host : `${parsed.host}:${defaultPort}`]);
  return candidates.has(normalisedHost);
}

/** Constant-time comparison of the presented token with the server secret (hashing first equalises lengths). */
export function isValidPageToken(token: string | null): boolean {
  if (!token) return false;
  const expected = createHash("sha256").update(serverSecret()).digest();
  const actual = createHash("sha256").update(token).digest();
  return timingSafeEqual(expected, actual);
}

/**
 * Host, Origin and page-token checks for an API route. Returns null when the request may proceed, otherwise the
 * 403 JSON error Response to return as is.
 */
export function guardApiRequest(request: Request, options: GuardOptions = {}): Response | null {
  const hostAndOrigin = checkHostAndOrigin(request, options);
  if (!hostAndOrigin.ok) return errorResponse(hostAndOrigin.status, hostAndOrigin.code, hostAndOrigin.message);
  const token = request.headers.get(PAGE_TOKEN_HEADER);
  if (!token) {
    return errorResponse(
      403,
      "missing_token",
      `request-guard: the ${PAGE_TOKEN_HEADER} header is missing; only the playground's own page may call this API.`,
    );
  }
  if (!isValidPageToken(token)) {
    return errorResponse(
      403,
      "invalid_token",
      "request-guard: the page token is wrong or out of date (the server restarted?); reload the page.",
    );
  }
  return null;
}
