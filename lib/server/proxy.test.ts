import { describe, expect, it } from "vitest";
import { proxy } from "../../proxy";

describe("proxy.ts", () => {
  it("serves loopback hosts and refuses a rebinding Host before any page renders", async () => {
    expect(proxy(new Request("http://localhost:3000/", { headers: { host: "localhost:3000" } }))).toBeUndefined();
    const refused = proxy(new Request("http://localhost:3000/", { headers: { host: "attacker.example:3000" } }));
    expect(refused?.status).toBe(403);
    expect(await refused?.json()).toMatchObject({ error: { code: "host_not_allowed" } });
  });

  it("lets a cross-site navigation open a share link, but not a cross-site POST", () => {
    const navigation = new Request("http://localhost:3000/", {
      headers: { host: "localhost:3000", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(proxy(navigation)).toBeUndefined();
    const post = new Request("http://localhost:3000/", {
      method: "POST",
      headers: { host: "localhost:3000", origin: "https://attacker.example" },
    });
    expect(proxy(post)?.status).toBe(403);
  });
});
