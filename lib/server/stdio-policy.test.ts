import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkStdioAllowed, isLoopbackAddress, listeningAddresses } from "./stdio-policy";

const SECRET = "stdio-secret-0123456789abcdef";
const local = new Request("http://localhost:3000/api/mcp", {
  headers: { host: "localhost:3000", "x-playground-stdio-secret": SECRET },
});
const servers: net.Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(host: string): Promise<void> {
  const server = net.createServer();
  servers.push(server);
  return new Promise((resolve) => server.listen(0, host, () => resolve()));
}

describe("checkStdioAllowed", () => {
  it("is off unless PLAYGROUND_ENABLE_STDIO=1", () => {
    expect(checkStdioAllowed(local, {}, () => ["127.0.0.1"])).toMatchObject({
      ok: false,
      message: expect.stringContaining("is off"),
    });
  });

  it("is off on a public deployment", () => {
    expect(
      checkStdioAllowed(local, { PLAYGROUND_ENABLE_STDIO: "1", PLAYGROUND_PUBLIC: "1" }, () => ["127.0.0.1"]).ok,
    ).toBe(false);
  });

  it("needs every listening socket on loopback, and fails closed when it cannot tell", () => {
    const enabled = { PLAYGROUND_ENABLE_STDIO: "1", PLAYGROUND_STDIO_SECRET: SECRET };
    expect(checkStdioAllowed(local, enabled, () => ["127.0.0.1", "::1"]).ok).toBe(true);
    expect(checkStdioAllowed(local, enabled, () => ["::"]).ok).toBe(false);
    expect(checkStdioAllowed(local, enabled, () => ["0.0.0.0"]).ok).toBe(false);
    expect(checkStdioAllowed(local, enabled, () => ["127.0.0.1", "192.168.1.5"]).ok).toBe(false);
    expect(checkStdioAllowed(local, enabled, () => null).ok).toBe(false);
  });

  it("needs the stdio secret as well as the page token: missing, wrong or unset on the server is refused", () => {
    const enabled = { PLAYGROUND_ENABLE_STDIO: "1", PLAYGROUND_STDIO_SECRET: SECRET };
    const loopback = () => ["127.0.0.1"];
    const withSecret = (secret?: string) =>
      new Request("http://localhost:3000/api/mcp", {
        headers: { host: "localhost:3000", ...(secret ? { "x-playground-stdio-secret": secret } : {}) },
      });
    expect(checkStdioAllowed(withSecret(SECRET), enabled, loopback)).toEqual({ ok: true });
    expect(checkStdioAllowed(withSecret(), enabled, loopback)).toMatchObject({
      ok: false,
      code: "stdio_secret_required",
      message: expect.stringContaining("printed at start-up"),
    });
    expect(checkStdioAllowed(withSecret(`${SECRET}x`), enabled, loopback)).toMatchObject({
      ok: false,
      code: "stdio_secret_required",
      message: expect.stringContaining("wrong"),
    });
    expect(checkStdioAllowed(withSecret(SECRET), { PLAYGROUND_ENABLE_STDIO: "1" }, loopback)).toMatchObject({
      ok: false,
      message: expect.stringContaining("PLAYGROUND_STDIO_SECRET"),
    });
    expect(
      checkStdioAllowed(
        withSecret("short"),
        { PLAYGROUND_ENABLE_STDIO: "1", PLAYGROUND_STDIO_SECRET: "short" },
        loopback,
      ).ok,
    ).toBe(false);
  });

  it("needs a loopback Host", () => {
    const lanHost = new Request("http://playground.lan:3000/api/mcp", { headers: { host: "playground.lan:3000" } });
    expect(checkStdioAllowed(lanHost, { PLAYGROUND_ENABLE_STDIO: "1" }, () => ["127.0.0.1"]).ok).toBe(false);
  });

  it("finds the real listening addresses of this process", async () => {
    await listen("127.0.0.1");
    expect(listeningAddresses()).toContain("127.0.0.1");
    await listen("0.0.0.0");
    expect(listeningAddresses()).toContain("0.0.0.0");
  });

  it("recognises loopback addresses", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ["0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "::ffff:10.0.0.1"])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});
