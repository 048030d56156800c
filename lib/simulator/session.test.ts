/**
 * The conversation loop itself, with a small stand-in provider module so every figure is followed by hand: one
 * segment per message (100 tokens, or what the test says), Anthropic cache rules with automatic caching on the
 * last block (PROTOCOLS.md §5.1), prices of $3 input / $3.75 5-minute write / $0.30 read / $15 output per million.
 * What is checked is the session's own contract (session.ts): the scenario clock, how the transcript grows
 * (consecutive user blocks merge into one user turn, as the APIs require), warnings once per code, a request over a
 * provider limit refused before it is priced, and a remote reply that changes nothing until it arrives.
 */
import { describe, expect, it } from "vitest";
import { ANTHROPIC_RULES } from "../cache/test-support";
import type { CatalogTool } from "../core/catalog";
import type { Segment, Transcript, TranscriptBlock } from "../core";
import { getModel, type PriceTable } from "../models";
import { providerAdapter, type ProviderAdapter, type RenderContext } from "../providers";
import { RequestRejectedError } from "../providers/limits";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { ConversationSession, executeCatalogTool, type SessionSearchers } from "./session";

const PRICES: PriceTable = {
  inputPerMillion: 3,
  cacheWrite5mPerMillion: 3.75,
  cacheWrite1hPerMillion: 6,
  cacheReadPerMillion: 0.3,
  outputPerMillion: 15,
  currency: "USD",
  source: "test",
  date: "2026-12-01",
  confidence: "documented",
};
const MODEL = { ...getModel("anthropic", "claude-opus-4-8")!, prices: PRICES };

/** Tokens of a message's segment: 100, or the number after "tokens:" in its first text block. */
function tokensOf(blocks: readonly TranscriptBlock[]): number {
  const first = blocks[0];
  const match = first?.type === "text" ? /tokens:(\d+)/.exec(first.text) : null;
  return match ? Number(match[1]) : 100;
}

const adapter: ProviderAdapter = {
  ...providerAdapter("anthropic"),
  id: "anthropic",
  label: "stand-in",
  endpoint: "/v1/messages",
  renderRequest(transcript: Transcript) {
    // System and 10 tools of 100 tokens (1,100 tokens), then one segment per message; marker on the last block.
    const segment = (path: string, group: Segment["group"], key: string, tokens: number): Segment => ({
      path,
      label: path,
      group,
      key,
      tokens,
      toolDefinitionTokens: 0,
      breakpoint: false,
    });
    const segments: Segment[] = [
      segment("system", "system", transcript.system, 1100),
      ...transcript.messages.map((message, index) =>
        segment(
          `messages[${index}]`,
          "messages",
          JSON.stringify(message),
          "blocks" in message ? tokensOf(message.blocks) : 0,
        ),
      ),
    ];
    segments[segments.length - 1].breakpoint = true;
    const warnings = transcript.messages.length > 2 ? [{ code: "long", message: "long conversation" }] : [];
    return {
      request: {
        method: "POST",
        url: "/v1/messages",
        headers: {},
        body: { messages: transcript.messages.length, betas: transcript.betas ?? null },
      },
      segments,
      warnings,
    } as never;
  },
  segmentBody: () => ({ segments: [], warnings: [] }),
  renderResponse: (blocks, usage, _context, responseId) => ({ id: responseId, usage, blocks: blocks.length }),
  outputText: (blocks) => blocks.map((block) => (block.type === "text" ? block.text : "")).join(""),
};

const context: RenderContext = {
  settings: { ...DEFAULT_SETTINGS, secondsBetweenSteps: 4, cacheTtl: "5m" },
  model: MODEL,
  // One token per character of output text.
  counter: { kind: "o200k", exact: false, label: "characters", count: (text: string) => text.length },
  catalogByName: new Map(),
};

function session(options: Partial<ConstructorParameters<typeof ConversationSession>[0]> = {}) {
  return new ConversationSession({
    adapter,
    context,
    cacheRules: ANTHROPIC_RULES,
    searchers: {} as SessionSearchers,
    system: "you are a test",
    tools: [],
    ...options,
  });
}

const text = (value: string): TranscriptBlock[] => [{ type: "text", text: value }];

