import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { STRATEGIES } from "../strategies";
import { goalsTriangle } from "./goals-triangle";

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
