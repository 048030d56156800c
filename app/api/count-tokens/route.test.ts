/** "Count exactly" against the fake provider through the official SDKs (and Moonshot's endpoint through fetch). */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetLiveRateLimits } from "@/lib/server/live-rate-limit";
import { pageRequest, setEnv } from "@/test/fake-provider/route-client";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { POST } from "./route";

const KEY = "sk-test-pasted-count-key-0001";
let fake: FakeProvider;
let restore: () => void;

beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  resetLiveRateLimits();
  restore = setEnv({
    PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: undefined,
    OPENAI_API_KEY: undefined,
    MOONSHOT_API_KEY: undefined,
    PLAYGROUND_LIVE_LOG: "off",
    PLAYGROUND_LIVE_LOG_FILE: undefined,
  });
});
afterEach(() => restore());

const anthropicBody = {
  model: "claude-opus-4-8",
  max_tokens: 1024,
  system: [{ type: "text", text: "You are helpful." }],
  tools: [{ name: "get_weather", description: "Weather", input_schema: { type: "object", properties: {} } }],
  messages: [{ role: "user", content: [{ type: "text", text: "Weather in Paris?" }] }],
  cache_control: { type: "ephemeral" },
};

function count(body: unknown) {
  return POST(pageRequest("/api/count-tokens", body, { key: KEY }));
}

describe("POST /api/count-tokens", () => {
  it("Anthropic messages.countTokens, without the fields count_tokens does not take", async () => {
    const response = await count({ provider: "anthropic", body: anthropicBody });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { inputTokens: number; method: string; provider: string; model: string };
    expect(body).toMatchObject({ method: "anthropic count_tokens", provider: "anthropic", model: "claude-opus-4-8" });
    expect(body.inputTokens).toBeGreaterThan(0);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe("/v1/messages/count_tokens");
    expect(sent.body).not.toHaveProperty("max_tokens");
  });

  it("the beta counting endpoint when betas are given", async () => {
    await (
      await count({ provider: "anthropic", body: anthropicBody, betas: ["mid-conversation-tool-changes-2026-07-01"] })
    ).json();
    expect(fake.requests.at(-1)!.headers["anthropic-beta"]).toContain("mid-conversation-tool-changes-2026-07-01");
  });

  it("OpenAI responses.inputTokens.count", async () => {
    const response = await count({
      provider: "openai-responses",
      body: {
        model: "gpt-5.4",
        instructions: "Be brief.",
        input: [{ role: "user", content: "hi" }],
        max_output_tokens: 100,
        prompt_cache_key: "k",
      },
    });
    const body = (await response.json()) as { inputTokens: number; method: string };
    expect(body.method).toBe("openai responses/input_tokens");
    expect(fake.requests.at(-1)!.path).toBe("/v1/responses/input_tokens");
    expect(fake.requests.at(-1)!.body).not.toHaveProperty("prompt_cache_key");
  });

  it("Moonshot estimate-token-count through fetch, reading data.total_tokens", async () => {
    const response = await count({
      provider: "moonshot",
      body: { model: "kimi-k3", messages: [{ role: "user", content: "hi" }], max_tokens: 100 },
    });
    const body = (await response.json()) as { inputTokens: number; method: string; note: string };
    expect(body.method).toBe("moonshot estimate-token-count");
    expect(body.inputTokens).toBeGreaterThan(0);
    expect(body.note).toContain("unconfirmed");
    expect(fake.requests.at(-1)!.path).toBe("/moonshot/v1/tokenizers/estimate-token-count");
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("says Chat Completions has no counting endpoint", async () => {
    const response = await count({
      provider: "openai-chat",
      body: { model: "gpt-5.4", messages: [{ role: "user", content: "hi" }] },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("counting_unsupported");
  });

  it("maps a provider 429 with retry-after, and a Moonshot 401", async () => {
    fake.enqueue({ kind: "error", status: 429, retryAfter: 3 });
    const limited = await count({ provider: "anthropic", body: anthropicBody });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    const unauthorized = await POST(
      pageRequest(
        "/api/count-tokens",
        { provider: "moonshot", body: { model: "kimi-k3", messages: [{ role: "user", content: "hi" }] } },
        { key: "sk-invalid-moonshot-0000" },
      ),
    );
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({
      error: { code: "provider_unauthorized", message: "Invalid Authentication" },
    });
  });
});
