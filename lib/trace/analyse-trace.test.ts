import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { simulationJson } from "../report/simulation-output";
import { parseScenarioValue } from "../scenario";
import { STRATEGY_IDS } from "../core/ids";
import { analyseTrace } from "./analyse-trace";
import { deriveScenario, MAX_REPLAY_TURNS } from "./derive-scenario";
import { explainTrace } from "./explain-trace";
import { readTrace } from "./read-trace";
import { traceJson } from "./trace-output";
import { fixtureText } from "./test-support";

function analysed(name: string) {
  const result = analyseTrace(fixtureText(name), { title: name });
  if (!result.ok) throw new Error(result.error);
  return result.analysis;
}

describe("analyseTrace: derive a scenario from the trace and replay it under every strategy", () => {
  it("the Anthropic session becomes a valid scenario: its tools, its user turns, the calls with their arguments", () => {
    const { derived } = analysed("anthropic-session.jsonl");
    const scenario = derived.scenario;
    expect(scenario.catalog.tools.map((tool) => tool.name)).toEqual([
      "get_weather",
      "search_files",
      "read_file",
      "create_issue",
    ]);
    expect(scenario.turns.map((turn) => [turn.user, turn.needs.map((need) => need.tool)])).toEqual([
      ["What's the weather in Paris right now?", ["get_weather"]],
      ["Find the release notes in the docs folder.", ["search_files", "read_file"]],
      ["Open an issue to document the 2.4 search change.", ["create_issue"]],
    ]);
    expect(scenario.turns[0].needs[0].arguments).toEqual({ location: "Paris", unit: "celsius" });
    expect(scenario.turns[0].answer).toBe("It is 7 °C with rain in Paris.".replace("rain", "light rain"));
    expect(scenario.settings).toMatchObject({
      provider: "anthropic",
      model: "claude-opus-4-8",
      cacheMode: "automatic",
    });
    // Inside a turn the agent waited 4–6 s between requests; between turns about a minute (and once 12 minutes).
    expect(scenario.settings.secondsBetweenSteps).toBe(5);
    const parsed = parseScenarioValue(JSON.parse(JSON.stringify(scenario)));
    expect(parsed.problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("runs every strategy, each exactly as `simulate --json` prints it for the derived scenario", () => {
    const analysis = analysed("openai-responses-instructions.har");
    expect(analysis.replay.map((run) => run.id)).toEqual([...STRATEGY_IDS]);
    const ran = analysis.replay.filter((run) => !run.refused);
    expect(ran.map((run) => run.id)).toEqual([
      ...["full", "naive-dynamic", "openai-tool-search", "stubs", "gateway"],
      ...["cli-help", "prefilter", "text-protocol", "subagent"],
    ]);
    for (const run of ran) expect(run.steps.length, run.id).toBeGreaterThan(0);
    const json = traceJson(analysis);
    const simulated = createEngine().runAll(analysis.derived.scenario, STRATEGY_IDS, {
      provider: "openai-responses",
      model: "gpt-5.4",
    });
    expect(json.replay).toEqual(simulationJson(simulated));
  });

  it("prints the documented --json shape", () => {
    const json = traceJson(analysed("anthropic-session.jsonl"));
    expect(Object.keys(json)).toEqual(expect.arrayContaining(["provider", "model", "requests", "totals", "replay"]));
    expect(json.requests[0]).toEqual({
      index: 0,
      location: "line 1",
      timestamp: "2026-11-30T09:00:00.000Z",
      model: "claude-opus-4-8",
      tokens: expect.objectContaining({
        input: expect.any(Number),
        cacheRead: 0,
        cacheWrite: expect.any(Number),
        uncached: 0,
      }),
      measured: { input: json.requests[0].tokens.input, cacheRead: 0, cacheWrite: json.requests[0].tokens.cacheWrite },
      difference: { input: 0, cacheRead: 0, cacheWrite: 0 },
      predictionGap: null,
      divergence: {
        segment: "tools[0]",
        reason: "First request: nothing is cached yet, so the prompt is written.",
        cause: "cold-start",
      },
      cost: json.requests[0].costUsd,
      costUsd: expect.any(Number),
      lost: 0,
      lostUsd: 0,
    });
    expect(json.currency).toBe("USD");
    expect(json.requests[1].divergence).toBeNull();
    expect(Object.keys(json.totals)).toEqual(Object.keys(json.replay.strategies[0].totals));
  });

  it("measures what seed 001 says to measure, and gives the decide rules' recommendation", () => {
    const { figures, recommendation } = analysed("anthropic-session.jsonl");
    expect(figures).toMatchObject({ toolCount: 4, sessions: 1, distinctToolsUsedPerSession: 4 });
    expect(figures.meanDefinitionTokens).toBeGreaterThan(30);
    expect(figures.hitRateByRequests).toBeCloseTo(4 / 7, 10);
    expect(figures.measuredHitRateByRequests).toBeCloseTo(4 / 7, 10);
    // Four tools: seed 001 §4.1 says register everything below 20.
    expect(recommendation).toMatchObject({ strategy: "full", rule: "few-tools" });
  });
});

describe("deriveScenario on a long trace", () => {
  it("replays the first MAX_REPLAY_TURNS user turns and says so", () => {
    const messages: Array<{ role: string; content: string }> = [];
    const lines: string[] = [];
    for (let index = 0; index < MAX_REPLAY_TURNS + 5; index += 1) {
      messages.push({ role: "user", content: `question ${index}` });
      lines.push(JSON.stringify({ model: "gpt-5.4", messages: [...messages] }));
      messages.push({ role: "assistant", content: `answer ${index}` });
    }
    const read = readTrace(lines.join("\n"));
    if (!read.ok) throw new Error(read.error);
    const derived = deriveScenario(read.trace, explainTrace(read.trace));
    expect(derived.scenario.turns).toHaveLength(MAX_REPLAY_TURNS);
    expect(derived.truncatedFrom).toBe(MAX_REPLAY_TURNS + 5);
    expect(derived.notes.join(" ")).toContain(
      `The replay runs the first ${MAX_REPLAY_TURNS} of the trace's 65 user turns`,
    );
  });
});
