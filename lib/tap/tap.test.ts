/**
 * The tap with the real SDK clients (`@anthropic-ai/sdk`, `openai`) pointed at it, against fake upstreams on
 * loopback: what the client sees equals a direct call byte for byte, the store holds each pair without the key, the
 * export reads back through trace import, and every fault of the issue leaves the client with what the provider sent
 * (or a provider-shaped error naming the tap) and the server answering.
 */
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import zlib from "node:zlib";
import http from "node:http";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "@/test/fake-provider/server";
import { analyseTrace } from "../trace";
import { traceView } from "../trace/trace-view";
import { exchangesToHar, exchangesToJsonl } from "./export";
import { TapStore } from "../server/store/sqlite-tap-store";
import { startTapTestServer, type TapTestServer } from "./test-support";
import { upstreamUrl } from "./upstreams";
import { sqliteTapRecords } from "../server/store/sqlite-store";

const KEY = "sk-ant-tapsecret-0123456789abcdef";
const OPENAI_KEY = "sk-proj-tapsecret-abcdef0123456789";

let directFake: FakeProvider;
let tappedFake: FakeProvider;
let directory: string;
let store: TapStore;
let tap: TapTestServer;
const environment: Record<string, string | undefined> = {};

function freshStore(options: Partial<ConstructorParameters<typeof TapStore>[0]> = {}): TapStore {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tap-store-"));
  return new TapStore({ directory: folder, ...options });
}

async function startTap(currentStore: () => TapStore): Promise<TapTestServer> {
  return startTapTestServer({ environment, store: () => sqliteTapRecords(currentStore()), exposed: () => false });
}

beforeAll(async () => {
  directFake = await startFakeProvider();
  tappedFake = await startFakeProvider();
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "tap-test-"));
  store = new TapStore({ directory });
  environment.TAP_ANTHROPIC_UPSTREAM = tappedFake.url;
  environment.TAP_OPENAI_UPSTREAM = `${tappedFake.url}/v1`;
  environment.TAP_MOONSHOT_UPSTREAM = `${tappedFake.url}/moonshot/v1`;
  tap = await startTap(() => store);
});

afterAll(async () => {
  await tap.close();
  await directFake.close();
  await tappedFake.close();
  store.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const SYSTEM = "You are a helpful agent who plans trips and checks the weather carefully. ".repeat(120);

const anthropicBody = <S extends boolean>(question: string, stream: S) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 256,
  // Long enough to be cached (Claude's minimum is 1,024 tokens), so a change is a miss rather than below the minimum.
  system: [{ type: "text" as const, text: SYSTEM, cache_control: { type: "ephemeral" as const } }],
  tools: [
    {
      name: "get_weather",
      description: "Current weather for a city.",
      input_schema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
    },
  ],
  messages: [{ role: "user" as const, content: question }],
  stream,
});

async function rawText(url: string, body: unknown, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return response.text();
}

