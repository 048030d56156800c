import { describe, expect, it } from "vitest";
import {
  FIXTURE_ANTHROPIC_KEY,
  FIXTURE_OPENAI_KEY,
  FIXTURE_SESSION_COOKIE,
  traceFixtures,
} from "./fixtures/build-fixtures";
import { readTrace } from "./read-trace";
import { fixtureText, readFixture } from "./test-support";

const anthropicBody = (text: string) => ({
  model: "claude-opus-4-8",
  max_tokens: 100,
  system: "Be brief.",
  messages: [{ role: "user", content: text }],
});

describe("readTrace", () => {
  it("the committed fixtures are what build-fixtures.ts writes (regenerate with scripts/generate-trace-fixtures.ts)", () => {
    for (const [name, text] of Object.entries(traceFixtures())) expect(fixtureText(name), name).toBe(text);
  });

  it("reads JSONL envelopes with timestamps, URL and usage", () => {
    const trace = readFixture("anthropic-session.jsonl");
    expect(trace.format).toBe("jsonl");
    expect(trace.provider).toBe("anthropic");
    expect(trace.requests).toHaveLength(7);
    expect(trace.requests[0].location).toEqual({ kind: "line", number: 1 });
    expect(trace.requests[5].timestampMs! - trace.requests[4].timestampMs!).toBe(12 * 60 * 1000);
    expect(trace.requests[0].measured).toMatchObject({ cacheRead: 0, uncached: 0, output: 38 });
    expect(trace.skipped).toEqual([]);
    expect(trace.notes).toEqual([]);
  });

  it("reads bare bodies, states that they have no timestamps, and detects the provider from the shape", () => {
    const text = [
      JSON.stringify({ model: "gpt-5.4", messages: [{ role: "user", content: "hi" }] }),
      JSON.stringify({
        model: "gpt-5.4",
        messages: [
          { role: "user", content: "hi" },
          { role: "user", content: "again" },
        ],
      }),
    ].join("\n");
    const result = readTrace(text);
    expect(result.ok && result.trace.provider).toBe("openai-chat");
    expect(result.ok && result.trace.notes[0]).toMatch(/No request has a timestamp: they are treated as back to back/);
    expect(readTrace(JSON.stringify(anthropicBody("hi"))).ok && "anthropic").toBe("anthropic");
    const responses = readTrace(JSON.stringify({ model: "gpt-5.4", input: "hi", instructions: "x" }));
    expect(responses.ok && responses.trace.provider).toBe("openai-responses");
    const kimi = readTrace(JSON.stringify({ model: "kimi-k3", messages: [{ role: "user", content: "hi" }] }));
    expect(kimi.ok && kimi.trace.provider).toBe("moonshot");
  });

  it("--provider forces the provider", () => {
    const result = readTrace(JSON.stringify({ model: "local", messages: [{ role: "user", content: "hi" }] }), {
      provider: "moonshot",
    });
    expect(result.ok && result.trace.provider).toBe("moonshot");
  });

  it("imports the readable part of a partly broken trace and lists what it skipped, by line", () => {
    const text = [
      JSON.stringify(anthropicBody("one")),
      "{ this is not json",
      JSON.stringify({ hello: "world" }),
      "[1, 2]",
      JSON.stringify(anthropicBody("two")),
    ].join("\n");
    const result = readTrace(text);
    if (!result.ok) throw new Error(result.error);
    expect(result.trace.requests.map((request) => request.location.number)).toEqual([1, 5]);
    expect(result.trace.skipped.map((record) => [record.location.number, record.reason.split(" (")[0]])).toEqual([
      [2, "not JSON"],
      [3, "a body of unknown shape"],
      [4, "not a JSON object"],
    ]);
  });

  it("refuses what it cannot read at all, saying why and where", () => {
    expect(readTrace("")).toEqual({ ok: false, error: "trace: the file is empty" });
    const garbage = readTrace("PK\u0003\u0004 binary zip data\nmore");
    expect(garbage.ok).toBe(false);
    expect(!garbage.ok && garbage.error).toMatch(/^trace: not a HAR file or JSON Lines: line 1 is not JSON/);
    const unknown = readTrace(JSON.stringify({ prompt: "complete me", temperature: 0 }));
    expect(!unknown.ok && unknown.error).toMatch(/line 1: a body of unknown shape \(keys prompt, temperature\)/);
    const noProvider = readTrace(
      JSON.stringify({
        log: { version: "1.2", entries: [{ request: { method: "GET", url: "https://example.com/" }, response: {} }] },
      }),
    );
    expect(!noProvider.ok && noProvider.error).toMatch(/none of the HAR.s 1 entries POSTs a model request/);
    const brokenHar = readTrace('{"log": {"entries": [');
    expect(!brokenHar.ok && brokenHar.error).toMatch(/the HAR file is not valid JSON/);
    const large = readTrace("x".repeat(2_000_000), { maxCharacters: 1024 * 1024 });
    expect(!large.ok && large.error).toBe(
      "trace: the file is 1.9 MB, more than the 1.0 MB a trace may have; export fewer requests (a HAR filtered to the provider's domain is far smaller)",
    );
  });

  it("reads HAR entries that POST to a provider, leaves the rest out and says so", () => {
    const trace = readFixture("openai-responses-instructions.har");
    expect(trace.format).toBe("har");
    expect(trace.provider).toBe("openai-responses");
    expect(trace.requests.map((request) => request.location.number)).toEqual([2, 3, 4, 5]);
    expect(trace.notes).toContain(
      "1 HAR entry is not a model request (other URLs, GETs, token counting) and was left out.",
    );
    expect(trace.requests[0].url).toBe("https://api.openai.com/v1/responses");
  });

  it("skips a request the provider refused (nothing billed)", () => {
    const document = JSON.parse(fixtureText("openai-responses-instructions.har"));
    document.log.entries[2].response.status = 400;
    const result = readTrace(JSON.stringify(document));
    expect(result.ok && result.trace.skipped).toEqual([
      { location: { kind: "entry", number: 3 }, reason: "the provider answered HTTP 400: nothing was billed" },
    ]);
  });

  it("folds an SSE-streamed response into one response with its usage", () => {
    const trace = readFixture("anthropic-sse.har");
    const [first, second] = trace.requests;
    expect(first.response?.content).toEqual([
      { type: "tool_use", id: "toolu_s1", name: "read_file", input: { path: "docs/TODO.md" } },
    ]);
    expect(second.response?.content).toEqual([{ type: "text", text: "The first item is: ship the trace importer." }]);
    expect(first.measured?.output).toBe(29);
    expect(second.measured).toMatchObject({ uncached: 0, output: 15 });
    expect(second.measured!.cacheRead).toBeGreaterThan(1000);
  });

  it("never keeps an API key, cookie or key-bearing query string from a HAR", () => {
    for (const name of ["openai-responses-instructions.har", "anthropic-sse.har"]) {
      const raw = fixtureText(name);
      const secrets = [FIXTURE_OPENAI_KEY, FIXTURE_ANTHROPIC_KEY, FIXTURE_SESSION_COOKIE.split("=")[1]];
      expect(
        secrets.some((secret) => raw.includes(secret)),
        `${name} carries a secret`,
      ).toBe(true);
      const parsed = JSON.stringify(readFixture(name));
      for (const secret of secrets) expect(parsed.includes(secret), `${name} leaks ${secret.slice(0, 12)}`).toBe(false);
      expect(parsed).not.toMatch(/authorization|x-api-key|cookie|api-key=/i);
    }
  });

  it("replaces key-shaped strings inside bodies before parsing them", () => {
    const body = {
      ...anthropicBody("my key is sk-ant-api03-abcdefghijklmnopqrstuvwxyz please"),
      metadata: { api_key: "abcd1234efgh" },
    };
    const result = readTrace(
      JSON.stringify({
        timestamp: "2026-11-30T09:00:00Z",
        request: body,
        headers: { "x-api-key": FIXTURE_ANTHROPIC_KEY },
      }),
    );
    const text = JSON.stringify(result);
    expect(text).not.toContain("sk-ant-api03-abcdefghijklmnopqrstuvwxyz");
    expect(text).not.toContain("abcd1234efgh");
    expect(text).not.toContain(FIXTURE_ANTHROPIC_KEY);
    expect(text).toContain("[redacted]");
  });
});
