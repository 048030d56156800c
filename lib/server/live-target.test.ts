import { describe, expect, it } from "vitest";
import { loopbackUrl, readLiveConfig } from "./live-config";
import { clientAddress, TokenBucketLimiter } from "./live-rate-limit";
import { matchesAllowList, resolveTarget } from "./live-target";

const env = {
  ANTHROPIC_API_KEY: "sk-ant-env",
  OPENAI_API_KEY: "sk-openai-env",
  OPENAI_COMPATIBLE_BASE_URL: "http://localhost:11434/v1/",
};

describe("resolveTarget", () => {
  it("server keys go to their own official endpoint only", () => {
    const config = readLiveConfig(env);
    expect(resolveTarget("anthropic", { kind: "official" }, undefined, config)).toMatchObject({
      baseURL: "https://api.anthropic.com",
      apiKey: "sk-ant-env",
      keySource: "server",
    });
    expect(resolveTarget("openai-chat", { kind: "official" }, "sk-pasted", config)).toMatchObject({
      baseURL: "https://api.openai.com/v1",
      apiKey: "sk-pasted",
      keySource: "pasted",
    });
    expect(resolveTarget("openai-chat", { kind: "compatible" }, undefined, config)).toMatchObject({
      baseURL: "http://localhost:11434/v1",
      apiKey: "no-key",
      keySource: "none",
    });
  });

  it("on a loopback-only server the person may type their own server's base URL, with no setting and no key", () => {
    const config = readLiveConfig(env, false);
    expect(config.customBaseUrl.mode).toBe("any");
    const local = { kind: "custom" as const, baseUrl: "http://localhost:11434/v1" };
    expect(resolveTarget("openai-chat", local, undefined, config, "llama3.1:8b")).toMatchObject({
      baseURL: "http://localhost:11434/v1",
      apiKey: "no-key",
      keySource: "none",
      trusted: false,
    });
    expect(
      readLiveConfig({ ...env, PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "1", PLAYGROUND_PUBLIC: "1" }, false).customBaseUrl
        .mode,
    ).toBe("disabled");
  });

  it("a request for an OpenAI-compatible server is never sent to OpenAI's official API", () => {
    for (const exposed of [false, true]) {
      const config = readLiveConfig(env, exposed);
      expect(
        resolveTarget("openai-chat", { kind: "official" }, "sk-pasted", config, "openai-compatible"),
      ).toMatchObject({
        status: 400,
        code: "compatible_needs_base_url",
        message: expect.stringContaining("not sent to OpenAI"),
      });
    }
  });

  it("a custom base URL never gets a server key and obeys the policy", () => {
    const custom = { kind: "custom" as const, baseUrl: "https://openrouter.ai/api/v1" };
    // An exposed server keeps the switch off by default.
    expect(resolveTarget("openai-chat", custom, undefined, readLiveConfig(env, true))).toMatchObject({
      code: "custom_base_url_disabled",
    });
    expect(
      readLiveConfig({ ...env, PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "1", PLAYGROUND_PUBLIC: "1" }, true).customBaseUrl
        .mode,
    ).toBe("disabled");
    const open = readLiveConfig({ ...env, PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "1" }, true);
    expect(resolveTarget("openai-chat", custom, undefined, open)).toMatchObject({ apiKey: "no-key", trusted: false });
    const listed = readLiveConfig({
      ...env,
      PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "true",
      PLAYGROUND_BASE_URL_ALLOWLIST: "https://openrouter.ai/api",
    });
    expect(resolveTarget("openai-chat", custom, "sk-or-1", listed)).toMatchObject({ apiKey: "sk-or-1" });
    expect(
      resolveTarget("openai-chat", { kind: "custom", baseUrl: "http://169.254.169.254/latest" }, undefined, listed),
    ).toMatchObject({ code: "base_url_not_allowed" });
    expect(
      resolveTarget(
        "openai-chat",
        { kind: "custom", baseUrl: "https://user:pw@openrouter.ai/api/v1" },
        undefined,
        listed,
      ),
    ).toMatchObject({ code: "invalid_request" });
  });

  it("allow-list matching is by origin and whole path segments", () => {
    const list = ["https://openrouter.ai/api", "http://localhost:11434"];
    expect(matchesAllowList(new URL("https://openrouter.ai/api/v1"), list)).toBe(true);
    expect(matchesAllowList(new URL("https://openrouter.ai/apix"), list)).toBe(false);
    expect(matchesAllowList(new URL("https://openrouter.ai.evil.example/api"), list)).toBe(false);
    expect(matchesAllowList(new URL("http://localhost:11434/v1"), list)).toBe(true);
    expect(matchesAllowList(new URL("http://localhost:11435/v1"), list)).toBe(false);
  });

  it("the test provider override is honoured for loopback URLs only", () => {
    expect(loopbackUrl("http://127.0.0.1:3199/")).toBe("http://127.0.0.1:3199");
    expect(loopbackUrl("http://localhost:3199")).toBe("http://localhost:3199");
    expect(loopbackUrl("https://attacker.example")).toBeUndefined();
    expect(
      readLiveConfig({ PLAYGROUND_TEST_PROVIDER_BASE_URL: "https://attacker.example" }).testProviderBaseUrl,
    ).toBeUndefined();
  });
});

describe("rate limiting", () => {
  it("a token bucket allows a burst, then refills over time", () => {
    const limiter = new TokenBucketLimiter({ capacity: 2, refillPerSecond: 0.5 });
    expect(limiter.take("a", 0).ok).toBe(true);
    expect(limiter.take("a", 0).ok).toBe(true);
    expect(limiter.take("a", 0)).toEqual({ ok: false, retryAfterSeconds: 2 });
    expect(limiter.take("b", 0).ok).toBe(true);
    expect(limiter.take("a", 2_000).ok).toBe(true);
  });

  it("forgets the least recently used clients past its size", () => {
    const limiter = new TokenBucketLimiter({ capacity: 1, refillPerSecond: 0.001, maxKeys: 2 });
    limiter.take("a", 0);
    limiter.take("b", 0);
    limiter.take("c", 0);
    expect(limiter.take("a", 0).ok).toBe(true);
  });

  it("the client address is read from the right of X-Forwarded-For, past trusted proxies", () => {
    const request = new Request("http://localhost/", { headers: { "x-forwarded-for": "198.51.100.7, 10.0.0.2" } });
    expect(clientAddress(request, 0)).toBe("10.0.0.2");
    expect(clientAddress(request, 1)).toBe("198.51.100.7");
    expect(clientAddress(new Request("http://localhost/"), 0)).toBe("unknown");
  });
});
