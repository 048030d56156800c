/**
 * The run status counts the runs that ended: a waiter (the browser bench, a test) that read the count before an edit
 * knows the edit's run is over when the count has grown, even if that run started and ended before it looked.
 */
import { describe, expect, it } from "vitest";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { createPlaygroundStore } from "./playground-store";

const settings = { provider: "anthropic", model: "claude-opus-4-8" } as ScenarioSettings;

describe("runsEnded", () => {
  it("grows by one for every run that finishes or fails, and never goes back", () => {
    const store = createPlaygroundStore({ settings });
    expect(store.getState().runsEnded).toBe(0);
    store.getState().runStarted(1);
    expect(store.getState().runsEnded).toBe(0);
    store.getState().runFinished({ runRequestId: 1, runs: [], timingMs: 5 });
    expect(store.getState().runsEnded).toBe(1);
    // A short run that starts and ends between two looks: `running` is false both times, the count tells.
    store.getState().runStarted(2);
    store.getState().runFailed("engine: needed tool x is not in the catalog");
    expect(store.getState()).toMatchObject({ running: false, runsEnded: 2 });
  });
});
