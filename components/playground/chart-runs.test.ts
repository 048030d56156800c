import { describe, expect, it } from "vitest";
import { chartRunsAreEarlier, chartRunsFor, stepChartHolds } from "./chart-runs";

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

type Run = { id: string; inProgress?: true };

/** The runs the step chart draws over a sequence of renders (what useHeldWhile keeps across them), and its label. */
function stepChartDraws(renders: ReadonlyArray<{ running: boolean; near: boolean | null; shown: Run | null }>) {
  let held: Run | null = null;
  return renders.map(({ running, near, shown }) => {
    const run = stepChartHolds(running, near, shown) ? held : shown;
    held = run;
    const drawn = run && !run.inProgress ? run.id : null;
    return { drawn, previous: drawn !== null && run !== shown };
  });
}

describe("the run the tokens-per-step chart draws", () => {
  const before: Run = { id: "stubs@weather" };
  const computing: Run = { id: "stubs@own", inProgress: true };
  const whole: Run = { id: "stubs@own" };

  it("on screen, keeps the last whole run, labelled as the previous one, until the shown run is whole", () => {
    expect(
      stepChartDraws([
        { running: false, near: true, shown: before },
        { running: true, near: true, shown: before },
        { running: true, near: true, shown: computing },
        { running: true, near: true, shown: computing },
        // Whole mid-run (other strategies still running): drawn at once.
        { running: true, near: true, shown: whole },
        { running: false, near: true, shown: whole },
      ]),
    ).toEqual([
      { drawn: "stubs@weather", previous: false },
      { drawn: "stubs@weather", previous: false },
      { drawn: "stubs@weather", previous: true },
      { drawn: "stubs@weather", previous: true },
      { drawn: "stubs@own", previous: false },
      { drawn: "stubs@own", previous: false },
    ]);
  });

  it("off screen, waits for the run's end even when the shown run is whole", () => {
    const draws = stepChartDraws([
      { running: false, near: false, shown: before },
      { running: true, near: false, shown: computing },
      { running: true, near: false, shown: whole },
      { running: false, near: false, shown: whole },
    ]);
    expect(draws.map((draw) => draw.drawn)).toEqual(["stubs@weather", "stubs@weather", "stubs@weather", "stubs@own"]);
  });

  it("with no earlier whole run, draws nothing until the shown run is whole (the panel says it is loading)", () => {
    const draws = stepChartDraws([
      { running: true, near: true, shown: null },
      { running: true, near: true, shown: computing },
      { running: true, near: true, shown: whole },
    ]);
    expect(draws.map((draw) => draw.drawn)).toEqual([null, null, "stubs@own"]);
    // Before the browser has measured where the charts are, nothing is held back for being off screen.
    expect(stepChartHolds(true, null, whole)).toBe(false);
  });
});
