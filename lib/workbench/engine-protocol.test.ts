import { describe, expect, it } from "vitest";
import type { Catalog } from "../catalog/types";
import type { StrategyRun } from "../engine/types";
import type { Scenario } from "../scenario/types";
import { INITIAL_ENGINE_STATE, anthropicToolJson, coalesceQueue, handleEngineMessage, type EngineDependencies, type EngineRequest } from "./engine-protocol";

const catalog: Catalog = { tools: [{ name: "get_weather", description: "Weather now.", inputSchema: { type: "object", properties: { city: { type: "string" } } } }] };

function fakeRun(id: StrategyRun["id"], stepCount: number): StrategyRun {
  const step = (index: number) => ({
    index,
    turn: 0,
    kind: "call" as const,
    title: `step ${index}`,
    clockSeconds: index,
    request: { method: "POST" as const, url: "https://api.example/v1", headers: {}, body: { index } },
    response: { ok: true },
    segments: [],
    segmentStatus: [],
    tokens: { input: 10, cacheRead: 0, cacheWrite: 0, uncached: 10, toolDefinitions: 5, output: 1 },
    divergence: null,
    cost: { uncachedUsd: 0, cacheReadUsd: 0, cacheWriteUsd: 0, outputUsd: 0, totalUsd: 0 },
    notes: [],
    warnings: [],
  });
  return {
    id,
    provider: "anthropic",
    model: "m",
    steps: Array.from({ length: stepCount }, (_, index) => step(index)),
    totals: { input: 0, cacheRead: 0, cacheWrite: 0, uncached: 0, output: 0, requests: stepCount, costUsd: 0, cacheHitRateByTokens: 0, cacheHitRateByRequests: 0, toolsFound: 0, toolsNeeded: 0, toolDefinitions: 0 },
    goals: { noToolsUpFront: false, stableToolList: true, nativeStrictSchema: true },
    tokenCounting: { exact: true, label: "o200k" },
    warnings: [],
  };
}

function dependencies(overrides: Partial<EngineDependencies> = {}): EngineDependencies & { seen: Scenario[] } {
  const seen: Scenario[] = [];
  let clock = 0;
  return {
    seen,
    runAll: (scenario, ids) => {
      seen.push(scenario);
      return ids.map((id) => fakeRun(id, 3));
    },
    loadExample: async (id) => ({ formatVersion: 1, id, title: id, catalog, turns: [], settings: {} as Scenario["settings"] }),
    parseCatalogText: (text) => {
      try {
        return { value: JSON.parse(text) as Catalog, problems: [], format: "catalog" };
      } catch {
        return { value: undefined, problems: [{ severity: "error", path: "$", message: "catalog: bad JSON", line: 1, column: 1 }] };
      }
    },
    countTokens: (text) => text.length,
    now: () => (clock += 5),
    ...overrides,
  };
}

const scenarioWithoutCatalog = { formatVersion: 1 as const, id: "s", title: "s", turns: [], settings: {} as Scenario["settings"] };

