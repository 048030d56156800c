/**
 * The live send route against the local fake provider, through the official SDKs: streaming replies in every wire
 * format, the tool-search blocks, usage with cache fields, each error case mapped to the documented shape, the
 * guard, validation, the custom-base-URL policy, the rate limit, and no key in any answer or log line.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { providerAdapter } from "@/lib/providers";
import { resetLiveRateLimits } from "@/lib/server/live-rate-limit";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { pageRequest, readNdjson, setEnv, type NdjsonLine } from "@/test/fake-provider/route-client";
import { POST } from "./route";

const SERVER_KEY = "sk-ant-server-env-key-0123456789";
const PASTED_KEY = "sk-proj-pasted-browser-key-9876543210";
const logDirectory = mkdtempSync(join(tmpdir(), "live-log-"));
const logFile = join(logDirectory, "live.log");

let fake: FakeProvider;
const restorers: Array<() => void> = [];

/** Environment variables for this test only. */
function env(values: Record<string, string | undefined>): void {
  restorers.push(setEnv(values));
}

beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake.close();
  rmSync(logDirectory, { recursive: true, force: true });
});
beforeEach(() => {
  fake.reset();
  resetLiveRateLimits();
  env({
    PLAYGROUND_TEST_PROVIDER_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: SERVER_KEY,
    OPENAI_API_KEY: undefined,
    MOONSHOT_API_KEY: undefined,
    OPENAI_COMPATIBLE_BASE_URL: undefined,
    OPENAI_COMPATIBLE_API_KEY: undefined,
    PLAYGROUND_ALLOW_CUSTOM_BASE_URL: undefined,
    PLAYGROUND_BASE_URL_ALLOWLIST: undefined,
    PLAYGROUND_LIVE_TIMEOUT_MS: undefined,
    PLAYGROUND_LIVE_MAX_BODY_BYTES: undefined,
    PLAYGROUND_LIVE_RATE_BURST: undefined,
    PLAYGROUND_LIVE: undefined,
    PLAYGROUND_LIVE_LOG: "off",
    PLAYGROUND_LIVE_LOG_FILE: logFile,
  });
});
afterEach(() => {
  while (restorers.length) restorers.pop()?.();
});

const WEATHER = {
  name: "get_weather",
  description: "Get the current weather for a city",
  input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const EMAIL = {
  name: "send_email",
  description: "Send an email message",
  input_schema: { type: "object", properties: { to: { type: "string" } }, required: ["to"] },
};

function anthropicBody(extra: Record<string, unknown> = {}) {
  return {
    model: "claude-opus-4-8",
    max_tokens: 1024,
    system: [{ type: "text", text: "You are helpful." }],
    tools: [WEATHER, EMAIL],
    messages: [{ role: "user", content: [{ type: "text", text: "What is the weather in Paris?" }] }],
    cache_control: { type: "ephemeral" },
    ...extra,
  };
}

function send(body: unknown, options: Parameters<typeof pageRequest>[2] = {}) {
  return POST(pageRequest("/api/live/send", body, options));
}

function done(lines: NdjsonLine[]): { response: Record<string, unknown>; usage: Record<string, number> } {
  const line = lines.find((item) => item.type === "done");
  expect(line, JSON.stringify(lines.filter((item) => item.type === "error"))).toBeDefined();
  return line as unknown as { response: Record<string, unknown>; usage: Record<string, number> };
}

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
  return body.error;
}

