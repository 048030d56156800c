/**
 * `GET /api/live/status`: what live mode can do on this server, so the page can say "using the server's key" or
 * ask for one. Booleans only: never a key, never a base URL the owner configured.
 */
import type { LiveStatusBody } from "../live/api-schema";
import { readLiveConfig } from "./live-config";
import { serverKeysUsable } from "./live-request";
import { guardApiRequest, jsonResponse } from "./request-guard";

export function handleLiveStatus(request: Request, env: Record<string, string | undefined> = process.env): Response {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const config = readLiveConfig(env);
  // Keys the server will not lend (exposed server, docs/SECURITY.md) are reported as absent: the page asks for one.
  const usable = serverKeysUsable(env);
  const body: LiveStatusBody = {
    enabled: config.enabled,
    serverKeys: Object.fromEntries(
      Object.entries(config.keys).map(([account, key]) => [account, usable && Boolean(key)]),
    ),
    compatibleBaseUrlConfigured: Boolean(config.compatibleBaseUrl),
    customBaseUrl: config.customBaseUrl.mode,
    maxOutputTokens: config.maxOutputTokens,
  };
  return jsonResponse(body);
}
