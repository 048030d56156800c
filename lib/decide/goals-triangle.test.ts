import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { STRATEGIES } from "../strategies";
import {
  TRIANGLE_DOT_RADIUS,
  TRIANGLE_SELECTED_DOT_RADIUS,
  TRIANGLE_VIEW_BOX,
  goalsTriangle,
  triangleTextSizes,
} from "./goals-triangle";

describe("the three-goal triangle", () => {
  const picture = goalsTriangle(DEFAULT_SETTINGS);
  const placement = (id: string) => picture.placements.find((candidate) => candidate.id === id)!;

  it("places every strategy by the goals its definition declares", () => {
    expect(picture.placements).toHaveLength(Object.keys(STRATEGIES).length);
    for (const entry of picture.placements) {
      const goals = STRATEGIES[entry.id].goals(DEFAULT_SETTINGS);
      expect(entry.goals).toEqual(goals);
      expect(entry.met.length + entry.givesUp.length).toBe(3);
      expect(entry.why.every((why) => why.met === goals[why.goal])).toBe(true);
    }
  });

  it("each client-side strategy gives up one goal; provider mechanisms meet all three", () => {
    expect(placement("full").givesUp).toEqual(["noToolsUpFront"]);
    expect(placement("naive-dynamic").givesUp).toEqual(["stableToolList"]);
    expect(placement("gateway").givesUp).toEqual(["nativeStrictSchema"]);
    expect(placement("stubs").givesUp).toEqual(["noToolsUpFront", "nativeStrictSchema"]);
    for (const id of ["anthropic-tool-search", "kimi-dynamic", "anthropic-mid-conversation"]) {
      expect(placement(id).met).toHaveLength(3);
      expect(placement(id).needsProvider).toBeTruthy();
    }
  });

  it("puts a strategy that gives up one goal on the opposite edge, and the others inside", () => {
    const corner = (key: string) => picture.corners.find((candidate) => candidate.key === key)!;
    // full meets "stable" and "native": it sits low, between the two bottom corners.
    expect(placement("full").y).toBeGreaterThan(80);
    expect(placement("full").x).toBeGreaterThan(corner("stableToolList").x);
    expect(placement("full").x).toBeLessThan(corner("nativeStrictSchema").x);
    // naive-dynamic meets "no tools up front" and "native": the right-hand edge.
    expect(placement("naive-dynamic").x).toBeGreaterThan(50);
    // gateway meets "no tools up front" and "stable": the left-hand edge.
    expect(placement("gateway").x).toBeLessThan(50);
    // Dots that share a spot are spread apart.
    const centre = picture.placements.filter((entry) => entry.met.length === 3);
    expect(new Set(centre.map((entry) => `${entry.x.toFixed(1)},${entry.y.toFixed(1)}`)).size).toBe(centre.length);
  });

  it("explains why in the strategy's own words", () => {
    const why = placement("naive-dynamic").why.find((entry) => entry.goal === "stableToolList")!;
    expect(why.met).toBe(false);
    expect(why.text).toContain(STRATEGIES["naive-dynamic"].explanation.prefixEffect);
  });

  it("follows settings: OpenAI tool search without namespaces shows every deferred function up front", () => {
    const withoutNamespaces = goalsTriangle({ ...DEFAULT_SETTINGS, useNamespaces: false }).placements.find(
      (entry) => entry.id === "openai-tool-search",
    )!;
    expect(withoutNamespaces.givesUp).toEqual(["noToolsUpFront"]);
  });
});

describe("the triangle's names on screen", () => {
  const px = (units: number, width: number) => (units * width) / TRIANGLE_VIEW_BOX.width;

  it("are at least 12 px on a 390 px phone's panel (324 px) and on a laptop, whatever the drawing's width", () => {
    for (const width of [324, 440, 460]) {
      const sizes = triangleTextSizes(width);
      expect(px(sizes.label, width), `labels at ${width} px`).toBeCloseTo(12, 5);
      expect(px(sizes.corner, width), `corners at ${width} px`).toBeGreaterThanOrEqual(12.5);
    }
  });

  it("stay at least 11 px on a 360 px phone, where they stop growing in units so they do not collide", () => {
    const sizes = triangleTextSizes(294);
    expect(px(sizes.label, 294)).toBeGreaterThanOrEqual(11);
    expect(sizes.label).toBeLessThanOrEqual(6.2);
  });

  it("number the dots 1 to 12 in the strategies' order, and no two dots touch, even with one selected", () => {
    for (const settings of [DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, useNamespaces: false }]) {
      const placements = goalsTriangle(settings).placements;
      expect(placements.map((placement) => placement.number)).toEqual(placements.map((_, index) => index + 1));
      for (const [index, first] of placements.entries())
        for (const second of placements.slice(index + 1))
          expect(Math.hypot(first.x - second.x, first.y - second.y), `${first.id} and ${second.id}`).toBeGreaterThan(
            TRIANGLE_DOT_RADIUS + TRIANGLE_SELECTED_DOT_RADIUS,
          );
    }
  });

  it("fit a two-digit number in a dot at the largest label size", () => {
    // About 0.6 em per digit in a proportional sans-serif's tabular figures.
    expect(2 * 0.6 * triangleTextSizes(10_000).label).toBeLessThan(2 * TRIANGLE_DOT_RADIUS);
  });
});
