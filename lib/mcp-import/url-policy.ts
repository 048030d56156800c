/**
 * Which MCP server URLs the app's server may connect to. Connecting is a request made *by the server*, so on a
 * shared host it is a server-side request forgery risk (cloud metadata at 169.254.169.254, internal admin pages).
 *
 *   PLAYGROUND_MCP_ALLOWED_URLS  comma list of origins (`https://mcp.example.com`) or prefixes
 *                                (`https://mcp.example.com/team/`): only these are allowed.
 *   unset                        any http(s) URL, for a playground on your own machine; but when
 *   PLAYGROUND_PUBLIC=1          is set, URL import is off until an allow-list is given.
 */
import type { McpFailureWords } from "./mcp-errors";

export const MCP_ALLOWED_URLS_ENV = "PLAYGROUND_MCP_ALLOWED_URLS";
export const PUBLIC_ENV = "PLAYGROUND_PUBLIC";

/** `words` names the sentence in the reader's language (messages `problems.mcpUrl.<what>`) and the facts it quotes. */
export type PolicyResult =
  | { ok: true; url: URL }
  | { ok: false; code: "invalid_url" | "url_not_allowed"; message: string; words: McpFailureWords };

type Environment = Record<string, string | undefined>;

type AllowEntry = { origin: string; pathPrefix: string };

function parseAllowEntry(entry: string): AllowEntry | null {
  let url: URL;
  try {
    url = new URL(entry.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // `https://host` and `https://host/` both mean the whole origin; a path means that folder and below.
  const path = url.pathname === "/" ? "/" : url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
  return { origin: url.origin, pathPrefix: path };
}

export function allowedUrlEntries(environment: Environment): AllowEntry[] | null {
  const raw = environment[MCP_ALLOWED_URLS_ENV];
  if (raw === undefined || raw.trim() === "") return null;
  return raw
    .split(",")
    .map(parseAllowEntry)
    .filter((entry): entry is AllowEntry => entry !== null);
}

export function isPublicDeployment(environment: Environment): boolean {
  return environment[PUBLIC_ENV] === "1" || environment[PUBLIC_ENV] === "true";
}

/** Whether the server may connect to `input`. Compares parsed origins and whole path segments, never raw prefixes. */
export function checkMcpUrl(input: string, environment: Environment): PolicyResult {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return {
      ok: false,
      code: "invalid_url",
      message: "mcp-import: not a URL; expected something like https://mcp.example.com/mcp",
      words: { what: "notUrl", values: { example: "https://mcp.example.com/mcp" } },
    };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return {
      ok: false,
      code: "invalid_url",
      message: `mcp-import: only http and https MCP servers can be imported, not ${url.protocol}`,
      words: { what: "notHttp", values: { protocol: url.protocol } },
    };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      code: "invalid_url",
      message: "mcp-import: put credentials in a header, not in the URL",
      words: { what: "credentials", values: {} },
    };
  }
  const entries = allowedUrlEntries(environment);
  if (entries === null) {
    if (isPublicDeployment(environment)) {
      return {
        ok: false,
        code: "url_not_allowed",
        message: `mcp-import: this server is public (${PUBLIC_ENV}=1) and has no ${MCP_ALLOWED_URLS_ENV}; importing from a URL is off`,
        words: {
          what: "publicWithoutList",
          values: { publicVariable: PUBLIC_ENV, listVariable: MCP_ALLOWED_URLS_ENV },
        },
      };
    }
    return { ok: true, url };
  }
  const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
  const allowed = entries.some((entry) => entry.origin === url.origin && path.startsWith(entry.pathPrefix));
  return allowed
    ? { ok: true, url }
    : {
        ok: false,
        code: "url_not_allowed",
        message: `mcp-import: ${url.origin} is not in ${MCP_ALLOWED_URLS_ENV} on this server`,
        words: { what: "notListed", values: { origin: url.origin, listVariable: MCP_ALLOWED_URLS_ENV } },
      };
}
