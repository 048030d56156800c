import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAGE_TOKEN_HEADER, serverSecret } from "@/lib/server/request-guard";
import {
  type RunningServer,
  startEmptyServer,
  startHtmlServer,
  startPaginatedServer,
  startWeatherServer,
  stdioServerCommand,
} from "@/lib/server/mcp-test-servers";
import { MAX_STDIO_CHILDREN, runningStdioChildren } from "@/lib/server/mcp-connect";
import { POST } from "./route";

const ENV_KEYS = [
  "PLAYGROUND_ENABLE_STDIO",
  "PLAYGROUND_PUBLIC",
  "PLAYGROUND_MCP_ALLOWED_URLS",
  "PLAYGROUND_ALLOWED_HOSTS",
  "PLAYGROUND_ALLOW_PRIVATE_URLS",
  "PLAYGROUND_STDIO_SECRET",
];
const STDIO_SECRET = "route-test-stdio-secret-0123";
/** Stdio on, on loopback, with the secret the person pasted. */
function enableStdio() {
  process.env.PLAYGROUND_ENABLE_STDIO = "1";
  process.env.PLAYGROUND_STDIO_SECRET = STDIO_SECRET;
}
const stdioHeaders = () => ({ ...pageHeaders(), "x-playground-stdio-secret": STDIO_SECRET });
/** A public deployment is opened by its own name, never as localhost (docs/SECURITY.md "Exposed"). */
const publicHeaders = () => ({
  ...pageHeaders(),
  host: "playground.example",
  origin: "https://playground.example",
});
const pageHeaders = () => ({
  host: "localhost:3000",
  origin: "http://localhost:3000",
  [PAGE_TOKEN_HEADER]: serverSecret(),
  "content-type": "application/json",
});

function importRequest(body: unknown, headers: Record<string, string> = pageHeaders()): Promise<Response> {
  return POST(new Request("http://localhost:3000/api/mcp", { method: "POST", headers, body: JSON.stringify(body) }));
}

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}

let weather: RunningServer;
let paginated: RunningServer;

beforeAll(async () => {
  weather = await startWeatherServer();
  paginated = await startPaginatedServer(25, 10);
});

afterAll(async () => {
  await weather.close();
  await paginated.close();
});

afterEach(() => {
  for (const key of ENV_KEYS) delete process.env[key];
});

