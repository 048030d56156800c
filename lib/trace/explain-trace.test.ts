import { describe, expect, it } from "vitest";
import { explainTrace } from "./explain-trace";
import { readTrace } from "./read-trace";
import { fixtureText, readFixture } from "./test-support";
import { fixtureSystemPrompt } from "./fixtures/build-fixtures";
import type { ParsedTrace } from "./types";

function explained(name: string) {
  return explainTrace(readFixture(name));
}

function causes(trace: ParsedTrace) {
  return explainTrace(trace).steps.map((step) => step.explanation?.cause ?? null);
}

function jsonl(bodies: Array<Record<string, unknown>>, gapsSeconds: number[] = []): ParsedTrace {
  let clock = Date.parse("2026-11-30T09:00:00Z");
  const text = bodies
    .map((body, index) => {
      clock += (gapsSeconds[index - 1] ?? 2) * 1000 * (index > 0 ? 1 : 0);
      return JSON.stringify({ timestamp: new Date(clock).toISOString(), request: body });
    })
    .join("\n");
  const result = readTrace(text);
  if (!result.ok) throw new Error(result.error);
  return result.trace;
}

const TOOL = {
  name: "get_weather",
  description: "Weather for a city.",
  input_schema: { type: "object", properties: { city: { type: "string" } } },
};
const OTHER = {
  name: "read_file",
  description: "Read a file.",
  input_schema: { type: "object", properties: { path: { type: "string" } } },
};

function anthropic(messages: string[], options: { tools?: object[]; system?: unknown; topLevel?: boolean } = {}) {
  return {
    model: "claude-opus-4-8",
    max_tokens: 256,
    ...(options.topLevel === false ? {} : { cache_control: { type: "ephemeral" } }),
    system: options.system ?? fixtureSystemPrompt(),
    tools: options.tools ?? [TOOL, OTHER],
    messages: messages.map((text, index) => ({
      role: index % 2 ? "assistant" : "user",
      content: [{ type: "text", text }],
    })),
  };
}

describe("explainTrace on the fixtures: each miss named, predicted equal to measured", () => {
  it("Anthropic JSONL: appends read, a tool inserted mid-session and a gap past the TTL miss", () => {
    const result = explained("anthropic-session.jsonl");
    expect(result.model.id).toBe("claude-opus-4-8");
    expect(result.steps.map((step) => step.explanation?.cause ?? null)).toEqual([
      "cold-start",
      null,
      null,
      "tools-changed",
      null,
      "ttl-expired",
      null,
    ]);
    // An append-only request whose prefix was cached has no divergence at all.
    expect(result.steps[1].divergence).toBeNull();
    expect(result.steps[3].explanation).toMatchObject({
      segment: "tools[1]",
      headline:
        'Tool "create_issue" inserted at tools[1]: the whole cache is invalidated (tools come first in the prefix).',
    });
    expect(result.steps[5].explanation?.headline).toBe(
      "Idle for 12 minutes, longer than the 5 minutes cache lifetime: the cached prefix expired and is written again.",
    );
    for (const step of result.steps) {
      expect(step.measured, `request ${step.index + 1}`).not.toBeNull();
      expect(step.difference, `request ${step.index + 1}`).toMatchObject({
        input: 0,
        cacheRead: 0,
        cacheWrite: 0,
        uncached: 0,
      });
    }
    expect(result.measuredTotals?.costUsd).toBeCloseTo(result.totals.costUsd, 12);
  });

  it("money lost is ranked by cause; the cold start loses nothing", () => {
    const result = explained("anthropic-session.jsonl");
    expect(result.losses.map((loss) => loss.cause)).toEqual(["ttl-expired", "tools-changed", "cold-start"]);
    const ttl = result.steps[5];
    // The 2,601 tokens request 5 left in the cache were written again at 1.25× instead of read at 0.1× ($5/M input).
    const previousCached = result.steps[4].tokens.cacheRead + result.steps[4].tokens.cacheWrite;
    expect(ttl.lostTokens).toBe(previousCached);
    expect(ttl.lostUsd).toBeCloseTo((previousCached * (6.25 - 0.5)) / 1_000_000, 12);
    expect(result.losses.find((loss) => loss.cause === "cold-start")?.lostUsd).toBe(0);
  });

  it("OpenAI Responses HAR: the changed instructions are named with the changed text", () => {
    const result = explained("openai-responses-instructions.har");
    expect(result.steps.map((step) => step.explanation?.cause ?? null)).toEqual([
      "cold-start",
      null,
      "system-changed",
      null,
    ]);
    const change = result.steps[2].explanation!;
    expect(change.segment).toBe("instructions");
    expect(change.headline).toBe(
      'The instructions changed ("2026-11-30" → "2026-12-01"): the whole cache is invalidated (the instructions come first in the prefix).',
    );
    const text = change.changedText!;
    expect(text.after.slice(text.afterStart, text.afterEnd)).toBe("2026-12-01");
    for (const step of result.steps) expect(step.difference).toMatchObject({ input: 0, cacheRead: 0, cacheWrite: 0 });
  });

  it("Chat Completions JSONL: an append-only conversation, predicted equal to measured", () => {
    const result = explained("chat-completions.jsonl");
    expect(result.provider).toBe("openai-chat");
    expect(result.steps.map((step) => step.explanation?.cause ?? null)).toEqual(["cold-start", null, null]);
    for (const step of result.steps) expect(step.difference).toMatchObject({ input: 0, cacheRead: 0, cacheWrite: 0 });
  });

  it("Anthropic SSE HAR: explicit markers, usage from the stream, predicted equal to measured", () => {
    const result = explained("anthropic-sse.har");
    expect(result.steps[1].explanation).toBeNull();
    for (const step of result.steps)
      expect(step.difference).toMatchObject({ input: 0, uncached: 0, cacheRead: 0, cacheWrite: 0 });
  });

  it("steps are EngineSteps the run panels can walk, without any recorded header", () => {
    const step = explained("openai-responses-instructions.har").steps[0];
    expect(step.request.headers).toEqual({ "content-type": "application/json" });
    expect(step.segmentStatus).toHaveLength(step.segments.length);
    expect(step.title).toBe("call get_weather");
    expect(step.kind).toBe("call");
  });
});