describe("POST /api/live/send: replies", () => {
  it("streams an Anthropic reply with the server's key: parts and deltas as they arrive, then the whole message and usage", async () => {
    const response = await send({ provider: "anthropic", body: anthropicBody() });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = await readNdjson(response);
    expect(lines.filter((line) => line.type === "part").map((line) => line.kind)).toEqual(["tool-call"]);
    expect(lines.filter((line) => line.type === "delta").length).toBeGreaterThan(1);
    const { response: message, usage } = done(lines);
    expect((message.content as Array<{ type: string; name: string; input: unknown }>)[0]).toMatchObject({
      type: "tool_use",
      name: "get_weather",
      input: { city: expect.any(String) },
    });
    const raw = message.usage as Record<string, number>;
    expect(usage.input).toBe(raw.input_tokens + raw.cache_creation_input_tokens + raw.cache_read_input_tokens);
    expect(usage.cacheWrite).toBeGreaterThan(0);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe("/v1/messages");
    expect(`${sent.headers["x-api-key"] ?? ""} ${sent.headers.authorization ?? ""}`).toContain(SERVER_KEY);
    expect((sent.body as { stream: boolean }).stream).toBe(true);
  });

  it("reads a second request's prefix from the cache (usage with cache fields)", async () => {
    await readNdjson(await send({ provider: "anthropic", body: anthropicBody() }));
    const second = done(await readNdjson(await send({ provider: "anthropic", body: anthropicBody() })));
    expect(second.usage.cacheRead).toBeGreaterThan(0);
  });

  it("Anthropic server-side tool search: server_tool_use and tool_search_tool_result arrive and read back as a search block", async () => {
    const body = anthropicBody({
      tools: [
        { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" },
        { ...WEATHER, defer_loading: true },
        { ...EMAIL, defer_loading: true },
      ],
    });
    const lines = await readNdjson(await send({ provider: "anthropic", body }));
    expect(lines.filter((line) => line.type === "part").map((line) => line.kind)).toEqual([
      "text",
      "search",
      "search-result",
      "tool-call",
    ]);
    const { response } = done(lines);
    const content = response.content as Array<Record<string, unknown>>;
    expect(content.map((block) => block.type)).toEqual([
      "text",
      "server_tool_use",
      "tool_search_tool_result",
      "tool_use",
    ]);
    expect(content[1].input).toEqual({ query: "What is the weather in Paris?" });
    const read = providerAdapter("anthropic").readReply(response);
    expect(read.blocks[1]).toMatchObject({
      type: "server-tool-search",
      variant: "bm25",
      result: { toolNames: ["get_weather", "send_email"] },
    });
    expect((read.raw as Array<Record<string, unknown>>).some((block) => "caller" in block)).toBe(false);
  });

  it("uses client.beta.messages when betas are given (the anthropic-beta header reaches the provider)", async () => {
    await readNdjson(
      await send({ provider: "anthropic", body: anthropicBody(), betas: ["mid-conversation-tool-changes-2026-07-01"] }),
    );
    expect(fake.requests.at(-1)!.headers["anthropic-beta"]).toContain("mid-conversation-tool-changes-2026-07-01");
  });

  it("OpenAI Responses with hosted tool_search: tool_search_call, tool_search_output and the function call; cached_tokens", async () => {
    const tools = [
      { type: "tool_search" },
      {
        type: "function",
        name: "get_weather",
        description: WEATHER.description,
        parameters: WEATHER.input_schema,
        defer_loading: true,
      },
    ];
    const body = {
      model: "gpt-5.4",
      instructions: "Be brief.",
      tools,
      input: [{ role: "user", content: "What is the weather in Paris?" }],
      max_output_tokens: 512,
      prompt_cache_key: "tool-disclosure-playground",
    };
    await readNdjson(await send({ provider: "openai-responses", body }, { key: PASTED_KEY }));
    const { response, usage } = done(
      await readNdjson(await send({ provider: "openai-responses", body }, { key: PASTED_KEY })),
    );
    expect((response.output as Array<{ type: string }>).map((item) => item.type)).toEqual([
      "tool_search_call",
      "tool_search_output",
      "message",
      "function_call",
    ]);
    expect(usage.cacheRead).toBeGreaterThan(0);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${PASTED_KEY}`);
    const read = providerAdapter("openai-responses").readReply(response);
    expect(read.blocks.map((block) => block.type)).toEqual([
      "openai-search-call",
      "openai-search-output",
      "text",
      "tool-call",
    ]);
  });

  it("Chat Completions asks for usage in the stream and maps prompt_tokens_details.cached_tokens", async () => {
    const body = {
      model: "gpt-5.4",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Send an email to Ana" },
      ],
      tools: [
        {
          type: "function",
          function: { name: "send_email", description: EMAIL.description, parameters: EMAIL.input_schema },
        },
      ],
      max_completion_tokens: 256,
    };
    const { response, usage } = done(
      await readNdjson(await send({ provider: "openai-chat", body }, { key: PASTED_KEY })),
    );
    expect((fake.requests.at(-1)!.body as { stream_options: unknown }).stream_options).toEqual({ include_usage: true });
    expect(
      ((response.choices as Array<{ message: { tool_calls: unknown[] } }>)[0].message.tool_calls ?? []).length,
    ).toBe(1);
    expect(usage.input).toBeGreaterThan(0);
  });

  it("Moonshot: usage.cached_tokens from the final chunk's choice", async () => {
    const body = {
      model: "kimi-k3",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Find a weather tool" },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "search_tools",
            description: "Search tools",
            parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
          },
        },
      ],
      max_tokens: 256,
      prompt_cache_key: "x",
    };
    await readNdjson(await send({ provider: "moonshot", body }, { key: PASTED_KEY }));
    const { usage } = done(await readNdjson(await send({ provider: "moonshot", body }, { key: PASTED_KEY })));
    expect(fake.requests.at(-1)!.path).toBe("/moonshot/v1/chat/completions");
    expect(usage.cacheRead).toBeGreaterThan(0);
    expect((fake.requests.at(-1)!.body as Record<string, unknown>).stream_options).toBeUndefined();
  });

  it("an OpenAI-compatible server from OPENAI_COMPATIBLE_BASE_URL, with no key at all", async () => {
    env({ OPENAI_COMPATIBLE_BASE_URL: `${fake.url}/compatible/v1` });
    const body = { model: "llama3.1", messages: [{ role: "user", content: "Hello" }], max_completion_tokens: 64 };
    done(await readNdjson(await send({ provider: "openai-chat", endpoint: { kind: "compatible" }, body })));
    expect(fake.requests.at(-1)!.path).toBe("/compatible/v1/chat/completions");
  });
});

describe("POST /api/live/send: provider errors in words, status mapped", () => {
  it("400 with Anthropic's own message when every tool is deferred", async () => {
    const response = await send({
      provider: "anthropic",
      body: anthropicBody({ tools: [{ ...WEATHER, defer_loading: true }] }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-provider-status")).toBe("400");
    expect(await errorOf(response)).toEqual({
      code: "provider_bad_request",
      message: "At least one tool must have defer_loading=false. All tools cannot be deferred.",
    });
  });

  it("401 for a bad key, with the masked key OpenAI echoes scrubbed", async () => {
    const response = await send(
      { provider: "openai-chat", body: { model: "gpt-5.4", messages: [{ role: "user", content: "hi" }] } },
      { key: "sk-proj-invalid-abcdefgh1234" },
    );
    expect(response.status).toBe(401);
    const error = await errorOf(response);
    expect(error.code).toBe("provider_unauthorized");
    expect(error.message).toContain("Incorrect API key provided");
    expect(error.message).not.toContain("sk-proj-invalid-abcdefgh1234");
    expect(error.message).not.toMatch(/\*{4,}|1234/);
  });

  it("403 and 404 model", async () => {
    const forbidden = await send({ provider: "anthropic", body: anthropicBody() }, { key: "forbidden-key-0123456789" });
    expect(forbidden.status).toBe(403);
    expect((await errorOf(forbidden)).code).toBe("provider_forbidden");
    const missing = await send({ provider: "anthropic", body: anthropicBody({ model: "missing-model" }) });
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ code: "provider_not_found", message: "model: missing-model" });
  });

  it("429 keeps the provider's retry-after", async () => {
    fake.enqueue({ kind: "error", status: 429, retryAfter: 7 });
    const response = await send({ provider: "anthropic", body: anthropicBody() });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect((await errorOf(response)).code).toBe("provider_rate_limited");
  });

  it("5xx becomes 502 provider_error, 529 becomes 503 provider_overloaded", async () => {
    fake.enqueue({ kind: "error", status: 500 }, { kind: "error", status: 529 });
    const server = await send({ provider: "anthropic", body: anthropicBody() });
    expect(server.status).toBe(502);
    expect((await errorOf(server)).code).toBe("provider_error");
    const overloaded = await send({ provider: "anthropic", body: anthropicBody() });
    expect(overloaded.status).toBe(503);
    expect(await errorOf(overloaded)).toEqual({ code: "provider_overloaded", message: "Overloaded" });
  });

  it("an upstream that never answers times out with 504", async () => {
    env({ PLAYGROUND_LIVE_TIMEOUT_MS: "300" });
    fake.enqueue({ kind: "hang" });
    const response = await send({ provider: "anthropic", body: anthropicBody() });
    expect(response.status).toBe(504);
    expect((await errorOf(response)).code).toBe("upstream_timeout");
  });

  it("network down is 502 upstream_unreachable", async () => {
    const closed = await startFakeProvider();
    const url = closed.url;
    await closed.close();
    env({ PLAYGROUND_TEST_PROVIDER_BASE_URL: url });
    const response = await send({ provider: "anthropic", body: anthropicBody() });
    expect(response.status).toBe(502);
    const error = await errorOf(response);
    expect(error.code).toBe("upstream_unreachable");
    expect(error.message).toMatch(/^Could not reach Anthropic: /);
  });

  it("an error inside a started stream arrives as an NDJSON error line", async () => {
    fake.enqueue({ kind: "stream-error" });
    const lines = await readNdjson(await send({ provider: "anthropic", body: anthropicBody() }));
    const error = lines.find((line) => line.type === "error") as unknown as {
      status: number;
      error: { code: string; message: string };
    };
    expect(error).toMatchObject({ status: 503, error: { code: "provider_overloaded", message: "Overloaded" } });
    expect(lines.some((line) => line.type === "done")).toBe(false);
  });

  it("mid-stream failures of Responses and Chat Completions too", async () => {
    fake.enqueue({ kind: "stream-error" }, { kind: "stream-error" });
    const responses = await readNdjson(
      await send({ provider: "openai-responses", body: { model: "gpt-5.4", input: "hi" } }, { key: PASTED_KEY }),
    );
    expect(responses.at(-1)).toMatchObject({ type: "error", error: { code: "provider_error" } });
    const chat = await readNdjson(
      await send(
        { provider: "openai-chat", body: { model: "gpt-5.4", messages: [{ role: "user", content: "hi" }] } },
        { key: PASTED_KEY },
      ),
    );
    expect(chat.at(-1)).toMatchObject({ type: "error", error: { code: "provider_error" } });
  });
});

describe("POST /api/live/send: the route's own checks", () => {
  it("refuses a request without the page token, or from another origin", async () => {
    const noToken = await POST(
      new Request("http://localhost:3000/api/live/send", {
        method: "POST",
        headers: { host: "localhost:3000", "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(noToken.status).toBe(403);
    expect((await errorOf(noToken)).code).toBe("missing_token");
    const crossSite = await send(
      { provider: "anthropic", body: anthropicBody() },
      { headers: { origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
    expect((await errorOf(crossSite)).code).toBe("origin_not_allowed");
    const rebinding = await send(
      { provider: "anthropic", body: anthropicBody() },
      { headers: { host: "evil.example:3000", origin: "http://evil.example:3000" } },
    );
    expect(rebinding.status).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });

  it("validates shape: unknown top-level keys, a bad model id, betas on OpenAI, an output cap above the server's", async () => {
    const unknown = await send({ provider: "anthropic", body: anthropicBody({ n: 5 }) });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toContain("body");
    const model = await send({ provider: "anthropic", body: anthropicBody({ model: "../../admin" }) });
    expect(model.status).toBe(400);
    const betas = await send(
      {
        provider: "openai-chat",
        body: { model: "gpt-5.4", messages: [{ role: "user", content: "hi" }] },
        betas: ["x-1"],
      },
      { key: PASTED_KEY },
    );
    expect(betas.status).toBe(400);
    const cap = await send({ provider: "anthropic", body: anthropicBody({ max_tokens: 100_000 }) });
    expect(cap.status).toBe(400);
    expect((await errorOf(cap)).message).toContain("PLAYGROUND_LIVE_MAX_OUTPUT_TOKENS");
    expect(fake.requests).toHaveLength(0);
  });

  it("caps the body size", async () => {
    env({ PLAYGROUND_LIVE_MAX_BODY_BYTES: "2000" });
    const response = await send({ provider: "anthropic", body: anthropicBody({ system: "x".repeat(5000) }) });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("body_too_large");
  });

  it("asks for a key when neither the browser nor the server has one", async () => {
    const response = await send({
      provider: "moonshot",
      body: { model: "kimi-k3", messages: [{ role: "user", content: "hi" }] },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: "missing_key",
      message: "live: no Moonshot key: paste one, or set MOONSHOT_API_KEY on the server.",
    });
  });

  it("a loopback-only server takes the person's own server's base URL with no setting and no key", async () => {
    const body = { model: "llama3.1", messages: [{ role: "user", content: "hi" }] };
    done(
      await readNdjson(
        await send({
          provider: "openai-chat",
          endpoint: { kind: "custom", baseUrl: `${fake.url}/compatible/v1` },
          body,
        }),
      ),
    );
    expect(fake.requests.at(-1)!.path).toContain("/compatible/v1/chat/completions");
    expect(fake.requests.at(-1)!.headers.authorization).toBe("Bearer no-key");
  });

  it("a request for an OpenAI-compatible server is never sent to OpenAI, even with an OpenAI key", async () => {
    env({ OPENAI_API_KEY: "sk-openai-server-key-should-not-be-used" });
    const refused = await send(
      {
        provider: "openai-chat",
        body: { model: "openai-compatible", messages: [{ role: "user", content: "hi" }] },
      },
      { key: PASTED_KEY },
    );
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: "compatible_needs_base_url" });
    expect(fake.requests.length).toBe(0);
  });

  it("custom base URLs when enabled: allow-listed, and never given a server key", async () => {
    const body = { model: "llama3.1", messages: [{ role: "user", content: "hi" }] };
    env({
      PLAYGROUND_ALLOW_CUSTOM_BASE_URL: "1",
      PLAYGROUND_BASE_URL_ALLOWLIST: `${fake.url}/compatible`,
      OPENAI_API_KEY: "sk-openai-server-key-should-not-leave",
    });
    const outside = await send({
      provider: "openai-chat",
      endpoint: { kind: "custom", baseUrl: `${fake.url}/elsewhere/v1` },
      body,
    });
    expect(outside.status).toBe(403);
    expect((await errorOf(outside)).code).toBe("base_url_not_allowed");
    done(
      await readNdjson(
        await send({
          provider: "openai-chat",
          endpoint: { kind: "custom", baseUrl: `${fake.url}/compatible/v1` },
          body,
        }),
      ),
    );
    expect(fake.requests.at(-1)!.headers.authorization).toBe("Bearer no-key");
  });

  it("rate-limits per client with retry-after", async () => {
    env({ PLAYGROUND_LIVE_RATE_BURST: "2", PLAYGROUND_LIVE_RATE_PER_MINUTE: "6" });
    const headers = { "x-forwarded-for": "203.0.113.9" };
    for (let index = 0; index < 2; index += 1)
      await readNdjson(await send({ provider: "anthropic", body: anthropicBody() }, { headers }));
    const limited = await send({ provider: "anthropic", body: anthropicBody() }, { headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(limited)).code).toBe("rate_limited");
    const other = await send(
      { provider: "anthropic", body: anthropicBody() },
      { headers: { "x-forwarded-for": "203.0.113.10" } },
    );
    expect(other.status).toBe(200);
    await other.text();
  });

  it("no key in any answer or log line, even when the request fails", async () => {
    fake.enqueue({ kind: "error", status: 400, message: `bad request near x-api-key: ${PASTED_KEY}` });
    const texts: string[] = [];
    const failing = await send({ provider: "anthropic", body: anthropicBody() }, { key: PASTED_KEY });
    texts.push(await failing.text(), JSON.stringify([...failing.headers.entries()]));
    const ok = await send({ provider: "anthropic", body: anthropicBody() }, { key: PASTED_KEY });
    texts.push(await ok.text(), JSON.stringify([...ok.headers.entries()]));
    const log = readFileSync(logFile, "utf8");
    expect(log).toContain('"event":"live.send"');
    for (const text of [...texts, log]) {
      expect(text).not.toContain(PASTED_KEY);
      expect(text).not.toContain(SERVER_KEY);
    }
    expect(fake.requests.at(-1)!.headers.authorization ?? fake.requests.at(-1)!.headers["x-api-key"]).toContain(
      PASTED_KEY,
    );
  });
});

describe("POST /api/live/send on an exposed server (docs/SECURITY.md control 8)", () => {
  const exposedHeaders = { host: "playground.example", origin: "https://playground.example" };

  it("does not spend the server's key for a visitor unless PLAYGROUND_ALLOW_SERVER_KEYS=1; a pasted key still works", async () => {
    env({
      PLAYGROUND_PUBLIC: "1",
      PLAYGROUND_ALLOWED_HOSTS: "playground.example",
      PLAYGROUND_ALLOW_SERVER_KEYS: undefined,
    });
    const refused = await send({ provider: "anthropic", body: anthropicBody() }, { headers: exposedHeaders });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "server_keys_disabled" } });
    expect(fake.requests.length).toBe(0);

    const pasted = await send(
      { provider: "anthropic", body: anthropicBody() },
      { headers: exposedHeaders, key: "sk-ant-visitor-own-key-000111" },
    );
    expect(pasted.status).toBe(200);
    await readNdjson(pasted);

    env({ PLAYGROUND_ALLOW_SERVER_KEYS: "1" });
    const allowed = await send({ provider: "anthropic", body: anthropicBody() }, { headers: exposedHeaders });
    expect(allowed.status).toBe(200);
    await readNdjson(allowed);
  });

  it("keeps custom base URLs off unless the owner allows them", async () => {
    env({ PLAYGROUND_PUBLIC: "1", PLAYGROUND_ALLOWED_HOSTS: "playground.example" });
    const disabled = await send(
      {
        provider: "openai-chat",
        endpoint: { kind: "custom", baseUrl: `${fake.url}/compatible/v1` },
        body: { model: "llama3.1", messages: [{ role: "user", content: "hi" }] },
      },
      { headers: exposedHeaders },
    );
    expect(disabled.status).toBe(403);
    expect((await errorOf(disabled)).code).toBe("custom_base_url_disabled");
  });

  it("refuses Host: localhost from an unknown peer when exposed", async () => {
    env({ PLAYGROUND_PUBLIC: "1" });
    const refused = await send({ provider: "anthropic", body: anthropicBody() });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "loopback_host_from_network" } });
  });
});
