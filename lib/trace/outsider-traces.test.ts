/**
 * Traces shaped the way real agents and tools write them, beyond the shapes of lib/trace/fixtures (docs/TRACE.md,
 * "What it reads"). Each fixture is small and written here for the test.
 */
import { describe, expect, it } from "vitest";
import { analyseTrace } from "./analyse-trace";
import { deriveScenario, MAX_REPLAY_CALLS } from "./derive-scenario";
import { explainTrace } from "./explain-trace";
import { fixtureSystemPrompt } from "./fixtures/build-fixtures";
import { readTrace } from "./read-trace";
import type { ParsedTrace } from "./types";

type Json = Record<string, unknown>;

const START = Date.parse("2026-12-01T10:00:00Z");

function parsed(text: string): ParsedTrace {
  const result = readTrace(text);
  if (!result.ok) throw new Error(result.error);
  return result.trace;
}

function lines(records: unknown[]): string {
  return records.map((record) => JSON.stringify(record)).join("\n");
}

const READ_FILE = {
  name: "read_file",
  description: "Read a file of the workspace.",
  input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  cache_control: { type: "ephemeral" },
};

/** A main-loop request as a coding agent sends it: marked tools and system, the last user block marked. */
function mainRequest(model: string, userTexts: string[]): Json {
  return {
    model,
    max_tokens: 8192,
    system: [{ type: "text", text: fixtureSystemPrompt(), cache_control: { type: "ephemeral" } }],
    tools: [READ_FILE],
    messages: userTexts.flatMap((text, index) => {
      const user = {
        role: "user",
        content: [
          {
            type: "text",
            text,
            ...(index === userTexts.length - 1 ? { cache_control: { type: "ephemeral" } } : {}),
          },
        ],
      };
      return index === 0 ? [user] : [{ role: "assistant", content: [{ type: "text", text: "Done." }] }, user];
    }),
  };
}

/** A side call to a small model (a title, a topic check): no tools, no markers. */
function sideRequest(text: string): Json {
  return {
    model: "claude-haiku-4-5-20251001",
    max_tokens: 512,
    system: [{ type: "text", text: "Say in five words what this message is about." }],
    messages: [{ role: "user", content: text }],
  };
}

describe("a trace that calls more than one model (an agent's side calls to a small model)", () => {
  const text = lines(
    [
      sideRequest("quota"),
      mainRequest("claude-sonnet-4-5-20250929", ["Fix the failing test."]),
      sideRequest("Fix the failing test."),
      mainRequest("claude-sonnet-4-5-20250929", ["Fix the failing test.", "Now run it again."]),
    ].map((request, index) => ({ timestamp: new Date(START + index * 5_000).toISOString(), request })),
  );

  it("caches and prices each request as its own model, and compares it with the previous request to that model", () => {
    const explanation = explainTrace(parsed(text));
    expect(explanation.steps.map((step) => step.modelId)).toEqual([
      "claude-haiku-4-5",
      "claude-sonnet-4-5",
      "claude-haiku-4-5",
      "claude-sonnet-4-5",
    ]);
    // The main model's second request reads what its first wrote, although a side call came between them.
    expect(explanation.steps.map((step) => step.explanation?.cause ?? null)).toEqual([
      "no-breakpoint",
      "cold-start",
      "no-breakpoint",
      null,
    ]);
    expect(explanation.steps[3].tokens.cacheRead).toBe(explanation.steps[1].tokens.cacheWrite);
    expect(explanation.model.id).toBe("claude-sonnet-4-5");
    expect(explanation.models.map((entry) => [entry.model.id, entry.requests])).toEqual([
      ["claude-sonnet-4-5", 2],
      ["claude-haiku-4-5", 2],
    ]);
    expect(explanation.notes.join(" ")).toMatch(/calls 2 models: claude-sonnet-4-5-20250929 \(2 requests\)/);
  });

  it("replays the main model's conversation only", () => {
    const result = analyseTrace(text);
    if (!result.ok) throw new Error(result.error);
    expect(result.analysis.derived.scenario.settings.model).toBe("claude-sonnet-4-5");
    expect(result.analysis.derived.scenario.turns.map((turn) => turn.user)).toEqual([
      "Fix the failing test.",
      "Now run it again.",
    ]);
    expect(result.analysis.figures.sessions).toBe(1);
  });
});

