import { argumentsPassSchema } from "../catalog/argument-validation";
import { fittedConversation } from "../scenario/catalog-conversation";
import { describe, expect, it } from "vitest";
import { parseCatalogText } from "../catalog";
import type { Catalog } from "../core/catalog";
import type { Scenario } from "../scenario/types";
import { INITIAL_ENGINE_STATE, type EngineDependencies } from "./engine-state";
import {
  PARTIAL_RESULTS_AFTER_MS,
  answerDuringRun,
  anthropicToolJson,
  coalesceQueue,
  createProgressReporter,
  handleEngineMessage,
} from "./engine-handler";
import type { EngineRequest } from "./engine-messages";
import { fakeStrategyRun } from "./fake-strategy-run";
import { stepDetail, withRequestBody } from "./summarise-run";

const catalog: Catalog = {
  tools: [
    {
      name: "get_weather",
      description: "Weather now.",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
    },
  ],
};

const fakeRun = fakeStrategyRun;

function dependencies(overrides: Partial<EngineDependencies> = {}): EngineDependencies & { seen: Scenario[] } {
  const seen: Scenario[] = [];
  let clock = 0;
  return {
    seen,
    runAll: (scenario, ids) => {
      seen.push(scenario);
      return ids.map((id) => fakeRun(id, 3));
    },
    loadExample: async (id) => ({
      formatVersion: 1,
      id,
      title: id,
      catalog,
      turns: [],
      settings: {} as Scenario["settings"],
    }),
    parseCatalogText: (text) => {
      try {
        return { value: JSON.parse(text) as Catalog, problems: [], format: "catalog" };
      } catch {
        return {
          value: undefined,
          problems: [{ severity: "error", path: "$", message: "catalog: bad JSON", line: 1, column: 1 }],
        };
      }
    },
    countTokens: (text) => text.length,
    now: () => (clock += 5),
    ...overrides,
  };
}

const scenarioWithoutCatalog = {
  formatVersion: 1 as const,
  id: "s",
  title: "s",
  turns: [],
  settings: {} as Scenario["settings"],
};

/** An import (catalog version 4) under a conversation that calls a tool the catalog lacks. */
async function importCallingMissingTool() {
  const deps = dependencies();
  const calling = [{ user: "Book a flight.", needs: [{ tool: "travel_book_flight", arguments: {} }] }];
  const parsed = await handleEngineMessage(
    INITIAL_ENGINE_STATE,
    { kind: "parse-catalog", requestId: 1, catalogVersion: 4, text: JSON.stringify(catalog), conversation: calling },
    deps,
  );
  return { deps, calling, parsed };
}

