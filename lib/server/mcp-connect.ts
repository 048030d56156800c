/**
 * Connects to a live MCP server with the official SDK client (Streamable HTTP or stdio), lists its tools and
 * turns them into a catalog. Everything the server sends is data: it is validated by the catalog importer and
 * returned as JSON; the page shows it as text, never as HTML (GHSA-g9hg-qhmf-q45m was Inspector rendering a
 * server's data as HTML and turning that into command execution).
 *
 * Node-only: imported by app/api/mcp through mcp-handler.ts.
 */
import os from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpImportRequest } from "../mcp-import/import-request";
import { catalogFromServerTools, type ImportedServer, listAllTools } from "../mcp-import/list-tools";
import { classifyMcpError, McpImportFailure } from "../mcp-import/mcp-errors";
import { checkMcpUrl } from "../mcp-import/url-policy";
import { type AddressLookup, blocksPrivateAddresses, checkPublicAddress, systemLookup } from "./address-guard";

export { blocksPrivateAddresses, type AddressLookup };

/** A tools/list answer larger than this is refused while it streams in (10,000 rich tools are ~20 MB). */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const STDERR_TAIL_CHARS = 2_000;
const CLIENT_INFO = { name: "tool-disclosure-playground", version: "0.1.0" };

export type McpImportResult = ImportedServer & { serverVersion?: string; transport: "http" | "stdio" };

type Environment = Record<string, string | undefined>;

/**
 * Programs launched over stdio at once. Each import spawns one and it lives until the import ends (or times out),
 * so without a cap a page (or a script holding its token and the stdio secret) could fill the machine.
 */
export const MAX_STDIO_CHILDREN = 3;
let stdioChildren = 0;

/** How many stdio imports are running now (tests). */
export function runningStdioChildren(): number {
  return stdioChildren;
}

/** Refuses a host that is, or resolves to, a private address, or that does not resolve (address-guard.ts). */
async function checkAddresses(url: URL, lookup: AddressLookup): Promise<void> {
  const verdict = await checkPublicAddress(url, lookup);
  if (!verdict.ok) throw new McpImportFailure("url_not_allowed", `mcp-import: ${verdict.message}`);
}

/**
 * fetch for the transport: every URL it asks for (including redirects the SDK follows itself) must pass the
 * allow-list (and, on an exposed server, the private-address check), and a response body is cut off past
 * MAX_RESPONSE_BYTES.
 */
export function policyFetch(
  environment: Environment,
  maxResponseBytes = MAX_RESPONSE_BYTES,
  options: { blockPrivateAddresses?: boolean; lookup?: AddressLookup } = {},
): typeof fetch {
  const blockPrivate = options.blockPrivateAddresses ?? blocksPrivateAddresses(environment);
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const verdict = checkMcpUrl(url, environment);
    if (!verdict.ok) throw new McpImportFailure(verdict.code, verdict.message, [], verdict.words);
    if (blockPrivate) await checkAddresses(verdict.url, options.lookup ?? systemLookup);
    // Never let fetch follow a redirect by itself: the SDK follows same-origin ones through this function again,
    // so each hop passes the allow-list; any other redirect fails the request.
    const response = await fetch(input, { ...init, redirect: init?.redirect === "error" ? "error" : "manual" });
    if (!response.body) return response;
    let seen = 0;
    const limited = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.length;
          if (seen > maxResponseBytes)
            controller.error(
              new McpImportFailure(
                "protocol_error",
                `mcp-import: the server sent more than ${maxResponseBytes / 1024 / 1024} MB`,
              ),
            );
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function describeTarget(request: McpImportRequest): string {
  return request.transport === "http" ? new URL(request.url).origin : `"${request.command}"`;
}

/** Imports the tools of the server `request` names. Throws McpImportFailure with an explanation. */
export async function importFromMcpServer(
  request: McpImportRequest,
  environment: Environment = process.env,
): Promise<McpImportResult> {
  let transport: Transport;
  let stderrTail = "";
  let countsChild = false;
  if (request.transport === "http") {
    const verdict = checkMcpUrl(request.url, environment);
    if (!verdict.ok) throw new McpImportFailure(verdict.code, verdict.message, [], verdict.words);
    transport = new StreamableHTTPClientTransport(verdict.url, {
      requestInit: { headers: request.headers },
      fetch: policyFetch(environment),
      reconnectionOptions: {
        maxRetries: 0,
        initialReconnectionDelay: 1_000,
        maxReconnectionDelay: 1_000,
        reconnectionDelayGrowFactor: 1,
      },
    });
  } else {
    if (stdioChildren >= MAX_STDIO_CHILDREN)
      throw new McpImportFailure(
        "stdio_busy",
        `mcp-import: ${MAX_STDIO_CHILDREN} launched MCP servers are still being listed; wait for one to finish`,
      );
    stdioChildren += 1;
    countsChild = true;
    // No shell (the SDK spawns with shell: false), and only the SDK's short list of safe variables is passed on
    // (PATH, HOME, …), so the playground's own secrets in its environment never reach the launched program.
    const stdio = new StdioClientTransport({
      command: request.command,
      args: request.args,
      stderr: "pipe",
      cwd: os.tmpdir(),
    });
    stdio.stderr?.on("data", (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    transport = stdio;
  }

  const target = describeTarget(request);
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`timed out after ${request.timeoutMs} ms`)), request.timeoutMs);
  try {
    await client.connect(transport, { timeout: request.timeoutMs, signal: abort.signal });
    const { tools, pages } = await listAllTools(client, { timeoutMs: request.timeoutMs, signal: abort.signal });
    const server = client.getServerVersion();
    const fallbackName =
      request.transport === "http" ? new URL(request.url).hostname : request.command.split(/[\\/]/).pop() || "server";
    const serverName =
      typeof server?.name === "string" && server.name.trim() ? server.name.trim().slice(0, 200) : fallbackName;
    const description = typeof server?.title === "string" ? server.title : undefined;
    const imported = catalogFromServerTools(serverName, tools, pages, description);
    return {
      ...imported,
      serverVersion: typeof server?.version === "string" ? server.version.slice(0, 100) : undefined,
      transport: request.transport,
    };
  } catch (error) {
    const failure = classifyMcpError(abort.signal.aborted ? (abort.signal.reason ?? error) : error, target);
    if (stderrTail.trim())
      failure.message = `${failure.message}\nserver stderr (last lines): ${stderrTail.trim().slice(-500)}`;
    throw failure;
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
    if (countsChild) stdioChildren -= 1;
  }
}