describe("the tap, with the real SDK clients", () => {
  it("Anthropic Messages, streaming and not: the same events and bytes as a direct call; the pair stored without the key", async () => {
    const direct = new Anthropic({ apiKey: KEY, baseURL: directFake.url, maxRetries: 0 });
    const tapped = new Anthropic({ apiKey: KEY, baseURL: `${tap.origin}/tap/anthropic`, maxRetries: 0 });
    const whole = async (client: Anthropic) => client.messages.create(anthropicBody("Weather in Paris?", false));
    expect(await whole(tapped)).toEqual(await whole(direct));
    const events = async (client: Anthropic) => {
      const list: unknown[] = [];
      for await (const event of await client.messages.create(anthropicBody("Weather in Lyon?", true))) list.push(event);
      return list;
    };
    const tappedEvents = await events(tapped);
    expect(tappedEvents.length).toBeGreaterThan(3);
    expect(tappedEvents).toEqual(await events(direct));
    const body = anthropicBody("Weather in Nice?", true);
    expect(await rawText(`${tap.origin}/tap/anthropic/v1/messages`, body, { "x-api-key": KEY })).toBe(
      await rawText(`${directFake.url}/v1/messages`, body, { "x-api-key": KEY }),
    );
    // count_tokens passes through, unrecorded.
    const counted = await tapped.messages.countTokens({ model: "claude-sonnet-4-6", messages: body.messages });
    expect(counted.input_tokens).toBeGreaterThan(0);

    const session = store.resolveSession("latest");
    expect(session).toMatchObject({ provider: "anthropic", requests: 3, conversations: 3 });
    const exchanges = store.exchanges(session!.id);
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 200]);
    expect(exchanges[1].responseBody).toContain("event: message_start");
    expect(exchanges[1].usage?.input).toBeGreaterThan(0);
    expect(exchanges[1].ttfbMs).toBeGreaterThanOrEqual(0);
    expect(exchanges[0].model).toBe("claude-sonnet-4-6");
    expect(exchanges[0].url).toBe(`${tappedFake.url}/v1/messages`);
    // The key reached the upstream and nothing else: not the database file, not an export.
    expect(tappedFake.requests.some((sent) => sent.headers["x-api-key"] === KEY)).toBe(true);
    const files = fs
      .readdirSync(directory)
      .map((name) => fs.readFileSync(path.join(directory, name)).toString("latin1"));
    expect(files.join("")).toContain("Weather in Nice?");
    expect(files.join("")).not.toContain(KEY);
    expect(exchangesToJsonl(exchanges)).not.toContain(KEY);
    expect(exchangesToHar(session!, exchanges)).not.toContain(KEY);
  });

  it("OpenAI Responses and Chat Completions, and Kimi, streaming and not: equal to a direct call", async () => {
    const direct = new OpenAI({ apiKey: OPENAI_KEY, baseURL: `${directFake.url}/v1`, maxRetries: 0 });
    const tapped = new OpenAI({ apiKey: OPENAI_KEY, baseURL: `${tap.origin}/tap/openai/v1`, maxRetries: 0 });
    const responses = async (client: OpenAI, stream: boolean) => {
      const request = { model: "gpt-5-mini", instructions: "Be brief.", input: "Weather in Oslo?" };
      if (!stream) return client.responses.create(request);
      const list: unknown[] = [];
      for await (const event of await client.responses.create({ ...request, stream: true })) list.push(event);
      return list;
    };
    expect(await responses(tapped, false)).toEqual(await responses(direct, false));
    expect(await responses(tapped, true)).toEqual(await responses(direct, true));
    const chat = async (client: OpenAI, stream: boolean) => {
      const request = { model: "gpt-4.1", messages: [{ role: "user" as const, content: "Weather in Rome?" }] };
      if (!stream) return client.chat.completions.create(request);
      const list: unknown[] = [];
      const chunks = await client.chat.completions.create({
        ...request,
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of chunks) list.push(chunk);
      return list;
    };
    expect(await chat(tapped, false)).toEqual(await chat(direct, false));
    expect(await chat(tapped, true)).toEqual(await chat(direct, true));

    const kimiDirect = new OpenAI({ apiKey: OPENAI_KEY, baseURL: `${directFake.url}/moonshot/v1`, maxRetries: 0 });
    const kimiTapped = new OpenAI({ apiKey: OPENAI_KEY, baseURL: `${tap.origin}/tap/moonshot/v1`, maxRetries: 0 });
    const kimi = (client: OpenAI) =>
      client.chat.completions.create({ model: "kimi-k2-0905-preview", messages: [{ role: "user", content: "Hi" }] });
    expect(await kimi(kimiTapped)).toEqual(await kimi(kimiDirect));

    // A key that appears in a body (an agent pasting its environment) is replaced in the record too.
    await tapped.chat.completions.create({
      model: "gpt-4.1",
      messages: [{ role: "user", content: `my key is ${OPENAI_KEY}` }],
    });
    const providers = store.sessions().map((session) => session.provider);
    expect(providers).toEqual(expect.arrayContaining(["openai-responses", "openai-chat", "moonshot"]));
    const all = store.sessions().flatMap((session) => store.exchanges(session.id));
    expect(all.some((exchange) => exchange.requestBody.includes(OPENAI_KEY))).toBe(false);
    expect(all.some((exchange) => exchange.responseBody.includes(OPENAI_KEY))).toBe(false);
  });

  it("groups requests into conversations the way trace import does, and the export reads back to the same explanation", async () => {
    const grouping = freshStore();
    const server = await startTap(() => grouping);
    try {
      const client = new Anthropic({ apiKey: KEY, baseURL: `${server.origin}/tap/anthropic`, maxRetries: 0 });
      const first = anthropicBody("Plan my trip to Paris.", false);
      await client.messages.create(first);
      await client.messages.create({
        ...first,
        messages: [...first.messages, { role: "assistant", content: "Sure." }, { role: "user", content: "And Lyon?" }],
      });
      // The tools change: a miss trace import names.
      await client.messages.create({
        ...first,
        tools: [...first.tools, { ...first.tools[0], name: "get_forecast" }],
        messages: [...first.messages, { role: "assistant", content: "Sure." }, { role: "user", content: "Forecast?" }],
      });
      await client.messages.create(anthropicBody("A different task.", false));
      const session = grouping.resolveSession("latest")!;
      expect(session).toMatchObject({ requests: 4, conversations: 2 });
      const exchanges = grouping.exchanges(session.id);
      expect(exchanges.map((exchange) => exchange.conversation)).toEqual([1, 1, 1, 2]);
      const jsonl = analyseTrace(exchangesToJsonl(exchanges));
      const har = analyseTrace(exchangesToHar(session, exchanges));
      if (!jsonl.ok || !har.ok) throw new Error("the export does not read back");
      expect(jsonl.analysis.figures.sessions).toBe(2);
      const misses = (view: ReturnType<typeof traceView>) => view.steps.map((step) => step.explanation?.cause ?? null);
      const fromJsonl = misses(traceView(jsonl.analysis));
      expect(fromJsonl).toContain("tools-changed");
      expect(misses(traceView(har.analysis))).toEqual(fromJsonl);
      expect(jsonl.analysis.explanation.steps.every((step) => step.measured !== null)).toBe(true);
    } finally {
      await server.close();
      grouping.close();
    }
  });
});

