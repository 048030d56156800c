import { afterEach, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER, PEER_HEADER_TRUSTED, peerAddress, serverExposure } from "./exposure";
import {
  ALLOWED_HOSTS_ENV,
  checkHost,
  checkHostAndOrigin,
  errorResponse,
  guardApiRequest,
  isAllowedHost,
  PAGE_TOKEN_HEADER,
  serverSecret,
} from "./request-guard";

function request(headers: Record<string, string>, url = "http://localhost:3000/api/mcp"): Request {
  return new Request(url, { method: "POST", headers });
}

async function errorCode(response: Response | null): Promise<string | null> {
  if (!response) return null;
  expect(response.status).toBe(403);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(typeof body.error.message).toBe("string");
  return body.error.code;
}

afterEach(() => {
  delete process.env[ALLOWED_HOSTS_ENV];
});

describe("serverSecret", () => {
  it("is random, base64url, and stable within the process", () => {
    const secret = serverSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(serverSecret()).toBe(secret);
  });
});

describe("guardApiRequest", () => {
  it("allows a same-origin request with the token", () => {
    const allowed = request({
      host: "localhost:3000",
      origin: "http://localhost:3000",
      [PAGE_TOKEN_HEADER]: serverSecret(),
    });
    expect(guardApiRequest(allowed)).toBeNull();
  });

  it("allows a request without Origin (same-origin GET) with the token, on every loopback name", () => {
    for (const host of ["localhost:3107", "127.0.0.1:3000", "[::1]:3000", "localhost"]) {
      expect(guardApiRequest(request({ host, [PAGE_TOKEN_HEADER]: serverSecret() }))).toBeNull();
    }
  });

  it("rejects a DNS-rebinding Host even with the right token and a matching Origin", async () => {
    const rebinding = request({
      host: "evil.example:3000",
      origin: "http://evil.example:3000",
      [PAGE_TOKEN_HEADER]: serverSecret(),
    });
    expect(await errorCode(guardApiRequest(rebinding))).toBe("host_not_allowed");
  });

  it("rejects look-alike hosts", () => {
    for (const host of ["localhost.evil.example", "127.0.0.1.nip.io", "evil-localhost", "localhost:abc", "", "a b"]) {
      expect(isAllowedHost(host)).toBe(false);
    }
  });

  it("rejects a cross-site Origin", async () => {
    const crossSite = request({
      host: "localhost:3000",
      origin: "https://evil.example",
      [PAGE_TOKEN_HEADER]: serverSecret(),
    });
    expect(await errorCode(guardApiRequest(crossSite))).toBe("origin_not_allowed");
  });

  it("rejects another local app on a different port, and the opaque null origin", async () => {
    const otherPort = request({
      host: "localhost:3000",
      origin: "http://localhost:5173",
      [PAGE_TOKEN_HEADER]: serverSecret(),
    });
    expect(await errorCode(guardApiRequest(otherPort))).toBe("origin_not_allowed");
    const opaque = request({ host: "localhost:3000", origin: "null", [PAGE_TOKEN_HEADER]: serverSecret() });
    expect(await errorCode(guardApiRequest(opaque))).toBe("origin_not_allowed");
  });

  it("rejects Sec-Fetch-Site: cross-site", async () => {
    const crossSite = request({
      host: "localhost:3000",
      "sec-fetch-site": "cross-site",
      [PAGE_TOKEN_HEADER]: serverSecret(),
    });
    expect(await errorCode(guardApiRequest(crossSite))).toBe("cross_site_request");
  });

  it("rejects a missing or wrong token", async () => {
    expect(await errorCode(guardApiRequest(request({ host: "localhost:3000" })))).toBe("missing_token");
    const wrong = request({ host: "localhost:3000", [PAGE_TOKEN_HEADER]: "x".repeat(43) });
    expect(await errorCode(guardApiRequest(wrong))).toBe("invalid_token");
    const prefix = request({ host: "localhost:3000", [PAGE_TOKEN_HEADER]: serverSecret().slice(0, 10) });
    expect(await errorCode(guardApiRequest(prefix))).toBe("invalid_token");
  });

  it("falls back to the URL's host when the Request has no Host header", async () => {
    const noHostHeader = new Request("http://evil.example/api/mcp", {
      headers: { [PAGE_TOKEN_HEADER]: serverSecret() },
    });
    expect(await errorCode(guardApiRequest(noHostHeader))).toBe("host_not_allowed");
  });
});

