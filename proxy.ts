/**
 * Next.js 16 Proxy (the renamed middleware): refuses every request whose Host is not allow-listed, before any
 * page or route runs, and gives every page its Content-Security-Policy with a fresh nonce.
 *
 * The Host check is what keeps a DNS-rebinding page from loading the HTML and reading the page token out of it
 * (see docs/SECURITY.md and lib/server/request-guard.ts). Requests that change state (anything but GET/HEAD) must
 * also come from this origin. Page navigations are not Origin-checked: opening a share link from a chat is a
 * cross-site navigation, and it must work.
 *
 * The API routes that take a request body are NOT matched (see `config` below). When a proxy runs, Next.js copies
 * the request body into memory so both the proxy and the route can read it, and cuts it at
 * `experimental.proxyClientMaxBodySize` (10 MB by default) without telling the route: a 16 MB live request
 * would arrive truncated and fail as "not valid JSON". Unmatched, those routes read the socket themselves: they check
 * Host, Origin and the page token (guardApiRequest) and their rate limits first, and only then read the body under
 * their own cap, so an unauthenticated upload is refused before a byte of it is buffered.
 */
import { NextResponse, type NextRequest } from "next/server";
import { checkHost, checkHostAndOrigin, errorResponse } from "@/lib/server/request-guard";
import { pageContentSecurityPolicy } from "@/lib/server/security-headers";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The request header app/layout.tsx reads the nonce from. */
export const NONCE_HEADER = "x-nonce";

export function proxy(request: NextRequest | Request): Response {
  const result = SAFE_METHODS.has(request.method) ? checkHost(request) : checkHostAndOrigin(request);
  if (!result.ok) return errorResponse(result.status, result.code, result.message);
  // API answers get their own fixed policy from next.config.ts (default-src 'none'). Built files under /_next/ get
  // none: a worker takes its policy from its script's response, and the engine, decide and lab workers compile tool
  // schemas with Ajv (`new Function`), which a page policy without 'unsafe-eval' forbids (measured: "simulation
  // failed … violates the following Content Security Policy directive"). The page itself never evaluates strings.
  const pathname = new URL(request.url).pathname;
  if (pathname.startsWith("/api/") || pathname.startsWith("/_next/")) return NextResponse.next();

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development" });
  // Next.js takes the nonce for its own inline scripts from the request's CSP header.
  const forwarded = new Headers(request.headers);
  forwarded.set(NONCE_HEADER, nonce);
  forwarded.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Every path, static assets included, except the four API routes that read a body (each guards itself before
  // reading; lib/server/request-guard.ts). Nothing at all is served to a foreign Host. The tap's endpoints never
  // reach Next: scripts/serve.mjs answers them first (lib/tap/serve-tap.ts).
  matcher: ["/((?!api/(?:live/send|count-tokens|mcp|share)$).*)"],
};
