/**
 * Which base URL a live call goes to and which key it spends. The rules that keep the owner's keys safe:
 * - an environment key only ever goes to its own provider's official endpoint (or, for
 *   OPENAI_COMPATIBLE_API_KEY, to OPENAI_COMPATIBLE_BASE_URL), never to a URL the browser chose;
 * - a custom base URL is refused unless PLAYGROUND_ALLOW_CUSTOM_BASE_URL is on, and then must match
 *   PLAYGROUND_BASE_URL_ALLOWLIST when one is set (server-side request forgery on a public deployment);
 * - a pasted key is used for this one request and forgotten.
 */
import type { LiveEndpoint } from "../live/types";
import type { ProviderId } from "../core/ids";
import { providerFacts } from "../providers/facts";
import type { LiveServerConfig } from "./live-config";

export type LiveTarget = {
  provider: ProviderId;
  /** The SDK base URL (Anthropic: without /v1; OpenAI-style: with /v1). */
  baseURL: string;
  apiKey: string;
  keySource: "pasted" | "server" | "none";
  /** For messages: "Anthropic", "OpenAI", "Moonshot", "the OpenAI-compatible server". */
  label: string;
  /** Whether the URL is one the owner vouched for (official or configured); redirects are refused for others. */
  trusted: boolean;
};

export type TargetError = { status: number; code: string; message: string };

/** SDKs insist on a key; OpenAI-compatible servers such as Ollama take none. */
export const NO_KEY_PLACEHOLDER = "no-key";

function officialBaseUrl(provider: ProviderId, config: LiveServerConfig): string {
  const test = config.testProviderBaseUrl;
  const facts = providerFacts(provider);
  return test !== undefined ? `${test}${facts.fakeBasePath}` : config.officialBaseUrls[facts.account];
}

function serverKey(provider: ProviderId, config: LiveServerConfig): string | undefined {
  return config.keys[providerFacts(provider).account];
}

/** Segment-aware prefix match: `https://openrouter.ai/api` allows `/api/v1` but not `openrouter.ai.evil.example`. */
export function matchesAllowList(candidate: URL, allowList: readonly string[]): boolean {
  return allowList.some((entry) => {
    let allowed: URL;
    try {
      allowed = new URL(entry);
    } catch {
      return false;
    }
    if (allowed.protocol !== candidate.protocol || allowed.host !== candidate.host) return false;
    const prefix = allowed.pathname.replace(/\/+$/, "");
    const path = candidate.pathname.replace(/\/+$/, "");
    return prefix === "" || path === prefix || path.startsWith(`${prefix}/`);
  });
}

function checkCustomBaseUrl(value: string, config: LiveServerConfig): URL | TargetError {
  if (config.customBaseUrl.mode === "disabled") {
    return {
      status: 403,
      code: "custom_base_url_disabled",
      message:
        "live: custom base URLs are disabled on this server (set PLAYGROUND_ALLOW_CUSTOM_BASE_URL=1 and PLAYGROUND_BASE_URL_ALLOWLIST).",
    };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { status: 400, code: "invalid_request", message: "live: the custom base URL is not a URL." };
  }
  if (
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username ||
    url.password ||
    url.hash ||
    url.search
  ) {
    return {
      status: 400,
      code: "invalid_request",
      message: "live: a custom base URL must be plain http(s), without credentials, query or fragment.",
    };
  }
  if (config.customBaseUrl.mode === "allow-list" && !matchesAllowList(url, config.customBaseUrl.allowList)) {
    return {
      status: 403,
      code: "base_url_not_allowed",
      message: `live: ${url.origin} is not on this server's PLAYGROUND_BASE_URL_ALLOWLIST.`,
    };
  }
  return url;
}

/** The model table's id for "an OpenAI-compatible server": a request with it is never meant for OpenAI itself. */
export const COMPATIBLE_MODEL_ID = "openai-compatible";

export function resolveTarget(
  provider: ProviderId,
  endpoint: LiveEndpoint,
  pastedKey: string | undefined,
  config: LiveServerConfig,
  model?: string,
): LiveTarget | TargetError {
  if (endpoint.kind === "official" && model === COMPATIBLE_MODEL_ID) {
    return {
      status: 400,
      code: "compatible_needs_base_url",
      message: `live: this request is for an OpenAI-compatible server, so it is not sent to ${providerFacts(provider).vendor}; type your server's base URL${config.customBaseUrl.mode === "disabled" ? " (this server accepts one with PLAYGROUND_ALLOW_CUSTOM_BASE_URL=1)" : ""} or set OPENAI_COMPATIBLE_BASE_URL on the server.`,
    };
  }
  if (endpoint.kind === "official") {
    const key = pastedKey ?? serverKey(provider, config);
    if (!key) {
      const { vendor, keyVariable } = providerFacts(provider);
      return {
        status: 400,
        code: "missing_key",
        message: `live: no ${vendor} key: paste one, or set ${keyVariable} on the server.`,
      };
    }
    return {
      provider,
      baseURL: officialBaseUrl(provider, config),
      apiKey: key,
      keySource: pastedKey ? "pasted" : "server",
      label: providerFacts(provider).vendor,
      trusted: true,
    };
  }
  if (!providerFacts(provider).compatibleServers && endpoint.kind === "compatible") {
    return {
      status: 400,
      code: "invalid_request",
      message: "live: the OpenAI-compatible endpoint speaks Chat Completions or Responses only.",
    };
  }
  if (endpoint.kind === "compatible") {
    if (!config.compatibleBaseUrl)
      return {
        status: 400,
        code: "compatible_not_configured",
        message:
          "live: this playground's server has no OpenAI-compatible endpoint configured (OPENAI_COMPATIBLE_BASE_URL); type your server's base URL instead.",
      };
    const key = pastedKey ?? config.keys.compatible;
    return {
      provider,
      baseURL: config.compatibleBaseUrl,
      apiKey: key ?? NO_KEY_PLACEHOLDER,
      keySource: pastedKey ? "pasted" : key ? "server" : "none",
      label: "the OpenAI-compatible server",
      trusted: true,
    };
  }
  const url = checkCustomBaseUrl(endpoint.baseUrl, config);
  if (!(url instanceof URL)) return url;
  // Never an environment key here: the browser chose this URL.
  return {
    provider,
    baseURL: url.toString().replace(/\/+$/, ""),
    apiKey: pastedKey ?? NO_KEY_PLACEHOLDER,
    keySource: pastedKey ? "pasted" : "none",
    label: url.host,
    trusted: false,
  };
}

export function isTargetError(value: LiveTarget | TargetError): value is TargetError {
  return "code" in value;
}