describe("the tap is not an open proxy, and stays off where it must", () => {
  it("refuses paths that would leave the upstream", () => {
    const env = { TAP_OPENAI_UPSTREAM: "https://gateway.example/openai/v1" };
    expect(upstreamUrl("openai", ["chat", "completions"], "?x=1", env)).toMatchObject({ ok: true });
    const ok = upstreamUrl("openai", ["chat", "completions"], "?x=1", env);
    expect(ok.ok && ok.url.href).toBe("https://gateway.example/openai/v1/chat/completions?x=1");
    for (const segments of [[".."], ["..", "..", "admin"], ["a/b"], ["@evil.example"], ["x\\y"], [""]]) {
      const result = upstreamUrl("openai", segments, "", env);
      if (result.ok) expect(result.url.origin).toBe("https://gateway.example");
      if (result.ok) expect(result.url.pathname.startsWith("/openai/v1/")).toBe(true);
    }
    expect(upstreamUrl("openai", [".."], "", env).ok).toBe(false);
    expect(upstreamUrl("openai", ["a/b"], "", env).ok).toBe(false);
    expect(upstreamUrl("anthropic", ["v1", "messages"], "", {})).toMatchObject({ ok: true });
  });

  it("a cross-site browser request and a foreign Host are refused before anything is forwarded", async () => {
    const before = tappedFake.requests.length;
    const crossSite = await fetch(`${tap.origin}/tap/anthropic/v1/messages`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json", "x-api-key": KEY },
      body: JSON.stringify(anthropicBody("x", false)),
    });
    expect(crossSite.status).toBe(403);
    expect(tappedFake.requests.length).toBe(before);
  });

  it("a body over the cap is refused with a provider-shaped 413 and never forwarded, declared or streamed", async () => {
    environment.PLAYGROUND_TAP_MAX_BODY_BYTES = "2000";
    const before = tappedFake.requests.length;
    try {
      const client = new Anthropic({ apiKey: KEY, baseURL: `${tap.origin}/tap/anthropic`, maxRetries: 0 });
      const error = (await client.messages
        .create(anthropicBody("big", false))
        .catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
      expect(error).toBeInstanceOf(Anthropic.APIError);
      expect(error.status).toBe(413);
      expect(error.message).toMatch(/tap: the request body is larger than 2000 bytes/);
      // Without a Content-Length the cap applies as the body arrives.
      const streamed = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${tap.origin}/tap/anthropic/v1/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": KEY, "transfer-encoding": "chunked" },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        for (let index = 0; index < 10; index += 1) request.write("x".repeat(500));
        request.end();
      });
      expect(streamed).toBe(413);
      expect(tappedFake.requests.length).toBe(before);
    } finally {
      delete environment.PLAYGROUND_TAP_MAX_BODY_BYTES;
    }
    const client = new Anthropic({ apiKey: KEY, baseURL: `${tap.origin}/tap/anthropic`, maxRetries: 0 });
    expect((await client.messages.create(anthropicBody("small again", false))).type).toBe("message");
  });

  it("exposed: off unless PLAYGROUND_ENABLE_TAP=1", async () => {
    const exposedTap = await startTapTestServer({
      environment,
      store: () => sqliteTapRecords(store),
      exposed: () => true,
    });
    try {
      const client = new Anthropic({ apiKey: KEY, baseURL: `${exposedTap.origin}/tap/anthropic`, maxRetries: 0 });
      const error = await client.messages.create(anthropicBody("x", false)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Anthropic.APIError);
      expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(403);
      expect(String((error as Error).message)).toMatch(/tap: off because this server is reachable from the network/);
      environment.PLAYGROUND_ENABLE_TAP = "1";
      expect((await client.messages.create(anthropicBody("x", false))).type).toBe("message");
    } finally {
      delete environment.PLAYGROUND_ENABLE_TAP;
      await exposedTap.close();
    }
  });
});

