/**
 * A local fake of the providers for tests: a node:http server on a loopback port speaking Anthropic Messages,
 * OpenAI Responses, Chat Completions and Moonshot closely enough that the official SDKs accept it — complete
 * replies and streams, the tool-search blocks, usage with cache fields, the counting endpoints, and every error
 * case (400/401/403/404/429 with retry-after/500/timeout). Never used by the app itself.
 *
 * Paths: `/v1/messages[/count_tokens]` (Anthropic), `/v1/responses[/input_tokens]` and `/v1/chat/completions`
 * (OpenAI; also `/deepseek/v1`, `/qwen/v1`, `/glm/v1`, DeepSeek's with its own usage fields),
 * `/moonshot/v1/chat/completions` and `/moonshot/v1/tokenizers/estimate-token-count` (Moonshot), any
 * other `…/chat/completions` (an OpenAI-compatible server); Gemini's `/gemini/v1beta/models/<model>:generateContent`
 * and its explicit cache, `POST /gemini/v1beta/cachedContents` (then `cachedContent` in generateContent). Keys: any non-empty key works, except one containing
 * `invalid` (401) and `forbidden…` (403); a model named `missing…` is a 404. Control (tests): `POST
 * /__control/enqueue` `{behaviours:[…]}`, `POST /__control/reset`, `GET /__control/requests`, and `POST
 * /__control/faults` `{wrongToolShare, invalidArgumentsShare, rejectedArgumentsShare, latencyMs}`: a model with known faults and a set
 * latency before its first byte (the experiment's tests; see `faultOf` in fake-model.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decide, readRequest, rejectedCall, type Dialect, type FakeFaults, type FakeTurn } from "./fake-model";
import { anthropicError, anthropicEvents, anthropicMessage, type FakeUsage, type SseEvent } from "./render-anthropic";
import { chatBody, chatChunks, openaiError, responsesBody, responsesEvents } from "./render-openai";

type Json = Record<string, unknown>;

/**
 * What the next matching request does instead of answering normally. `match` is a substring of the path;
 * `after` lets that many matching requests through first (to fail the second request of a run, say).
 */
export type FakeBehaviour = { match?: string; after?: number } & (
  | { kind: "error"; status: number; message?: string; retryAfter?: number; match?: string }
  /** Accept the request and never answer (an upstream timeout). */
  | { kind: "hang"; match?: string }
  /** Start streaming, then fail with the provider's in-stream error. */
  | { kind: "stream-error"; match?: string }
  /** Answer normally, but wait this long between stream events (to press Stop mid-reply). */
  | { kind: "slow"; delayMs: number; match?: string }
);

export type RecordedRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };

export type FakeModelFaults = FakeFaults & { latencyMs?: number };

export type FakeProvider = {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** The usage each answered model request reported, in order. */
  usages: FakeUsage[];
  setFaults(faults: FakeModelFaults | undefined): void;
  enqueue(...behaviours: FakeBehaviour[]): void;
  reset(): void;
  close(): Promise<void>;
};

const DEFAULT_MESSAGES: Record<number, string> = {
  400: "Invalid request.",
  401: "invalid x-api-key",
  403: "Your API key does not have permission to use the specified resource.",
  404: "Not found.",
  429: "Rate limit exceeded: too many requests. Please retry after the time in the retry-after header.",
  500: "Internal server error.",
  529: "Overloaded",
};

function dialectOf(
  path: string,
): Dialect | "count-anthropic" | "count-responses" | "count-moonshot" | "gemini-cache" | null {
  if (GEMINI_PATH.test(path)) return "gemini";
  if (path === GEMINI_CACHE_PATH) return "gemini-cache";
  if (path === "/v1/messages") return "anthropic";
  if (path === "/v1/messages/count_tokens") return "count-anthropic";
  if (path === "/v1/responses") return "responses";
  if (path === "/v1/responses/input_tokens") return "count-responses";
  if (path === "/moonshot/v1/tokenizers/estimate-token-count") return "count-moonshot";
  if (path === "/moonshot/v1/chat/completions") return "moonshot";
  if (path.endsWith("/chat/completions")) return "chat";
  return null;
}