const SECRETS = [
  "sk-ant-api03-outsiderKEY0123456789abcdef",
  "sk-ant-oat01-outsiderTOKEN0123456789",
  "AKIAOUTSIDEREXAMPLE7",
  "sk-proj-outsiderOPENAI0123456789",
];

const CHAT_TOOLS = [
  {
    type: "function",
    function: {
      name: "search_kb",
      description: "Search the knowledge base.",
      parameters: { type: "object", properties: { q: { type: "string" } } },
    },
  },
];

function chatBody(userTexts: string[], model = "gpt-5.4"): Json {
  return {
    model,
    messages: [
      { role: "system", content: fixtureSystemPrompt() },
      ...userTexts.flatMap((text, index) => [
        ...(index > 0 ? [{ role: "assistant", content: "Done." }] : []),
        { role: "user", content: text },
      ]),
    ],
    tools: CHAT_TOOLS,
  };
}

function sse(events: Json[]): string {
  return events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join("");
}

describe("JSON Lines as loggers and proxies write them", () => {
  it("reads envelopes whose request and response are JSON strings, a `body` key, and every common timestamp", () => {
    const text = lines([
      {
        ts: 1796119200.25,
        request: JSON.stringify(chatBody(["Reset my password?"])),
        response: JSON.stringify({ usage: { prompt_tokens: 1300, prompt_tokens_details: { cached_tokens: 0 } } }),
      },
      { time: "2026-12-01 10:00:09.123456", body: chatBody(["Reset my password?", "And 2FA?"]) },
      { created_at: 1796119260000, request: chatBody(["Reset my password?", "And 2FA?", "Thanks"]) },
      { timestamp: "1796119320000000000", request: chatBody(["Reset my password?", "And 2FA?", "Thanks", "Bye"]) },
    ]);
    const trace = parsed(text);
    expect(trace.skipped).toEqual([]);
    expect(trace.provider).toBe("openai-chat");
    expect(trace.requests.map((request) => request.timestampMs)).toEqual([
      1796119200250, 1796119209123, 1796119260000, 1796119320000,
    ]);
    expect(trace.requests[0].measured).toMatchObject({ input: 1300, cacheRead: 0 });
  });

  it("a key inside a request logged as a JSON string reaches nothing stored", () => {
    const withKey = { ...chatBody(["Hi"]), api_key: "gw-secret-PLAINKEY42" };
    const trace = parsed(lines([{ timestamp: "2026-12-01T10:00:00Z", request: JSON.stringify(withKey) }]));
    expect(trace.requests).toHaveLength(1);
    expect(JSON.stringify(trace)).not.toContain("PLAINKEY42");
  });

  it("reads an ISO timestamp without a zone as UTC, whatever the reader's zone, and says so", () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      const trace = parsed(lines([{ timestamp: "2026-12-01T10:00:00", request: chatBody(["Hi"]) }]));
      expect(trace.requests[0].timestampMs).toBe(Date.UTC(2026, 11, 1, 10, 0, 0));
      expect(trace.notes.join("\n")).toMatch(/^1 timestamp names no time zone .*: it is read as UTC/m);
      const two = parsed(
        lines([
          { timestamp: "2026-12-01T10:00:00", request: chatBody(["Hi"]) },
          { timestamp: "2026-12-01T10:01:00", request: chatBody(["Hi", "Again"]) },
        ]),
      );
      expect(two.notes.join("\n")).toMatch(/^2 timestamps name no time zone .*: they are read as UTC/m);
    } finally {
      process.env.TZ = zone;
    }
  });

  it("reads HTTP-level pairs (claude-trace): the body inside the request, an SSE body_raw, GETs left out, headers never kept", () => {
    const body = mainRequest("claude-sonnet-4-5-20250929", ["Fix the failing test."]);
    const stream = sse([
      {
        type: "message_start",
        message: {
          id: "msg_1",
          type: "message",
          role: "assistant",
          content: [],
          usage: {
            input_tokens: 12,
            cache_creation_input_tokens: 2100,
            cache_read_input_tokens: 0,
            cache_creation: { ephemeral_5m_input_tokens: 2100, ephemeral_1h_input_tokens: 0 },
            output_tokens: 1,
          },
        },
      },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Done." } },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 7 } },
      { type: "message_stop" },
    ]);
    const headers = { "x-api-key": SECRETS[0], authorization: `Bearer ${SECRETS[1]}` };
    const text = lines([
      {
        request: { timestamp: 1796119200, method: "GET", url: "https://api.anthropic.com/v1/models", headers },
        response: { timestamp: 1796119200, status_code: 200, headers: {}, body: { data: [] } },
        logged_at: "2026-12-01T10:00:00.000Z",
      },
      {
        request: {
          timestamp: 1796119201,
          method: "POST",
          url: "https://api.anthropic.com/v1/messages?beta=true",
          headers,
          body,
        },
        response: { timestamp: 1796119203, status_code: 200, headers: {}, body_raw: stream },
        logged_at: "2026-12-01T10:00:03.000Z",
      },
    ]);
    const trace = parsed(text);
    expect(trace.requests).toHaveLength(1);
    expect(trace.requests[0]).toMatchObject({
      location: { kind: "line", number: 2 },
      timestampMs: 1796119201000,
      url: "https://api.anthropic.com/v1/messages",
      model: "claude-sonnet-4-5-20250929",
      measured: { cacheWrite: 2100, cacheRead: 0, uncached: 12, output: 7 },
    });
    expect(trace.notes.join(" ")).toMatch(/1 record is not a model request/);
    const stored = JSON.stringify(trace);
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
  });

  it("reads a JSON array of envelopes (what many loggers write instead of JSON Lines)", () => {
    const text = JSON.stringify(
      [
        { timestamp: "2026-12-01T10:00:00Z", request: chatBody(["Hi"]) },
        { timestamp: "2026-12-01T10:00:05Z", request: chatBody(["Hi", "More"]) },
      ],
      null,
      2,
    );
    const trace = parsed(text);
    expect(trace.requests.map((request) => request.location)).toEqual([
      { kind: "entry", number: 1 },
      { kind: "entry", number: 2 },
    ]);
    const explanation = explainTrace(trace);
    expect(explanation.steps[1].tokens.cacheRead).toBeGreaterThan(0);
  });
});

