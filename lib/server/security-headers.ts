/**
 * The security headers of every response (docs/SECURITY.md, "Headers"). Two sources, one list:
 *
 * - next.config.ts `headers()` puts STATIC_SECURITY_HEADERS on every route (pages, static files, API routes, the
 *   404 page) and API_CONTENT_SECURITY_POLICY on /api/*: these need no per-request value.
 * - proxy.ts puts the page's Content-Security-Policy, which carries a fresh nonce per request, on every page.
 *   Next.js reads the nonce from the request's CSP header and puts it on its own inline scripts; app/layout.tsx
 *   puts it on the theme script.
 *
 * Framework-free: plain strings, no Next.js import, so next.config.ts and the tests can load it.
 */

/** On every response. */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  // Never guess a type: a JSON error or an uploaded-looking body is never run as HTML or script.
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Old browsers' spelling of frame-ancestors 'none' (clickjacking).
  { key: "X-Frame-Options", value: "DENY" },
  // Share links carry the scenario in the fragment; no URL of this app is ever sent to another site.
  { key: "Referrer-Policy", value: "no-referrer" },
  // Another window opened by this page (or opening it) gets no handle to it.
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
  // The playground needs none of these; saying so keeps an injected iframe or script from asking.
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** API answers are JSON or NDJSON: nothing in them may load or run anything, and no page may frame them. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The page's policy. Every directive is something the app really needs (the e2e test security.spec.ts loads every
 * view under it and fails on any violation report):
 *
 * - script-src: the nonce (Next.js's inline bootstrap and flight data, the theme script) plus 'strict-dynamic', so
 *   the chunks those scripts load are trusted and nothing else is, and 'unsafe-eval' for a measured need: Ajv
 *   compiles JSON Schemas with `new Function`, and the search lab (/lab) compiles the scenario schema on the page
 *   thread. Measured with security.spec.ts: without 'unsafe-eval' the lab stops at "scenario: the published schema
 *   does not compile: Evaluating a string as JavaScript violates … Content Security Policy". The playground's own
 *   engine, decide and lab workers need no page policy at all: a worker takes its policy from its script's response,
 *   and proxy.ts gives built files under /_next/ none. Injected script still cannot run (the nonce and
 *   'strict-dynamic' decide what runs; 'unsafe-eval' only lets running code evaluate strings). Drop it once every
 *   schema compile happens in a worker (SCRIPT_EVAL below).
 * - worker-src 'self': the engine, decide, lab and Monaco workers are same-origin module workers.
 * - style-src 'self' 'unsafe-inline': Monaco inserts <style> elements for its themes and token colours without a
 *   nonce (monaco-editor has no nonce option), and React renders `style` attributes (charts, virtual lists). A
 *   nonce would disable 'unsafe-inline', so styles use 'unsafe-inline' alone. Style injection needs an HTML
 *   injection point first, and the page renders no untrusted HTML (control 6 in docs/SECURITY.md).
 * - img-src data: blob: for inline SVG icons and chart exports; font-src 'self' data: for Monaco's codicon font.
 * - connect-src 'self': the page only talks to its own API routes (live mode calls providers from the server).
 * - frame-ancestors 'none' forbids framing; object-src, base-uri and form-action close the classic injection sinks.
 */
/** Ajv on the page thread (see script-src above); `next dev` needs eval for fast refresh anyway. */
export const SCRIPT_EVAL = " 'unsafe-eval'";

export function pageContentSecurityPolicy(nonce: string, options: { development?: boolean } = {}): string {
  // `next dev` opens a websocket for fast refresh; production does not.
  const developmentConnect = options.development ? " ws: wss:" : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${SCRIPT_EVAL}`,
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${developmentConnect}`,
    "manifest-src 'self'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "child-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The header rules for next.config.ts `headers()`. */
export function securityHeaderRules(): Array<{ source: string; headers: Array<{ key: string; value: string }> }> {
  return [
    { source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] },
    { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
  ];
}
