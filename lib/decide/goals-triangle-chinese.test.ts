import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { goalsTriangle } from "./goals-triangle";

const HAN = /\p{Script=Han}/u;

describe("the goals triangle in Chinese", () => {
  it("names the goals and the strategies, and says why, in Chinese; English stays as it was", () => {
    const chinese = goalsTriangle(DEFAULT_SETTINGS, undefined, "zh-CN");
    for (const corner of chinese.corners) expect(corner.label).toMatch(HAN);
    for (const placement of chinese.placements) {
      expect(placement.title).toMatch(HAN);
      for (const why of placement.why) expect(why.text).toMatch(why.met ? /^满足“/ : /^放弃“/);
    }
    const english = goalsTriangle(DEFAULT_SETTINGS);
    expect(english.corners.map((corner) => corner.label)).toEqual([
      "Not every tool up front",
      "Stable tool list",
      "Native strict schema",
    ]);
    expect(english.placements[0].why[1].text).toMatch(/^(Meets|Gives up) "stable tool list": /);
  });
});