function harEntry(url: string, body: Json | string, response: Json, started: string): Json {
  return {
    startedDateTime: started,
    _resourceType: "fetch",
    request: {
      method: "POST",
      url,
      headers: [
        { name: "Authorization", value: `AWS4-HMAC-SHA256 Credential=${SECRETS[2]}/20261201/us-east-1/bedrock` },
        { name: "api-key", value: SECRETS[3] },
      ],
      cookies: [],
      postData: { mimeType: "application/json", text: typeof body === "string" ? body : JSON.stringify(body) },
    },
    response,
  };
}

describe("HAR from proxies, gateways and cloud platforms", () => {
  const bedrockBody = {
    anthropic_version: "bedrock-2023-05-31",
    max_tokens: 1024,
    system: [{ type: "text", text: fixtureSystemPrompt(), cache_control: { type: "ephemeral" } }],
    messages: [{ role: "user", content: "Hi" }],
  };
  const usage = {
    id: "msg_1",
    type: "message",
    content: [{ type: "text", text: "Hello." }],
    usage: { input_tokens: 3, cache_creation_input_tokens: 1900, cache_read_input_tokens: 0, output_tokens: 2 },
  };
  const har = {
    log: {
      version: "1.2",
      creator: { name: "Charles Proxy", version: "5.0" },
      entries: [
        harEntry(
          "https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke",
          bedrockBody,
          {
            status: 200,
            content: {
              mimeType: "application/json",
              encoding: "base64",
              text: btoa(JSON.stringify(usage)),
            },
          },
          "2026-12-01T10:00:00.000+01:00",
        ),
        harEntry(
          "https://telemetry.example.com/v1/events",
          { events: [{ input: "clicked" }] },
          { status: 200, content: { mimeType: "application/json", text: "{}" } },
          "2026-12-01T10:00:01.000+01:00",
        ),
        harEntry(
          "https://us-east5-aiplatform.googleapis.com/v1/projects/p/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict",
          { ...bedrockBody, anthropic_version: "vertex-2023-10-16", messages: [...bedrockBody.messages] },
          { status: 200, content: { mimeType: "application/json", text: JSON.stringify(usage) } },
          "2026-12-01T10:00:02.000+01:00",
        ),
        harEntry(
          "http://127.0.0.1:8080/api/generate",
          { ...bedrockBody, model: "claude-sonnet-4-5-20250929", anthropic_version: undefined },
          { status: 0, content: { size: 0, mimeType: "x-unknown" } },
          "2026-12-01T10:00:03.000+01:00",
        ),
      ],
    },
  };

  it("reads Bedrock and Vertex AI requests (model in the URL, anthropic_version in the body) and a proxy's own path", () => {
    const trace = parsed(JSON.stringify(har));
    expect(trace.provider).toBe("anthropic");
    expect(trace.requests.map((request) => [request.location.number, request.model])).toEqual([
      [1, "us.anthropic.claude-sonnet-4-5-20250929-v1:0"],
      [3, "claude-sonnet-4-5@20250929"],
    ]);
    expect(trace.requests[0].measured).toMatchObject({ cacheWrite: 1900 });
    // The local gateway's request is recognised by its body; it has no response, and the reason says what status 0 means.
    expect(trace.skipped).toEqual([
      { location: { kind: "entry", number: 4 }, reason: expect.stringMatching(/no response was recorded \(status 0/) },
    ]);
    expect(trace.notes.join(" ")).toMatch(/1 HAR entry is not a model request/);
    const explanation = explainTrace(trace);
    expect(explanation.model.id).toBe("claude-sonnet-4-5");
    expect(explanation.models).toHaveLength(1);
    expect(explanation.steps.map((step) => step.explanation?.cause ?? null)).toEqual(["cold-start", null]);
    const stored = JSON.stringify(trace);
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
  });

  it("a Kimi model behind a gateway's Chat Completions URL is Moonshot; Claude sent as Chat Completions is named", () => {
    const kimi = parsed(
      lines([
        { url: "https://openrouter.ai/api/v1/chat/completions", request: chatBody(["Hi"], "moonshotai/kimi-k2.5") },
      ]),
    );
    expect(kimi.provider).toBe("moonshot");
    expect(explainTrace(kimi).model.id).toBe("kimi-k2.5");
    const claude = parsed(
      lines([
        {
          url: "https://openrouter.ai/api/v1/chat/completions",
          request: chatBody(["Hi"], "anthropic/claude-sonnet-4.5"),
        },
      ]),
    );
    expect(claude.provider).toBe("openai-chat");
    expect(explainTrace(claude).notes.join(" ")).toMatch(
      /anthropic\/claude-sonnet-4\.5 is Claude Sonnet 4\.5, sent in the OpenAI Chat Completions format to a gateway/,
    );
  });
});

describe("logs that record the conversation but not the requests: named, with what they lack and how to capture one", () => {
  const transcript = [
    { type: "summary", summary: "Fix tests", leafUuid: "u1" },
    {
      type: "user",
      sessionId: "s1",
      uuid: "u1",
      parentUuid: null,
      timestamp: "2026-12-01T10:00:00.000Z",
      message: { role: "user", content: "fix the tests" },
    },
    {
      type: "assistant",
      sessionId: "s1",
      uuid: "u2",
      parentUuid: "u1",
      timestamp: "2026-12-01T10:00:03.000Z",
      message: {
        role: "assistant",
        model: "claude-sonnet-4-5-20250929",
        content: [{ type: "text", text: "ok" }],
        usage: { input_tokens: 4, cache_read_input_tokens: 13000, output_tokens: 5 },
      },
    },
  ];

  it.each([
    ["a Claude Code transcript", lines(transcript), /Claude Code session transcript.*cache_control markers/],
    [
      "an OpenTelemetry export",
      JSON.stringify(
        {
          resourceSpans: [
            {
              scopeSpans: [
                {
                  spans: [
                    {
                      traceId: "t",
                      spanId: "s",
                      name: "chat gpt-5.4",
                      attributes: [{ key: "gen_ai.usage.input_tokens", value: { intValue: 10 } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        null,
        2,
      ),
      /OpenTelemetry spans/,
    ],
    [
      "a Langfuse export",
      JSON.stringify([{ id: "o", traceId: "t", type: "GENERATION", input: [{ role: "user", content: "hi" }] }]),
      /Langfuse export/,
    ],
    [
      "a LiteLLM log",
      lines([{ call_type: "acompletion", response_cost: 0.001, model: "gpt-5.4", messages: [], startTime: 1 }]),
      /LiteLLM spend or callback log/,
    ],
  ])("%s", (_name, text, pattern) => {
    const result = readTrace(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(pattern);
    expect(result.error).toMatch(/cannot be explained.*mitmproxy.*HAR/);
  });

  it("a file that mixes such lines with requests imports the requests and lists the lines", () => {
    const trace = parsed(lines([transcript[1], { timestamp: "2026-12-01T10:00:00Z", request: chatBody(["Hi"]) }]));
    expect(trace.requests).toHaveLength(1);
    expect(trace.skipped).toEqual([
      { location: { kind: "line", number: 1 }, reason: expect.stringMatching(/^a Claude Code session transcript/) },
    ]);
  });
});

describe("images sent as base64 in OpenAI bodies", () => {
  const picture = (fill: string) => `data:image/png;base64,${fill.repeat(60_000)}`;
  const chatWithImage = (fill: string, follow: string[] = []): Json => ({
    model: "gpt-5.4",
    messages: [
      { role: "system", content: fixtureSystemPrompt() },
      {
        role: "user",
        content: [
          { type: "text", text: "What is in this picture?" },
          { type: "image_url", image_url: { url: picture(fill) } },
        ],
      },
      ...follow.map((text, index) => ({ role: index % 2 ? "user" : "assistant", content: text })),
    ],
  });
  const responsesWithImage = (fill: string): Json => ({
    model: "gpt-5.4",
    instructions: fixtureSystemPrompt(),
    input: [
      {
        role: "user",
        content: [
          { type: "input_text", text: "What is in this picture?" },
          { type: "input_image", image_url: picture(fill) },
        ],
      },
    ],
  });

  it("are matched for caching but not counted as text (60,000 characters of base64 were ~15,000 tokens)", () => {
    const at = (seconds: number) => new Date(START + seconds * 1000).toISOString();
    const chat = explainTrace(
      parsed(
        lines([
          { timestamp: at(0), request: chatWithImage("AAAA") },
          { timestamp: at(5), request: chatWithImage("AAAA", ["A cat.", "Sure?"]) },
          { timestamp: at(10), request: chatWithImage("BBBB", ["A cat.", "Sure?"]) },
        ]),
      ),
    );
    const systemOnly = chat.steps[0].segments[0].tokens;
    expect(chat.steps[0].tokens.input).toBeLessThan(systemOnly + 50);
    expect(chat.steps[1].tokens.cacheRead).toBeGreaterThan(0);
    // Another picture in the same place is an edit of that message: the prefix stops there.
    expect(chat.steps[2].explanation).toMatchObject({ cause: "messages-edited", segment: "messages[1]" });
    expect(chat.warnings.map((warning) => warning.code)).toContain("trace-media-not-counted");

    const responses = explainTrace(parsed(lines([{ timestamp: at(0), request: responsesWithImage("AAAA") }])));
    expect(responses.steps[0].tokens.input).toBeLessThan(responses.steps[0].segments[0].tokens + 50);
    expect(responses.warnings.map((warning) => warning.code)).toContain("trace-media-not-counted");
  });
});

describe("a long agent loop (hundreds of tool calls on one user message)", () => {
  it("replays the first MAX_REPLAY_CALLS calls and says so, instead of a prompt that grows past memory", () => {
    const calls = MAX_REPLAY_CALLS + 50;
    const messages: Json[] = [{ role: "user", content: [{ type: "text", text: "Migrate every file." }] }];
    for (let index = 0; index < calls; index += 1)
      messages.push(
        {
          role: "assistant",
          content: [{ type: "tool_use", id: `toolu_${index}`, name: "read_file", input: { path: `f${index}` } }],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: `toolu_${index}`, content: "ok" }] },
      );
    const trace = parsed(lines([{ ...mainRequest("claude-sonnet-4-5", ["x"]), messages }]));
    const derived = deriveScenario(trace, explainTrace(trace));
    expect(derived.scenario.turns).toHaveLength(1);
    expect(derived.scenario.turns[0].needs).toHaveLength(MAX_REPLAY_CALLS);
    expect(derived.truncatedFrom).toBe(1);
    expect(derived.notes.join(" ")).toMatch(
      new RegExp(`first 1 of the trace's 1 user turns and ${MAX_REPLAY_CALLS} of its ${calls} tool calls`),
    );
  });
});

describe("a subagent on the same model, interleaved with the main loop", () => {
  it("each conversation is compared with its own previous request, while the model's cache is shared", () => {
    const subagent = (userTexts: string[]): Json => ({
      ...mainRequest("claude-sonnet-4-5", userTexts),
      system: [
        {
          type: "text",
          text: `You are a search subagent.\n${fixtureSystemPrompt()}`,
          cache_control: { type: "ephemeral" },
        },
      ],
      tools: [{ ...READ_FILE, name: "grep", description: "Search the files." }],
    });
    const text = lines(
      [
        mainRequest("claude-sonnet-4-5", ["Fix the failing test."]),
        subagent(["Find where the test is defined."]),
        mainRequest("claude-sonnet-4-5", ["Fix the failing test.", "Go on."]),
        subagent(["Find where the test is defined.", "Look in src."]),
      ].map((request, index) => ({ timestamp: new Date(START + index * 5_000).toISOString(), request })),
    );
    const steps = explainTrace(parsed(text)).steps;
    expect(steps.map((step) => step.explanation?.cause ?? null)).toEqual(["cold-start", "tools-changed", null, null]);
    expect(steps[1].explanation?.headline).toMatch(/^A new conversation on this model/);
    expect(steps[2].tokens.cacheRead).toBe(steps[0].tokens.cacheWrite);
    expect(steps[3].tokens.cacheRead).toBe(steps[1].tokens.cacheWrite);
  });
});

describe("an agent that changes its thinking budget mid-session (Anthropic)", () => {
  it("keeps the cached tools and system prompt, writes the messages again, and names the change", () => {
    const tool = { ...READ_FILE, description: fixtureSystemPrompt() };
    const request = (userTexts: string[], budget?: number): Json => ({
      ...mainRequest("claude-sonnet-4-5", userTexts),
      tools: [tool],
      ...(budget ? { thinking: { type: "enabled", budget_tokens: budget } } : {}),
    });
    const text = lines(
      [
        request(["a"], 4000),
        request(["a", "b"], 4000),
        request(["a", "b", "c"], 16000),
        request(["a", "b", "c", "d"]),
      ].map((body, index) => ({ timestamp: new Date(START + index * 5_000).toISOString(), request: body })),
    );
    const steps = explainTrace(parsed(text)).steps;
    expect(steps.map((step) => step.explanation?.cause ?? null)).toEqual([
      "cold-start",
      null,
      "system-changed",
      "system-changed",
    ]);
    expect(steps[2].explanation?.headline).toMatch(
      /thinking parameters changed \(enabled, 4000 tokens → enabled, 16000 tokens\)/,
    );
    // Read: everything before the thinking parameters (the tools and the system prompt), as PROTOCOLS §5.1's table says.
    const thinkingAt = steps[2].segments.findIndex((segment) => segment.path === "thinking");
    expect(thinkingAt).toBeGreaterThan(0);
    expect(steps[2].segments.slice(0, thinkingAt).map((segment) => segment.group)).toContain("system");
    expect(steps[2].segments.slice(thinkingAt + 1).every((segment) => segment.group === "messages")).toBe(true);
    const beforeThinking = steps[2].segments.slice(0, thinkingAt).reduce((sum, segment) => sum + segment.tokens, 0);
    expect(steps[2].tokens.cacheRead).toBe(beforeThinking);
    expect(steps[3].explanation?.headline).toMatch(/→ none\)/);
  });
});

describe("a prompt judged below the minimum that the provider did cache", () => {
  it("says the provider's figures contradict the count", () => {
    const body = {
      model: "claude-opus-4-5",
      max_tokens: 100,
      cache_control: { type: "ephemeral" },
      messages: [{ role: "user", content: "Hi" }],
    };
    const explanation = explainTrace(
      parsed(
        lines([
          {
            timestamp: "2026-12-01T10:00:00Z",
            request: body,
            response: { usage: { input_tokens: 3, cache_creation_input_tokens: 4200 } },
          },
        ]),
      ),
    );
    expect(explanation.steps[0].explanation?.cause).toBe("below-minimum");
    expect(explanation.steps[0].explanation?.headline).toMatch(
      /Yet the provider reported 4200 tokens read from or written to the cache/,
    );
  });
});

describe("a Responses agent that sends its reasoning back (encrypted_content)", () => {
  it("matches the reasoning item for caching but does not count its encrypted text", () => {
    const body = (encrypted: string): Json => ({
      model: "gpt-5.4",
      instructions: fixtureSystemPrompt(),
      input: [
        { role: "user", content: "Weather in Paris?" },
        { type: "reasoning", id: "rs_1", summary: [], encrypted_content: encrypted },
        { type: "function_call", call_id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}' },
        { type: "function_call_output", call_id: "call_1", output: "12C" },
      ],
    });
    const text = lines([
      { timestamp: "2026-12-01T10:00:00Z", request: body(`gAAAAB${"Qk9".repeat(7_000)}`) },
      { timestamp: "2026-12-01T10:00:05Z", request: body(`gAAAAB${"Zm9".repeat(7_000)}`) },
    ]);
    const explanation = explainTrace(parsed(text));
    const [first, second] = explanation.steps;
    expect(first.segments.find((segment) => segment.path === "input[1]")?.tokens).toBe(0);
    expect(first.tokens.input).toBeLessThan(first.segments[0].tokens + 100);
    // Other reasoning in the same place is another prompt from there on.
    expect(second.explanation).toMatchObject({ cause: "messages-edited", segment: "input[1]" });
    expect(explanation.warnings.map((warning) => warning.code)).toContain("trace-reasoning-not-counted");
  });
});
