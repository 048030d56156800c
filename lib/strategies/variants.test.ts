/**
 * One request of each community variant, computed by hand on the weather example (Anthropic, Claude Opus 4.8; the
 * prefilter's small model Claude Haiku 4.5). Prices are the published per-million figures written here as numbers
 * (PROTOCOLS.md §7): Opus input $5, 5-minute write $6.25, read $0.50, output $25; Haiku input $1, output $5. The
 * weather prompts stay under Opus's 1,024-token minimum until cli-help's eighth request, so most are uncached.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import type { StrategyId } from "../core/ids";
import { commandLine, helpText, parseCommand } from "./command-line";
import { readTextCalls } from "./text-protocol";

const engine = createEngine();
const OPUS = { input: 5, write5m: 6.25, read: 0.5, output: 25 };
const HAIKU = { input: 1, output: 5 };
const M = 1_000_000;

async function run(id: StrategyId) {
  const scenario = await loadExample("weather");
  return engine.runStrategy(
    { ...scenario, settings: { ...scenario.settings, provider: "anthropic", model: "claude-opus-4-8" } },
    id,
    { provider: "anthropic", model: "claude-opus-4-8" },
  );
}

const tokensOf = (step: { segments: { path: string; tokens: number }[] }) =>
  Object.fromEntries(step.segments.map((segment) => [segment.path, segment.tokens]));

describe("cli-help: one `run` tool, a listing, a help page, a call by command line", () => {
  it("the call after the help page pays for the listing and the help text; a later request reads the cache", async () => {
    const { steps } = await run("cli-help");
    expect(steps.map((step) => step.kind)).toEqual([
      ...["search", "load", "call", "retry", "answer"],
      ...["search", "load", "call", "answer"],
    ]);
    const call = steps[2];
    const segments = tokensOf(call);
    // run tool 125 + Anthropic's tool-use preamble 290 + system 20 + user 12 + `tools weather` call 31 + listing 36
    // + `get_weather --help` call 34 + help page 119 = 667, all uncached (under the 1,024 minimum).
    expect(segments).toMatchObject({ "tools[0]": 125, "messages[2].content[0]": 36, "messages[4].content[0]": 119 });
    expect(call.tokens).toMatchObject({ input: 667, cacheRead: 0, cacheWrite: 0, uncached: 667, output: 29 });
    expect(call.notes[0]).toMatch(/^get_weather --help: \d+ tokens of help text$/);
    // 667 × $5 + 29 × $25 = 3,335 + 725 = $4,060 per million = $0.00406.
    expect(call.cost.totalUsd).toBeCloseTo((667 * OPUS.input + 29 * OPUS.output) / M, 12);
    expect(call.cost.totalUsd).toBeCloseTo(0.00406, 12);
    // The scripted mistake reaches the client (the provider only checks that `command` is a string): a retry.
    expect(steps[3].notes.join(" ")).toMatch(/the command was rejected/);
    // The eighth request (1,121 tokens) is written; the ninth reads all of it and writes its own 117:
    // 1,121 × $0.50 + 117 × $6.25 + 23 × $25 = 560.5 + 731.25 + 575 = $1,866.75 per million.
    expect(steps[8].tokens).toMatchObject({ input: 1238, cacheRead: 1121, cacheWrite: 117, output: 23 });
    expect(steps[8].cost.totalUsd).toBeCloseTo(0.00186675, 12);
  });

  it("parses a command line by the schema and says what is wrong with a bad one", async () => {
    const scenario = await loadExample("weather");
    const weather = scenario.catalog.tools.find((tool) => tool.name === "get_weather")!;
    const find = (name: string) => scenario.catalog.tools.find((tool) => tool.name === name);
    const line = commandLine(weather, { location: "San Francisco, CA", unit: "celsius" });
    expect(line).toBe("get_weather --location 'San Francisco, CA' --unit celsius");
    expect(parseCommand(line, find)).toEqual({
      ok: true,
      kind: "call",
      tool: weather,
      args: { location: "San Francisco, CA", unit: "celsius" },
    });
    expect(parseCommand("get_weather --help", find)).toMatchObject({ ok: true, kind: "help" });
    expect(parseCommand("tools the weather", find)).toEqual({ ok: true, kind: "list", query: "the weather" });
    expect(parseCommand("get_weather --city Paris", find)).toEqual({
      ok: false,
      error: "get_weather: unknown option --city; see get_weather --help",
    });
    expect(parseCommand("get_wether", find)).toMatchObject({ ok: false, error: /command not found/ });
    expect(parseCommand("get_weather --location 'Paris", find)).toEqual({
      ok: false,
      error: "unterminated single quote",
    });
    expect(helpText(weather)).toMatch(/^Usage: get_weather --location <string>/);
  });
});

describe("prefilter: the small model's request, then the main one with only the selection", () => {
  it("prices the small model's request at Haiku's prices and the main one at Opus's", async () => {
    const { steps } = await run("prefilter");
    const [small, main] = steps;
    expect(small.lane).toBe("prefilter");
    expect(small.request.body.model).toBe("claude-haiku-4-5");
    expect(small.request.body.tools ?? []).toEqual([]);
    // The stub list in the system prompt 73 + the user's turn 12 = 85; 85 × $1 + 2 × $5 = $95 per million.
    expect(tokensOf(small)).toEqual({ "system[0]": 73, "messages[0].content[0]": 12 });
    expect(small.tokens).toMatchObject({ input: 85, uncached: 85, output: 2 });
    expect(small.cost.totalUsd).toBeCloseTo((85 * HAIKU.input + 2 * HAIKU.output) / M, 12);
    expect(small.notes[0]).toMatch(/^simulation: the small model's choice is the client search/);
    // Main: get_weather alone 86 + preamble 290 + system 20 + user 12 = 408; 408 × $5 + 24 × $25 = $2,640 per million.
    expect(main.lane).toBeUndefined();
    expect((main.request.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["get_weather"]);
    expect(main.tokens).toMatchObject({ input: 408, uncached: 408, output: 24 });
    expect(main.cost.totalUsd).toBeCloseTo(0.00264, 12);
    // The next turn's selection replaces `tools`, and the step says the cached prefix ends there.
    expect((steps[4].request.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["search_files"]);
    expect(steps[4].notes.join(" ")).toMatch(/tools changed with the prefilter's selection/);
  });

  it("append-only keeps the earlier tools first and adds the new ones at the end", async () => {
    const scenario = await loadExample("weather");
    const settings = { ...scenario.settings, provider: "anthropic" as const, prefilterOrder: "append-only" as const };
    const { steps } = engine.runStrategy({ ...scenario, settings }, "prefilter", { provider: "anthropic" });
    expect((steps[4].request.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual([
      "get_weather",
      "search_files",
    ]);
  });
});

describe("text-protocol: no tools, the catalog in the system prompt, calls as text", () => {
  it("the first request is the system prompt and the user's turn, without Anthropic's tool-use preamble", async () => {
    const { steps } = await run("text-protocol");
    const first = steps[0];
    expect(first.request.body.tools ?? []).toEqual([]);
    // System prompt with both tools as text 296 + user 12 = 308 (no 290-token preamble: `tools` is empty).
    expect(tokensOf(first)).toEqual({ "system[0]": 296, "messages[0].content[0]": 12 });
    // 308 × $5 + 32 × $25 = 1,540 + 800 = $2,340 per million.
    expect(first.cost.totalUsd).toBeCloseTo((308 * OPUS.input + 32 * OPUS.output) / M, 12);
    expect(first.cost.totalUsd).toBeCloseTo(0.00234, 12);
    // Nothing constrains the decoding: the scripted argument mistake is made and retried.
    expect(steps[1].kind).toBe("retry");
    expect(first.thirdParty).toEqual([
      expect.objectContaining({ landing: "system-prompt", role: "system", fromPath: "system[0]", tokens: 296 }),
    ]);
  });

  it("reads calls from the answer's text and refuses what it cannot read", () => {
    expect(readTextCalls('ok <tool_call>{"name":"get_weather","arguments":{"location":"Paris"}}</tool_call>')).toEqual([
      { ok: true, name: "get_weather", args: { location: "Paris" } },
    ]);
    expect(readTextCalls("<tool_call>{name: get_weather}</tool_call>")).toEqual([
      { ok: false, error: "the call is not valid JSON" },
    ]);
  });
});

describe("subagent: two conversations, each with its own cache and cost, summed", () => {
  it("the sub-agent's first request carries every tool; the run's total is both lanes' sum", async () => {
    const result = await run("subagent");
    const { steps } = result;
    expect(steps.map((step) => step.lane ?? "main")).toEqual([
      ...["main", "sub-agent", "sub-agent", "main"],
      ...["main", "sub-agent", "sub-agent", "main"],
    ]);
    const sub = steps[1];
    // get_weather 86 + search_files 58 + preamble 290 + system with the sub-agent's instructions 50 + task 12 = 496.
    expect(tokensOf(sub)).toMatchObject({ "tools[0]": 86, "tools[1]": 58, "system[0]": 50 });
    expect(sub.tokens).toMatchObject({ input: 496, uncached: 496, output: 24 });
    // 496 × $5 + 24 × $25 = 2,480 + 600 = $3,080 per million.
    expect(sub.cost.totalUsd).toBeCloseTo(0.00308, 12);
    const lane = (name: string | undefined) =>
      steps.filter((step) => step.lane === name).reduce((sum, step) => sum + step.cost.totalUsd, 0);
    expect(result.totals.costUsd).toBeCloseTo(lane(undefined) + lane("sub-agent"), 12);
    expect(result.thirdParty?.firstRequest).toBe(2);
  });
});

describe("share links carry a variant and the prefilter's settings", () => {
  it("round-trips the strategy on screen, the small model and the append-only order", async () => {
    const { envelopeText, readEnvelope } = await import("../share/share-envelope");
    const scenario = await loadExample("weather");
    const settings = {
      ...scenario.settings,
      prefilterModel: "claude-haiku-4-5",
      prefilterOrder: "append-only" as const,
    };
    const text = envelopeText({ scenario: { ...scenario, settings }, strategyId: "prefilter" });
    const read = readEnvelope(JSON.parse(text));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.workspace.strategyId).toBe("prefilter");
    expect(read.workspace.scenario.settings).toMatchObject({
      prefilterModel: "claude-haiku-4-5",
      prefilterOrder: "append-only",
    });
  });
});

describe("injection surface: where each strategy's catalog text lands, and with what role", () => {
  it("names the landing and role per strategy on the weather example", async () => {
    const scenario = await loadExample("weather");
    const surfaces = Object.fromEntries(
      engine
        .runAll(scenario, [
          "full",
          "gateway",
          "kimi-dynamic",
          "anthropic-mid-conversation",
          "text-protocol",
          "subagent",
        ])
        .map((run) => [
          run.id,
          `${run.thirdParty?.landings.map((item) => `${item.landing}/${item.role}`).join(", ")} from ${run.thirdParty?.firstRequest}`,
        ]),
    );
    expect(surfaces).toEqual({
      full: "tools/tools from 1",
      // The search result quotes each hit's name and description back as a tool result.
      gateway: "tool-result/user from 2",
      // Kimi's declaration is a system message: the most authority a catalog text gets inside the conversation.
      "kimi-dynamic": "tool-result/tool, system-message/system from 2",
      "anthropic-mid-conversation": "tool-result/user, system-message/system from 2",
      "text-protocol": "system-prompt/system from 1",
      // The main conversation holds only `delegate`; the sub-agent's first request (the run's second) has the tools.
      subagent: "tools/tools from 2",
    });
  });
});