describe("allowed hosts", () => {
  it("adds hosts from PLAYGROUND_ALLOWED_HOSTS, with or without a port", () => {
    process.env[ALLOWED_HOSTS_ENV] = "playground.example.com, 10.0.0.5:3000";
    expect(isAllowedHost("playground.example.com")).toBe(true);
    expect(isAllowedHost("Playground.Example.com:8443")).toBe(true);
    expect(isAllowedHost("10.0.0.5:3000")).toBe(true);
    expect(isAllowedHost("10.0.0.5:3001")).toBe(false);
    const behindTls = request({
      host: "playground.example.com",
      origin: "https://playground.example.com",
      [PAGE_TOKEN_HEADER]: serverSecret(),
    });
    expect(checkHostAndOrigin(behindTls)).toEqual({ ok: true });
  });

  it("lets an explicit option replace the defaults", () => {
    expect(isAllowedHost("localhost:3000", { allowedHosts: ["app.internal"] })).toBe(false);
    expect(isAllowedHost("app.internal:80", { allowedHosts: ["app.internal"] })).toBe(true);
  });
});

describe("errorResponse", () => {
  it("has the documented shape", async () => {
    const response = errorResponse(413, "too_large", "share: too large", { "retry-after": "1" });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({ error: { code: "too_large", message: "share: too large" } });
  });
});

describe("checkHost on a server reachable from the network", () => {
  const page = (host: string) => new Request(`http://${host}/`, { headers: { host } });

  it("refuses Host: localhost from a non-loopback peer, and serves it from this machine", async () => {
    const fromNetwork = checkHost(page("localhost:3000"), { exposed: true, peer: "192.168.1.23" });
    expect(fromNetwork).toMatchObject({ ok: false, status: 403, code: "loopback_host_from_network" });
    for (const host of ["127.0.0.1:3000", "[::1]:3000", "localhost"])
      expect(checkHost(page(host), { exposed: true, peer: "10.0.0.7" }).ok, host).toBe(false);
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect(checkHost(page("localhost:3000"), { exposed: true, peer }).ok, peer).toBe(true);
  });

  it("refuses a loopback Host when the peer is unknown (plain next start), and never on a loopback-only server", () => {
    expect(checkHost(page("localhost:3000"), { exposed: true, peer: null }).ok).toBe(false);
    expect(checkHost(page("localhost:3000"), { exposed: false, peer: "192.168.1.23" }).ok).toBe(true);
  });

  it("serves the names in PLAYGROUND_ALLOWED_HOSTS to any peer", () => {
    const named = checkHost(page("playground.example"), {
      allowedHosts: ["localhost", "playground.example"],
      exposed: true,
      peer: "203.0.113.9",
    });
    expect(named.ok).toBe(true);
  });

  it("believes the peer header only when scripts/serve.mjs vouches for it", () => {
    const forged = new Request("http://localhost:3000/", {
      headers: { host: "localhost:3000", [PEER_ADDRESS_HEADER]: "127.0.0.1" },
    });
    expect(peerAddress(forged)).toBeNull();
    expect(checkHost(forged, { exposed: true }).ok).toBe(false);
    const holder = globalThis as { [PEER_HEADER_TRUSTED]?: boolean };
    holder[PEER_HEADER_TRUSTED] = true;
    try {
      expect(peerAddress(forged)).toBe("127.0.0.1");
      expect(checkHost(forged, { exposed: true }).ok).toBe(true);
    } finally {
      delete holder[PEER_HEADER_TRUSTED];
    }
  });
});

describe("serverExposure", () => {
  it("is exposed when any listening address is not loopback, when public, or when unknown", () => {
    expect(serverExposure({}, () => ["127.0.0.1"]).exposed).toBe(false);
    expect(serverExposure({}, () => ["::1", "127.0.0.1"]).exposed).toBe(false);
    expect(serverExposure({}, () => ["0.0.0.0"])).toMatchObject({ exposed: true, reasons: ["listening on 0.0.0.0"] });
    expect(serverExposure({}, () => ["::"]).exposed).toBe(true);
    expect(serverExposure({ PLAYGROUND_PUBLIC: "1" }, () => ["127.0.0.1"]).exposed).toBe(true);
    expect(serverExposure({}, () => null).exposed).toBe(true);
  });
});
