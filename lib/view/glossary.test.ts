import { describe, expect, it } from "vitest";
import { GLOSSARY, TERM_IDS } from "./glossary";

describe("glossary", () => {
  it("defines every term the panels use, briefly", () => {
    expect(TERM_IDS).toEqual(
      expect.arrayContaining([
        "prefix",
        "cache-breakpoint",
        "defer-loading",
        "tool-reference",
        "ttl",
        "cache-write",
        "cache-read",
        "lookback",
        "namespace",
        "stub",
        "gateway",
      ]),
    );
    for (const id of TERM_IDS) {
      const entry = GLOSSARY[id];
      expect(entry.id).toBe(id);
      expect(entry.definition.length).toBeGreaterThan(40);
      // Tooltip-sized: three sentences at most.
      expect(entry.definition.split(/[.!?](\s|$)/).filter((part) => part.trim().length > 1).length).toBeLessThanOrEqual(
        3,
      );
    }
    expect(GLOSSARY["defer-loading"]).toMatchObject({ term: "defer_loading", code: true });
  });
});
