/**
 * Server-side request forgery through the live routes: on an exposed server with custom base URLs allowed and no
 * allow-list, `/api/live/send` and `/api/count-tokens` must not connect to an internal address (the same rule as MCP
 * URL import), and no route ever echoes the body of an answer that is not a provider's error.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetLiveRateLimits } from "@/lib/server/live-rate-limit";
import { pageRequest, setEnv } from "@/test/fake-provider/route-client";
import { POST as countTokens } from "../../count-tokens/route";
import { POST as send } from "./route";

const SECRET = "INTERNAL-ADMIN-PAGE-db-password-hunter2";
let internal: http.Server;
let internalPort = 0;
let hits = 0;
let restore: () => void;

beforeAll(async () => {
  internal = http.createServer((request, response) => {
    hits += 1;
    request.resume();
    response.writeHead(404, { "content-type": "text/html" });
    response.end(`<html><body>${SECRET}</body></html>`);
  });
  await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));
beforeEach(() => {
  hits = 0;
  resetLiveRateLimits();
  restore = setEnv({
    PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "1",
    PLAYGROUND_BASE_URL_ALLOWLIST: undefined,
    PLAYGROUND_PUBLIC: undefined,
    PLAYGROUND_ALLOW_PRIVATE_URLS: undefined,
    PLAYGROUND_TEST_PROVIDER_BASE_URL: undefined,
    PLAYGROUND_LIVE_LOG: "off",
    PLAYGROUND_LIVE_LOG_FILE: undefined,
  });
});
afterEach(() => restore());

const chatBody = { model: "llama3.1", messages: [{ role: "user", content: "hi" }] };
const responsesBody = { model: "gpt-5.4", input: [{ role: "user", content: "hi" }] };

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("live routes on a loopback-only server", () => {
  it("never echo the body of an answer that is not a provider's error", async () => {
    const baseUrl = `http://127.0.0.1:${internalPort}/v1`;
    const sent = await send(
      pageRequest("/api/live/send", { provider: "openai-chat", endpoint: { kind: "custom", baseUrl }, body: chatBody }),
    );
    const counted = await countTokens(
      pageRequest("/api/count-tokens", {
        provider: "openai-responses",
        endpoint: { kind: "custom", baseUrl },
        body: responsesBody,
      }),
    );
    expect(hits).toBe(2);
    for (const response of [sent, counted]) {
      expect(response.status).toBe(404);
      const text = await response.text();
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("<html>");
      expect(text).toContain("HTTP 404 without a provider error message (its body is not shown)");
    }
  });
});

describe("live routes on an exposed server with custom base URLs allowed and no allow-list", () => {
  let open: net.Server;
  const headers = { host: "playground.example", origin: "https://playground.example" };

  beforeAll(async () => {
    // Listening on every interface is what makes a server "exposed" (lib/server/exposure.ts).
    open = net.createServer();
    await new Promise<void>((resolve) => open.listen(0, "0.0.0.0", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => open.close(() => resolve())));
  beforeEach(() => {
    const undo = setEnv({ PLAYGROUND_ALLOWED_HOSTS: "playground.example" });
    const previous = restore;
    restore = () => {
      undo();
      previous();
    };
  });

  it("refuse internal addresses in every spelling, before connecting", async () => {
    for (const host of [
      `127.0.0.1:${internalPort}`,
      `[::ffff:127.0.0.1]:${internalPort}`,
      `localhost:${internalPort}`,
    ]) {
      const baseUrl = `http://${host}/v1`;
      const sent = await send(
        pageRequest(
          "/api/live/send",
          { provider: "openai-chat", endpoint: { kind: "custom", baseUrl }, body: chatBody },
          { headers },
        ),
      );
      expect(sent.status, host).toBe(403);
      expect(await errorOf(sent)).toMatchObject({
        code: "base_url_not_allowed",
        message: expect.stringContaining("private, loopback or link-local"),
      });
      const counted = await countTokens(
        pageRequest(
          "/api/count-tokens",
          { provider: "openai-responses", endpoint: { kind: "custom", baseUrl }, body: responsesBody },
          { headers },
        ),
      );
      expect(counted.status, host).toBe(403);
      expect((await errorOf(counted)).code).toBe("base_url_not_allowed");
    }
    for (const metadata of ["http://169.254.169.254/v1", "http://[fe80::1]/v1", "http://[::ffff:a9fe:a9fe]/v1"]) {
      const sent = await send(
        pageRequest(
          "/api/live/send",
          { provider: "openai-chat", endpoint: { kind: "custom", baseUrl: metadata }, body: chatBody },
          { headers },
        ),
      );
      expect(sent.status, metadata).toBe(403);
    }
    expect(hits).toBe(0);
  });

  it("PLAYGROUND_ALLOW_PRIVATE_URLS=1 lets the owner reach their own network", async () => {
    const undo = setEnv({ PLAYGROUND_ALLOW_PRIVATE_URLS: "1" });
    try {
      const sent = await send(
        pageRequest(
          "/api/live/send",
          {
            provider: "openai-chat",
            endpoint: { kind: "custom", baseUrl: `http://127.0.0.1:${internalPort}/v1` },
            body: chatBody,
          },
          { headers },
        ),
      );
      expect(sent.status).toBe(404);
      expect(hits).toBe(1);
    } finally {
      undo();
    }
  });
});
