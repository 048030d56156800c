/** Why an import from a live MCP server failed, in words a person can act on. */
import type { InputProblem } from "../core/catalog";

export type McpImportErrorCode =
  | "invalid_request"
  | "invalid_url"
  | "url_not_allowed"
  | "stdio_disabled"
  | "stdio_busy"
  | "unreachable"
  | "timeout"
  | "unauthorized"
  | "protocol_error"
  | "no_tools"
  | "too_many_tools"
  | "spawn_failed";

/**
 * The failure's `message` is the English sentence the CLI and the API print; `what` names the sentence the interface
 * shows in the reader's language (messages `import.mcp.errors.<what>`), with the safe facts it quotes in `values`.
 */
export type McpFailureWords = { what: string; values: Record<string, string | number> };

export class McpImportFailure extends Error {
  constructor(
    readonly code: McpImportErrorCode,
    message: string,
    readonly problems: InputProblem[] = [],
    readonly words?: McpFailureWords,
  ) {
    super(message);
    this.name = "McpImportFailure";
  }
}

/** HTTP status of each failure when the API reports it. */
export const MCP_ERROR_STATUS: Record<McpImportErrorCode, number> = {
  invalid_request: 400,
  invalid_url: 400,
  url_not_allowed: 403,
  stdio_disabled: 403,
  stdio_busy: 429,
  unreachable: 502,
  timeout: 504,
  unauthorized: 502,
  protocol_error: 502,
  no_tools: 422,
  too_many_tools: 422,
  spawn_failed: 502,
};

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };

function chain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    links.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return links;
}

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
]);

/** MCP JSON-RPC error code for a request the SDK gave up waiting for (RequestTimeout). */
const MCP_REQUEST_TIMEOUT = -32001;

/**
 * The facts about a failure that are safe to show: an HTTP status, a JSON-RPC error code, a system error code
 * (ECONNREFUSED) and an error class name. Never a message: the SDK puts the remote server's reply body into its
 * messages ("Error POSTing to endpoint: <body>"), and on a server reachable by others that turned the import into a
 * way to read internal pages and cloud metadata through the error text.
 */
function safeDetail(links: ErrorLike[]): string {
  const facts = new Set<string>();
  for (const link of links) {
    const code = link.code;
    if (typeof code === "number" && code >= 100 && code <= 599) facts.add(`HTTP ${code}`);
    else if (typeof code === "number" && Number.isInteger(code)) facts.add(`JSON-RPC error ${code}`);
    else if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) facts.add(code);
    if (typeof link.name === "string" && /^[A-Za-z]{1,40}Error$/.test(link.name) && link.name !== "Error")
      facts.add(link.name);
  }
  return facts.size ? ` (${[...facts].slice(0, 4).join(", ")})` : "";
}

/**
 * Sorts anything the SDK, fetch or child_process threw into a failure with an explanation. The original message is
 * read to classify the failure but never repeated (see safeDetail); the server log has nothing more either.
 */
export function classifyMcpError(error: unknown, target: string): McpImportFailure {
  if (error instanceof McpImportFailure) return error;
  const links = chain(error);
  const message = String(links[0]?.message ?? error).slice(0, 2_000);
  const detail = safeDetail(links);
  const codes = links.map((link) => link.code);
  const names = links.map((link) => link.name);
  if (
    names.includes("AbortError") ||
    names.includes("TimeoutError") ||
    codes.includes(MCP_REQUEST_TIMEOUT) ||
    /timed out|timeout/i.test(message)
  ) {
    return new McpImportFailure("timeout", `mcp-import: ${target} did not answer in time${detail}`, [], {
      what: "timeout",
      values: { target, detail },
    });
  }
  if (
    codes.some((code) => typeof code === "string" && UNREACHABLE_CODES.has(code)) ||
    /fetch failed|ECONNREFUSED|ENOTFOUND/.test(message)
  ) {
    return new McpImportFailure(
      "unreachable",
      `mcp-import: cannot reach ${target}: is the server running and the address right?${detail}`,
      [],
      { what: "unreachable", values: { target, detail } },
    );
  }
  if (codes.includes("ENOENT") || codes.includes("EACCES")) {
    return new McpImportFailure("spawn_failed", `mcp-import: cannot start ${target}${detail}`, [], {
      what: "spawn_failed",
      values: { target, detail },
    });
  }
  if (
    names.includes("UnauthorizedError") ||
    codes.includes(401) ||
    codes.includes(403) ||
    /\b401\b|unauthori[sz]ed/i.test(message)
  ) {
    return new McpImportFailure(
      "unauthorized",
      `mcp-import: ${target} requires authorisation; add an Authorization header${detail}`,
      [],
      { what: "unauthorized", values: { target, detail } },
    );
  }
  return new McpImportFailure("protocol_error", `mcp-import: ${target} did not answer as an MCP server${detail}`, [], {
    what: "protocol_error",
    values: { target, detail },
  });
}
