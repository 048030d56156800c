import { describe, expect, it } from "vitest";
import { config, NONCE_HEADER, proxy } from "../../proxy";

function passedOn(response: Response): boolean {
  return response.headers.get("x-middleware-next") === "1";
}

describe("proxy.ts", () => {
  it("serves loopback hosts and refuses a rebinding Host before any page renders", async () => {
    expect(passedOn(proxy(new Request("http://localhost:3000/", { headers: { host: "localhost:3000" } })))).toBe(true);
    const refused = proxy(new Request("http://localhost:3000/", { headers: { host: "attacker.example:3000" } }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "host_not_allowed" } });
  });

  it("lets a cross-site navigation open a share link, but not a cross-site POST", () => {
    const navigation = new Request("http://localhost:3000/", {
      headers: { host: "localhost:3000", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(passedOn(proxy(navigation))).toBe(true);
    const post = new Request("http://localhost:3000/", {
      method: "POST",
      headers: { host: "localhost:3000", origin: "https://attacker.example" },
    });
    expect(proxy(post).status).toBe(403);
  });

  it("gives every page a CSP with a fresh nonce, and hands the same nonce to the render", () => {
    const page = () => proxy(new Request("http://localhost:3000/lab", { headers: { host: "localhost:3000" } }));
    const first = page();
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = first.headers.get(`x-middleware-request-${NONCE_HEADER}`) ?? "";
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy).toContain(`'nonce-${nonce}'`);
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(policy).toContain("frame-ancestors 'none'");
    // 'unsafe-eval' is a measured need (lib/server/security-headers.ts); inline script still needs the nonce.
    expect(policy).not.toContain("'unsafe-inline'; script");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(page().headers.get(`x-middleware-request-${NONCE_HEADER}`)).not.toBe(nonce);
  });

  it("puts no page policy on API answers or built files (workers take their policy from their script)", () => {
    for (const path of ["/api/live/status", "/_next/static/chunks/turbopack-worker-1.js"]) {
      const response = proxy(new Request(`http://localhost:3000${path}`, { headers: { host: "localhost:3000" } }));
      expect(passedOn(response), path).toBe(true);
      expect(response.headers.get("content-security-policy"), path).toBeNull();
    }
  });

  it("leaves the body-reading API routes out of its matcher, and nothing else", () => {
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    for (const path of ["/api/live/send", "/api/count-tokens", "/api/mcp", "/api/share"])
      expect(matcher.test(path), path).toBe(false);
    for (const path of [
      "/",
      "/lab",
      "/tap",
      "/api/tap",
      "/api/share/abcdefghijklmnopqrstuv",
      "/api/live/status",
      "/api/sharex",
      "/api/mcp/x",
      "/_next/static/chunks/a.js",
    ])
      expect(matcher.test(path), path).toBe(true);
  });
});