describe("handleEngineMessage", () => {
  it("runs against the catalog version the worker holds and keeps runs for step details", async () => {
    const deps = dependencies();
    let { state } = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "set-catalog", requestId: 1, catalogVersion: 7, catalog },
      deps,
    );
    const ran = await handleEngineMessage(
      state,
      {
        kind: "run",
        requestId: 2,
        catalogVersion: 7,
        scenario: scenarioWithoutCatalog,
        strategyIds: ["full", "gateway"],
      },
      deps,
    );
    state = ran.state;
    expect(ran.response).toMatchObject({ kind: "run-result", requestId: 2, timingMs: 5 });
    if (ran.response.kind !== "run-result") throw new Error("expected a run result");
    expect(ran.response.summaries.map((summary) => summary.id)).toEqual(["full", "gateway"]);
    expect(ran.response.summaries[0].steps[0]).not.toHaveProperty("request");
    expect(deps.seen[0].catalog).toBe(catalog);

    const detail = await handleEngineMessage(
      state,
      { kind: "step-detail", requestId: 3, runRequestId: 2, strategyId: "gateway", stepIndex: 1 },
      deps,
    );
    expect(detail.response).toMatchObject({
      kind: "step-detail",
      detail: { strategyId: "gateway", stepIndex: 1, requestJson: expect.stringContaining('"index": 1') },
    });
    // The previous request's text is not sent: the page never shows it, and at 10,000 tools it is ≈ 36 MB.
    if (detail.response.kind !== "step-detail") throw new Error("expected a step detail");
    expect(detail.response.detail.previousRequestJson).toBeNull();
    // Nor the body as objects: it is the text, which the page parses only when something needs the object.
    expect(detail.response.detail.request).not.toHaveProperty("body");
    expect(detail.response.detail).toMatchObject({
      requestBodyOmitted: true,
      request: { url: "https://api.example/v1" },
    });
    const restored = withRequestBody(detail.response.detail);
    expect(restored).not.toHaveProperty("requestBodyOmitted");
    expect(restored.request.body).toEqual({ index: 1 });
    expect(restored.request.body).toBe(restored.request.body);
    expect(JSON.parse(JSON.stringify(restored))).toEqual(
      stepDetail(fakeRun("gateway", 3), 1, { previousRequestJson: false }),
    );
    const whole = stepDetail(fakeRun("gateway", 3), 1)!;
    expect(withRequestBody(whole)).toBe(whole);

    // The export's JSON is the documented simulate --json document of the same run, requests included.
    const results = await handleEngineMessage(state, { kind: "results-json", requestId: 4, runRequestId: 2 }, deps);
    if (results.response.kind !== "results-json") throw new Error("expected results");
    expect(results.response.json.strategies.map((strategy) => strategy.id)).toEqual(["full", "gateway"]);
    expect(results.response.json.strategies[1].steps[2].request).toMatchObject({ body: { index: 2 } });
    const stale = await handleEngineMessage(state, { kind: "results-json", requestId: 5, runRequestId: 1 }, deps);
    expect(stale.response).toMatchObject({ kind: "error", request: "results-json" });
  });

  it("answers with an error value, never a throw, for an unknown catalog version, a stale run or a failing engine", async () => {
    const deps = dependencies({
      runAll: () => {
        throw new Error("boom");
      },
    });
    const noCatalog = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "run", requestId: 1, catalogVersion: 1, scenario: scenarioWithoutCatalog, strategyIds: ["full"] },
      deps,
    );
    expect(noCatalog.response).toMatchObject({ kind: "error", requestId: 1, request: "run" });
    const { state } = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "set-catalog", requestId: 2, catalogVersion: 1, catalog },
      deps,
    );
    const failing = await handleEngineMessage(
      state,
      { kind: "run", requestId: 3, catalogVersion: 1, scenario: scenarioWithoutCatalog, strategyIds: ["full"] },
      deps,
    );
    expect(failing.response).toMatchObject({ kind: "error", message: "engine: boom" });
    const stale = await handleEngineMessage(
      state,
      { kind: "step-detail", requestId: 4, runRequestId: 99, strategyId: "full", stepIndex: 0 },
      deps,
    );
    expect(stale.response.kind).toBe("error");
  });

  it("adopts parsed catalog text only when it has no errors", async () => {
    const deps = dependencies();
    const good = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "parse-catalog", requestId: 1, catalogVersion: 4, text: JSON.stringify(catalog) },
      deps,
    );
    expect(good.response).toMatchObject({ kind: "catalog-parsed", catalog });
    expect(good.state.catalog?.version).toBe(4);
    const bad = await handleEngineMessage(
      good.state,
      { kind: "parse-catalog", requestId: 2, catalogVersion: 5, text: "{" },
      deps,
    );
    expect(bad.response).not.toHaveProperty("catalog");
    expect(bad.response).toMatchObject({ problems: [{ line: 1 }] });
    expect(bad.state.catalog?.version).toBe(4);
    expect(bad.response).not.toHaveProperty("conversation");
  });

  it("answers an import with the page's conversation fitted to the parsed catalog, and keeps it for the run sent behind", async () => {
    const { deps, calling, parsed } = await importCallingMissingTool();
    const expected = fittedConversation(calling, catalog, { argumentsValid: argumentsPassSchema });
    expect(expected).toMatchObject({ replaced: true, missing: ["travel_book_flight"] });
    expect(parsed.response).toMatchObject({ kind: "catalog-parsed", conversation: expected });
    expect(parsed.state.importedTurns).toEqual({ version: 4, turns: expected.turns });
    // A conversation the catalog can run stays as it is; a later catalog forgets the import's turns.
    const own = [{ user: "Go.", needs: [{ tool: catalog.tools[0].name, arguments: {} }] }];
    const kept = await handleEngineMessage(
      parsed.state,
      { kind: "parse-catalog", requestId: 2, catalogVersion: 5, text: JSON.stringify(catalog), conversation: own },
      deps,
    );
    expect(kept.response).toMatchObject({ conversation: { turns: own, missing: [], replaced: false } });
    const later = await handleEngineMessage(
      kept.state,
      { kind: "set-catalog", requestId: 3, catalogVersion: 6, catalog },
      deps,
    );
    expect(later.state.importedTurns).toBeUndefined();
  });

  it("runs an import's fitted conversation when the page's run says so, and only for the import it fitted", async () => {
    const { deps, calling, parsed } = await importCallingMissingTool();
    const fitted = parsed.state.importedTurns?.turns;
    expect(fitted?.[0].needs?.[0].tool).toBe("get_weather");
    const pageScenario = {
      formatVersion: 1 as const,
      id: "weather",
      title: "Weather",
      turns: calling,
      settings: { provider: "openai" } as unknown as Scenario["settings"],
    };
    const ran = await handleEngineMessage(
      parsed.state,
      {
        kind: "run",
        requestId: 2,
        catalogVersion: 4,
        scenario: pageScenario,
        strategyIds: ["full"],
        turnsAsImported: true,
      },
      deps,
    );
    expect(ran.response.kind).toBe("run-result");
    // The page's meta and settings, the fitted turns in place of the page's.
    expect(deps.seen.at(-1)).toMatchObject({ id: "weather", settings: { provider: "openai" }, turns: fitted, catalog });
    // A catalog that was not an import fitted here has no such turns: an error, never the page's stale ones.
    const set = await handleEngineMessage(
      ran.state,
      { kind: "set-catalog", requestId: 3, catalogVersion: 5, catalog },
      deps,
    );
    const refused = await handleEngineMessage(
      set.state,
      {
        kind: "run",
        requestId: 4,
        catalogVersion: 5,
        scenario: pageScenario,
        strategyIds: ["full"],
        turnsAsImported: true,
      },
      deps,
    );
    expect(refused.response).toMatchObject({ kind: "error", message: expect.stringContaining("not an import") });
  });

  it("brings an imported file's text back only when the page's editor shows it", async () => {
    const deps = dependencies();
    const two = { tools: [catalog.tools[0], { ...catalog.tools[0], name: "get_forecast" }] };
    const parse = (text: string, limits: { maxTools: number; maxCharacters: number } | undefined) =>
      handleEngineMessage(
        INITIAL_ENGINE_STATE,
        { kind: "parse-catalog", requestId: 1, catalogVersion: 4, text, ...(limits ? { answerWithText: limits } : {}) },
        deps,
      ).then((handled) => handled.response);
    const text = JSON.stringify(two);
    expect(await parse(text, { maxTools: 2, maxCharacters: 10 })).toMatchObject({ text });
    // A catalog the page edits a tool at a time keeps its text here.
    expect(await parse(text, { maxTools: 1, maxCharacters: 10 ** 6 })).not.toHaveProperty("text");
    // A text that failed comes back for the person to fix, unless it is too large for the editor.
    expect(await parse("{", { maxTools: 0, maxCharacters: 1 })).toMatchObject({ text: "{" });
    expect(await parse("{ ", { maxTools: 10, maxCharacters: 1 })).not.toHaveProperty("text");
    // The page sent text it has: nothing comes back.
    expect(await parse(text, undefined)).not.toHaveProperty("text");
  });

  it("lets go of its caches once, when a large catalog is replaced by a small one", async () => {
    let released = 0;
    const deps = dependencies({ splitMinimumTools: 2, releaseCaches: () => (released += 1) });
    const large = { tools: ["a", "b", "c"].map((name) => ({ ...catalog.tools[0], name })) };
    const small = { tools: [catalog.tools[0]] };
    let state = INITIAL_ENGINE_STATE;
    const setCatalog = async (value: Catalog, catalogVersion: number) => {
      state = (
        await handleEngineMessage(
          state,
          { kind: "set-catalog", requestId: catalogVersion, catalogVersion, catalog: value },
          deps,
        )
      ).state;
      return released;
    };
    // Small to small, small to large, large to large (an edit): nothing to let go of.
    expect([await setCatalog(small, 1), await setCatalog(large, 2), await setCatalog({ ...large }, 3)]).toEqual([
      0, 0, 0,
    ]);
    // Large to small: once; and not again while the catalogs stay small.
    expect([await setCatalog(small, 4), await setCatalog({ ...small }, 5)]).toEqual([1, 1]);
    expect(await setCatalog(large, 6)).toBe(1);
    expect(await setCatalog(small, 7)).toBe(2);
  });

  it("runs the example it loaded as loaded, and only that version of it", async () => {
    const deps = dependencies({
      loadExample: async (id) => ({
        formatVersion: 1,
        id,
        title: id,
        catalog,
        turns: [{ user: "the example's own turn", needs: [] }],
        settings: { provider: "anthropic" } as Scenario["settings"],
      }),
    });
    const loaded = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" },
      deps,
    );
    const ran = await handleEngineMessage(
      loaded.state,
      { kind: "run", requestId: 2, catalogVersion: 1, scenario: "as-loaded", strategyIds: ["full", "gateway"] },
      deps,
    );
    expect(ran.response).toMatchObject({ kind: "run-result", requestId: 2, catalogVersion: 1 });
    expect(deps.seen.map((seen) => seen.turns[0].user)).toEqual(["the example's own turn", "the example's own turn"]);
    expect(deps.seen[0].catalog).toBe(catalog);
    expect(deps.seen[0].settings).toEqual({ provider: "anthropic" });
    // An autosaved example with changed settings: its turns, those settings.
    const changed = { provider: "openai-responses" } as Scenario["settings"];
    await handleEngineMessage(
      loaded.state,
      { kind: "run", requestId: 5, catalogVersion: 1, scenario: "as-loaded", settings: changed, strategyIds: ["full"] },
      deps,
    );
    expect(deps.seen.at(-1)).toMatchObject({ turns: [{ user: "the example's own turn" }], settings: changed });
    deps.seen.pop();
    // Another catalog since (an import, an edit): "as loaded" names no example any more.
    const replaced = await handleEngineMessage(
      ran.state,
      { kind: "set-catalog", requestId: 3, catalogVersion: 2, catalog },
      deps,
    );
    for (const catalogVersion of [1, 2]) {
      const refused = await handleEngineMessage(
        replaced.state,
        { kind: "run", requestId: 4, catalogVersion, scenario: "as-loaded", strategyIds: ["full"] },
        deps,
      );
      expect(refused.response).toMatchObject({ kind: "error", request: "run" });
    }
    expect(deps.seen).toHaveLength(2);
  });

  it("edits one tool from its text in its own catalog, and counts each tool's Anthropic JSON", async () => {
    // The real parser: a tool's text is parsed as a one-tool list.
    const deps = dependencies({ parseCatalogText: (text, options) => parseCatalogText(text, options) });
    const loaded = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "load-example", requestId: 1, catalogVersion: 1, exampleId: "weather" },
      deps,
    );
    const state = {
      ...loaded.state,
      catalog: { version: 1, value: { tools: [...catalog.tools, { ...catalog.tools[0], name: "get_time" }] } },
    };
    const changed = { ...catalog.tools[0], description: "Changed." };
    const edited = await handleEngineMessage(
      state,
      { kind: "edit-tool", requestId: 2, catalogVersion: 2, toolName: "get_weather", text: JSON.stringify(changed) },
      deps,
    );
    expect(edited.response).toEqual({
      kind: "tool-edited",
      requestId: 2,
      toolName: "get_weather",
      text: JSON.stringify(changed),
      problems: [],
      edited: { catalogVersion: 2, index: 0, tool: changed },
    });
    expect(edited.state.catalog).toMatchObject({ version: 2, value: { tools: [changed, { name: "get_time" }] } });
    // Text with an error, or a name another tool has, changes nothing and says why.
    const broken = await handleEngineMessage(
      edited.state,
      { kind: "edit-tool", requestId: 3, catalogVersion: 3, toolName: "get_weather", text: "{" },
      deps,
    );
    expect(broken.response).toMatchObject({ kind: "tool-edited", problems: [{ severity: "error" }] });
    expect(broken.response).not.toHaveProperty("edited");
    expect(broken.state).toBe(edited.state);
    const clash = await handleEngineMessage(
      edited.state,
      {
        kind: "edit-tool",
        requestId: 4,
        catalogVersion: 4,
        toolName: "get_weather",
        text: JSON.stringify({ ...changed, name: "get_time" }),
      },
      deps,
    );
    expect(clash.response).toMatchObject({
      problems: [{ severity: "error", message: expect.stringContaining("get_time") }],
    });
    expect(clash.state.catalog?.version).toBe(2);
    const unknown = await handleEngineMessage(
      edited.state,
      { kind: "edit-tool", requestId: 5, catalogVersion: 5, toolName: "nope", text: JSON.stringify(changed) },
      deps,
    );
    expect(unknown.response).toMatchObject({ kind: "error", message: 'engine: the catalog has no tool "nope"' });
    const tokens = await handleEngineMessage(
      edited.state,
      { kind: "tool-tokens", requestId: 6, catalogVersion: 2 },
      deps,
    );
    expect(tokens.response).toMatchObject({
      kind: "tool-tokens",
      tokens: [anthropicToolJson(changed).length, expect.any(Number)],
    });
    expect(anthropicToolJson(changed)).toContain('"input_schema"');
  });

  it("appends an import's new tools to its own catalog and answers only what it added", async () => {
    const deps = dependencies();
    const { state } = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "set-catalog", requestId: 1, catalogVersion: 1, catalog },
      deps,
    );
    const lookup = { name: "lookup", description: "Look up.", inputSchema: { type: "object" }, namespace: "docs" };
    const appended = await handleEngineMessage(
      state,
      {
        kind: "append-catalog",
        requestId: 2,
        catalogVersion: 2,
        imported: { tools: [{ ...catalog.tools[0], description: "Theirs." }, lookup], namespaces: { docs: "Docs" } },
      },
      deps,
    );
    expect(appended.response).toMatchObject({
      kind: "catalog-appended",
      catalogVersion: 2,
      added: [lookup],
      namespaces: { docs: "Docs" },
      problems: [{ severity: "warning", toolName: "get_weather" }],
    });
    expect(appended.state.catalog).toMatchObject({
      version: 2,
      value: { tools: [catalog.tools[0], lookup], namespaces: { docs: "Docs" } },
    });
    const empty = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "append-catalog", requestId: 3, catalogVersion: 3, imported: { tools: [lookup] } },
      deps,
    );
    expect(empty.response).toMatchObject({ kind: "error", message: "engine: no catalog is loaded" });
  });
});

