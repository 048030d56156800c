import { describe, expect, it } from "vitest";
import { parseCatalogText } from "../catalog";
import { argumentsPassSchema } from "../catalog/argument-validation";
import { STRATEGY_IDS, type StrategyId } from "../core/ids";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { fittedConversation } from "../scenario/catalog-conversation";
import { o200kMemo } from "../tokens";
import { createEngineHost } from "./engine-host";
import type { EngineRequest, EngineResponse, HelperResponse } from "./engine-messages";
import type { EngineDependencies } from "./engine-state";

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

describe("an import's run sent right behind its text", () => {
  it("runs the conversation fitted to the parsed catalog, as the same run of those turns on a fresh worker does", async () => {
    const scenario = await pageScenario();
    const imported = (await loadExample("github-mcp")).catalog;
    const text = JSON.stringify({ tools: imported.tools });
    const worker = recordingWorker();
    await worker.send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" });
    await worker.send({ kind: "run", requestId: 2, catalogVersion: 1, scenario, strategyIds: stubsFirst });
    worker.events.length = 0;

    // Both messages at once, as the page posts them (workers/engine-client.ts parseCatalogAndRun).
    const parsing = worker.send({
      kind: "parse-catalog",
      requestId: 3,
      catalogVersion: 2,
      text,
      conversation: scenario.turns,
    });
    const running = worker.send({
      kind: "run",
      requestId: 4,
      catalogVersion: 2,
      scenario,
      strategyIds: stubsFirst,
      turnsAsImported: true,
    });
    const [parsed, result] = await Promise.all([parsing, running]);
    if (parsed.kind !== "catalog-parsed" || !parsed.catalog) throw new Error(parsed.kind);
    // The answer carries the page's conversation fitted to the new tools (weather's turns call tools it lacks).
    const fitted = fittedConversation(scenario.turns, parsed.catalog, { argumentsValid: argumentsPassSchema });
    expect(fitted.replaced).toBe(true);
    expect(parsed.conversation).toEqual(fitted);
    // Parsed, then run once, every turn of it: nothing rehearsed or run twice.
    expect(worker.events).toEqual([
      "parse",
      `runAll stubs turns=${fitted.turns.length}`,
      ...stubsFirst.slice(1).map((id) => `runAll ${id} turns=${fitted.turns.length}`),
    ]);
    expect(result.kind).toBe("run-result");

    // The same run, of the fitted turns sent as the page's own, on a worker that parsed the text alone.
    const fresh = recordingWorker({ splitMinimumTools: 1_000_000 });
    await fresh.send({ kind: "parse-catalog", requestId: 1, catalogVersion: 2, text });
    const alone = await fresh.send({
      kind: "run",
      requestId: 4,
      catalogVersion: 2,
      scenario: { ...scenario, turns: [...fitted.turns] },
      strategyIds: stubsFirst,
    });
    expect(JSON.stringify(result.kind === "run-result" && result.summaries)).toBe(
      JSON.stringify(alone.kind === "run-result" && alone.summaries),
    );
  });

  it("refuses the run when the parse failed, and the worker keeps the catalog it had", async () => {
    const scenario = await pageScenario();
    const worker = recordingWorker();
    await worker.send({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" });
    const parsing = worker.send({
      kind: "parse-catalog",
      requestId: 2,
      catalogVersion: 2,
      text: "{",
      conversation: scenario.turns,
    });
    const running = worker.send({
      kind: "run",
      requestId: 3,
      catalogVersion: 2,
      scenario,
      strategyIds: stubsFirst,
      turnsAsImported: true,
    });
    const [parsed, result] = await Promise.all([parsing, running]);
    expect(parsed).toMatchObject({
      kind: "catalog-parsed",
      problems: [expect.objectContaining({ severity: "error" })],
    });
    expect(result).toMatchObject({
      kind: "error",
      message: expect.stringContaining("catalog version 2 is not loaded"),
    });
    const again = await worker.send({ kind: "run", requestId: 4, catalogVersion: 1, scenario, strategyIds: ["full"] });
    expect(again.kind).toBe("run-result");
  });
});