describe("explainMiss names every cause", () => {
  it("a tool whose description was edited", () => {
    const edited = { ...TOOL, description: "Weather for a city, in celsius." };
    const trace = jsonl([anthropic(["hi"]), anthropic(["hi", "ok", "more"], { tools: [edited, OTHER] })]);
    const step = explainTrace(trace).steps[1];
    expect(step.explanation?.headline).toBe(
      'Tool "get_weather" edited (its description changed): the whole cache is invalidated (tools come first in the prefix).',
    );
  });

  it("a tool list reordered", () => {
    const trace = jsonl([anthropic(["hi"]), anthropic(["hi", "ok", "more"], { tools: [OTHER, TOOL] })]);
    expect(explainTrace(trace).steps[1].explanation?.headline).toMatch(
      /^Tool "get_weather" replaced by "read_file" at tools\[0\]/,
    );
  });

  it("an earlier message edited", () => {
    const trace = jsonl([
      anthropic(["hi", "ok", "first question"]),
      anthropic(["hi", "ok", "edited question", "a", "b"]),
    ]);
    expect(explainTrace(trace).steps[1].explanation).toMatchObject({
      cause: "messages-edited",
      segment: "messages[2].content[0]",
    });
  });

  it("a prompt below the minimum cacheable length", () => {
    const trace = jsonl([anthropic(["hi"], { system: "Be brief." })]);
    const step = explainTrace(trace).steps[0];
    expect(step.explanation?.cause).toBe("below-minimum");
    expect(step.explanation?.headline).toBe(
      "The prompt is shorter than the 1,024-token minimum this model caches: nothing is written or read.",
    );
  });

  it("no cache_control marker at all", () => {
    const trace = jsonl([anthropic(["hi"], { topLevel: false }), anthropic(["hi", "ok", "more"], { topLevel: false })]);
    expect(causes(trace)).toEqual(["no-breakpoint", "no-breakpoint"]);
  });

  it("a marker moved back before the cached prefix", () => {
    const marked = (messages: string[], onSystem: boolean) => {
      const body = anthropic(messages, {
        topLevel: false,
        system: [
          { type: "text", text: fixtureSystemPrompt(), ...(onSystem ? { cache_control: { type: "ephemeral" } } : {}) },
        ],
      });
      if (!onSystem)
        (body.messages.at(-1)!.content[0] as Record<string, unknown>).cache_control = { type: "ephemeral" };
      return body;
    };
    const trace = jsonl([marked(["hi"], false), marked(["hi", "ok", "more"], true)]);
    const step = explainTrace(trace).steps[1];
    expect(step.explanation?.cause).toBe("marker-moved");
    expect(step.explanation?.headline).toMatch(
      /^The cache_control markers moved \(messages\[0\]\.content\[0\] → system\[0\]\)/,
    );
  });

  it("the changed span of a system prompt is widened to whole words", () => {
    const trace = jsonl([
      anthropic(["hi"], { system: fixtureSystemPrompt("2026-11-30") }),
      anthropic(["hi", "ok", "more"], { system: fixtureSystemPrompt("2026-12-01") }),
    ]);
    // The tools and Anthropic's preamble before it are below the minimum: nothing before the change can be kept.
    expect(explainTrace(trace).steps[1].explanation?.headline).toBe(
      'The system prompt changed ("2026-11-30" → "2026-12-01"): nothing is read: the 359 tokens of the tools and ' +
        "the tool-use preamble Anthropic adds before it are written again too: they are shorter than the " +
        "1,024-token minimum this model caches, so no breakpoint can keep them.",
    );
  });
});

