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
import { getStore, type TapRecords } from "../server/store";
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
  store?: () => TapRecords;
};

export function tapStoreOrNull(options: TapRouteOptions): TapRecords | null {
  try {
    return (options.store ?? (() => getStore().tap()))();
  } catch {
    // A store that cannot be opened (read-only folder, corrupt file) must not stop the tap from forwarding.
    return null;
  }
}

/** `GET /api/tap`: whether the tap is on, its upstreams, settings, store health and the sessions. */
export async function tapStatusRoute(request: Request, options: TapRouteOptions = {}): Promise<Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const environment = options.environment ?? process.env;
  const availability = tapAvailability(environment, options.exposed);
  const store = tapStoreOrNull(options);
  const upstreams = Object.values(TAP_ENDPOINTS).map((endpoint) => {
    const base = upstreamBase(endpoint.id, environment);
    return { id: endpoint.id, label: endpoint.label, mount: endpoint.mount, upstream: base.ok ? base.base.href : null };
  });
  let read: {
    settings: Awaited<ReturnType<TapRecords["settings"]>>;
    sessions: Awaited<ReturnType<TapRecords["sessions"]>>;
  } | null = null;
  try {
    if (store) read = { settings: await store.settings(), sessions: await store.sessions() };
  } catch {
    // A database that cannot be reached reads as a store that cannot be opened; the tap still forwards.
  }
  return jsonResponse({
    on: availability.on,
    reason: availability.on ? null : availability.reason,
    upstreams,
    store:
      store && read
        ? { ...store.health(), open: true }
        : { open: false, pending: 0, dropped: 0, lastError: "cannot open the tap's store" },
    settings: read?.settings ?? null,
    sessions: read?.sessions ?? [],
  });
}

/** `GET /api/tap/export?session=<id|latest>&format=jsonl|har`. */
export async function tapExportRoute(request: Request, options: TapRouteOptions = {}): Promise<Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const url = new URL(request.url);
  const format = (url.searchParams.get("format") ?? "jsonl") as TapExportFormat;
  if (!TAP_EXPORT_FORMATS.includes(format)) return errorResponse(400, "bad_format", "tap: format is jsonl or har");
  const store = tapStoreOrNull(options);
  if (!store) return errorResponse(503, "store_unavailable", "tap: the tap's store cannot be opened");
  let session: Awaited<ReturnType<TapRecords["resolveSession"]>>;
  let exchanges: Awaited<ReturnType<TapRecords["exchanges"]>>;
  try {
    session = await store.resolveSession(url.searchParams.get("session") ?? "latest");
    if (!session) return errorResponse(404, "no_session", "tap: no such session");
    exchanges = await store.exchanges(session.id);
  } catch {
    return errorResponse(503, "store_unavailable", "tap: the tap's store cannot be read");
  }
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
    if (typeof body.delete === "string") return jsonResponse({ deleted: await store.deleteSessions(body.delete) });
    const days = body.retentionDays;
    if (typeof days !== "number" || !Number.isInteger(days) || days < 1 || days > 3650)
      return errorResponse(400, "bad_retention", "tap: retentionDays is a whole number of days from 1 to 3650");
    return jsonResponse({ settings: await store.setSettings({ retentionDays: days }) });
  } catch (error) {
    return errorResponse(507, "store_refused", `tap: the store refused the change (${(error as Error).message})`);
  }
}
