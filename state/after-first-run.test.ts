import { describe, expect, it } from "vitest";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { afterFirstRunEnded, autosaveWaitsForFirstRun } from "./after-first-run";
import { createPlaygroundStore } from "./playground-store";

const settings = { provider: "anthropic", model: "claude-opus-4-8" } as ScenarioSettings;

/** A `later` that holds its callbacks until the test lets them run. */
function heldMacrotasks() {
  const held: Array<() => void> = [];
  return {
    later: (callback: () => void) => void held.push(callback),
    runAll: () => held.splice(0).forEach((run) => run()),
  };
}

describe("afterFirstRunEnded", () => {
  it("waits for the first run's end, then a macrotask more", () => {
    const store = createPlaygroundStore({ settings });
    const macrotasks = heldMacrotasks();
    const calls: string[] = [];
    afterFirstRunEnded(store, () => calls.push("action"), macrotasks.later);
    store.getState().runStarted(1);
    store.getState().runProgressed({ runRequestId: 1, done: 3, total: 8 });
    macrotasks.runAll();
    expect(calls).toEqual([]);
    store.getState().runFinished({ runRequestId: 1, runs: [], timingMs: 5 });
    expect(calls).toEqual([]);
    macrotasks.runAll();
    expect(calls).toEqual(["action"]);
    // Later runs do not call it again.
    store.getState().runStarted(2);
    store.getState().runFinished({ runRequestId: 2, runs: [], timingMs: 5 });
    macrotasks.runAll();
    expect(calls).toEqual(["action"]);
  });

  it("counts a failed run as ended, and one that ended already", () => {
    const failed = createPlaygroundStore({ settings });
    const macrotasks = heldMacrotasks();
    const calls: string[] = [];
    afterFirstRunEnded(failed, () => calls.push("failed"), macrotasks.later);
    failed.getState().runStarted(1);
    failed.getState().runFailed("engine: no worker");
    macrotasks.runAll();
    afterFirstRunEnded(failed, () => calls.push("already"), macrotasks.later);
    expect(calls).toEqual(["failed"]);
    macrotasks.runAll();
    expect(calls).toEqual(["failed", "already"]);
  });

  it("does nothing once cancelled, before or after the run's end", () => {
    const store = createPlaygroundStore({ settings });
    const macrotasks = heldMacrotasks();
    const calls: string[] = [];
    const cancelEarly = afterFirstRunEnded(store, () => calls.push("early"), macrotasks.later);
    const cancelLate = afterFirstRunEnded(store, () => calls.push("late"), macrotasks.later);
    cancelEarly();
    store.getState().runStarted(1);
    store.getState().runFinished({ runRequestId: 1, runs: [], timingMs: 5 });
    cancelLate();
    macrotasks.runAll();
    expect(calls).toEqual([]);
  });

  it("uses a real macrotask by default", async () => {
    const store = createPlaygroundStore({ settings });
    const calls: string[] = [];
    afterFirstRunEnded(store, () => calls.push("action"));
    store.getState().runStarted(1);
    store.getState().runFinished({ runRequestId: 1, runs: [], timingMs: 5 });
    await Promise.resolve();
    expect(calls).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(["action"]);
  });
});

describe("autosaveWaitsForFirstRun", () => {
  it("holds only an unedited example, and only until the first run has ended", () => {
    const example = { exampleId: "weather", settingsEdited: false };
    expect(autosaveWaitsForFirstRun(false, example)).toBe(true);
    expect(autosaveWaitsForFirstRun(true, example)).toBe(false);
    // Edited work (settings, or anything else: no example reference) is saved as before.
    expect(autosaveWaitsForFirstRun(false, { exampleId: "weather", settingsEdited: true })).toBe(false);
    expect(autosaveWaitsForFirstRun(false, null)).toBe(false);
  });
});
