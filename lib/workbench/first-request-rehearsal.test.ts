import { describe, expect, it } from "vitest";
import { parseCatalogText } from "../catalog";
import { argumentsPassSchema } from "../catalog/argument-validation";
import { STRATEGY_IDS, type StrategyId } from "../core/ids";
import { createEngine } from "../engine";
import { firstRequestToolTexts } from "../engine/catalog-count-texts";
import { loadExample } from "../examples";
import { fittedConversation } from "../scenario/catalog-conversation";
import type { Scenario } from "../scenario/types";
import { o200kMemo } from "../tokens";
import { createEngineHost } from "./engine-host";
import type { EngineRequest, EngineResponse, HelperResponse } from "./engine-messages";
import type { EngineDependencies } from "./engine-state";
import { expectedFirstTurn } from "./first-request-rehearsal";

const stubsFirst: StrategyId[] = ["stubs", ...STRATEGY_IDS.filter((id) => id !== "stubs")];

/**
 * The page's engine worker in this process over the real engine, the catalog "large" from `splitMinimumTools`
 * tools, every `runAll` recorded (the scenario's turn count and the strategies) in order with the messages handled.
 */
function recordingWorker(overrides: Partial<EngineDependencies> = {}) {
  const engine = createEngine();
  const events: string[] = [];
  const answers: HelperResponse[] = [];
  const waiting = new Map<number, (response: EngineResponse) => void>();
  const dependencies: Omit<EngineDependencies, "betweenStrategies" | "firstRequest"> = {
    runAll(scenario, ids, options) {
      events.push(`runAll ${ids.join(",")} turns=${scenario.turns.length}`);
      return engine.runAll(scenario, ids, options);
    },
    loadExample,
    parseCatalogText(text, options) {
      events.push("parse");
      return parseCatalogText(text, options);
    },
    countTokens: (text) => o200kMemo.count(text),
    now: () => 0,
    splitMinimumTools: 50,
    ...overrides,
  };
  const host = createEngineHost({
    post(response) {
      answers.push(response);
      if (response.kind !== "run-progress" && response.kind !== "example-tools" && response.kind !== "texts-counted")
        waiting.get(response.requestId)?.(response as EngineResponse);
    },
    now: () => 0,
    dependencies,
  });
  return {
    host,
    engine,
    events,
    answers,
    send: (message: EngineRequest) =>
      new Promise<EngineResponse>((resolve) => {
        waiting.set(message.requestId, resolve);
        host.receive(structuredClone(message));
      }),
  };
}

async function pageScenario() {
  const { catalog: _catalog, ...scenario } = await loadExample("weather");
  void _catalog;
  return scenario;
}

