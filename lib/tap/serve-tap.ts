/**
 * The tap's front door on the playground's own server: scripts/serve.mjs hands every request to `serveTap` before
 * Next.js, and it answers those under a tap's mount (`/tap/anthropic/…`, `/tap/openai/v1/…`, one per provider in the
 * registry) and leaves the rest to the app. Plain node:http, because Next's route-handler path cost more added time
 * to first byte than the tap is allowed (docs/PERFORMANCE.md).
 *
 * The tap endpoints take no page token (an agent has none), so they are held to the rest of the guard, in this order
 * and before a byte of the body is read: on an exposed server off unless PLAYGROUND_ENABLE_TAP=1 (tapAvailability),
 * an allow-listed Host (no DNS rebinding; `Host: localhost` only from a loopback socket when exposed), no cross-site
 * browser request (a page on another site cannot spend a key through them), a body under the cap, and a path that
 * stays under the tap's one upstream (never an open proxy).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkHostAndOrigin, type GuardedRequest } from "../server/request-guard";
import { forwardTapRequest, sendTapError } from "./forward";
import { tapAvailability, tapStoreOrNull, type TapRouteOptions } from "./tap-routes";
import { tapOfPath } from "./upstreams";

/** The key scripts/serve.mjs finds `serveTap` under (instrumentation.ts puts it there as the server starts). */
export const TAP_HANDLER_KEY = Symbol.for("tool-disclosure-playground.tap-handler");

/** The Host and Origin checks' view of a node:http request. A request without Host is refused (no URL to fall back on). */
function guardedView(incoming: IncomingMessage): GuardedRequest {
  return {
    url: "http://host-missing.invalid/",
    headers: {
      get(name: string): string | null {
        const value = incoming.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}

/** Answers a request to a tap endpoint and returns true; returns false, having done nothing, for any other path. */
export function serveTap(incoming: IncomingMessage, outgoing: ServerResponse, options: TapRouteOptions = {}): boolean {
  const url = incoming.url ?? "/";
  if (!url.startsWith("/tap/")) return false;
  const queryAt = url.indexOf("?");
  const match = tapOfPath(queryAt < 0 ? url : url.slice(0, queryAt));
  if (!match) return false;
  const { tap } = match;
  const refuse = (status: number, message: string) => {
    incoming.resume();
    sendTapError(outgoing, tap, status, message);
    return true;
  };
  const environment = options.environment ?? process.env;
  const availability = tapAvailability(environment, options.exposed);
  if (!availability.on) return refuse(403, availability.reason);
  const guard = checkHostAndOrigin(guardedView(incoming));
  if (!guard.ok) return refuse(guard.status, guard.message);
  let segments: string[];
  try {
    segments = match.rest.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    return refuse(400, "tap: the path is not valid percent-encoding");
  }
  forwardTapRequest(incoming, outgoing, tap, segments, queryAt < 0 ? "" : url.slice(queryAt), {
    recorder: tapStoreOrNull(options),
    environment,
  });
  return true;
}

/** Makes `serveTap` (with the process's environment and store) reachable from scripts/serve.mjs. */
export function installTapHandler(): void {
  (globalThis as { [TAP_HANDLER_KEY]?: typeof serveTap })[TAP_HANDLER_KEY] = (incoming, outgoing) =>
    serveTap(incoming, outgoing);
}