/** Gemini API: `/gemini/v1beta/models/<model>:generateContent` or `:streamGenerateContent` (`?alt=sse`). */
const GEMINI_PATH = /^\/gemini\/v1beta\/models\/([^/:]+):(?:streamG|g)enerateContent$/;

/** Gemini's explicit cache: `cachedContents.create` (ai.google.dev/api/caching). */
const GEMINI_CACHE_PATH = "/gemini/v1beta/cachedContents";

/** What a cached content object holds, for the generateContent requests that name it. */
type FakeCachedContent = { model: string; body: Json; tokens: number; expiresAt: number };

/** A generateContent response: one candidate whose parts are the turn's text and function calls. */
function geminiBody(turn: FakeTurn, usage: FakeUsage, model: string, id: string): Json {
  const parts: Json[] = [];
  if (turn.text) parts.push({ text: turn.text });
  for (const call of turn.calls) parts.push({ functionCall: { name: call.name, args: call.input } });
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: usage.input,
      candidatesTokenCount: usage.output,
      totalTokenCount: usage.input + usage.output,
      ...(usage.cacheRead > 0 ? { cachedContentTokenCount: usage.cacheRead } : {}),
    },
    modelVersion: model,
    responseId: id,
  };
}

/** Google's error body: `{error: {code, message, status}}`. */
function geminiError(code: number, message: string, status: string): Json {
  return { error: { code, message, status } };
}

function keyOf(request: IncomingMessage): string {
  const googleKey = request.headers["x-goog-api-key"];
  if (typeof googleKey === "string" && googleKey) return googleKey;
  const apiKey = request.headers["x-api-key"];
  if (typeof apiKey === "string" && apiKey) return apiKey;
  const authorization = request.headers.authorization ?? "";
  return /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() ?? "";
}

function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let index = 0;
  while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  return index;
}

