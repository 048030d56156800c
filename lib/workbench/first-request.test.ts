import { describe, expect, it, vi } from "vitest";
import { parseCatalogText } from "../catalog";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import type { StrategyId } from "../core/ids";
import { o200kMemo } from "../tokens";
import { createEngineHost } from "./engine-host";
import type { EngineDependencies } from "./engine-state";
import type { EngineResponse, HelperResponse } from "./engine-messages";
import { EARLY_FIRST_REQUEST_MINIMUM_TOOLS } from "./engine-scheduler";

/** Every client index built, in order with the requests the runs make (`events`). */
const events: string[] = [];

vi.mock("../search", async (importOriginal) => {
  const original = await importOriginal<typeof import("../search")>();
  return {
    ...original,
    createClientSearch: (...args: Parameters<typeof original.createClientSearch>) => {
      events.push("client index");
      return original.createClientSearch(...args);
    },
  };
});

/** The engine worker's loop over the real engine, every answer and every finished `runAll` recorded in order. */
function recordingHost() {
  const engine = createEngine();
  const log: Array<{ response: HelperResponse } | { ran: readonly StrategyId[] }> = [];
  const dependencies: Omit<EngineDependencies, "betweenStrategies" | "firstRequest"> = {
    runAll: (scenario, ids, options) => {
      const runs = engine.runAll(scenario, ids, options);
      log.push({ ran: ids });
      return runs;
    },
    loadExample,
    parseCatalogText: (text, options) => parseCatalogText(text, options),
    countTokens: (text) => o200kMemo.count(text),
    now: () => 0,
  };
  const host = createEngineHost({ post: (response) => void log.push({ response }), now: () => 0, dependencies });
  return { host, log };
}

async function runExample(exampleId: string, shownStep: { strategyId: StrategyId; stepIndex: number }) {
  const { host, log } = recordingHost();
  host.receive({ kind: "load-example", requestId: 1, catalogVersion: 1, exampleId });
  const strategyIds: StrategyId[] = [shownStep.strategyId, "gateway"];
  host.receive({ kind: "run", requestId: 2, catalogVersion: 1, scenario: "as-loaded", strategyIds, shownStep });
  await host.settled();
  host.receive({ kind: "step-detail", requestId: 3, runRequestId: 2, ...shownStep });
  await host.settled();
  const responses = log.flatMap((entry) => ("response" in entry ? [entry.response] : []));
  const early = log.findIndex(
    (entry) => "response" in entry && entry.response.kind === "run-progress" && entry.response.firstRequest,
  );
  const firstRan = log.findIndex((entry) => "ran" in entry && entry.ran.includes(shownStep.strategyId));
  return { log, responses, early, firstRan };
}

describe("the first request on screen", () => {
  it("is posted while its strategy's run goes on, equal to the whole run's step and detail", async () => {
    // github-mcp: 117 real tools, over the threshold.
    const shownStep = { strategyId: "naive-dynamic" as const, stepIndex: 0 };
    const { log, responses, early, firstRan } = await runExample("github-mcp", shownStep);
    expect(early).toBeGreaterThanOrEqual(0);
    expect(early).toBeLessThan(firstRan);
    const progress = (log[early] as { response: Extract<EngineResponse, { kind: "run-progress" }> }).response;
    expect(progress).toMatchObject({ requestId: 2, done: 0, total: 2 });
    const soFar = progress.firstRequest!.summary;
    expect(soFar.inProgress).toBe(true);
    expect(soFar.explicitCache).toBeUndefined();
    const result = responses.find((response) => response.kind === "run-result");
    if (result?.kind !== "run-result") throw new Error("the run did not finish");
    const whole = result.summaries.find((summary) => summary.id === "naive-dynamic")!;
    expect(whole.inProgress).toBeUndefined();
    expect(whole.steps.length).toBeGreaterThan(soFar.steps.length);
    // Each request made so far is final: the whole run's first steps are the same.
    expect(soFar.steps).toEqual(whole.steps.slice(0, soFar.steps.length));
    const asked = responses.find((response) => response.kind === "step-detail" && response.requestId === 3);
    if (asked?.kind !== "step-detail") throw new Error("no detail");
    expect(progress.firstRequest!.detail).toEqual(asked.detail);
    // Its detail is not sent a second time with the strategy's summary.
    for (const response of responses)
      if (response.kind === "run-progress" && response.summaries?.some((summary) => summary.id === "naive-dynamic"))
        expect(response.detail).toBeUndefined();
  });

  it("is posted once the step on screen is made, not only the first", async () => {
    const shownStep = { strategyId: "naive-dynamic" as const, stepIndex: 2 };
    const { log, early, firstRan } = await runExample("github-mcp", shownStep);
    expect(early).toBeLessThan(firstRan);
    const progress = (log[early] as { response: Extract<EngineResponse, { kind: "run-progress" }> }).response;
    expect(progress.firstRequest!.summary.steps).toHaveLength(3);
    expect(progress.firstRequest!.detail).toMatchObject({ strategyId: "naive-dynamic", stepIndex: 2 });
  });

  it("is not posted apart for a small catalog, whose whole run ends sooner", async () => {
    const weather = await loadExample("weather");
    expect(weather.catalog.tools.length).toBeLessThan(EARLY_FIRST_REQUEST_MINIMUM_TOOLS);
    const { early } = await runExample("weather", { strategyId: "naive-dynamic", stepIndex: 0 });
    expect(early).toBe(-1);
  });

  it.each(["naive-dynamic", "gateway"] as const)(
    "%s sends the model's first search request before the client search index is built",
    async (id) => {
      const scenario = await loadExample("github-mcp");
      const engine = createEngine();
      events.length = 0;
      const run = engine.runStrategy(scenario, id, {
        onStep: ({ steps }) => void events.push(`request ${steps.length}`),
      });
      expect(run.steps[0].kind).toBe("search");
      expect(events.indexOf("request 1")).toBeGreaterThanOrEqual(0);
      expect(events.indexOf("request 1")).toBeLessThan(events.indexOf("client index"));
      // The same run without the hook: the order of the work changed nothing in it.
      expect(createEngine().runStrategy(scenario, id)).toEqual(run);
    },
  );
});