describe("stored token counts before a run", () => {
  const settings = { provider: "anthropic" } as Scenario["settings"];
  const run = (provider?: "moonshot"): EngineRequest => ({
    kind: "run",
    requestId: 2,
    catalogVersion: 7,
    scenario: { ...scenarioWithoutCatalog, settings },
    strategyIds: ["full", "gateway"],
    ...(provider ? { provider } : {}),
  });

  it("are loaded once, with the worker's catalog, the strategies and a forced provider, before the first strategy", async () => {
    const events: string[] = [];
    const deps = dependencies({
      beforeRun: async ({ scenario, strategyIds, provider }) => {
        events.push(`before ${scenario.catalog.tools.length} tools, ${strategyIds.join()} on ${provider ?? "theirs"}`);
      },
      runAll: (_scenario, ids) => {
        events.push(`run ${ids.join()}`);
        return ids.map((id) => fakeRun(id, 1));
      },
    });
    const { state } = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "set-catalog", requestId: 1, catalogVersion: 7, catalog },
      deps,
    );
    await handleEngineMessage(state, run(), deps);
    await handleEngineMessage(state, run("moonshot"), deps);
    expect(events).toEqual([
      "before 1 tools, full,gateway on theirs",
      "run full",
      "run gateway",
      "before 1 tools, full,gateway on moonshot",
      "run full",
      "run gateway",
    ]);
  });

  it("never fail the run when loading them fails", async () => {
    const deps = dependencies({
      beforeRun: async () => {
        throw new Error("IndexedDB is blocked");
      },
    });
    const { state } = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "set-catalog", requestId: 1, catalogVersion: 7, catalog },
      deps,
    );
    const ran = await handleEngineMessage(state, run(), deps);
    expect(ran.response).toMatchObject({ kind: "run-result", requestId: 2 });
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
    const { state } = await handleEngineMessage(
      INITIAL_ENGINE_STATE,
      { kind: "set-catalog", requestId: 1, catalogVersion: 1, catalog },
      deps,
    );
    const ran = await handleEngineMessage(
      state,
      {
        kind: "run",
        requestId: 2,
        catalogVersion: 1,
        scenario: scenarioWithoutCatalog,
        strategyIds: ["full", "stubs", "gateway"],
      },
      deps,
    );
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

  it("never lets the export's detail and the page's detail drop each other", () => {
    const queue: EngineRequest[] = [
      { kind: "step-detail", requestId: 1, runRequestId: 1, strategyId: "full", stepIndex: 0 },
      { kind: "step-detail", requestId: 2, runRequestId: 1, strategyId: "gateway", stepIndex: 0, purpose: "export" },
      { kind: "step-detail", requestId: 3, runRequestId: 1, strategyId: "stubs", stepIndex: 0, purpose: "export" },
    ];
    const { keep, superseded } = coalesceQueue(queue);
    expect(keep.map((message) => message.requestId)).toEqual([1, 3]);
    expect(superseded.map((message) => message.requestId)).toEqual([2]);
  });
});

