import { describe, expect, it } from "vitest";
import type { ScenarioSettings } from "@/lib/scenario/types";
import type { StrategyId } from "@/lib/core/ids";
import { fakeStrategyRun } from "@/lib/workbench/fake-strategy-run";
import { summariseRun, summariseRunSoFar } from "@/lib/workbench/summarise-run";
import { PERSISTENCE, readLocalPreferences } from "./persistence";
import { createPlaygroundStore } from "./playground-store";
import {
  selectCatalogProblems,
  selectLiveRun,
  selectLiveSummary,
  selectSelectedRun,
  selectShownRun,
  selectShowsPreviousScenario,
  selectStepIndex,
  selectTurnKeys,
} from "./selectors";

const settings = { provider: "anthropic", model: "claude-opus-4-8" } as ScenarioSettings;

describe("playground store", () => {
  it("keeps the last valid catalog while the text is being edited", () => {
    const store = createPlaygroundStore({ settings });
    const catalog = { tools: [{ name: "a", description: "", inputSchema: { type: "object" } }] };
    store.getState().loadScenario({
      meta: { id: "x", title: "X" },
      catalog,
      catalogVersion: 1,
      catalogText: "{}",
      turns: [{ user: "hi", needs: [] }],
      settings,
    });
    store.getState().editCatalogText("{ broken");
    expect(store.getState().lastValidCatalog).toBe(catalog);
    expect(selectCatalogProblems(store.getState())).toBeNull();
    store
      .getState()
      .setCatalogCheck({ text: "{ broken", problems: [{ severity: "error", path: "$", message: "bad" }] });
    expect(selectCatalogProblems(store.getState())).toHaveLength(1);
  });

  it("says once a run of the worker's has ended, finished or failed, and keeps saying it", () => {
    const finished = createPlaygroundStore({ settings });
    expect(finished.getState().firstRunEnded).toBe(false);
    finished.getState().runStarted(1);
    finished.getState().runProgressed({ runRequestId: 1, done: 3, total: 8 });
    expect(finished.getState().firstRunEnded).toBe(false);
    finished.getState().runFinished({ runRequestId: 1, runs: [], timingMs: 5 });
    expect(finished.getState().firstRunEnded).toBe(true);
    finished.getState().runStarted(2);
    expect(finished.getState().firstRunEnded).toBe(true);
    const failed = createPlaygroundStore({ settings });
    failed.getState().runStarted(1);
    failed.getState().runFailed("engine: no worker");
    expect(failed.getState().firstRunEnded).toBe(true);
  });

  it("moves turns with their keys and clamps the step to the selected run", () => {
    const store = createPlaygroundStore({ settings });
    store.getState().addTurn({ user: "one", needs: [] });
    store.getState().addTurn({ user: "two", needs: [] });
    const keys = selectTurnKeys(store.getState());
    expect(new Set(keys).size).toBe(2);
    store.getState().moveTurn(0, 1);
    expect(store.getState().turns.map((turn) => turn.user)).toEqual(["two", "one"]);
    expect(selectTurnKeys(store.getState())).toEqual([keys[1], keys[0]]);
    store.getState().selectStep(40);
    expect(selectStepIndex(store.getState())).toBe(0);
  });

  it("derives turn keys from the turns: an edit keeps its turn's key, a removal drops only that key", () => {
    const store = createPlaygroundStore({ settings });
    for (const user of ["one", "two", "three"]) store.getState().addTurn({ user, needs: [] });
    const [first, second, third] = selectTurnKeys(store.getState());
    // The same turns give the same array, so a component can select it without re-rendering on every change.
    expect(selectTurnKeys(store.getState())).toBe(selectTurnKeys(store.getState()));
    store.getState().updateTurn(1, { user: "two, edited" });
    expect(selectTurnKeys(store.getState())).toEqual([first, second, third]);
    store.getState().removeTurn(0);
    expect(selectTurnKeys(store.getState())).toEqual([second, third]);
    store.getState().addTurn();
    const afterAdd = selectTurnKeys(store.getState());
    expect(afterAdd.slice(0, 2)).toEqual([second, third]);
    expect([first, second, third]).not.toContain(afterAdd[2]);
    // One turn object twice (a scenario file may repeat one) still gives distinct keys.
    const repeated = { user: "again", needs: [] };
    store.getState().loadScenario({
      meta: { id: "x", title: "X" },
      catalog: { tools: [] },
      catalogVersion: 1,
      catalogText: "",
      turns: [repeated, repeated],
      settings,
    });
    const repeatedKeys = selectTurnKeys(store.getState());
    expect(new Set(repeatedKeys).size).toBe(2);
    // Keys belong to one store: another page's store numbers its own turns.
    const other = createPlaygroundStore({ settings });
    other.getState().addTurn(repeated);
    expect(selectTurnKeys(other.getState())).toEqual(["turn-1"]);
  });

  it("derives the live summary from the live transcript, once per transcript", () => {
    const store = createPlaygroundStore({ settings });
    expect(selectLiveSummary(store.getState())).toBeNull();
    const run = fakeStrategyRun("gateway", 3);
    store.getState().setLiveRun(run);
    const summary = selectLiveSummary(store.getState());
    expect(summary).toEqual(summariseRun(run));
    expect(selectLiveSummary(store.getState())).toBe(summary);
    expect(selectLiveRun(store.getState())).toBeUndefined();
    store.setState({ runMode: "live", strategyId: "gateway" });
    expect(selectLiveRun(store.getState())).toBe(summary);
    const longer = fakeStrategyRun("gateway", 4);
    store.getState().setLiveRun(longer);
    expect(selectLiveRun(store.getState())?.steps).toHaveLength(4);
    store.getState().setLiveRun(null);
    expect(selectLiveSummary(store.getState())).toBeNull();
    expect(Object.keys(store.getState())).not.toContain("liveSummary");
  });

  it("shows a slow run's finished strategies in the documented order while it runs, then the whole run", () => {
    const store = createPlaygroundStore({ settings });
    const summary = (id: StrategyId) => summariseRun(fakeStrategyRun(id, 2));
    store.getState().runStarted(0);
    store.getState().runProgressed({ runRequestId: 5, done: 1, total: 3 });
    expect(store.getState().runs).toEqual([]);
    store.getState().runProgressed({ runRequestId: 5, done: 2, total: 3, summaries: [summary("gateway")] });
    store.getState().runProgressed({ runRequestId: 5, done: 3, total: 3, summaries: [summary("full")] });
    expect(store.getState()).toMatchObject({ running: true, runRequestId: 5, runProgress: { done: 3, total: 3 } });
    expect(store.getState().runs.map((run) => run.id)).toEqual(["full", "gateway"]);
    // Partial results of a newer run replace the older run's, never mix with them.
    store.getState().runProgressed({ runRequestId: 6, done: 1, total: 3, summaries: [summary("stubs")] });
    expect(store.getState().runs.map((run) => run.id)).toEqual(["stubs"]);
  });

  it("shows the strategy on screen's requests so far in place of its older run until its whole run arrives", () => {
    const store = createPlaygroundStore({ settings });
    const older = summariseRun(fakeStrategyRun("stubs", 4));
    store.setState({ runs: [older], runRequestId: 4, strategyId: "stubs", stepIndex: 0 });
    store.getState().runStarted(0);
    const soFar = summariseRunSoFar(fakeStrategyRun("stubs", 1));
    store.getState().runProgressed({ runRequestId: 5, done: 0, total: 3, firstRequest: { summary: soFar } });
    // The comparison keeps the older run until finished strategies arrive; the stepper walks the requests so far.
    expect(store.getState()).toMatchObject({ runs: [older], runRequestId: 4, runSoFar: { runRequestId: 5 } });
    expect(selectSelectedRun(store.getState())).toBe(soFar);
    expect(selectShownRun(store.getState())).toEqual({ runRequestId: 5, run: soFar });
    // Another strategy on screen: its own run.
    store.setState({ strategyId: "full" });
    expect(selectSelectedRun(store.getState())).toBeUndefined();
    store.setState({ strategyId: "stubs" });
    // Another strategy finishing first leaves the requests so far on screen; the strategy's own run replaces them.
    const whole = summariseRun(fakeStrategyRun("stubs", 4));
    store
      .getState()
      .runProgressed({ runRequestId: 5, done: 1, total: 3, summaries: [summariseRun(fakeStrategyRun("full", 2))] });
    expect(selectSelectedRun(store.getState())).toBe(soFar);
    store.getState().runProgressed({ runRequestId: 5, done: 2, total: 3, summaries: [whole] });
    expect(store.getState().runSoFar).toBeNull();
    expect(selectSelectedRun(store.getState())).toBe(whole);
    // A new run, a finished run or a failed one leaves nothing of a run so far.
    store.getState().runProgressed({ runRequestId: 5, done: 2, total: 3, firstRequest: { summary: soFar } });
    store.getState().runStarted(1);
    expect(store.getState().runSoFar).toBeNull();
    store.getState().runProgressed({ runRequestId: 6, done: 0, total: 3, firstRequest: { summary: soFar } });
    store.getState().runFailed("engine: broke");
    expect(store.getState().runSoFar).toBeNull();
  });

  it("tells the previous scenario's request from an update while a run goes on", () => {
    const store = createPlaygroundStore({ settings });
    const before = [{ user: "Make cards from my notes", needs: [{ tool: "learning_create_cards", arguments: {} }] }];
    store.setState({ turns: before, catalogVersion: 1, strategyId: "stubs" });
    expect(store.getState().runsOf).toBeNull();
    const older = summariseRun(fakeStrategyRun("stubs", 4));
    store.getState().runStarted(0);
    store.getState().runFinished({ runRequestId: 1, runs: [older], timingMs: 5 });
    expect(store.getState().runsOf).toEqual({ turns: before, catalogVersion: 1 });
    const shows = () => selectShowsPreviousScenario(store.getState());
    expect(shows()).toBe(false);

    // An edit of the catalog alone, or of the conversation alone, is an update of the same scenario.
    store.setState({ catalogVersion: 2 });
    store.getState().runStarted(1);
    expect(shows()).toBe(false);
    store.setState({ catalogVersion: 1, turns: [{ ...before[0], user: "Cards, please" }] });
    expect(shows()).toBe(false);

    // An import that replaced both: the request on screen is the previous scenario's until the new run hands over
    // the strategy on screen.
    const imported = [{ user: "Get the workflow run", needs: [{ tool: "acme__actions_get", arguments: {} }] }];
    store.setState({ turns: imported, catalogVersion: 3 });
    expect(shows()).toBe(true);
    store.setState({ strategyId: "full" });
    expect(shows()).toBe(false);
    store.setState({ strategyId: "stubs" });
    const soFar = summariseRunSoFar(fakeStrategyRun("stubs", 1));
    store.getState().runProgressed({ runRequestId: 2, done: 0, total: 3, firstRequest: { summary: soFar } });
    expect(shows()).toBe(false);
    store
      .getState()
      .runProgressed({ runRequestId: 2, done: 1, total: 3, summaries: [summariseRun(fakeStrategyRun("stubs", 2))] });
    expect(store.getState().runsOf).toEqual({ turns: imported, catalogVersion: 3 });
    expect(shows()).toBe(false);

    // A run that has ended, or failed, says nothing of a run going on.
    store.setState({ turns: before, catalogVersion: 4 });
    expect(shows()).toBe(true);
    store.getState().runFailed("engine: broke");
    expect(shows()).toBe(false);
  });

  it("declares persistence for every data key and reads back only local ones", () => {
    const store = createPlaygroundStore({ settings });
    const dataKeys = Object.entries(store.getState())
      .filter(([, value]) => typeof value !== "function")
      .map(([key]) => key)
      .sort();
    expect(Object.keys(PERSISTENCE).sort()).toEqual(dataKeys);
    const storage = { getItem: () => JSON.stringify({ theme: "dark", settings: { provider: "moonshot" } }) };
    expect(readLocalPreferences(storage)).toEqual({ theme: "dark" });
  });
});
