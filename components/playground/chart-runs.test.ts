import { describe, expect, it } from "vitest";
import { chartRunsAreEarlier, chartRunsFor } from "./chart-runs";

/** The store's runs, in the order a slow run after an edit gives them: the settled ones, then one strategy more at a time. */
const settled = ["full@1", "stubs@1", "search@1"];
const progress = [["full@2"], ["full@2", "stubs@2"], ["full@2", "stubs@2", "search@2"]];

describe("the runs the all-strategy charts draw", () => {
  it("follow the store while no run is in progress", () => {
    expect(chartRunsFor([], settled, false)).toBe(settled);
    const later = ["full@3"];
    expect(chartRunsFor(settled, later, false)).toBe(later);
  });

  it("keep the settled runs while a run finishes strategy after strategy, then draw the result once", () => {
    let drawn = chartRunsFor([], settled, false);
    const draws: Array<readonly string[]> = [];
    for (const runs of progress) {
      const next = chartRunsFor(drawn, runs, true);
      if (next !== drawn) draws.push(next);
      drawn = next;
      expect(drawn).toBe(settled);
      expect(chartRunsAreEarlier(drawn, runs)).toBe(true);
    }
    const finished = ["full@2", "stubs@2", "search@2"];
    drawn = chartRunsFor(drawn, finished, false);
    expect(drawn).toBe(finished);
    expect(draws).toEqual([]);
    expect(chartRunsAreEarlier(drawn, finished)).toBe(false);
  });

  it("draw a reset at once, so another scenario's run never shows the previous scenario's runs", () => {
    const empty: string[] = [];
    let drawn = chartRunsFor(settled, empty, true);
    expect(drawn).toBe(empty);
    // The new scenario's first strategies, while running: nothing earlier to show, so nothing is claimed earlier.
    drawn = chartRunsFor(drawn, ["full@new"], true);
    expect(drawn).toBe(empty);
    expect(chartRunsAreEarlier(drawn, ["full@new"])).toBe(false);
  });
});
