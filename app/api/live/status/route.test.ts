import { afterEach, describe, expect, it } from "vitest";
import { pageRequest, setEnv } from "@/test/fake-provider/route-client";
import { GET } from "./route";

let restore: () => void = () => {};
afterEach(() => restore());

describe("GET /api/live/status", () => {
  it("says which providers have a server key, never the key itself", async () => {
    const key = "sk-ant-status-test-key-000111";
    restore = setEnv({
      ANTHROPIC_API_KEY: key,
      OPENAI_API_KEY: undefined,
      MOONSHOT_API_KEY: undefined,
      OPENAI_COMPATIBLE_BASE_URL: "http://localhost:11434/v1",
      PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "1",
      PLAYGROUND_BASE_URL_ALLOWLIST: "http://localhost:11434",
    });
    const response = GET(
      pageRequest("/api/live/status", undefined, { method: "GET", headers: { "content-type": "" } }),
    );
    const text = await response.text();
    expect(text).not.toContain(key);
    expect(text).not.toContain("11434");
    expect(JSON.parse(text)).toMatchObject({
      enabled: true,
      serverKeys: { anthropic: true, openai: false, moonshot: false },
      compatibleBaseUrlConfigured: true,
      customBaseUrl: "allow-list",
    });
  });

  it("is guarded like every live route", () => {
    const response = GET(new Request("http://localhost:3000/api/live/status", { headers: { host: "localhost:3000" } }));
    expect(response.status).toBe(403);
  });
});
