import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policyFetch } from "./mcp-connect";

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === "/redirect") {
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      response.end();
    } else if (request.url === "/big") {
      response.writeHead(200);
      response.end("x".repeat(2048));
    } else {
      response.end("ok");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("policyFetch", () => {
  it("checks every URL against the allow-list", async () => {
    const guarded = policyFetch({ PLAYGROUND_MCP_ALLOWED_URLS: "https://mcp.example.com" });
    await expect(guarded(`${origin}/`)).rejects.toMatchObject({ code: "url_not_allowed" });
    expect(await (await policyFetch({})(`${origin}/`)).text()).toBe("ok");
  });

  it("never follows a redirect by itself", async () => {
    const response = await policyFetch({})(`${origin}/redirect`, { method: "GET" });
    expect(response.status).toBe(302);
  });

  it("cuts off a response past the size cap", async () => {
    const response = await policyFetch({}, 1024)(`${origin}/big`);
    await expect(response.text()).rejects.toBeDefined();
  });
});

describe("policyFetch on an exposed server", () => {
  it("refuses a private address, and a name that does not resolve, before connecting", async () => {
    const exposed = { blockPrivateAddresses: true };
    await expect(policyFetch({}, 1024, exposed)(`${origin}/`)).rejects.toMatchObject({ code: "url_not_allowed" });
    const failing = { ...exposed, lookup: () => Promise.reject(new Error("getaddrinfo ENOTFOUND")) };
    await expect(policyFetch({}, 1024, failing)("http://mcp.example.com/mcp")).rejects.toMatchObject({
      code: "url_not_allowed",
      message: expect.stringContaining("does not resolve"),
    });
    const empty = { ...exposed, lookup: () => Promise.resolve([]) };
    await expect(policyFetch({}, 1024, empty)("http://mcp.example.com/mcp")).rejects.toMatchObject({
      code: "url_not_allowed",
    });
    const rebound = { ...exposed, lookup: () => Promise.resolve(["93.184.216.34", "::ffff:a9fe:a9fe"]) };
    await expect(policyFetch({}, 1024, rebound)("http://mcp.example.com/mcp")).rejects.toMatchObject({
      code: "url_not_allowed",
    });
  });
});