describe("the rehearsal of a large import's first request", () => {
  it("runs the page's next run's first turn while the page takes the catalog in, and the run finds its counts made", async () => {
    const scenario = await pageScenario();
    const imported = (await loadExample("github-mcp")).catalog;
    const text = JSON.stringify({ tools: imported.tools });
    const worker = recordingWorker();
    await worker.send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" });
    await worker.send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: stubsFirst });
    worker.events.length = 0;
    o200kMemo.clear();

    const parsed = await worker.send({
      kind: "parse-catalog",
      requestId: 3,
      catalogVersion: 2,
      text,
      conversation: scenario.turns,
    });
    if (parsed.kind !== "catalog-parsed" || !parsed.catalog) throw new Error(parsed.kind);
    await worker.host.settled();
    // The answer carries the page's conversation fitted to the new tools (weather's turns call tools it lacks).
    const fitted = fittedConversation(scenario.turns, parsed.catalog, { argumentsValid: argumentsPassSchema });
    expect(fitted.replaced).toBe(true);
    expect(parsed.conversation).toEqual(fitted);
    expect(worker.events).toEqual(["parse", "runAll stubs turns=1"]);

    // What the run's first request counts is already counted: nothing of it is counted again.
    const run: Scenario = { ...scenario, turns: [...fitted.turns], catalog: parsed.catalog };
    const firstTexts = firstRequestToolTexts(createEngine(), run, "stubs");
    expect(firstTexts.length).toBeGreaterThan(imported.tools.length);
    const counted: string[] = [];
    const stop = o200kMemo.onCounted((counted_) => void counted.push(counted_));
    const { catalog: _catalog, ...withoutCatalog } = run;
    void _catalog;
    const result = await worker.send({
      kind: "run",
      requestId: 4,
      catalogVersion: 2,
      scenario: withoutCatalog,
      strategyIds: stubsFirst,
    });
    stop();
    expect(result.kind).toBe("run-result");
    expect(firstTexts.filter((text) => counted.includes(text))).toEqual([]);

    // The same run on a worker that never rehearsed answers the same, byte for byte.
    const fresh = recordingWorker({ splitMinimumTools: 1_000_000 });
    await fresh.send({ kind: "parse-catalog", requestId: 1, catalogVersion: 2, text });
    const alone = await fresh.send({
      kind: "run",
      requestId: 4,
      catalogVersion: 2,
      scenario: withoutCatalog,
      strategyIds: stubsFirst,
    });
    expect(fresh.events.some((event) => event.endsWith("turns=1"))).toBe(false);
    expect(JSON.stringify(result.kind === "run-result" && result.summaries)).toBe(
      JSON.stringify(alone.kind === "run-result" && alone.summaries),
    );
  });

  it("is not run for a small catalog, before any run, for the helper's copy, or once another catalog is on its way", async () => {
    const scenario = await pageScenario();
    const imported = (await loadExample("github-mcp")).catalog;
    const text = JSON.stringify({ tools: imported.tools });

    const small = recordingWorker({ splitMinimumTools: 1_000 });
    await small.send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" });
    await small.send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: stubsFirst });
    small.events.length = 0;
    await small.send({ kind: "parse-catalog", requestId: 3, catalogVersion: 2, text });
    await small.host.settled();
    expect(small.events).toEqual(["parse"]);

    const noRunYet = recordingWorker();
    await noRunYet.send({ kind: "parse-catalog", requestId: 1, catalogVersion: 1, text });
    await noRunYet.host.settled();
    expect(noRunYet.events).toEqual(["parse"]);

    const helper = recordingWorker();
    await helper.send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" });
    await helper.send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: stubsFirst });
    helper.events.length = 0;
    await helper.send({ kind: "parse-catalog", requestId: 3, catalogVersion: 2, text, answer: "catalog-set" });
    await helper.host.settled();
    expect(helper.events).toEqual(["parse"]);

    // A second import arrives while the first one's counts are being made: the first one's turn is not run.
    let armed = false;
    const racing = recordingWorker({
      async beforeRun() {
        if (!armed) return;
        armed = false;
        racing.host.receive({ kind: "parse-catalog", requestId: 9, catalogVersion: 3, text: "{" });
      },
    });
    await racing.send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" });
    await racing.send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: stubsFirst });
    racing.events.length = 0;
    armed = true;
    await racing.send({ kind: "parse-catalog", requestId: 3, catalogVersion: 2, text });
    await racing.host.settled();
    expect(racing.events).toEqual(["parse", "parse"]);
  });

  it("rehearses with the page's own turns when the new catalog has every tool they call", async () => {
    const example = await loadExample("github-mcp");
    const { catalog, ...scenario } = example;
    const parsed = parseCatalogText(JSON.stringify({ tools: catalog.tools }), {}).value!;
    const message: EngineRequest = { kind: "parse-catalog", requestId: 1, catalogVersion: 2, text: "" };
    const rehearsal = expectedFirstTurn(
      message,
      {
        catalog: { version: 2, value: parsed },
        runs: null,
        toolTokens: null,
        latestRun: { scenario, strategyIds: ["gateway", "full"], provider: "openai-chat" },
      },
      { splitMinimumTools: 50 },
    );
    expect(rehearsal).toEqual({
      scenario: { ...scenario, catalog: parsed, turns: scenario.turns.slice(0, 1) },
      strategyIds: ["gateway"],
      provider: "openai-chat",
    });
    // The conversation the parse's answer fitted wins over the latest run's.
    const imported = [scenario.turns[2], scenario.turns[0]];
    const fromAnswer = expectedFirstTurn(
      message,
      {
        catalog: { version: 2, value: parsed },
        runs: null,
        toolTokens: null,
        latestRun: { scenario, strategyIds: ["gateway", "full"] },
        importedTurns: { version: 2, turns: imported },
      },
      { splitMinimumTools: 50 },
    );
    expect(fromAnswer?.scenario.turns).toEqual([scenario.turns[2]]);
  });
});