describe("handleEngineMessage", () => {
  it("runs against the catalog version the worker holds and keeps runs for step details", async () => {
    const deps = dependencies();
    let { state } = await handleEngineMessage(INITIAL_ENGINE_STATE, { kind: "set-catalog", requestId: 1, catalogVersion: 7, catalog }, deps);
    const ran = await handleEngineMessage(state, { kind: "run", requestId: 2, catalogVersion: 7, scenario: scenarioWithoutCatalog, strategyIds: ["full", "gateway"] }, deps);
    state = ran.state;
    expect(ran.response).toMatchObject({ kind: "run-result", requestId: 2, timingMs: 5 });
    if (ran.response.kind !== "run-result") throw new Error("expected a run result");
    expect(ran.response.summaries.map((summary) => summary.id)).toEqual(["full", "gateway"]);
    expect(ran.response.summaries[0].steps[0]).not.toHaveProperty("request");
    expect(deps.seen[0].catalog).toBe(catalog);

    const detail = await handleEngineMessage(state, { kind: "step-detail", requestId: 3, runRequestId: 2, strategyId: "gateway", stepIndex: 1 }, deps);
    expect(detail.response).toMatchObject({ kind: "step-detail", detail: { strategyId: "gateway", stepIndex: 1, previousRequestJson: expect.stringContaining('"index": 0') } });
  });

  it("answers with an error value, never a throw, for an unknown catalog version, a stale run or a failing engine", async () => {
    const deps = dependencies({ runAll: () => { throw new Error("boom"); } });
    const noCatalog = await handleEngineMessage(INITIAL_ENGINE_STATE, { kind: "run", requestId: 1, catalogVersion: 1, scenario: scenarioWithoutCatalog, strategyIds: ["full"] }, deps);
    expect(noCatalog.response).toMatchObject({ kind: "error", requestId: 1, request: "run" });
    const { state } = await handleEngineMessage(INITIAL_ENGINE_STATE, { kind: "set-catalog", requestId: 2, catalogVersion: 1, catalog }, deps);
    const failing = await handleEngineMessage(state, { kind: "run", requestId: 3, catalogVersion: 1, scenario: scenarioWithoutCatalog, strategyIds: ["full"] }, deps);
    expect(failing.response).toMatchObject({ kind: "error", message: "engine: boom" });
    const stale = await handleEngineMessage(state, { kind: "step-detail", requestId: 4, runRequestId: 99, strategyId: "full", stepIndex: 0 }, deps);
    expect(stale.response.kind).toBe("error");
  });

  it("adopts parsed catalog text only when it has no errors", async () => {
    const deps = dependencies();
    const good = await handleEngineMessage(INITIAL_ENGINE_STATE, { kind: "parse-catalog", requestId: 1, catalogVersion: 4, text: JSON.stringify(catalog) }, deps);
    expect(good.response).toMatchObject({ kind: "catalog-parsed", catalog });
    expect(good.state.catalog?.version).toBe(4);
    const bad = await handleEngineMessage(good.state, { kind: "parse-catalog", requestId: 2, catalogVersion: 5, text: "{" }, deps);
    expect(bad.response).not.toHaveProperty("catalog");
    expect(bad.response).toMatchObject({ problems: [{ line: 1 }] });
    expect(bad.state.catalog?.version).toBe(4);
  });

  it("replaces one tool against the base version, and counts each tool's Anthropic JSON", async () => {
    const deps = dependencies();
    const { state } = await handleEngineMessage(INITIAL_ENGINE_STATE, { kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" }, deps);
    const renamed = { ...catalog.tools[0], description: "Changed." };
    const replaced = await handleEngineMessage(state, { kind: "replace-tool", requestId: 2, baseVersion: 1, catalogVersion: 2, index: 0, tool: renamed }, deps);
    expect(replaced.state.catalog?.value.tools[0].description).toBe("Changed.");
    const wrongBase = await handleEngineMessage(replaced.state, { kind: "replace-tool", requestId: 3, baseVersion: 1, catalogVersion: 3, index: 0, tool: renamed }, deps);
    expect(wrongBase.response.kind).toBe("error");
    const tokens = await handleEngineMessage(replaced.state, { kind: "tool-tokens", requestId: 4, catalogVersion: 2 }, deps);
    expect(tokens.response).toMatchObject({ kind: "tool-tokens", tokens: [anthropicToolJson(renamed).length] });
    expect(anthropicToolJson(renamed)).toContain('"input_schema"');
  });
});

describe("long runs", () => {
  it("report progress between strategies and stop when a newer run waits", async () => {
    const progress: number[] = [];
    const deps = dependencies({
      betweenStrategies: async ({ done }) => {
        progress.push(done);
        return { superseded: done === 2 };
      },
    });
    const { state } = await handleEngineMessage(INITIAL_ENGINE_STATE, { kind: "set-catalog", requestId: 1, catalogVersion: 1, catalog }, deps);
    const ran = await handleEngineMessage(state, { kind: "run", requestId: 2, catalogVersion: 1, scenario: scenarioWithoutCatalog, strategyIds: ["full", "stubs", "gateway"] }, deps);
    expect(progress).toEqual([1, 2]);
    expect(ran.response).toMatchObject({ kind: "error", message: "engine: superseded by a newer request" });
    expect(ran.state.runs).toBeNull();
  });
});

describe("coalesceQueue", () => {
  it("keeps only the newest run and step detail, and every catalog change in order", () => {
    const queue: EngineRequest[] = [
      { kind: "run", requestId: 1, catalogVersion: 1, scenario: scenarioWithoutCatalog, strategyIds: [] },
      { kind: "set-catalog", requestId: 2, catalogVersion: 2, catalog },
      { kind: "step-detail", requestId: 3, runRequestId: 1, strategyId: "full", stepIndex: 0 },
      { kind: "run", requestId: 4, catalogVersion: 2, scenario: scenarioWithoutCatalog, strategyIds: [] },
      { kind: "step-detail", requestId: 5, runRequestId: 1, strategyId: "full", stepIndex: 1 },
    ];
    const { keep, superseded } = coalesceQueue(queue);
    expect(keep.map((message) => message.requestId)).toEqual([2, 4, 5]);
    expect(superseded.map((message) => message.requestId)).toEqual([1, 3]);
  });
});