/** A one-off upstream that misbehaves at the socket level, which the fake provider does not do. */
async function rawUpstream(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

describe("headers and bytes pass through as sent", () => {
  it("a compressed answer reaches the client compressed, byte for byte, and is recorded decoded; query and headers pass", async () => {
    const answer = JSON.stringify({
      type: "message",
      content: [{ type: "text", text: "Sunny." }],
      usage: { input_tokens: 12, output_tokens: 3 },
    });
    const compressed = zlib.gzipSync(answer);
    let seen: { url?: string; headers?: http.IncomingHttpHeaders } = {};
    const upstream = await rawUpstream((request, response) => {
      seen = { url: request.url, headers: request.headers };
      request.resume();
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "x-provider": "yes" });
      response.end(compressed);
    });
    environment.TAP_ANTHROPIC_UPSTREAM = upstream.url;
    try {
      const raw = await new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const request = http.request(
          `${tap.origin}/tap/anthropic/v1/messages?beta=true`,
          {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "accept-encoding": "gzip",
              "x-api-key": KEY,
              "anthropic-beta": "some-feature",
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
          },
        );
        request.on("error", reject);
        request.end(JSON.stringify(anthropicBody("gzip?", false)));
      });
      expect(raw.bytes.equals(compressed)).toBe(true);
      expect(raw.headers["content-encoding"]).toBe("gzip");
      expect(raw.headers["x-provider"]).toBe("yes");
      expect(seen.url).toBe("/v1/messages?beta=true");
      expect(seen.headers).toMatchObject({
        "accept-encoding": "gzip",
        "x-api-key": KEY,
        "anthropic-beta": "some-feature",
      });
      expect(seen.headers?.["x-playground-peer-address"]).toBeUndefined();
      await waitFor(() => store.exchanges(store.resolveSession("latest")!.id).at(-1)!.requestBody.includes("gzip?"));
      const recorded = store.exchanges(store.resolveSession("latest")!.id).at(-1)!;
      expect(recorded.responseBody).toBe(answer);
      expect(recorded.usage).toMatchObject({ input: 12, output: 3 });
      expect(recorded.url).toBe(`${upstream.url}/v1/messages`);
    } finally {
      environment.TAP_ANTHROPIC_UPSTREAM = tappedFake.url;
      await closeServer(upstream.server);
    }
  });
});

