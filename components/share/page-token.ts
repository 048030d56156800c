/**
 * The browser side of lib/server/request-guard.ts: the page reads the per-start secret the server rendered into
 * `<meta name="playground-token">` and sends it with every API call. A page on another origin cannot read that
 * meta tag (same-origin policy), and a DNS-rebinding page never receives the HTML (proxy.ts refuses its Host).
 */

/** Same value as PAGE_TOKEN_HEADER in lib/server/request-guard.ts (that module is node-only, so not imported here). */
export const PAGE_TOKEN_HEADER = "x-playground-token";
export const PAGE_TOKEN_META_NAME = "playground-token";

/** The token rendered into the page, or null (server-side rendering, or a page without the meta tag). */
export function readPageToken(): string | null {
  if (typeof document === "undefined") return null;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_TOKEN_META_NAME}"]`);
  return meta?.content || null;
}

/** `fetch` for the app's own API routes: same-origin only, with the page token, never caching. */
export function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = readPageToken();
  if (token) headers.set(PAGE_TOKEN_HEADER, token);
  return fetch(url, { ...init, headers, credentials: "same-origin", cache: "no-store" });
}

/** `words`: the sentence the interface shows in the reader's language, when the route names one (lib/mcp-import). */
export type ApiError = {
  status: number;
  code: string;
  message: string;
  words?: { what: string; values: Record<string, string | number> };
};

/**
 * Reads the documented error shape `{"error":{"code","message"}}` from a failed response; falls back to the
 * status line when the body is something else (a proxy's HTML error page, say). Never throws.
 */
export async function readApiError(response: Response): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    const error = (body as { error?: { code?: unknown; message?: unknown; words?: unknown } } | null)?.error;
    if (error && typeof error.code === "string" && typeof error.message === "string") {
      const words = error.words as ApiError["words"] | undefined;
      const wordsOk =
        words !== undefined &&
        typeof words === "object" &&
        typeof words.what === "string" &&
        typeof words.values === "object" &&
        words.values !== null;
      return {
        status: response.status,
        code: error.code,
        message: error.message,
        ...(wordsOk ? { words: { what: words.what, values: words.values } } : {}),
      };
    }
  } catch {
    // not JSON: fall through
  }
  return {
    status: response.status,
    code: "http_error",
    message: `HTTP ${response.status} ${response.statusText}`.trim(),
  };
}
