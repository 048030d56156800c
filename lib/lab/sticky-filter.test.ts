import { describe, expect, it } from "vitest";
import { stickyFilterIds } from "./sticky-filter";

describe("stickyFilterIds", () => {
  it("keeps a row that matched the filter after it stops matching", () => {
    const first = stickyFilterIds(undefined, "missed", [1, 2]);
    // Row 2's miss was fixed by an edit: it no longer matches, yet stays listed.
    const second = stickyFilterIds(first, "missed", [1]);
    expect([...second.ids]).toEqual([1, 2]);
    expect(second).toBe(first);
  });

  it("adds rows that start matching", () => {
    const next = stickyFilterIds(stickyFilterIds(undefined, "missed", [1]), "missed", [3]);
    expect([...next.ids].sort()).toEqual([1, 3]);
  });

  it("starts afresh when the filter changes", () => {
    const missed = stickyFilterIds(undefined, "missed", [1, 2]);
    expect([...stickyFilterIds(missed, "not-first", [4]).ids]).toEqual([4]);
  });
});
