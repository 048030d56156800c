import { afterEach, describe, expect, it, vi } from "vitest";
import type { StrategyRun } from "@/lib/engine/types";
import type { Scenario, ScenarioSettings, ScenarioTurn } from "@/lib/scenario/types";
import type { EngineRequest } from "@/lib/workbench/engine-messages";
import { fakeStrategyRun } from "@/lib/workbench/fake-strategy-run";
import { stepDetail, summariseRun, summariseRunSoFar } from "@/lib/workbench/summarise-run";
import type { FirstView } from "@/lib/workbench/opening";
import { EngineClient } from "@/workers/engine-client";
import { FakeEngineWorker as FakeWorker } from "@/workers/fake-engine-worker";
import { TYPING_DEBOUNCE_MS } from "./controller/debounce";
import { PREFETCH_DETAIL_MAX_BYTES } from "./controller/step-details";
import { createPlaygroundController } from "./playground-controller";
import { firstViewState } from "./first-view-state";
import { createPlaygroundStore } from "./playground-store";
import { selectEditorMode, selectLiveSummary, selectSelectedRun, selectToolCount } from "./selectors";

const settings = { provider: "anthropic", model: "claude-opus-4-8" } as ScenarioSettings;
const scenario: Scenario = {
  formatVersion: 1,
  id: "shared",
  title: "Shared scenario",
  catalog: { tools: [{ name: "get_weather", description: "Weather now.", inputSchema: { type: "object" } }] },
  turns: [{ user: "Weather?", needs: [{ tool: "get_weather", arguments: {} }] }],
  settings,
};

function liveRun(id: StrategyRun["id"]): StrategyRun {
  return fakeStrategyRun(id, 1, () => ({ live: true }));
}

function setUp() {
  const worker = new FakeWorker();
  const store = createPlaygroundStore({ settings });
  const controller = createPlaygroundController(store, new EngineClient(worker), {});
  return { worker, store, controller };
}