describe("POST /api/mcp over Streamable HTTP", () => {
  it("imports a real SDK server's tools with the server's name as namespace", async () => {
    const response = await importRequest({ transport: "http", url: weather.url });
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body).toMatchObject({
      serverName: "weather-test",
      serverVersion: "1.2.3",
      namespace: "weather-test",
      toolCount: 3,
      pages: 1,
      transport: "http",
    });
    expect(body.catalog.tools.map((tool: any) => tool.name)).toEqual(["get_weather", "get_forecast", "xss_probe"]);
    expect(body.catalog.tools.every((tool: any) => tool.namespace === "weather-test")).toBe(true);
    expect(body.catalog.namespaces).toEqual({ "weather-test": "Weather (test)" });
    expect(body.catalog.tools[0].inputSchema.properties.city).toMatchObject({ type: "string" });
    // A server's text comes back as data, byte for byte; the page renders it as text (see components/import).
    expect(body.catalog.tools[2].description).toContain("<script>");
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("follows nextCursor pagination", async () => {
    const body = (await (await importRequest({ transport: "http", url: paginated.url })).json()) as any;
    expect(body.pages).toBe(3);
    expect(body.toolCount).toBe(25);
    expect(body.catalog.tools.at(-1).name).toBe("tool_024");
  });

  it("explains an unreachable server, a timeout, a non-MCP server and an empty one", async () => {
    const closed = await startHtmlServer();
    const closedUrl = closed.url;
    await closed.close();
    expect(await errorOf(await importRequest({ transport: "http", url: closedUrl, timeoutMs: 5_000 }))).toMatchObject({
      status: 502,
      code: "unreachable",
    });

    const slow = await startWeatherServer(3_000);
    try {
      expect(await errorOf(await importRequest({ transport: "http", url: slow.url, timeoutMs: 1_000 }))).toMatchObject({
        status: 504,
        code: "timeout",
      });
    } finally {
      await slow.close();
    }

    const html = await startHtmlServer();
    try {
      const failure = await errorOf(await importRequest({ transport: "http", url: html.url, timeoutMs: 5_000 }));
      expect(failure).toMatchObject({ status: 502, code: "protocol_error" });
      expect(failure.message).toMatch(/did not answer as an MCP server/);
    } finally {
      await html.close();
    }

    const empty = await startEmptyServer();
    try {
      expect(await errorOf(await importRequest({ transport: "http", url: empty.url }))).toMatchObject({
        status: 422,
        code: "no_tools",
      });
    } finally {
      await empty.close();
    }
  });

  it("applies the URL allow-list, including on a public host", async () => {
    process.env.PLAYGROUND_MCP_ALLOWED_URLS = "https://mcp.example.com";
    expect(await errorOf(await importRequest({ transport: "http", url: weather.url }))).toMatchObject({
      status: 403,
      code: "url_not_allowed",
    });
    process.env.PLAYGROUND_MCP_ALLOWED_URLS = new URL(weather.url).origin;
    expect((await importRequest({ transport: "http", url: weather.url })).status).toBe(200);
    delete process.env.PLAYGROUND_MCP_ALLOWED_URLS;
    process.env.PLAYGROUND_PUBLIC = "1";
    process.env.PLAYGROUND_ALLOWED_HOSTS = "playground.example";
    expect(await errorOf(await importRequest({ transport: "http", url: weather.url }, publicHeaders()))).toMatchObject({
      status: 403,
      code: "url_not_allowed",
    });
  });

  it("on an exposed server, refuses a private address even when the allow-list names it, until allowed", async () => {
    process.env.PLAYGROUND_PUBLIC = "1";
    process.env.PLAYGROUND_ALLOWED_HOSTS = "playground.example";
    process.env.PLAYGROUND_MCP_ALLOWED_URLS = new URL(weather.url).origin;
    const before = weather.requests;
    const refused = await errorOf(await importRequest({ transport: "http", url: weather.url }, publicHeaders()));
    expect(refused).toMatchObject({ status: 403, code: "url_not_allowed" });
    expect(refused.message).toMatch(/private, loopback or link-local/);
    expect(weather.requests).toBe(before);
    process.env.PLAYGROUND_ALLOW_PRIVATE_URLS = "1";
    expect((await importRequest({ transport: "http", url: weather.url }, publicHeaders())).status).toBe(200);
  });
});

describe("POST /api/mcp refuses", () => {
  it("a request without the token, with a foreign Origin, or with a rebinding Host, before connecting anywhere", async () => {
    const before = weather.requests;
    const { [PAGE_TOKEN_HEADER]: _token, ...withoutToken } = pageHeaders();
    const cases: Array<[Record<string, string>, string]> = [
      [withoutToken, "missing_token"],
      [{ ...pageHeaders(), [PAGE_TOKEN_HEADER]: "guessed" }, "invalid_token"],
      [{ ...pageHeaders(), origin: "https://attacker.example" }, "origin_not_allowed"],
      [{ ...pageHeaders(), host: "attacker.example:3000", origin: "http://attacker.example:3000" }, "host_not_allowed"],
    ];
    for (const [headers, code] of cases) {
      expect(await errorOf(await importRequest({ transport: "http", url: weather.url }, headers))).toMatchObject({
        status: 403,
        code,
      });
      expect(
        await errorOf(await importRequest({ transport: "stdio", ...stdioServerCommand() }, headers)),
      ).toMatchObject({ status: 403, code });
    }
    expect(weather.requests).toBe(before);
  });

  it("a stdio command when stdio is disabled (the default), and never starts it", async () => {
    const marker = `/tmp/playground-stdio-should-not-run-${process.pid}`;
    const failure = await errorOf(
      await importRequest({
        transport: "stdio",
        command: process.execPath,
        args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "ran")`],
      }),
    );
    expect(failure).toMatchObject({ status: 403, code: "stdio_disabled" });
    expect(failure.message).toContain("PLAYGROUND_ENABLE_STDIO=1");
    const fs = await import("node:fs");
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("malformed requests", async () => {
    expect(await errorOf(await importRequest({ transport: "ftp" }))).toMatchObject({
      status: 400,
      code: "invalid_request",
    });
    expect(await errorOf(await importRequest({ transport: "http", url: "file:///etc/passwd" }))).toMatchObject({
      status: 400,
      code: "invalid_url",
    });
    expect(
      await errorOf(await importRequest({ transport: "http", url: weather.url, headers: { host: "x" } })),
    ).toMatchObject({ status: 400, code: "invalid_request" });
    expect(
      await errorOf(await importRequest({ transport: "http", url: weather.url, headers: { "x-a": "1\r\nx-b: 2" } })),
    ).toMatchObject({ status: 400, code: "invalid_request" });
    expect(await errorOf(await importRequest({ transport: "stdio", command: "sh\nrm", args: [] }))).toMatchObject({
      status: 400,
      code: "invalid_request",
    });
  });
});

describe("POST /api/mcp over stdio, when enabled on loopback", () => {
  it("launches the command without a shell and imports its tools", async () => {
    enableStdio();
    // This test process listens only on 127.0.0.1 (the test servers), so the real listening-address check passes.
    const response = await importRequest({ transport: "stdio", ...stdioServerCommand() }, stdioHeaders());
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ serverName: "stdio-test", namespace: "stdio-test", toolCount: 2, transport: "stdio" });
  });

  it("explains a command that does not exist", async () => {
    enableStdio();
    const failure = await errorOf(
      await importRequest(
        { transport: "stdio", command: "/nonexistent/mcp-server-binary", timeoutMs: 5_000 },
        stdioHeaders(),
      ),
    );
    expect(failure.code).toBe("spawn_failed");
  });

  it("the page token alone cannot launch a command: the stdio secret is needed too, and nothing starts without it", async () => {
    enableStdio();
    const marker = `/tmp/playground-stdio-no-secret-${process.pid}`;
    const failure = await errorOf(
      await importRequest({
        transport: "stdio",
        command: process.execPath,
        args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "ran")`],
      }),
    );
    expect(failure).toMatchObject({ status: 403, code: "stdio_secret_required" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await import("node:fs")).existsSync(marker)).toBe(false);
  });

  it(`runs at most ${MAX_STDIO_CHILDREN} launched servers at once; the rest are told to wait (429)`, async () => {
    enableStdio();
    // A program that never answers `initialize`: each import holds its child until the timeout.
    const silent = { transport: "stdio", command: process.execPath, args: ["-e", "setTimeout(() => {}, 60000)"] };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => importRequest({ ...silent, timeoutMs: 1_500 }, stdioHeaders())),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - MAX_STDIO_CHILDREN);
    const busy = responses.find((response) => response.status === 429)!;
    expect(await errorOf(busy)).toMatchObject({ code: "stdio_busy" });
    expect(runningStdioChildren()).toBe(0);
  }, 20_000);
});
