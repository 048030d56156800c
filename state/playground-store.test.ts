import { describe, expect, it } from "vitest";
import type { ScenarioSettings, StrategyId } from "@/lib/scenario/types";
import { fakeStrategyRun } from "@/lib/workbench/fake-strategy-run";
import { summariseRun } from "@/lib/workbench/summarise-run";
import { PERSISTENCE, readLocalPreferences } from "./persistence";
import { createPlaygroundStore } from "./playground-store";
import { selectCatalogProblems, selectStepIndex } from "./selectors";

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

  it("moves turns with their keys and clamps the step to the selected run", () => {
    const store = createPlaygroundStore({ settings });
    store.getState().addTurn({ user: "one", needs: [] });
    store.getState().addTurn({ user: "two", needs: [] });
    const keys = store.getState().turnKeys;
    store.getState().moveTurn(0, 1);
    expect(store.getState().turns.map((turn) => turn.user)).toEqual(["two", "one"]);
    expect(store.getState().turnKeys).toEqual([keys[1], keys[0]]);
    store.getState().selectStep(40);
    expect(selectStepIndex(store.getState())).toBe(0);
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
