/**
 * Where each tap endpoint forwards: one fixed upstream base URL per provider, chosen by the operator
 * (`TAP_*_UPSTREAM`) or the provider's public API. The client chooses only the path below that base, so the tap
 * is never an open proxy: a path that would climb out of the base (`..`, an encoded slash, a second `//host`) is
 * refused, and the final URL is checked to keep the base's origin and path.
 */
import { PROVIDER_IDS, type ProviderId } from "../core/ids";
import { providerFacts, type TapFacts } from "../providers/facts";

/** A tap endpoint's id (`TapFacts.id`): one per API, shared by its wire formats. */
export type TapId = string;

export type TapEndpoint = {
  id: TapId;
  /** The path on the playground's server a client uses as its base URL. */
  mount: string;
  /** The environment variable that sets the upstream. */
  env: string;
  /** The provider's public API, with the same path the mount stands for. */
  defaultUpstream: string;
  label: string;
  /** The wire formats recorded through this endpoint, each with the generation path that is its traffic. */
  recorded: readonly { provider: ProviderId; path: RegExp }[];
};

/**
 * The tap endpoints of the providers given, by default every provider in the registry
 * (lib/providers/<provider>/facts.ts `tap`): a new adapter brings its own endpoint, and lib/tap does not change.
 */
export function tapEndpoints(
  entries: readonly { provider: ProviderId; tap: TapFacts }[] = PROVIDER_IDS.map((provider) => ({
    provider,
    tap: providerFacts(provider).tap,
  })),
): Readonly<Record<TapId, TapEndpoint>> {
  const endpoints: Record<TapId, TapEndpoint> = {};
  for (const { provider, tap } of entries) {
    const endpoint = (endpoints[tap.id] ??= {
      id: tap.id,
      mount: tap.mount,
      env: tap.upstreamEnv,
      defaultUpstream: tap.defaultUpstream,
      label: tap.label,
      recorded: [],
    });
    if (
      endpoint.mount !== tap.mount ||
      endpoint.env !== tap.upstreamEnv ||
      endpoint.defaultUpstream !== tap.defaultUpstream
    )
      throw new Error(`tap: the providers of the tap ${tap.id} disagree on its mount or upstream`);
    if (!/^\/tap(\/[a-z0-9._-]+)+$/.test(tap.mount)) throw new Error(`tap: ${tap.mount} is not a mount under /tap/`);
    (endpoint.recorded as { provider: ProviderId; path: RegExp }[]).push({ provider, path: tap.recordedPath });
  }
  return endpoints;
}

export const TAP_ENDPOINTS: Readonly<Record<TapId, TapEndpoint>> = tapEndpoints();
export const TAP_IDS: readonly TapId[] = Object.keys(TAP_ENDPOINTS);

/**
 * The tap a request path is for and the segments below its mount (`/tap/openai/v1/chat/completions` is openai's
 * `["chat", "completions"]`), or null for any other path. The longest mount wins, so mounts may nest.
 */
export function tapOfPath(pathname: string): { tap: TapId; rest: string } | null {
  let best: TapEndpoint | null = null;
  for (const endpoint of Object.values(TAP_ENDPOINTS))
    if (pathname.startsWith(`${endpoint.mount}/`) && (!best || endpoint.mount.length > best.mount.length))
      best = endpoint;
  return best ? { tap: best.id, rest: pathname.slice(best.mount.length + 1) } : null;
}

type Environment = Record<string, string | undefined>;

/** The upstream base of a tap, without a trailing slash; an unusable setting is an error, never a fallback. */
export function upstreamBase(
  tap: TapId,
  environment: Environment = process.env,
): { ok: true; base: URL } | { ok: false; message: string } {
  const endpoint = TAP_ENDPOINTS[tap];
  if (!endpoint) return { ok: false, message: `tap: there is no tap named ${tap.slice(0, 40)}` };
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
 * Segments arrive decoded (lib/tap/serve.ts); each must be a plain name.
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
  return TAP_ENDPOINTS[tap]?.recorded.find((recorded) => recorded.path.test(path))?.provider ?? null;
}
