import { describe, expect, it } from "vitest";
import type { StrategyRun } from "@/lib/engine/types";
import type { Scenario, ScenarioSettings } from "@/lib/scenario/types";
import type { EngineRequest } from "@/lib/workbench/engine-protocol";
import { fakeStrategyRun } from "@/lib/workbench/fake-strategy-run";
import { summariseRun } from "@/lib/workbench/summarise-run";
import { EngineClient } from "./engine-client";
import { FakeEngineWorker as FakeWorker } from "./fake-engine-worker";
import { createPlaygroundController } from "./playground-controller";
import { createPlaygroundStore } from "./playground-store";
import { selectLiveSummary, selectSelectedRun } from "./selectors";

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

describe("playground controller", () => {
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

  it("opening the tour closes the help dialog it was started from", () => {
    const { store, controller } = setUp();
    store.getState().setHelpOpen(true);
    store.getState().setTourOpen(true);
    expect(store.getState()).toMatchObject({ tourOpen: true, helpOpen: false });
    controller.dispose();
  });
});
