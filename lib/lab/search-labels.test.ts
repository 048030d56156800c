import { describe, expect, it } from "vitest";
import { LAB_TAB_IDS, labTabOf } from "./search-labels";

describe("labTabOf", () => {
  it("opens the tab a ?tab= value names, and the queries tab for anything else", () => {
    for (const id of LAB_TAB_IDS) expect(labTabOf(id)).toBe(id);
    expect(labTabOf(undefined)).toBe("queries");
    expect(labTabOf("Tools")).toBe("queries");
    expect(labTabOf(["tools"])).toBe("queries");
  });
});
