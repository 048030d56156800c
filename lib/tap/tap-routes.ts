/**
 * Whether the tap is on, and the Tap view's API for the thin route files in app/api/tap. The tap endpoints
 * themselves are served before Next.js (lib/tap/serve-tap.ts).
 *
 * On an exposed server the tap is off unless PLAYGROUND_ENABLE_TAP=1 says otherwise (like stdio import: an exposed
 * tap would let anyone record through this machine and read the recordings on the page).
 */
import { serverExposure } from "../server/exposure";
import { errorResponse, guardApiRequest, jsonResponse } from "../server/request-guard";
import { exchangesToHar, exchangesToJsonl, TAP_EXPORT_FORMATS, type TapExportFormat } from "./export";
import { getTapStore, type TapStore } from "./tap-store";
import { TAP_ENDPOINTS, upstreamBase } from "./upstreams";

export const ENABLE_TAP_ENV = "PLAYGROUND_ENABLE_TAP";

type Environment = Record<string, string | undefined>;

export type TapAvailability = { on: true } | { on: false; reason: string };

export function tapAvailability(
  environment: Environment = process.env,
  exposed: () => boolean = () => serverExposure(environment).exposed,
): TapAvailability {
  if (environment[ENABLE_TAP_ENV] === "0") return { on: false, reason: `tap: turned off (${ENABLE_TAP_ENV}=0)` };
  if (exposed() && environment[ENABLE_TAP_ENV] !== "1")
    return {
      on: false,
      reason: `tap: off because this server is reachable from the network; on your own machine use npm start (loopback), or turn it on explicitly with ${ENABLE_TAP_ENV}=1`,
    };
  return { on: true };
}

export type TapRouteOptions = {
  environment?: Environment;
  exposed?: () => boolean;
  store?: () => TapStore;
};

export function tapStoreOrNull(options: TapRouteOptions): TapStore | null {
  try {
    return (options.store ?? getTapStore)();
  } catch {
    // A store that cannot be opened (read-only folder, corrupt file) must not stop the tap from forwarding.
    return null;
  }
}

/** `GET /api/tap`: whether the tap is on, its upstreams, settings, store health and the sessions. */
export function tapStatusRoute(request: Request, options: TapRouteOptions = {}): Response {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const environment = options.environment ?? process.env;
  const availability = tapAvailability(environment, options.exposed);
  const store = tapStoreOrNull(options);
  const upstreams = Object.values(TAP_ENDPOINTS).map((endpoint) => {
    const base = upstreamBase(endpoint.id, environment);
    return { id: endpoint.id, label: endpoint.label, mount: endpoint.mount, upstream: base.ok ? base.base.href : null };
  });
  return jsonResponse({
    on: availability.on,
    reason: availability.on ? null : availability.reason,
    upstreams,
    store: store
      ? { ...store.health(), open: true }
      : { open: false, pending: 0, dropped: 0, lastError: "cannot open the tap's store" },
    settings: store?.settings() ?? null,
    sessions: store?.sessions() ?? [],
  });
}

/** `GET /api/tap/export?session=<id|latest>&format=jsonl|har`. */
export function tapExportRoute(request: Request, options: TapRouteOptions = {}): Response {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const url = new URL(request.url);
  const format = (url.searchParams.get("format") ?? "jsonl") as TapExportFormat;
  if (!TAP_EXPORT_FORMATS.includes(format)) return errorResponse(400, "bad_format", "tap: format is jsonl or har");
  const store = tapStoreOrNull(options);
  if (!store) return errorResponse(503, "store_unavailable", "tap: the tap's store cannot be opened");
  const session = store.resolveSession(url.searchParams.get("session") ?? "latest");
  if (!session) return errorResponse(404, "no_session", "tap: no such session");
  const exchanges = store.exchanges(session.id);
  const text = format === "har" ? exchangesToHar(session, exchanges) : exchangesToJsonl(exchanges);
  return new Response(text, {
    status: 200,
    headers: {
      "content-type": format === "har" ? "application/json; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-tap-session": session.id,
      "x-tap-requests": String(session.requests),
      "content-disposition": `attachment; filename="tap-${session.id}.${format === "har" ? "har" : "jsonl"}"`,
    },
  });
}

/** `POST /api/tap` `{retentionDays}` or `{delete: <id|"all">}`: the page's settings and delete. */
export async function tapSettingsRoute(request: Request, options: TapRouteOptions = {}): Promise<Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const store = tapStoreOrNull(options);
  if (!store) return errorResponse(503, "store_unavailable", "tap: the tap's store cannot be opened");
  let body: { retentionDays?: unknown; delete?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return errorResponse(400, "bad_json", "tap: the body is not JSON");
  }
  try {
    if (typeof body.delete === "string") return jsonResponse({ deleted: store.deleteSessions(body.delete) });
    const days = body.retentionDays;
    if (typeof days !== "number" || !Number.isInteger(days) || days < 1 || days > 3650)
      return errorResponse(400, "bad_retention", "tap: retentionDays is a whole number of days from 1 to 3650");
    return jsonResponse({ settings: store.setSettings({ retentionDays: days }) });
  } catch (error) {
    return errorResponse(507, "store_refused", `tap: the store refused the change (${(error as Error).message})`);
  }
}