describe("faults", () => {
  const anthropic = (origin = tap.origin) =>
    new Anthropic({ apiKey: KEY, baseURL: `${origin}/tap/anthropic`, maxRetries: 0 });
  const latest = () => {
    const session = store.resolveSession("latest")!;
    return store.exchanges(session.id).at(-1)!;
  };
  const stillAnswers = async () =>
    expect((await anthropic().messages.create(anthropicBody("ok?", false))).type).toBe("message");

  afterEach(() => {
    environment.TAP_ANTHROPIC_UPSTREAM = tappedFake.url;
    delete environment.TAP_UPSTREAM_TIMEOUT_MS;
    delete environment.TAP_STREAM_IDLE_TIMEOUT_MS;
  });

  it("the upstream refuses the connection: a provider-shaped 502 naming the tap, recorded as incomplete", async () => {
    const closed = await rawUpstream(() => undefined);
    const url = closed.url;
    await closeServer(closed.server);
    environment.TAP_ANTHROPIC_UPSTREAM = url;
    const error = (await anthropic()
      .messages.create(anthropicBody("refused?", false))
      .catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/tap: could not reach the upstream http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    expect(latest()).toMatchObject({ status: 0, incomplete: expect.stringMatching(/could not reach/) });
    environment.TAP_ANTHROPIC_UPSTREAM = tappedFake.url;
    await stillAnswers();
  });

  it.each([429, 500, 529])(
    "the upstream answers %i: the client gets its status, body and headers as sent",
    async (status) => {
      tappedFake.enqueue({ kind: "error", status, retryAfter: 7 });
      directFake.enqueue({ kind: "error", status, retryAfter: 7 });
      const body = anthropicBody(`status ${status}`, false);
      const through = await fetch(`${tap.origin}/tap/anthropic/v1/messages`, {
        method: "POST",
        headers: { "x-api-key": KEY, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const direct = await fetch(`${directFake.url}/v1/messages`, {
        method: "POST",
        headers: { "x-api-key": KEY, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(through.status).toBe(status);
      expect(through.headers.get("retry-after")).toBe("7");
      expect(await through.text()).toBe(await direct.text());
      const error = await anthropic()
        .messages.create(anthropicBody("again", false))
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(error).toBeNull();
      expect(store.exchanges(store.resolveSession("latest")!.id).some((exchange) => exchange.status === status)).toBe(
        true,
      );
    },
  );

  it("the upstream dies mid-stream: the client's stream breaks as it would have, the part kept as incomplete", async () => {
    const dying = await rawUpstream((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(
        'event: message_start\ndata: {"type":"message_start","message":{"id":"m1","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[],"usage":{"input_tokens":10,"output_tokens":1}}}\n\n',
      );
      setTimeout(() => response.socket?.destroy(), 30);
    });
    environment.TAP_ANTHROPIC_UPSTREAM = dying.url;
    try {
      const seen: unknown[] = [];
      const failure = await (async () => {
        for await (const event of await anthropic().messages.create(anthropicBody("die", true))) seen.push(event);
      })().catch((caught: unknown) => caught);
      expect(seen).toHaveLength(1);
      expect(failure).toBeInstanceOf(Error);
      await waitFor(() => latest().requestBody.includes('"die"'));
      expect(latest()).toMatchObject({ status: 200, incomplete: "the upstream closed the connection mid-stream" });
      expect(latest().responseBody).toContain("message_start");
    } finally {
      await closeServer(dying.server);
    }
    environment.TAP_ANTHROPIC_UPSTREAM = tappedFake.url;
    await stillAnswers();
  });

  it("the upstream stalls before answering (504) and mid-stream (the stream ends in an error); both recorded", async () => {
    environment.TAP_UPSTREAM_TIMEOUT_MS = "200";
    tappedFake.enqueue({ kind: "hang" });
    const error = (await anthropic()
      .messages.create(anthropicBody("hang", false))
      .catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(error.status).toBe(504);
    expect(error.message).toMatch(/tap: the upstream .* sent no answer in time/);
    expect(latest()).toMatchObject({ status: 0, incomplete: expect.stringMatching(/no answer in time/) });

    environment.TAP_STREAM_IDLE_TIMEOUT_MS = "200";
    const stalling = await rawUpstream((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write('event: ping\ndata: {"type":"ping"}\n\n');
    });
    environment.TAP_ANTHROPIC_UPSTREAM = stalling.url;
    try {
      const failure = await (async () => {
        for await (const _event of await anthropic().messages.create(anthropicBody("stall", true))) void _event;
      })().catch((caught: unknown) => caught);
      expect(failure).toBeInstanceOf(Error);
      await waitFor(() => latest().requestBody.includes('"stall"'));
      expect(latest().incomplete).toBe("the upstream sent nothing for 200 ms");
    } finally {
      await closeServer(stalling.server);
    }
    environment.TAP_ANTHROPIC_UPSTREAM = tappedFake.url;
    await stillAnswers();
  });

  it("the client disconnects mid-stream: the part received is kept, marked incomplete", async () => {
    tappedFake.enqueue({ kind: "slow", delayMs: 100 });
    const controller = new AbortController();
    const stream = await anthropic().messages.create(anthropicBody("leave early", true), { signal: controller.signal });
    await (async () => {
      for await (const event of stream) if (event.type === "message_start") controller.abort();
    })().catch(() => undefined);
    await waitFor(() => latest().requestBody.includes("leave early"));
    expect(latest().incomplete).toBe("the client disconnected mid-stream");
    expect(latest().responseBody).toContain("message_start");
    expect(latest().responseBody).not.toContain("message_stop");
    await stillAnswers();
  });

  it("the store is full: the client's answer is whole, the pair waits in memory and is written once room is made", async () => {
    const sample = freshStore();
    const sampleServer = await startTap(() => sample);
    await anthropic(sampleServer.origin).messages.create(anthropicBody("first", false));
    const [measured] = sample.exchanges(sample.resolveSession("latest")!.id);
    const pairBytes = measured.requestBody.length + measured.responseBody.length;
    await sampleServer.close();
    sample.close();
    // Room for one pair, not two.
    let small = freshStore({ maxTotalBytes: Math.round(pairBytes * 1.5) });
    const server = await startTap(() => small);
    try {
      const client = anthropic(server.origin);
      await client.messages.create(anthropicBody("first", false));
      expect(small.health().pending).toBe(0);
      const answer = await client.messages.create(anthropicBody("second", false));
      expect(answer.type).toBe("message");
      expect(small.health()).toMatchObject({ pending: 1, lastError: expect.stringMatching(/full/) });
      small.deleteSessions("all");
      expect(small.health()).toMatchObject({ pending: 0, lastError: null });
      const session = small.resolveSession("latest")!;
      expect(small.exchanges(session.id).map((exchange) => exchange.requestBody.includes("second"))).toEqual([true]);

      // A read-only store: the same, and the server keeps answering.
      const folder = small.options.directory;
      small.close();
      small = new TapStore({ directory: folder, readonly: true });
      expect((await client.messages.create(anthropicBody("third", false))).type).toBe("message");
      expect(small.health()).toMatchObject({ pending: 1, lastError: "the tap's store is read-only" });
      expect((await client.messages.create(anthropicBody("fourth", false))).type).toBe("message");
      expect(small.health().pending).toBe(2);
    } finally {
      await server.close();
      small.close();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("waitFor: timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