describe("partial results of a slow run", () => {
  it("sends finished strategies only once the run is slow, each once, in the order they finished", () => {
    let clock = 0;
    const reporter = createProgressReporter(() => clock);
    reporter.started(7);
    const full = fakeRun("full", 2);
    const stubs = fakeRun("stubs", 3);
    // A quick run reports nothing: the page would show nothing of it, and re-render for it.
    expect(reporter.progress({ requestId: 7, done: 1, total: 3, completed: [full] })).toBeNull();
    clock = PARTIAL_RESULTS_AFTER_MS + 1;
    const second = reporter.progress({ requestId: 7, done: 2, total: 3, completed: [full, stubs] });
    expect(second?.kind === "run-progress" && second.summaries?.map((summary) => summary.id)).toEqual([
      "full",
      "stubs",
    ]);
    // Summaries carry no request bodies: the page asks for one step at a time.
    expect(second?.kind === "run-progress" && second.summaries?.[0].steps[0]).not.toHaveProperty("request");
    // Once slow, how far it is, each time, without the summaries already sent.
    expect(reporter.progress({ requestId: 7, done: 2, total: 3, completed: [full, stubs] })).toEqual({
      kind: "run-progress",
      requestId: 7,
      done: 2,
      total: 3,
    });
    reporter.finished(7);
  });

  it("hands over the detail of the step on screen with its strategy, clamped as the page clamps it", () => {
    let clock = PARTIAL_RESULTS_AFTER_MS + 1;
    const reporter = createProgressReporter(() => clock);
    clock = 0;
    reporter.started(8);
    clock = PARTIAL_RESULTS_AFTER_MS + 1;
    const full = fakeRun("full", 2);
    const stubs = fakeRun("stubs", 3);
    const first = reporter.progress({
      requestId: 8,
      done: 1,
      total: 3,
      completed: [full],
      shownStep: { strategyId: "full", stepIndex: 5 },
    });
    // Step 6 of a 2-step run is shown as its last step; the detail leaves the previous request's text out.
    expect(first).toMatchObject({ kind: "run-progress", detail: { strategyId: "full", stepIndex: 1 } });
    expect(first?.kind === "run-progress" && first.detail?.previousRequestJson).toBeNull();
    // Only with the strategy shown, and only once.
    const second = reporter.progress({
      requestId: 8,
      done: 2,
      total: 3,
      completed: [full, stubs],
      shownStep: { strategyId: "full", stepIndex: 5 },
    });
    expect(second).not.toHaveProperty("detail");
    const other = createProgressReporter(() => clock);
    other.started(9);
    clock += PARTIAL_RESULTS_AFTER_MS + 1;
    expect(
      other.progress({
        requestId: 9,
        done: 1,
        total: 3,
        completed: [stubs],
        shownStep: { strategyId: "full", stepIndex: 0 },
      }),
    ).not.toHaveProperty("detail");
  });

  it("answers step details of finished strategies during the run, and leaves everything else queued", () => {
    const completed = [fakeRun("gateway", 3)];
    const detail = answerDuringRun(
      { kind: "step-detail", requestId: 9, runRequestId: 4, strategyId: "gateway", stepIndex: 1 },
      4,
      completed,
    );
    expect(detail).toMatchObject({
      kind: "step-detail",
      requestId: 9,
      runRequestId: 4,
      detail: { strategyId: "gateway", stepIndex: 1 },
    });
    expect(
      answerDuringRun(
        { kind: "step-detail", requestId: 10, runRequestId: 4, strategyId: "full", stepIndex: 0 },
        4,
        completed,
      ),
    ).toBeNull();
    expect(
      answerDuringRun(
        { kind: "step-detail", requestId: 11, runRequestId: 3, strategyId: "gateway", stepIndex: 0 },
        4,
        completed,
      ),
    ).toBeNull();
    expect(answerDuringRun({ kind: "results-json", requestId: 12, runRequestId: 4 }, 4, completed)).toBeNull();
    expect(
      answerDuringRun(
        { kind: "step-detail", requestId: 13, runRequestId: 4, strategyId: "gateway", stepIndex: 9 },
        4,
        completed,
      ),
    ).toMatchObject({ kind: "error" });
  });
});
