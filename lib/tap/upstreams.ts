/**
 * Where each tap endpoint forwards: one fixed upstream base URL per provider, chosen by the operator
 * (`TAP_*_UPSTREAM`) or the provider's public API. The client chooses only the path below that base, so the tap
 * is never an open proxy: a path that would climb out of the base (`..`, an encoded slash, a second `//host`) is
 * refused, and the final URL is checked to keep the base's origin and path.
 */
import type { ProviderId } from "../core/ids";

export type TapId = "anthropic" | "openai" | "moonshot";
export const TAP_IDS: readonly TapId[] = ["anthropic", "openai", "moonshot"];

export type TapEndpoint = {
  id: TapId;
  /** The path on the playground's server a client uses as its base URL. */
  mount: string;
  /** The environment variable that sets the upstream. */
  env: string;
  /** The provider's public API, with the same path the mount stands for. */
  defaultUpstream: string;
  label: string;
};

export const TAP_ENDPOINTS: Readonly<Record<TapId, TapEndpoint>> = {
  anthropic: {
    id: "anthropic",
    mount: "/tap/anthropic",
    env: "TAP_ANTHROPIC_UPSTREAM",
    defaultUpstream: "https://api.anthropic.com",
    label: "Anthropic",
  },
  openai: {
    id: "openai",
    mount: "/tap/openai/v1",
    env: "TAP_OPENAI_UPSTREAM",
    defaultUpstream: "https://api.openai.com/v1",
    label: "OpenAI",
  },
  moonshot: {
    id: "moonshot",
    mount: "/tap/moonshot/v1",
    env: "TAP_MOONSHOT_UPSTREAM",
    defaultUpstream: "https://api.moonshot.ai/v1",
    label: "Kimi (Moonshot)",
  },
};

type Environment = Record<string, string | undefined>;

/** The upstream base of a tap, without a trailing slash; an unusable setting is an error, never a fallback. */
export function upstreamBase(
  tap: TapId,
  environment: Environment = process.env,
): { ok: true; base: URL } | { ok: false; message: string } {
  const endpoint = TAP_ENDPOINTS[tap];
  const configured = environment[endpoint.env]?.trim();
  const text = configured || endpoint.defaultUpstream;
  let base: URL;
  try {
    base = new URL(text);
  } catch {
    return { ok: false, message: `tap: ${endpoint.env} is not a URL: ${text.slice(0, 200)}` };
  }
  if ((base.protocol !== "http:" && base.protocol !== "https:") || base.username || base.password || base.search)
    return { ok: false, message: `tap: ${endpoint.env} must be an http(s) URL without credentials or query` };
  base.hash = "";
  return { ok: true, base };
}

/**
 * The upstream URL for a path below the mount (`["v1", "messages"]`) and the request's query string, or why not.
 * Segments arrive decoded from Next's catch-all; each must be a plain name.
 */
export function upstreamUrl(
  tap: TapId,
  segments: readonly string[],
  search: string,
  environment: Environment = process.env,
): { ok: true; url: URL } | { ok: false; status: number; message: string } {
  const base = upstreamBase(tap, environment);
  if (!base.ok) return { ok: false, status: 500, message: base.message };
  for (const segment of segments) {
    if (
      segment === "" ||
      segment === "." ||
      segment === ".." ||
      /[/\\?#]/.test(segment) ||
      [...segment].some((character) => character.charCodeAt(0) < 32)
    )
      return { ok: false, status: 400, message: `tap: the path segment "${segment.slice(0, 80)}" is not allowed` };
  }
  const path = segments.map((segment) => encodeURIComponent(segment)).join("/");
  const basePath = base.base.pathname.replace(/\/+$/, "");
  const url = new URL(base.base.href);
  url.pathname = `${basePath}/${path}`;
  url.search = search;
  // The same origin and a path under the base, whatever the segments held.
  if (url.origin !== base.base.origin || !url.pathname.startsWith(`${basePath}/`))
    return { ok: false, status: 400, message: "tap: the path leaves the upstream" };
  return { ok: true, url };
}

/**
 * The wire format of a request through a tap, for recording: generation endpoints only (count_tokens, model lists
 * and files pass through unrecorded).
 */
export function recordedProvider(tap: TapId, segments: readonly string[], method: string): ProviderId | null {
  if (method.toUpperCase() !== "POST") return null;
  const path = segments.join("/");
  if (tap === "anthropic") return /(^|\/)messages$/.test(path) ? "anthropic" : null;
  if (/(^|\/)chat\/completions$/.test(path)) return tap === "moonshot" ? "moonshot" : "openai-chat";
  if (tap === "openai" && /(^|\/)responses$/.test(path)) return "openai-responses";
  return null;
}