describe("a change's sentence follows the provider's own prefix order", () => {
  /** The Chat Completions fixture's first two requests, the second with `change` applied to its body. */
  function chatPair(change: (body: Record<string, any>) => void): ParsedTrace {
    const lines = fixtureText("chat-completions.jsonl").trim().split("\n").slice(0, 2);
    const second = JSON.parse(lines[1]);
    change(second.request);
    delete second.response;
    const result = readTrace([lines[0], JSON.stringify(second)].join("\n"));
    if (!result.ok) throw new Error(result.error);
    return result.trace;
  }

  it("Chat Completions: tools reordered after the system message, which is still read", () => {
    const trace = chatPair((body) => body.tools.reverse());
    const step = explainTrace(trace).steps[1];
    // The system message comes first on Chat Completions: it is read, in 128-token increments.
    const systemTokens = step.segments.find((segment) => segment.group === "system")!.tokens;
    expect(step.tokens.cacheRead).toBe(Math.floor(systemTokens / 128) * 128);
    expect(step.tokens.cacheRead).toBeGreaterThan(1024);
    expect(step.explanation?.headline).toBe(
      'Tool "get_weather" replaced by "search_files" at tools[0] (the list was reordered or edited): the first ' +
        `${step.tokens.cacheRead.toLocaleString("en-US")} tokens (the system message, before the tools in this ` +
        "provider's prefix) are still read; everything from it on is written again.",
    );
    expect(step.explanation?.headline).not.toContain("tools come first");
  });

  it("Anthropic: a system prompt change rewrites the tools before it too, and names the breakpoint that keeps them", () => {
    // Tools long enough to be cached on their own (past the 1,024-token minimum).
    const tools = Array.from({ length: 8 }, (_, index) => ({
      ...TOOL,
      name: `tool_${index}`,
      description: `Tool number ${index}. ${"Reads the weather for a city and explains the forecast in detail. ".repeat(6)}`,
    }));
    const trace = jsonl([
      anthropic(["hi"], { tools, system: fixtureSystemPrompt("2026-11-30") }),
      anthropic(["hi", "ok", "more"], { tools, system: fixtureSystemPrompt("2026-12-01") }),
    ]);
    const step = explainTrace(trace).steps[1];
    expect(step.tokens.cacheRead).toBe(0);
    const sum = (group: string, path?: string) =>
      step.segments
        .filter((segment) => segment.group === group && (path === undefined || segment.path.startsWith(path)))
        .reduce((total, segment) => total + segment.tokens, 0);
    const toolTokens = sum("tools");
    const before = toolTokens + sum("system", "system (tool-use preamble)");
    expect(toolTokens).toBeGreaterThanOrEqual(1024);
    expect(step.explanation?.headline).toBe(
      'The system prompt changed ("2026-11-30" → "2026-12-01"): nothing is read: the ' +
        `${before.toLocaleString("en-US")} tokens of the tools and the tool-use preamble Anthropic adds before it ` +
        "are written again too, because no cache entry ends before the system prompt. Fix: a cache_control " +
        `breakpoint on tools[7], the last tool before it, keeps those ${toolTokens.toLocaleString("en-US")} tokens ` +
        "cached when the system prompt changes.",
    );
    expect(step.cost.cacheWriteUsd).toBeGreaterThan(0);
  });
});