/** The part of a request that is prompt, without cache markers (moving a marker is not an edit). */
function promptText(dialect: Dialect, body: Json): string {
  const parts =
    dialect === "anthropic"
      ? [body.tools, body.system, body.messages]
      : dialect === "responses"
        ? [body.instructions, body.tools, body.input]
        : dialect === "gemini"
          ? [body.systemInstruction, body.tools, body.contents]
          : [body.tools, body.messages];
  return JSON.stringify(parts, (key, value: unknown) => (key === "cache_control" ? undefined : value));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function deepseekUsage(usage: Json): Json {
  const details = (usage.prompt_tokens_details ?? {}) as Json;
  const hit = Number(details.cached_tokens ?? 0);
  const prompt = Number(usage.prompt_tokens ?? 0);
  return {
    prompt_tokens: prompt,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens,
    prompt_cache_hit_tokens: hit,
    prompt_cache_miss_tokens: prompt - hit,
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    "content-type": "application/json",
    "request-id": "req_fake_0001",
    "x-request-id": "req_fake_0001",
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function errorBody(dialect: Dialect, status: number, message: string): Json {
  if (dialect === "anthropic") return anthropicError(status, message);
  return openaiError(
    status,
    message,
    dialect === "moonshot" ? "moonshot" : dialect === "responses" ? "responses" : "chat",
  );
}

async function writeSse(response: ServerResponse, events: SseEvent[], delayMs: number): Promise<void> {
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
    "request-id": "req_fake_0001",
  });
  for (const event of events) {
    if (response.destroyed) return;
    const data = typeof event.data === "string" ? event.data : JSON.stringify(event.data);
    response.write(`${event.event ? `event: ${event.event}\n` : ""}data: ${data}\n\n`);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  response.end();
}

export async function startFakeProvider(
  options: { port?: number; host?: string; faults?: FakeModelFaults } = {},
): Promise<FakeProvider> {
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  const usages: FakeUsage[] = [];
  let faults = options.faults;
  const previousPrompt = new Map<string, string>();
  const cachedContents = new Map<string, FakeCachedContent>();
  let counter = 0;
  let cacheCounter = 0;

  const take = (path: string): FakeBehaviour | undefined => {
    const index = queue.findIndex((behaviour) => !behaviour.match || path.includes(behaviour.match));
    if (index < 0) return undefined;
    const behaviour = queue[index];
    if (behaviour.after && behaviour.after > 0) {
      behaviour.after -= 1;
      return undefined;
    }
    return queue.splice(index, 1)[0];
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? "/").split("?")[0];
    if (request.method === "GET" && path === "/health") return sendJson(response, 200, { ok: true });
    if (path === "/__control/requests") return sendJson(response, 200, requests);
    const raw = request.method === "POST" ? await readBody(request) : "";
    if (path === "/__control/reset") {
      queue.length = 0;
      requests.length = 0;
      usages.length = 0;
      previousPrompt.clear();
      cachedContents.clear();
      faults = options.faults;
      return sendJson(response, 200, { ok: true });
    }
    if (path === "/__control/faults") {
      faults = JSON.parse(raw || "{}") as FakeModelFaults;
      return sendJson(response, 200, { ok: true });
    }
    if (path === "/__control/enqueue") {
      const parsed = JSON.parse(raw || "{}") as { behaviours?: FakeBehaviour[] };
      queue.push(...(parsed.behaviours ?? []));
      return sendJson(response, 200, { queued: queue.length });
    }
    const dialect = dialectOf(path);
    if (!dialect || request.method !== "POST")
      return sendJson(response, 404, { error: { message: `fake provider: no route ${request.method} ${path}` } });
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return sendJson(response, 400, { error: { message: "fake provider: body is not JSON" } });
    }
    requests.push({
      method: request.method,
      path,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body,
    });
    if (requests.length > 500) requests.shift();

    const wire: Dialect =
      dialect === "gemini-cache"
        ? "gemini"
        : dialect === "count-anthropic"
          ? "anthropic"
          : dialect === "count-responses"
            ? "responses"
            : dialect === "count-moonshot"
              ? "moonshot"
              : dialect;
    const key = keyOf(request);
    if (!key)
      return sendJson(
        response,
        401,
        errorBody(wire, 401, wire === "anthropic" ? "x-api-key header is required" : "You didn't provide an API key."),
      );
    if (key === "bad-key" || key.includes("invalid")) {
      // OpenAI masks all but the ends of the key it rejects.
      const masked = `${key.slice(0, 8)}${"*".repeat(Math.max(4, key.length - 12))}${key.slice(-4)}`;
      const message =
        wire === "anthropic"
          ? "invalid x-api-key"
          : wire === "moonshot"
            ? "Invalid Authentication"
            : `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`;
      return sendJson(response, 401, errorBody(wire, 401, message));
    }
    if (key.startsWith("forbidden")) return sendJson(response, 403, errorBody(wire, 403, DEFAULT_MESSAGES[403]));
    const model = String(GEMINI_PATH.exec(path)?.[1] ?? body.model ?? "");
    if (model.startsWith("missing")) {
      return sendJson(
        response,
        404,
        errorBody(
          wire,
          404,
          wire === "anthropic"
            ? `model: ${model}`
            : `The model \`${model}\` does not exist or you do not have access to it.`,
        ),
      );
    }

    const behaviour = take(path);
    if (behaviour?.kind === "error") {
      const headers: Record<string, string> =
        behaviour.retryAfter !== undefined ? { "retry-after": String(behaviour.retryAfter) } : {};
      return sendJson(
        response,
        behaviour.status,
        errorBody(wire, behaviour.status, behaviour.message ?? DEFAULT_MESSAGES[behaviour.status] ?? "Error."),
        headers,
      );
    }
    if (behaviour?.kind === "hang") return; // never answers; the client's timeout or abort ends it

    if (
      wire === "anthropic" &&
      Array.isArray(body.tools) &&
      body.tools.length > 0 &&
      (body.tools as Json[]).every((tool) => tool.defer_loading === true)
    ) {
      return sendJson(
        response,
        400,
        errorBody("anthropic", 400, "At least one tool must have defer_loading=false. All tools cannot be deferred."),
      );
    }

    if (dialect === "gemini-cache") {
      // The object holds the system instruction, tools, tool config and contents, counted once at creation.
      const ttlSeconds = Number(String(body.ttl ?? "3600s").replace(/s$/, "")) || 3600;
      cacheCounter += 1;
      const name = `cachedContents/fake${String(cacheCounter).padStart(4, "0")}`;
      const held = tokens(promptText("gemini", { ...body, contents: body.contents ?? [] }));
      const expiresAt = Date.now() + ttlSeconds * 1000;
      cachedContents.set(name, { model: String(body.model), body, tokens: held, expiresAt });
      const now = new Date().toISOString();
      return sendJson(response, 200, {
        name,
        model: body.model,
        ...(body.displayName ? { displayName: body.displayName } : {}),
        createTime: now,
        updateTime: now,
        expireTime: new Date(expiresAt).toISOString(),
        usageMetadata: { totalTokenCount: held },
      });
    }
    let fromCache: FakeCachedContent | undefined;
    if (wire === "gemini" && typeof body.cachedContent === "string") {
      // The API refuses these beside cachedContent (ai.google.dev/gemini-api/docs/caching; PROTOCOLS.md, Gemini).
      if (body.systemInstruction !== undefined || body.tools !== undefined || body.toolConfig !== undefined)
        return sendJson(
          response,
          400,
          geminiError(
            400,
            "Tool config, tools and system instruction should not be set in the request when using cached content.",
            "INVALID_ARGUMENT",
          ),
        );
      fromCache = cachedContents.get(body.cachedContent);
      if (!fromCache || fromCache.expiresAt <= Date.now())
        return sendJson(
          response,
          403,
          geminiError(403, "CachedContent not found (or permission denied)", "PERMISSION_DENIED"),
        );
      // The model reads the object's parts before the request's own contents.
      const held = fromCache.body;
      body = {
        ...body,
        ...(held.systemInstruction ? { systemInstruction: held.systemInstruction } : {}),
        ...(held.tools ? { tools: held.tools } : {}),
        ...(held.toolConfig ? { toolConfig: held.toolConfig } : {}),
        contents: [...((held.contents as unknown[]) ?? []), ...((body.contents as unknown[]) ?? [])],
      };
    }

    const prompt = promptText(wire, body);
    if (dialect === "count-anthropic" || dialect === "count-responses") {
      return sendJson(
        response,
        200,
        dialect === "count-anthropic"
          ? { input_tokens: tokens(prompt) }
          : { object: "response.input_tokens", input_tokens: tokens(prompt) },
      );
    }
    if (dialect === "count-moonshot") return sendJson(response, 200, { data: { total_tokens: tokens(prompt) } });

    const view = readRequest(wire, body);
    const turn = decide(view, faults);
    const rejected = rejectedCall(view, turn, faults);
    if (rejected) {
      // The reply a server validating tool calls refuses (Groq's wording and code); no usage is billed for it.
      const call = turn.calls.find((entry) => entry.name === rejected || entry.name === "invoke_tool");
      const message = `tool call validation failed: parameters for tool ${rejected} did not match schema: errors: [missing properties]`;
      const error = errorBody(wire, 400, message);
      if (wire !== "anthropic")
        Object.assign(error.error as Json, {
          code: "tool_use_failed",
          failed_generation: JSON.stringify({ name: rejected, arguments: call?.input ?? {} }),
        });
      return sendJson(response, 400, error);
    }
    counter += 1;
    const id = `fake${String(counter).padStart(4, "0")}`;
    const cacheKey = `${wire}:${model}`;
    const previous = previousPrompt.get(cacheKey) ?? "";
    previousPrompt.set(cacheKey, prompt);
    const input = tokens(prompt);
    const markers = JSON.stringify(body).includes('"cache_control"');
    const cacheRead =
      wire === "anthropic" && !markers ? 0 : Math.min(input, Math.floor(commonPrefix(previous, prompt) / 4));
    const cacheWrite = wire === "anthropic" ? (markers ? input - cacheRead : 0) : input - cacheRead;
    // A request naming a cached content object reads exactly what the object holds.
    const usage: FakeUsage = fromCache
      ? { input, cacheRead: fromCache.tokens, cacheWrite: 0, output: tokens(JSON.stringify(turn)) }
      : { input, cacheRead, cacheWrite, output: tokens(JSON.stringify(turn)) };
    usages.push(usage);
    if (faults?.latencyMs) await new Promise((resolve) => setTimeout(resolve, faults?.latencyMs));
    const delayMs = behaviour?.kind === "slow" ? behaviour.delayMs : 0;
    const failMidStream = behaviour?.kind === "stream-error";

    if (wire === "anthropic") {
      const message = anthropicMessage(turn, usage, model, id);
      if (body.stream === true)
        return writeSse(response, anthropicEvents(message, { failAfterFirstBlock: failMidStream }), delayMs);
      return sendJson(response, 200, message);
    }
    if (wire === "responses") {
      const reply = responsesBody(turn, view.tools, usage, model, id);
      if (body.stream === true)
        return writeSse(response, responsesEvents(reply, { failAfterFirstItem: failMidStream }), delayMs);
      return sendJson(response, 200, reply);
    }
    if (wire === "gemini") {
      const reply = geminiBody(turn, usage, model, id);
      // Streamed as one event per part, usage on the last, as streamGenerateContent sends them.
      if (request.url?.includes("streamGenerateContent")) {
        const parts = ((reply.candidates as Json[])[0].content as Json).parts as Json[];
        const events = parts.map((part, index) => ({
          data: {
            candidates: [{ content: { role: "model", parts: [part] }, index: 0 }],
            ...(index === parts.length - 1 ? { usageMetadata: reply.usageMetadata } : {}),
          },
        }));
        return writeSse(response, events, delayMs);
      }
      return sendJson(response, 200, reply);
    }
    const chat = wire === "moonshot" ? "moonshot" : "chat";
    const reply = chatBody(turn, usage, model, id, chat);
    // DeepSeek reports its disk cache as hits beside misses (api-docs.deepseek.com/guides/kv_cache).
    if (path.startsWith("/deepseek/")) reply.usage = deepseekUsage(reply.usage as Json);
    // Qwen's explicit cache (a request with cache_control markers) reports what it created beside what it read
    // (help.aliyun.com/zh/model-studio/context-cache). The fake counts everything after the read part as created.
    if (path.startsWith("/qwen/") && markers)
      Object.assign((reply.usage as Json).prompt_tokens_details as Json, {
        cache_creation_input_tokens: usage.cacheWrite,
      });
    const includeUsage = (body.stream_options as Json | undefined)?.include_usage === true;
    if (body.stream === true)
      return writeSse(response, chatChunks(reply, chat, includeUsage, { failAfterFirstChunk: failMidStream }), delayMs);
    return sendJson(response, 200, reply);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, {
          error: { message: `fake provider: ${error instanceof Error ? error.message : String(error)}` },
        });
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    usages,
    setFaults: (next) => {
      faults = next;
    },
    enqueue: (...behaviours) => queue.push(...behaviours),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      usages.length = 0;
      previousPrompt.clear();
      cachedContents.clear();
      faults = options.faults;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
