import { describe, expect, it } from "vitest";
import { STARTED_PERCENT, progressPercent } from "./run-progress";

describe("progressPercent", () => {
  it("fills the bar by the strategies done", () => {
    expect(progressPercent({ done: 3, total: 12 })).toBe(25);
    expect(progressPercent({ done: 12, total: 12 })).toBe(100);
    expect(progressPercent({ done: 2, total: 3 })).toBe(67);
  });

  it("shows a started run before its first strategy, and never more than full", () => {
    expect(progressPercent(null)).toBe(STARTED_PERCENT);
    expect(progressPercent({ done: 0, total: 8 })).toBe(STARTED_PERCENT);
    expect(progressPercent({ done: 0, total: 0 })).toBe(STARTED_PERCENT);
    expect(progressPercent({ done: 9, total: 8 })).toBe(100);
  });
});
