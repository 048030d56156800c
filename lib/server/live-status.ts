/**
 * `GET /api/live/status`: what live mode can do on this server, so the page can say "using the server's key" or
 * ask for one. Booleans only: never a key, never a base URL the owner configured.
 */
import type { LiveStatusBody } from "../live/api-schema";
import { readLiveConfig } from "./live-config";
import { guardApiRequest } from "./request-guard";

export function handleLiveStatus(request: Request, env: Record<string, string | undefined> = process.env): Response {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const config = readLiveConfig(env);
  const body: LiveStatusBody = {
    enabled: config.enabled,
    serverKeys: {
      anthropic: Boolean(config.keys.anthropic),
      openai: Boolean(config.keys.openai),
      moonshot: Boolean(config.keys.moonshot),
      compatible: Boolean(config.keys.compatible),
    },
    compatibleBaseUrlConfigured: Boolean(config.compatibleBaseUrl),
    customBaseUrl: config.customBaseUrl.mode,
    maxOutputTokens: config.maxOutputTokens,
  };
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
