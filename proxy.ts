/**
 * Next.js 16 Proxy (the renamed middleware): refuses every request whose Host is not allow-listed, before any
 * page or route runs. This is what keeps a DNS-rebinding page from loading the HTML and reading the page token
 * out of it (see docs/SECURITY.md and lib/server/request-guard.ts). Requests that change state (anything but
 * GET/HEAD) must also come from this origin. API routes check Host, Origin and the page token themselves with
 * guardApiRequest, so they stay safe even if this file is ever narrowed.
 *
 * Page navigations are not Origin-checked: opening a share link from a chat is a cross-site navigation, and
 * it must work.
 */
import { checkHost, checkHostAndOrigin, errorResponse } from "@/lib/server/request-guard";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function proxy(request: Request): Response | undefined {
  const result = SAFE_METHODS.has(request.method) ? checkHost(request) : checkHostAndOrigin(request);
  if (!result.ok) return errorResponse(result.status, result.code, result.message);
  return undefined;
}

// No matcher: every path, static assets included. Nothing at all is served to a foreign Host.
