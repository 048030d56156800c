/** The body of POST /api/mcp, validated field by field (it comes from a browser, so it is untrusted). */
import { isRecord } from "../catalog/catalog-format";
import { McpImportFailure } from "./mcp-errors";

export const DEFAULT_TIMEOUT_MS = 20_000;
const MIN_TIMEOUT_MS = 1_000;
const MAX_TIMEOUT_MS = 120_000;
const MAX_HEADERS = 16;
const MAX_ARGS = 64;
const MAX_FIELD_CHARS = 4_096;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Headers the transport owns; letting a page set them would confuse the protocol or the connection. */
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "accept",
  "connection",
  "transfer-encoding",
  "mcp-session-id",
  "mcp-protocol-version",
]);

export type McpImportRequest =
  | { transport: "http"; url: string; headers: Record<string, string>; timeoutMs: number }
  | { transport: "stdio"; command: string; args: string[]; timeoutMs: number };

function fail(message: string): never {
  throw new McpImportFailure("invalid_request", `mcp-import: ${message}`);
}

/** Line breaks are refused in URLs, headers and the command (header injection); an argument may hold a script. */
function shortString(value: unknown, name: string, allowLineBreaks = false): string {
  if (typeof value !== "string" || value.trim() === "") fail(`${name} must be a non-empty string`);
  if (value.length > MAX_FIELD_CHARS) fail(`${name} is longer than ${MAX_FIELD_CHARS} characters`);
  if (value.includes("\u0000") || (!allowLineBreaks && /[\r\n]/.test(value)))
    fail(`${name} contains a control character`);
  return value;
}

/** Throws McpImportFailure("invalid_request") with the reason. */
export function parseMcpImportRequest(body: unknown): McpImportRequest {
  if (!isRecord(body)) fail('expected {"transport":"http","url":…} or {"transport":"stdio","command":…,"args":[…]}');
  const timeout = body.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : Number(body.timeoutMs);
  if (!Number.isFinite(timeout)) fail("timeoutMs must be a number of milliseconds");
  const timeoutMs = Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, Math.round(timeout)));

  if (body.transport === "http") {
    const url = shortString(body.url, "url");
    const headers: Record<string, string> = {};
    if (body.headers !== undefined) {
      if (!isRecord(body.headers)) fail("headers must be an object of strings");
      const entries = Object.entries(body.headers);
      if (entries.length > MAX_HEADERS) fail(`at most ${MAX_HEADERS} headers`);
      for (const [name, value] of entries) {
        if (!HEADER_NAME.test(name)) fail(`"${name.slice(0, 40)}" is not a header name`);
        if (RESERVED_HEADERS.has(name.toLowerCase())) fail(`the ${name} header is set by the MCP transport`);
        headers[name] = shortString(value, `header ${name}`);
      }
    }
    return { transport: "http", url, headers, timeoutMs };
  }
  if (body.transport === "stdio") {
    const command = shortString(body.command, "command");
    const args = body.args === undefined ? [] : body.args;
    if (!Array.isArray(args) || args.length > MAX_ARGS) fail(`args must be an array of at most ${MAX_ARGS} strings`);
    return {
      transport: "stdio",
      command,
      args: args.map((arg, index) => (arg === "" ? "" : shortString(arg, `args[${index}]`, true))),
      timeoutMs,
    };
  }
  return fail('transport must be "http" or "stdio"');
}
