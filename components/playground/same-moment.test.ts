import { describe, expect, it } from "vitest";
import { sameMomentIndex } from "./same-moment";

describe("sameMomentIndex", () => {
  const gateway = [
    { turn: 0, kind: "search" },
    { turn: 0, kind: "call" },
    { turn: 0, kind: "answer" },
    { turn: 1, kind: "search" },
    { turn: 1, kind: "call" },
    { turn: 1, kind: "answer" },
  ];
  it("keeps the same turn and kind of request, not the step number", () => {
    expect(sameMomentIndex({ turn: 1, kind: "call" }, gateway)).toBe(4);
  });
  it("falls back to the first request of the same turn, then to the last request", () => {
    expect(sameMomentIndex({ turn: 1, kind: "load" }, gateway)).toBe(3);
    expect(sameMomentIndex({ turn: 5, kind: "call" }, gateway)).toBe(5);
    expect(sameMomentIndex(undefined, gateway)).toBeNull();
  });
});