/** The last request of `kind` the page sent. */
function lastSent<K extends EngineRequest["kind"]>(worker: FakeWorker, kind: K): Extract<EngineRequest, { kind: K }> {
  const found = worker.sent.filter((message) => message.kind === kind).at(-1);
  if (!found) throw new Error(`nothing of kind ${kind} was sent`);
  return found as Extract<EngineRequest, { kind: K }>;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The worker hands over run `requestId`'s first request (of `run`, its first step) before the strategy's run ends. */
function handOverFirstRequest(worker: FakeWorker, requestId: number, run: StrategyRun) {
  const soFar = { ...run, steps: run.steps.slice(0, 1) };
  worker.answer({
    kind: "run-progress",
    requestId,
    done: 0,
    total: 8,
    firstRequest: { summary: summariseRunSoFar(soFar), detail: stepDetail(soFar, 0)! },
  });
}

/**
 * The worker's answer to an import's parse: its tools, and the conversation it wrote over them in place of the
 * scenario's, which needed get_weather; with the text for the editor when `text` is given.
 */
function answerParsed(
  worker: FakeWorker,
  parse: Extract<EngineRequest, { kind: "parse-catalog" }>,
  tools: Array<{ name: string; description: string; inputSchema: Record<string, unknown> }>,
  turns: ScenarioTurn[],
  text?: string,
) {
  worker.answer({
    kind: "catalog-parsed",
    requestId: parse.requestId,
    catalogVersion: parse.catalogVersion,
    problems: [],
    catalog: { tools },
    conversation: { turns, missing: ["get_weather"], replaced: true },
    ...(text !== undefined ? { text } : {}),
  });
}

describe("playground controller", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a per-tool edit to the worker as text, once, and takes the tool the worker answers", async () => {
    vi.useFakeTimers();
    const { worker, store, controller } = setUp();
    controller.openWorkspace({ scenario });
    const before = store.getState().lastValidCatalog;
    const text = JSON.stringify({ ...scenario.catalog.tools[0], name: "weather_now" });
    controller.editTool("get_weather", "{");
    controller.editTool("get_weather", text);
    await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
    const edits = worker.sent.filter((message) => message.kind === "edit-tool");
    // Debounced: one message, carrying the text and the tool's name, never a catalog.
    expect(edits).toEqual([expect.objectContaining({ toolName: "get_weather", text })]);
    expect(edits[0]).not.toHaveProperty("catalog");
    // Until the worker answers, the page's catalog is the one the worker still has.
    expect(store.getState().lastValidCatalog).toBe(before);
    expect(store.getState().toolDraft).toEqual({ toolName: "get_weather", text });
    store.getState().selectTool("get_weather");
    const tool = { ...scenario.catalog.tools[0], name: "weather_now" };
    const edit = lastSent(worker, "edit-tool");
    worker.answer({
      kind: "tool-edited",
      requestId: edit.requestId,
      toolName: "get_weather",
      text,
      problems: [],
      edited: { catalogVersion: edit.catalogVersion, index: 0, tool },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().lastValidCatalog.tools).toEqual([tool]);
    expect(store.getState()).toMatchObject({ catalogVersion: edit.catalogVersion, selectedTool: "weather_now" });
    controller.dispose();
  });

  it("sends an import's run right behind its text, takes that run for the fitted conversation, and typing still waits", async () => {
    vi.useFakeTimers();
    const { worker, store, controller } = setUp();
    controller.openWorkspace({ scenario });
    await vi.advanceTimersByTimeAsync(0);
    const runsBefore = worker.sent.filter((message) => message.kind === "run").length;
    const tools = [{ name: "lookup", description: "Look up.", inputSchema: { type: "object" } }];
    const file = new Blob([JSON.stringify({ tools })]);
    const imported = controller.importCatalogText(file, "own.json");
    const parse = lastSent(worker, "parse-catalog");
    // The file crosses unread, with the conversation on screen to fit; the run follows at once, before any answer.
    expect(parse).toMatchObject({ text: file, conversation: scenario.turns, answerWithText: { maxTools: 300 } });
    const early = lastSent(worker, "run");
    expect(worker.sent.filter((message) => message.kind === "run")).toHaveLength(runsBefore + 1);
    expect(early).toMatchObject({
      catalogVersion: parse.catalogVersion,
      turnsAsImported: true,
      scenario: { id: "shared", settings },
      shownStep: { strategyId: store.getState().strategyId, stepIndex: 0 },
    });
    expect(early.strategyIds[0]).toBe(store.getState().strategyId);
    const fitted = [{ user: "Look it up", needs: [{ tool: "lookup", arguments: {} }] }];
    const text = JSON.stringify({ tools });
    answerParsed(worker, parse, tools, fitted, text);
    const conversation = await imported;
    // What apply-catalog-import does next: the worker's fitted turns on screen.
    store.setState({ turns: conversation!.turns as typeof fitted });
    expect(store.getState().catalogText).toBe(text);
    await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
    // No second run: the one sent behind the text is of what the store now holds, and its answer is shown.
    expect(worker.sent.filter((message) => message.kind === "run")).toHaveLength(runsBefore + 1);
    expect(store.getState().running).toBe(true);
    worker.answer({
      kind: "run-result",
      requestId: early.requestId,
      catalogVersion: parse.catalogVersion,
      summaries: [summariseRun(fakeStrategyRun("full", 1))],
      timingMs: 5,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ running: false, runRequestId: early.requestId });

    store.getState().updateTurn(0, { user: "Look it up again" });
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.sent.filter((message) => message.kind === "run")).toHaveLength(runsBefore + 1);
    await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
    expect(worker.sent.filter((message) => message.kind === "run")).toHaveLength(runsBefore + 2);
    controller.dispose();
  });

  it("runs an import again when the page changed what the early run was of meanwhile", async () => {
    vi.useFakeTimers();
    const { worker, store, controller } = setUp();
    controller.openWorkspace({ scenario });
    await vi.advanceTimersByTimeAsync(0);
    const tools = [{ name: "lookup", description: "Look up.", inputSchema: { type: "object" } }];
    const imported = controller.importCatalogText(JSON.stringify({ tools }), "own.json");
    const parse = lastSent(worker, "parse-catalog");
    const early = lastSent(worker, "run");
    // The person changed the model while the file was parsed: the early run is not of the settings on screen.
    store.getState().updateSettings({ model: "claude-sonnet-4-6" });
    answerParsed(worker, parse, tools, [{ user: "Look it up", needs: [] }]);
    const conversation = await imported;
    store.setState({ turns: conversation!.turns as ScenarioTurn[] });
    // A text the page had: it asks for none back, and shows its own.
    expect(parse).not.toHaveProperty("answerWithText");
    expect(store.getState().catalogText).toBe(JSON.stringify({ tools }));
    await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
    const again = lastSent(worker, "run");
    expect(again.requestId).not.toBe(early.requestId);
    expect(again).toMatchObject({
      catalogVersion: parse.catalogVersion,
      scenario: { settings: { model: "claude-sonnet-4-6" } },
    });
    expect(again).not.toHaveProperty("turnsAsImported");
    controller.dispose();
  });

  it("drops a tool edit's answer when another catalog was opened meanwhile", async () => {
    vi.useFakeTimers();
    const { worker, store, controller } = setUp();
    controller.openWorkspace({ scenario });
    controller.editTool("get_weather", JSON.stringify(scenario.catalog.tools[0]));
    await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
    const edit = lastSent(worker, "edit-tool");
    const other = { tools: [{ name: "lookup", description: "Look up.", inputSchema: { type: "object" } }] };
    controller.openWorkspace({ scenario: { ...scenario, catalog: other } });
    worker.answer({
      kind: "tool-edited",
      requestId: edit.requestId,
      toolName: "get_weather",
      text: "",
      problems: [],
      edited: { catalogVersion: edit.catalogVersion, index: 0, tool: scenario.catalog.tools[0] },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().lastValidCatalog).toBe(other);
    expect(store.getState().catalogVersion).toBe(lastSent(worker, "set-catalog").catalogVersion);
    controller.dispose();
  });

  it("adds an import's tools: only they cross to the worker, the page appends what the worker kept", async () => {
    const { worker, store, controller } = setUp();
    controller.openWorkspace({ scenario });
    const lookup = { name: "lookup", description: "Look up.", inputSchema: { type: "object" } };
    const imported = { tools: [scenario.catalog.tools[0], lookup] };
    const done = controller.appendCatalog(imported);
    const append = lastSent(worker, "append-catalog");
    expect(append.imported).toBe(imported);
    const problem = { severity: "warning" as const, path: "$.tools[0]", message: "already there" };
    worker.answer({
      kind: "catalog-appended",
      requestId: append.requestId,
      catalogVersion: append.catalogVersion,
      added: [lookup],
      problems: [problem],
    });
    const result = await done;
    expect(result.problems).toEqual([problem]);
    expect(store.getState().lastValidCatalog.tools.map((tool) => tool.name)).toEqual(["get_weather", "lookup"]);
    expect(store.getState().catalogVersion).toBe(append.catalogVersion);
    expect(JSON.parse(store.getState().catalogText).tools).toHaveLength(2);
    // Nothing the worker made went back to it: one set-catalog (the link's), then the append.
    await settle();
    expect(worker.sent.filter((message) => "catalog" in message)).toHaveLength(1);
    controller.dispose();
  });

  it("opens a shared workspace: the worker gets its catalog first, the store its strategy, step and provider choice", () => {
    const { worker, store, controller } = setUp();
    controller.openWorkspace({ scenario, strategyId: "gateway", stepIndex: 2, forceProvider: true });
    const state = store.getState();
    expect(worker.sent[0]).toMatchObject({ kind: "set-catalog", catalog: scenario.catalog });
    expect(state.catalogVersion).toBe(
      (worker.sent[0] as Extract<EngineRequest, { kind: "set-catalog" }>).catalogVersion,
    );
    expect(state.scenarioMeta).toEqual({ id: "shared", title: "Shared scenario" });
    expect(state).toMatchObject({ strategyId: "gateway", stepIndex: 2, forceProvider: true, turns: scenario.turns });
    expect(JSON.parse(state.catalogText)).toMatchObject({ tools: [{ name: "get_weather" }] });
    controller.dispose();
  });

  it("replaces only the catalog on import, keeping turns and settings", () => {
    const { worker, store, controller } = setUp();
    controller.openWorkspace({ scenario });
    controller.replaceCatalog({
      tools: [{ name: "lookup", description: "Look up.", inputSchema: { type: "object" } }],
    });
    expect(worker.sent.filter((message) => message.kind === "set-catalog")).toHaveLength(2);
    expect(store.getState().lastValidCatalog.tools.map((tool) => tool.name)).toEqual(["lookup"]);
    expect(store.getState().turns).toBe(scenario.turns);
    controller.dispose();
  });

  it("walks a live transcript on this thread in live mode, and the simulated run otherwise", () => {
    const { worker, store, controller } = setUp();
    const simulated = summariseRun({ ...liveRun("full"), steps: [] });
    store.setState({ runs: [simulated], strategyId: "full", runRequestId: 1 });
    store.getState().setLiveRun(liveRun("full"));
    // Simulated mode ignores the live transcript.
    expect(selectSelectedRun(store.getState())).toBe(simulated);
    store.getState().setRunMode("live");
    expect(selectSelectedRun(store.getState())).toBe(selectLiveSummary(store.getState()));
    // Its detail is computed here, not asked of the worker.
    expect(store.getState().detail).toMatchObject({
      strategyId: "full",
      stepIndex: 0,
      requestJson: expect.stringContaining('"live": true'),
    });
    expect(worker.sent.some((message) => message.kind === "step-detail")).toBe(false);
    // Another strategy's transcript is not this strategy's.
    store.getState().selectStrategy("gateway");
    expect(selectSelectedRun(store.getState())).toBeUndefined();
    controller.dispose();
  });

  describe("stepping", () => {
    /** Answers the last step-detail request of `purpose` (the page's own when omitted) with the run's detail. */
    function answerDetail(worker: FakeWorker, run: StrategyRun, purpose?: "ahead") {
      const request = worker.sent
        .filter((message) => message.kind === "step-detail" && message.purpose === purpose)
        .at(-1);
      if (!request || request.kind !== "step-detail") throw new Error(`no step-detail ${purpose ?? "page"} was sent`);
      worker.answer({
        kind: "step-detail",
        requestId: request.requestId,
        runRequestId: request.runRequestId,
        detail: stepDetail(run, request.stepIndex)!,
      });
    }
    const detailRequests = (worker: FakeWorker) =>
      worker.sent.flatMap((message) =>
        message.kind === "step-detail" ? [`${message.purpose ?? "page"} ${message.stepIndex}`] : [],
      );

    it("fetches the next step's detail ahead, so a key press shows it without asking the worker", async () => {
      const { worker, store, controller } = setUp();
      const run = fakeStrategyRun("full", 3);
      store.setState({ runs: [summariseRun(run)], strategyId: "full", stepIndex: 0, runRequestId: 1 });
      answerDetail(worker, run);
      await settle();
      expect(store.getState().detail).toMatchObject({ strategyId: "full", stepIndex: 0 });
      expect(detailRequests(worker)).toEqual(["page 0", "ahead 1"]);
      answerDetail(worker, run, "ahead");
      await settle();
      // The step and its detail change together: no request, no wait.
      store.getState().selectStep(1);
      expect(store.getState().detail).toMatchObject({ stepIndex: 1 });
      expect(detailRequests(worker)).toEqual(["page 0", "ahead 1", "ahead 2"]);
      // Back to a step already seen: kept, not asked again.
      store.getState().selectStep(0);
      expect(store.getState().detail).toMatchObject({ stepIndex: 0 });
      expect(detailRequests(worker)).toEqual(["page 0", "ahead 1", "ahead 2"]);
      controller.dispose();
    });

    it("waits for a detail still on its way ahead instead of asking twice, and asks when it failed", async () => {
      const { worker, store, controller } = setUp();
      const run = fakeStrategyRun("full", 3);
      store.setState({ runs: [summariseRun(run)], strategyId: "full", stepIndex: 0, runRequestId: 1 });
      answerDetail(worker, run);
      await settle();
      store.getState().selectStep(1);
      expect(store.getState().detail).toMatchObject({ stepIndex: 0 });
      answerDetail(worker, run, "ahead");
      await settle();
      expect(store.getState().detail).toMatchObject({ stepIndex: 1 });
      expect(detailRequests(worker)).toEqual(["page 0", "ahead 1", "ahead 2"]);
      // A failed answer ahead: the page asks for the step itself.
      store.getState().selectStep(2);
      const ahead = worker.sent.at(-1) as Extract<EngineRequest, { kind: "step-detail" }>;
      worker.answer({
        kind: "error",
        requestId: ahead.requestId,
        request: "step-detail",
        message: "engine: something broke",
      });
      await settle();
      expect(detailRequests(worker)).toEqual(["page 0", "ahead 1", "ahead 2", "page 2"]);
      answerDetail(worker, run);
      await settle();
      expect(store.getState().detail).toMatchObject({ stepIndex: 2 });
      controller.dispose();
    });

    it("shows the step's detail a slow run hands over with its strategy, without asking the worker", async () => {
      const { worker, store, controller } = setUp();
      controller.openWorkspace({ scenario, strategyId: "stubs", stepIndex: 1 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const request = lastSent(worker, "run");
      // The run is told which step is on screen, and runs that strategy first.
      expect(request.shownStep).toEqual({ strategyId: "stubs", stepIndex: 1 });
      expect(request.strategyIds[0]).toBe("stubs");
      const stubs = fakeStrategyRun("stubs", 3);
      worker.answer({
        kind: "run-progress",
        requestId: request.requestId,
        done: 1,
        total: 8,
        summaries: [summariseRun(stubs)],
        detail: stepDetail(stubs, 1)!,
      });
      await settle();
      expect(store.getState().detail).toMatchObject({ strategyId: "stubs", stepIndex: 1 });
      expect(detailRequests(worker).filter((entry) => entry.startsWith("page"))).toEqual([]);
      // Used once: the next time the page needs this step's detail (another run), it asks.
      store.getState().selectStep(0);
      store.getState().selectStep(1);
      expect(detailRequests(worker).filter((entry) => entry.startsWith("page"))).toEqual(["page 0"]);
      controller.dispose();
    });

    it("shows the first request handed over before its strategy's run ends, in progress, apart from the comparison", async () => {
      const { worker, store, controller } = setUp();
      controller.openWorkspace({ scenario, strategyId: "stubs", stepIndex: 0 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const request = lastSent(worker, "run");
      const stubs = fakeStrategyRun("stubs", 3);
      handOverFirstRequest(worker, request.requestId, stubs);
      await settle();
      const state = store.getState();
      expect(state.running).toBe(true);
      // Shown on the stepper as the requests so far, never among the finished runs (the comparison, the charts).
      expect(state.runs).toEqual([]);
      expect(selectSelectedRun(state)).toMatchObject({ id: "stubs", inProgress: true });
      expect(selectSelectedRun(state)?.steps).toHaveLength(1);
      expect(state.detail).toMatchObject({ strategyId: "stubs", stepIndex: 0 });
      expect(state.detailRunRequestId).toBe(request.requestId);
      expect(detailRequests(worker)).toEqual([]);
      // The whole strategy arrives (its detail not sent again): the same detail stays on screen, nothing is asked.
      const shown = state.detail;
      worker.answer({
        kind: "run-progress",
        requestId: request.requestId,
        done: 1,
        total: 8,
        summaries: [summariseRun(stubs)],
      });
      await settle();
      expect(store.getState().runSoFar).toBeNull();
      expect(selectSelectedRun(store.getState())?.inProgress).toBeUndefined();
      expect(selectSelectedRun(store.getState())?.steps).toHaveLength(3);
      expect(store.getState().detail).toBe(shown);
      expect(detailRequests(worker).filter((entry) => entry.startsWith("page"))).toEqual([]);
      controller.dispose();
    });

    it.each([
      ["its error (the worker no longer holds that run)", "error"],
      ["its detail", "detail"],
    ] as const)(
      "drops an older run's answer that arrives after an import's first request is shown: %s",
      async (_name, answer) => {
        vi.useFakeTimers();
        const { worker, store, controller } = setUp();
        controller.openWorkspace({ scenario, strategyId: "stubs", stepIndex: 0 });
        await vi.advanceTimersByTimeAsync(0);
        const first = lastSent(worker, "run");
        const before = fakeStrategyRun("stubs", 2);
        const runEnds = (request: { requestId: number; catalogVersion: number }, run: StrategyRun) =>
          worker.answer({
            kind: "run-result",
            requestId: request.requestId,
            catalogVersion: request.catalogVersion,
            summaries: [summariseRun(run)],
            timingMs: 5,
          });
        runEnds(first, before);
        await vi.advanceTimersByTimeAsync(0);
        // The step's detail of the example's run is asked for; the worker answers it only after the import's run,
        // the run it holds by then (its messages are handled in order).
        const older = lastSent(worker, "step-detail");
        expect(older).toMatchObject({ runRequestId: first.requestId, stepIndex: 0 });
        const tools = [{ name: "lookup", description: "Look up.", inputSchema: { type: "object" } }];
        const imported = controller.importCatalogText(JSON.stringify({ tools }), "own.json");
        const parse = lastSent(worker, "parse-catalog");
        const early = lastSent(worker, "run");
        const fitted = [{ user: "Look it up", needs: [{ tool: "lookup", arguments: {} }] }];
        answerParsed(worker, parse, tools, fitted, JSON.stringify({ tools }));
        store.setState({ turns: (await imported)!.turns as typeof fitted });
        await vi.advanceTimersByTimeAsync(0);
        const stubs = fakeStrategyRun("stubs", 1);
        handOverFirstRequest(worker, early.requestId, stubs);
        await vi.advanceTimersByTimeAsync(0);
        const shown = store.getState().detail;
        expect(shown).toMatchObject({ strategyId: "stubs", stepIndex: 0 });
        expect(store.getState().detailRunRequestId).toBe(early.requestId);
        // Every page request still unanswered is of the example's run: the import's first request came handed over.
        const unanswered = worker.sent.filter(
          (message): message is Extract<EngineRequest, { kind: "step-detail" }> =>
            message.kind === "step-detail" && message.purpose === undefined && message.requestId >= older.requestId,
        );
        expect(unanswered.every((message) => message.runRequestId === first.requestId)).toBe(true);
        runEnds(early, stubs);
        await vi.advanceTimersByTimeAsync(0);
        for (const request of unanswered)
          worker.answer(
            answer === "error"
              ? {
                  kind: "error",
                  requestId: request.requestId,
                  request: "step-detail",
                  message: `engine: run ${request.runRequestId} is no longer the latest`,
                }
              : {
                  kind: "step-detail",
                  requestId: request.requestId,
                  runRequestId: request.runRequestId,
                  detail: stepDetail(before, 0)!,
                },
          );
        await vi.advanceTimersByTimeAsync(0);
        expect(store.getState().detailError).toBeNull();
        expect(store.getState().detail).toBe(shown);
        expect(store.getState().detailRunRequestId).toBe(early.requestId);
        controller.dispose();
      },
    );

    it("does not fetch ahead a request too large to be worth it, nor keep details of an older run", async () => {
      const { worker, store, controller } = setUp();
      const big = "x".repeat(PREFETCH_DETAIL_MAX_BYTES);
      const run = fakeStrategyRun("full", 2, (index) => ({ index, big }));
      store.setState({ runs: [summariseRun(run)], strategyId: "full", stepIndex: 0, runRequestId: 1 });
      answerDetail(worker, run);
      await settle();
      expect(detailRequests(worker)).toEqual(["page 0"]);
      const small = fakeStrategyRun("full", 2);
      store.setState({ runs: [summariseRun(small)], runRequestId: 2 });
      answerDetail(worker, small);
      await settle();
      expect(store.getState().detail?.requestJson).not.toContain("xxx");
      expect(detailRequests(worker)).toEqual(["page 0", "page 0", "ahead 1"]);
      controller.dispose();
    });

    it("fetches ahead a step whose request is large but whose shown detail is small (10,000 tools)", async () => {
      const { worker, store, controller } = setUp();
      const big = "x".repeat(PREFETCH_DETAIL_MAX_BYTES);
      const run = fakeStrategyRun("full", 3, (index) => ({ index, big }));
      // What the worker's summaries say of a 10,000-tool request: ≈ 16 MB whole, a few kilobytes as the page sees it.
      const summary = summariseRun(run);
      const shortened = { ...summary, steps: summary.steps.map((step) => ({ ...step, shownRequestBytes: 4_096 })) };
      store.setState({ runs: [shortened], strategyId: "full", stepIndex: 0, runRequestId: 1 });
      answerDetail(worker, run);
      await settle();
      expect(detailRequests(worker)).toEqual(["page 0", "ahead 1"]);
      // The same run with no shown size (a request shown whole) is too large to fetch ahead.
      store.setState({ runs: [summary], runRequestId: 2 });
      answerDetail(worker, run, "ahead");
      answerDetail(worker, run);
      await settle();
      expect(detailRequests(worker)).toEqual(["page 0", "ahead 1", "page 0"]);
      controller.dispose();
    });
  });

  it("opening the tour closes the help dialog it was started from", () => {
    const { store, controller } = setUp();
    store.getState().setHelpOpen(true);
    store.getState().setTourOpen(true);
    expect(store.getState()).toMatchObject({ tourOpen: true, helpOpen: false });
    controller.dispose();
  });

  describe("a large example is run as loaded", () => {
    const large: Scenario = { ...scenario, id: "synthetic-10000", title: "10,000 tools" };

    it("sends the run right behind the load, and takes its answer as the store's run: no second run", async () => {
      const { worker, store, controller } = setUp();
      const opened = controller.openExample("synthetic-10000", { strategyId: "gateway", stepIndex: 2 });
      expect(worker.sent.map((message) => message.kind)).toEqual(["load-example", "run"]);
      const load = lastSent(worker, "load-example");
      const run = lastSent(worker, "run");
      expect(run).toMatchObject({ catalogVersion: load.catalogVersion, scenario: "as-loaded" });
      expect(run.strategyIds[0]).toBe("gateway");
      expect(run.shownStep).toEqual({ strategyId: "gateway", stepIndex: 2 });
      // Running once the worker has the example (it starts the run as it answers), not while it loads it.
      expect(store.getState().running).toBe(false);
      worker.answer({
        kind: "example-loaded",
        requestId: load.requestId,
        catalogVersion: load.catalogVersion,
        scenario: large,
      });
      await opened;
      expect(store.getState().running).toBe(true);
      const summary = summariseRun(fakeStrategyRun("gateway", 3));
      worker.answer({ kind: "run-progress", requestId: run.requestId, done: 1, total: 8, summaries: [summary] });
      expect(store.getState().runs).toEqual([summary]);
      worker.answer({
        kind: "run-result",
        requestId: run.requestId,
        catalogVersion: load.catalogVersion,
        summaries: [summary],
        timingMs: 7,
      });
      await vi.waitFor(() => expect(store.getState()).toMatchObject({ running: false, timingMs: 7 }));
      expect(store.getState().runRequestId).toBe(run.requestId);
      await settle();
      expect(worker.sent.filter((message) => message.kind === "run")).toHaveLength(1);
      controller.dispose();
    });

    it("is replaced by the store's own run when the example was edited before it arrived", async () => {
      const { worker, store, controller } = setUp();
      const opened = controller.openExample("synthetic-10000");
      const load = lastSent(worker, "load-example");
      const early = lastSent(worker, "run");
      worker.answer({
        kind: "example-loaded",
        requestId: load.requestId,
        catalogVersion: load.catalogVersion,
        scenario: large,
      });
      await opened;
      store.getState().updateTurn(0, { user: "edited at once" });
      const run = await vi.waitFor(() => {
        const found = lastSent(worker, "run");
        if (found === early) throw new Error("no second run yet");
        return found;
      });
      expect(run.scenario).not.toBe("as-loaded");
      expect(JSON.stringify(run.scenario)).toContain("edited at once");
      controller.dispose();
    });

    it("opens an autosaved example with changed settings in one run, of those settings", async () => {
      const { worker, store, controller } = setUp();
      const saved = { ...settings, provider: "openai-responses", model: "gpt-5.5" } as ScenarioSettings;
      const opened = controller.openExample(
        "synthetic-10000",
        { strategyId: "stubs", stepIndex: 1 },
        { settings: saved, forceProvider: true },
      );
      expect(worker.sent.map((message) => message.kind)).toEqual(["load-example", "run"]);
      const load = lastSent(worker, "load-example");
      const run = lastSent(worker, "run");
      // The example's turns, the saved settings, the forced provider: the worker needs no second run.
      expect(run).toMatchObject({ scenario: "as-loaded", settings: saved, provider: "openai-responses" });
      worker.answer({
        kind: "example-loaded",
        requestId: load.requestId,
        catalogVersion: load.catalogVersion,
        scenario: large,
      });
      await opened;
      expect(store.getState()).toMatchObject({
        settings: saved,
        forceProvider: true,
        strategyId: "stubs",
        stepIndex: 1,
      });
      // The work's origin stays the example as it is: the settings are what the person changed.
      expect(store.getState().exampleOrigin?.scenario.settings).toBe(large.settings);
      const summary = summariseRun(fakeStrategyRun("stubs", 3));
      worker.answer({
        kind: "run-result",
        requestId: run.requestId,
        catalogVersion: load.catalogVersion,
        summaries: [summary],
        timingMs: 7,
      });
      await vi.waitFor(() => expect(store.getState()).toMatchObject({ running: false, runRequestId: run.requestId }));
      await new Promise((resolve) => setTimeout(resolve, TYPING_DEBOUNCE_MS + 10));
      expect(worker.sent.filter((message) => message.kind === "run")).toHaveLength(1);
      controller.dispose();
    });

    it("opens a small autosaved example with its changed settings: its one run is of them", async () => {
      const { worker, store, controller } = setUp();
      const saved = { ...settings, model: "claude-haiku-4-5" } as ScenarioSettings;
      const opened = controller.openExample("weather", { strategyId: "full", stepIndex: 0 }, { settings: saved });
      const load = lastSent(worker, "load-example");
      worker.answer({
        kind: "example-loaded",
        requestId: load.requestId,
        catalogVersion: load.catalogVersion,
        scenario,
      });
      await opened;
      expect(store.getState().settings).toEqual(saved);
      await new Promise((resolve) => setTimeout(resolve, TYPING_DEBOUNCE_MS + 10));
      const runs = worker.sent.filter((message) => message.kind === "run");
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ scenario: { turns: scenario.turns, settings: saved } });
      controller.dispose();
    });

    it("a small example loads first and asks for its run after", async () => {
      const { worker, controller } = setUp();
      const opened = controller.openExample("weather");
      expect(worker.sent.map((message) => message.kind)).toEqual(["load-example"]);
      const load = lastSent(worker, "load-example");
      worker.answer({
        kind: "example-loaded",
        requestId: load.requestId,
        catalogVersion: load.catalogVersion,
        scenario,
      });
      await opened;
      const run = await vi.waitFor(() => lastSent(worker, "run"));
      expect(run.scenario).toMatchObject({ turns: scenario.turns });
      controller.dispose();
    });
  });

  describe("the build-time first screen", () => {
    const runs = (["full", "gateway"] as const).map((id) => fakeStrategyRun(id, 3));
    const firstView: FirstView = {
      exampleId: "weather",
      scenario: { ...scenario, id: "weather", title: "Weather" },
      runs: runs.map(summariseRun),
      toolTokens: [42],
      strategyId: "full",
      stepIndex: 1,
      detail: stepDetail(runs[0], 1)!,
      opening: "first-visit",
    };

    function startWithFirstView() {
      const worker = new FakeWorker();
      const store = createPlaygroundStore({ settings, overrides: firstViewState(firstView) });
      const controller = createPlaygroundController(store, new EngineClient(worker), {});
      return { worker, store, controller };
    }

    async function loadExampleAnswered(worker: FakeWorker, opened: Promise<void>) {
      const request = worker.sent.find((message) => message.kind === "load-example")!;
      worker.answer({
        kind: "example-loaded",
        requestId: request.requestId,
        catalogVersion: (request as Extract<EngineRequest, { kind: "load-example" }>).catalogVersion,
        scenario: firstView.scenario,
      });
      await opened;
    }

    it("starts with the example's figures, and with nothing for the worker to run or autosave yet", () => {
      const { store, worker, controller } = startWithFirstView();
      expect(store.getState()).toMatchObject({
        scenarioMeta: { id: "weather" },
        catalogVersion: 0,
        strategyId: "full",
        stepIndex: 1,
        runs: firstView.runs,
        detail: firstView.detail,
        runsPrebuilt: true,
        prebuilt: { exampleId: "weather", strategyId: "full", stepIndex: 1 },
      });
      expect(selectSelectedRun(store.getState())?.id).toBe("full");
      // The server renders from the initial state (zustand's server snapshot), so the first screen must be in it.
      expect(store.getInitialState()).toMatchObject({ detail: firstView.detail, runs: firstView.runs });
      expect(worker.sent).toEqual([]);
      controller.dispose();
    });

    it("records the example the worker loaded as the work's origin, so the page never loads it again", async () => {
      for (const selection of [{ strategyId: "full" as const, stepIndex: 1 }, undefined]) {
        const { store, worker, controller } = startWithFirstView();
        expect(store.getState().exampleOrigin).toBeNull();
        await loadExampleAnswered(worker, controller.openExample("weather", selection));
        const state = store.getState();
        // The very objects the store now shows: the "edited" marker compares them without writing them.
        expect(state.exampleOrigin).toEqual({ exampleId: "weather", scenario: firstView.scenario });
        expect(state.exampleOrigin?.scenario.catalog).toBe(state.lastValidCatalog);
        expect(state.exampleOrigin?.scenario.turns).toBe(state.turns);
        controller.dispose();
      }
    });

    it("is taken over when the same example opens on the same step: the figures stay until the worker's run", async () => {
      const { store, worker, controller } = startWithFirstView();
      await loadExampleAnswered(worker, controller.openExample("weather", { strategyId: "full", stepIndex: 1 }));
      const state = store.getState();
      expect(state.prebuilt).toBeNull();
      expect(state.catalogVersion).toBeGreaterThan(0);
      expect(state).toMatchObject({ runs: firstView.runs, detail: firstView.detail, runsPrebuilt: true });
      expect(state.toolTokens).toEqual({ catalogVersion: state.catalogVersion, tokens: [42] });
      // A slow run's first strategy replaces its build-time twin; the others stay until they have run.
      const run = await vi.waitFor(() => {
        const found = worker.sent.find((message) => message.kind === "run");
        if (!found) throw new Error("no run yet");
        return found;
      });
      const fresh = summariseRun(fakeStrategyRun("full", 3));
      worker.answer({ kind: "run-progress", requestId: run.requestId, done: 1, total: 2, summaries: [fresh] });
      expect(store.getState().runs.map((summary) => summary.id)).toEqual(["full", "gateway"]);
      expect(store.getState().runs[0]).toBe(fresh);
      worker.answer({
        kind: "run-result",
        requestId: run.requestId,
        catalogVersion: state.catalogVersion,
        summaries: [fresh],
        timingMs: 5,
      });
      await vi.waitFor(() => expect(store.getState().runsPrebuilt).toBe(false));
      controller.dispose();
    });

    it("keeps a turn or a setting edited on the first screen when the worker takes over, and drops the example's figures", async () => {
      const { store, worker, controller } = startWithFirstView();
      store.getState().updateTurn(0, { user: "edited before the worker answered" });
      store.getState().updateSettings({ searchResultLimit: 3 });
      const { turns, settings } = store.getState();
      await loadExampleAnswered(worker, controller.openExample("weather", { strategyId: "full", stepIndex: 1 }));
      const state = store.getState();
      expect(state.turns).toBe(turns);
      expect(state.turns[0].user).toBe("edited before the worker answered");
      expect(state.settings).toBe(settings);
      expect(state.catalogVersion).toBeGreaterThan(0);
      // The build-time figures were of the example's turns: none stays beside the edited ones.
      expect(state).toMatchObject({ prebuilt: null, runs: [], detail: null, runsPrebuilt: false });
      // The run that follows is of the edited turns.
      const run = await vi.waitFor(() => {
        const found = worker.sent.find((message) => message.kind === "run");
        if (!found) throw new Error("no run yet");
        return found as Extract<EngineRequest, { kind: "run" }>;
      });
      expect(JSON.stringify(run)).toContain("edited before the worker answered");
      controller.dispose();
    });

    it("takes the worker's example as it is when nothing was edited on the first screen", async () => {
      const { store, worker, controller } = startWithFirstView();
      await loadExampleAnswered(worker, controller.openExample("weather", { strategyId: "full", stepIndex: 1 }));
      expect(store.getState().turns).toBe(firstView.scenario.turns);
      expect(store.getState().settings).toBe(firstView.scenario.settings);
      controller.dispose();
    });

    it("is discarded when something else opens, so no figure of another scenario stays on screen", () => {
      const { store, controller } = startWithFirstView();
      controller.openWorkspace({ scenario, strategyId: "full", stepIndex: 1 });
      expect(store.getState()).toMatchObject({
        prebuilt: null,
        runsPrebuilt: false,
        runs: [],
        detail: null,
        toolTokens: null,
        scenarioMeta: { id: "shared" },
      });
      controller.dispose();
    });

    it("of a big example comes without its tools: their count and first name stand in until the worker sends them", async () => {
      const worker = new FakeWorker();
      const withoutTools = { ...firstView, scenario: { ...firstView.scenario, catalog: { tools: [] } } };
      const store = createPlaygroundStore({
        settings,
        overrides: firstViewState({ ...withoutTools, omittedTools: { count: 10_000, firstToolName: "get_weather" } }),
      });
      const controller = createPlaygroundController(store, new EngineClient(worker), {});
      expect(store.getState()).toMatchObject({
        catalogArriving: { count: 10_000, firstToolName: "get_weather" },
        selectedTool: "get_weather",
        runs: firstView.runs,
        detail: firstView.detail,
      });
      expect(selectToolCount(store.getState())).toBe(10_000);
      // Over the whole-catalog editor's limit: the per-tool editor is shown from the start, so nothing switches.
      expect(selectEditorMode(store.getState())).toBe("tool");
      await loadExampleAnswered(worker, controller.openExample("weather", { strategyId: "full", stepIndex: 1 }));
      expect(store.getState()).toMatchObject({
        catalogArriving: null,
        lastValidCatalog: firstView.scenario.catalog,
        runs: firstView.runs,
        detail: firstView.detail,
        runsPrebuilt: true,
      });
      expect(selectToolCount(store.getState())).toBe(1);
      controller.dispose();
    });

    it("of a big example stops standing in for its tools when it is discarded", () => {
      const store = createPlaygroundStore({
        settings,
        overrides: firstViewState({ ...firstView, omittedTools: { count: 10_000, firstToolName: "get_weather" } }),
      });
      const controller = createPlaygroundController(store, new EngineClient(new FakeWorker()), {});
      controller.openWorkspace({ scenario, strategyId: "full", stepIndex: 1 });
      expect(store.getState().catalogArriving).toBeNull();
      expect(selectToolCount(store.getState())).toBe(scenario.catalog.tools.length);
      controller.dispose();
    });

    it("is discarded when the example opens on another step", async () => {
      const { store, worker, controller } = startWithFirstView();
      await loadExampleAnswered(worker, controller.openExample("weather", { strategyId: "gateway", stepIndex: 0 }));
      expect(store.getState()).toMatchObject({ prebuilt: null, runs: [], detail: null, strategyId: "gateway" });
      controller.dispose();
    });
  });
});