describe("ConversationSession", () => {
  it("keeps the clock, caches by the rules and prices each step", () => {
    const conversation = session();
    conversation.startTurn(0, "hello", 3);
    const first = conversation.send("call", "first", text("0123456789"));
    // Prompt: 1,100 + 100 (user) = 1,200 tokens, all written; output 10 characters.
    expect(first).toMatchObject({ index: 0, turn: 0, kind: "call", title: "first", clockSeconds: 0, notes: [] });
    expect(first.tokens).toEqual({
      input: 1200,
      cacheRead: 0,
      cacheWrite: 1200,
      uncached: 0,
      toolDefinitions: 0,
      output: 10,
    });
    expect(first.cost.totalUsd).toBeCloseTo((1200 * 3.75 + 10 * 15) / 1e6, 15);
    expect(first.response).toEqual({
      id: "sim_0001",
      usage: { ...first.tokens, writesBilled: true },
      blocks: 1,
    });
    const second = conversation.send("answer", "second", text("ok"));
    // 4 s later; the assistant turn (100) joined: 1,200 read, 100 written.
    expect(second).toMatchObject({ index: 1, clockSeconds: 4 });
    expect(second.tokens).toMatchObject({ input: 1300, cacheRead: 1200, cacheWrite: 100 });
    expect(second.response).toMatchObject({ id: "sim_0002" });

    conversation.startTurn(1, "again", 3);
    const third = conversation.send("answer", "third", text("done"));
    // Turn 1 starts 3 minutes after the last request (4 s): 184 s; then 4 s between steps.
    expect(third).toMatchObject({ index: 2, turn: 1, clockSeconds: 184 });
    expect(conversation.send("answer", "fourth", text("x")).clockSeconds).toBe(188);
    expect(conversation.turn).toBe(1);
    expect(conversation.steps.map((step) => step.index)).toEqual([0, 1, 2, 3]);
  });

  it("a session opened at a later turn counts that turn's pause from the start of the clock", () => {
    const conversation = session();
    conversation.startTurn(1, "resumed", 2);
    expect(conversation.send("answer", "a", text("x")).clockSeconds).toBe(120);
  });

  it("merges consecutive user blocks into one user turn and appends each reply", () => {
    const conversation = session();
    conversation.startTurn(0, "hello", 2);
    conversation.appendToolResult("call_1", "get_weather", "sunny");
    conversation.appendToolResult("call_2", "get_time", "oops", true);
    expect(conversation.messages).toEqual([
      {
        role: "user",
        blocks: [
          { type: "text", text: "hello" },
          { type: "tool-result", callId: "call_1", toolName: "get_weather", content: "sunny" },
          { type: "tool-result", callId: "call_2", toolName: "get_time", content: "oops", isError: true },
        ],
      },
    ]);
    conversation.send("answer", "a", text("reply"));
    conversation.ask({ reply: () => ({ blocks: text("not kept"), appendAssistant: false }) });
    conversation.startTurn(1, "next", 2);
    expect(conversation.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(conversation.messages[1]).toEqual({ role: "assistant", blocks: text("reply") });
    // A reply with no kind or title is recorded as an answer.
    expect(conversation.steps[1]).toMatchObject({ kind: "answer", title: "answer", notes: [] });
  });

  it("does not change the caller's user message when later blocks merge into it", () => {
    const conversation = session();
    const blocks = text("mine");
    conversation.append({ role: "user", blocks });
    conversation.append({ role: "user", blocks: text("more") });
    expect(blocks).toEqual(text("mine"));
    expect(conversation.messages[0]).toEqual({ role: "user", blocks: [...text("mine"), ...text("more")] });
  });

  it("records the cache's warnings, not only the renderer's", () => {
    // The stand-in marks one block; with at most 0 breakpoints allowed the cache warns that the API rejects it.
    const conversation = session({ cacheRules: { ...ANTHROPIC_RULES, maxBreakpoints: 0 } });
    conversation.startTurn(0, "a", 1);
    conversation.send("answer", "s", text("x"));
    expect(conversation.warnings).toEqual([
      {
        code: "cache-too-many-breakpoints",
        message:
          "cache: 1 cache breakpoints but at most 0 are allowed; the API rejects this, so only the first 0 are used here",
      },
    ]);
  });

  it("records each warning code once, and beta headers only when there are some", () => {
    const conversation = session({ betas: [] });
    conversation.startTurn(0, "a", 1);
    for (let step = 0; step < 4; step += 1) conversation.send("answer", `s${step}`, text("x"));
    // Requests 3 and 4 (more than two messages) both warn; the code is recorded once.
    expect(conversation.warnings).toEqual([{ code: "long", message: "long conversation" }]);
    expect(conversation.steps[3].request.body).toEqual({ messages: 4, betas: null });
    const withBetas = session({ betas: ["beta-1"] });
    withBetas.startTurn(0, "a", 1);
    expect(withBetas.send("answer", "s", text("x")).request.body).toMatchObject({ betas: ["beta-1"] });
  });

  it("refuses a request over the model's context window before pricing it, unless limits are off", () => {
    // 100 million tokens: more than any model's context window.
    const tooLong = "tokens:100000000";
    const conversation = session();
    conversation.startTurn(0, tooLong, 1);
    expect(() => conversation.send("call", "big", text("x"), ["note"])).toThrow(RequestRejectedError);
    expect(conversation.steps).toHaveLength(1);
    expect(conversation.steps[0]).toMatchObject({ index: 0, kind: "call", title: "big", notes: ["note"] });
    expect(conversation.steps[0].rejected).toBeDefined();
    expect(conversation.steps[0].cost.totalUsd).toBe(0);
    // Asked without a kind, the refused request is recorded as an answer.
    const untitled = session();
    untitled.startTurn(0, tooLong, 1);
    expect(() => untitled.ask({ reply: () => ({ blocks: text("x") }) })).toThrow(RequestRejectedError);
    expect(untitled.steps[0]).toMatchObject({ kind: "answer", title: "answer", notes: [] });

    const unchecked = session({ enforceLimits: false });
    unchecked.startTurn(0, tooLong, 1);
    expect(unchecked.send("call", "big", text("x")).rejected).toBeUndefined();
    // A live reply carries the provider's own response: the provider has already accepted the request.
    const live = session();
    live.startTurn(0, tooLong, 1);
    const step = live.ask({ reply: () => ({ blocks: text("x"), response: { id: "real" } }) }).step;
    expect(step.rejected).toBeUndefined();
    expect(step.response).toEqual({ id: "real" });
  });

  it("a remote reply changes nothing until it arrives, and is timed by the caller's clock", async () => {
    const conversation = session();
    conversation.startTurn(0, "hello", 1);
    await expect(
      conversation.askRemote({ reply: () => Promise.reject(new Error("stopped")) }, () => ({ clockSeconds: 5 })),
    ).rejects.toThrow("stopped");
    expect(conversation.steps).toHaveLength(0);
    expect(conversation.messages).toHaveLength(1);
    const answered = await conversation.askRemote(
      { reply: () => Promise.resolve({ blocks: text("hi"), kind: "answer" as const }) },
      () => ({ clockSeconds: 42 }),
    );
    expect(answered.step).toMatchObject({ index: 0, clockSeconds: 42 });
    expect(answered.priced.tokens.input).toBe(1200);
  });

  it("finishes the request the caller's way and reports each step's time", () => {
    const timed: number[] = [];
    const conversation = session({
      finishRequest: (request, messages) => ({ ...request, body: { finished: messages.length } }),
      onStepTimed: (step, milliseconds) => timed.push(step.index + (milliseconds >= 0 ? 100 : 0)),
      discovered: ["get_weather"],
    });
    conversation.startTurn(0, "hello", 1);
    expect(conversation.send("answer", "a", text("x")).request.body).toEqual({ finished: 1 });
    expect(timed).toEqual([100]);
    expect([...conversation.discovered]).toEqual(["get_weather"]);
    expect(conversation.nextId("call_")).toBe("call_0002");
  });
});

describe("executeCatalogTool", () => {
  const tool = {
    name: "get_weather",
    description: "weather",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  } as unknown as CatalogTool;

  it("validates on the client when asked, then returns the mock result as text", () => {
    const invalid = executeCatalogTool(tool, {}, true);
    expect(invalid.ok).toBe(false);
    expect(JSON.parse(invalid.content)).toMatchObject({ error: "invalid_arguments", tool: "get_weather" });
    expect(executeCatalogTool({ ...tool, mockResult: "sunny" } as CatalogTool, {}, false)).toEqual({
      ok: true,
      content: "sunny",
    });
    expect(executeCatalogTool({ ...tool, mockResult: { temp: 20 } } as CatalogTool, { city: "Oslo" }, true)).toEqual({
      ok: true,
      content: '{"temp":20}',
    });
  });
});
