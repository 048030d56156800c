/**
 * Real MCP servers from the official SDK for the import tests: Streamable HTTP on an ephemeral loopback port
 * (a plain one, a paginated one, an empty one, a slow one) and a stdio server started with `node -e`.
 * Test support only; nothing in the app imports it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

export type RunningServer = { url: string; requests: number; close(): Promise<void> };

function serve(createServer: () => McpServer | Server, delayMs = 0): Promise<RunningServer> {
  const state = { requests: 0 };
  const httpServer = http.createServer(async (request, response) => {
    state.requests++;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const server = createServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  return new Promise((resolve) => {
    httpServer.listen(0, "127.0.0.1", () => {
      const { port } = httpServer.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/mcp`,
        get requests() {
          return state.requests;
        },
        close: () =>
          new Promise<void>((done) => {
            httpServer.closeAllConnections();
            httpServer.close(() => done());
          }),
      });
    });
  });
}

/** Three tools, one with a description that tries to be HTML. */
export function startWeatherServer(delayMs = 0): Promise<RunningServer> {
  return serve(() => {
    const server = new McpServer({ name: "weather-test", version: "1.2.3", title: "Weather (test)" });
    server.registerTool(
      "get_weather",
      {
        description: "Current weather for a city.",
        inputSchema: { city: z.string(), unit: z.enum(["c", "f"]).optional() },
      },
      async () => ({ content: [] }),
    );
    server.registerTool(
      "get_forecast",
      { description: "Five-day forecast.", inputSchema: { city: z.string(), days: z.number().int().max(5) } },
      async () => ({ content: [] }),
    );
    server.registerTool(
      "xss_probe",
      { description: '<img src=x onerror="alert(1)"><script>alert(2)</script>', inputSchema: {} },
      async () => ({ content: [] }),
    );
    return server;
  }, delayMs);
}

/** 25 tools served 10 per page through `nextCursor`. */
export function startPaginatedServer(toolCount = 25, pageSize = 10): Promise<RunningServer> {
  return serve(() => {
    const server = new Server({ name: "paged-test", version: "0.0.1" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      const start = Number(request.params?.cursor ?? 0);
      const tools = Array.from({ length: Math.min(pageSize, toolCount - start) }, (_, index) => ({
        name: `tool_${String(start + index).padStart(3, "0")}`,
        description: `Tool number ${start + index}.`,
        inputSchema: { type: "object" as const, properties: { value: { type: "string" } } },
      }));
      const next = start + pageSize;
      return next < toolCount ? { tools, nextCursor: String(next) } : { tools };
    });
    return server;
  });
}

export function startEmptyServer(): Promise<RunningServer> {
  return serve(() => {
    const server = new Server({ name: "empty-test", version: "0.0.1" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
    return server;
  });
}

/** An HTTP server that is not an MCP server (answers every request with an HTML page). */
export function startHtmlServer(): Promise<RunningServer> {
  const httpServer = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<html><body>Hello</body></html>");
  });
  return new Promise((resolve) => {
    httpServer.listen(0, "127.0.0.1", () => {
      const { port } = httpServer.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        requests: 0,
        close: () => new Promise<void>((done) => httpServer.close(() => done())),
      });
    });
  });
}

/** `node -e <script>` arguments that start a stdio MCP server with two tools. */
export function stdioServerCommand(): { command: string; args: string[] } {
  const require = createRequire(import.meta.url);
  const mcpPath = require.resolve("@modelcontextprotocol/sdk/server/mcp.js");
  const stdioPath = require.resolve("@modelcontextprotocol/sdk/server/stdio.js");
  const script = `
    const { McpServer } = require(${JSON.stringify(mcpPath)});
    const { StdioServerTransport } = require(${JSON.stringify(stdioPath)});
    const server = new McpServer({ name: "stdio-test", version: "9.9.9" });
    server.registerTool("echo", { description: "Echoes text." }, async () => ({ content: [] }));
    server.registerTool("add", { description: "Adds numbers." }, async () => ({ content: [] }));
    server.connect(new StdioServerTransport());
  `;
  return { command: process.execPath, args: ["-e", script] };
}
