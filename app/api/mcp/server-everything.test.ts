/**
 * The import route against a real MCP server from the npm registry: @modelcontextprotocol/server-everything, the
 * protocol's reference server, started over Streamable HTTP (its own express app) and over stdio, and imported
 * through the app's own route exactly as the page calls it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAGE_TOKEN_HEADER, serverSecret } from "@/lib/server/request-guard";
import { POST } from "./route";

const EVERYTHING_BIN = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const STDIO_SECRET = "server-everything-stdio-secret";
/** The page's headers, plus the stdio secret the person pasted (lib/server/stdio-policy.ts). */
const pageHeaders = () => ({
  host: "localhost:3000",
  origin: "http://localhost:3000",
  [PAGE_TOKEN_HEADER]: serverSecret(),
  "content-type": "application/json",
  "x-playground-stdio-secret": STDIO_SECRET,
});

type ImportBody = {
  serverName: string;
  namespace: string;
  toolCount: number;
  pages: number;
  transport: string;
  catalog: {
    tools: Array<{ name: string; namespace?: string; description: string; inputSchema: Record<string, unknown> }>;
  };
};

async function importTools(body: unknown): Promise<{ status: number; body: ImportBody }> {
  const response = await POST(
    new Request("http://localhost:3000/api/mcp", {
      method: "POST",
      headers: pageHeaders(),
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as ImportBody };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

let httpServer: ChildProcess;
let httpUrl: string;

beforeAll(async () => {
  const port = await freePort();
  httpServer = spawn(process.execPath, [EVERYTHING_BIN, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  // It says so on stderr once it listens.
  await new Promise<void>((resolve, reject) => {
    let said = "";
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${said}`)), 30_000);
    httpServer.stderr?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    httpServer.once("exit", (code) => reject(new Error(`server-everything exited with ${code}: ${said}`)));
  });
  httpUrl = `http://127.0.0.1:${port}/mcp`;
}, 60_000);

afterAll(() => {
  httpServer?.kill();
});

afterEach(() => {
  delete process.env.PLAYGROUND_ENABLE_STDIO;
  delete process.env.PLAYGROUND_STDIO_SECRET;
});

function expectEverythingCatalog(body: ImportBody) {
  const names = body.catalog.tools.map((tool) => tool.name);
  // The reference server's own tools (its set grows between releases; these have been there throughout).
  expect(names).toEqual(expect.arrayContaining(["echo", "get-sum"]));
  expect(body.toolCount).toBe(names.length);
  expect(body.toolCount).toBeGreaterThanOrEqual(5);
  expect(body.catalog.tools.every((tool) => tool.namespace === body.namespace)).toBe(true);
  const echo = body.catalog.tools.find((tool) => tool.name === "echo");
  expect(echo?.inputSchema).toMatchObject({ type: "object", properties: { message: { type: "string" } } });
}

describe("importing @modelcontextprotocol/server-everything through POST /api/mcp", () => {
  it("over Streamable HTTP, with the server's name as namespace", async () => {
    const { status, body } = await importTools({ transport: "http", url: httpUrl });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.transport).toBe("http");
    expect(body.namespace).toBeTruthy();
    expect(body.serverName).toMatch(/everything/i);
    expectEverythingCatalog(body);
  });

  it("over stdio, when enabled on loopback, with the same tools", async () => {
    process.env.PLAYGROUND_ENABLE_STDIO = "1";
    process.env.PLAYGROUND_STDIO_SECRET = STDIO_SECRET;
    const { status, body } = await importTools({
      transport: "stdio",
      command: process.execPath,
      args: [EVERYTHING_BIN, "stdio"],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.transport).toBe("stdio");
    expectEverythingCatalog(body);
    const overHttp = await importTools({ transport: "http", url: httpUrl });
    expect(body.catalog.tools.map((tool) => tool.name).sort()).toEqual(
      overHttp.body.catalog.tools.map((tool) => tool.name).sort(),
    );
  });
});
