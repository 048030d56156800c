import { describe, expect, it } from "vitest";
import { loadExample } from "../examples";
import { DEFAULT_QUERY_SETS, defaultQueries } from "./default-queries";
import { parseQuerySet } from "./query-set";

describe("shipped query sets", () => {
  for (const exampleId of Object.keys(DEFAULT_QUERY_SETS)) {
    it(`${exampleId}: parses cleanly and expects only tools of the example`, async () => {
      const { catalog } = await loadExample(exampleId);
      const parsed = parseQuerySet(DEFAULT_QUERY_SETS[exampleId], catalog.tools);
      expect(parsed.problems).toEqual([]);
      expect(parsed.renamed).toEqual([]);
      expect(parsed.queries).toEqual(defaultQueries(exampleId));
      const queries = parsed.queries!;
      expect(new Set(queries.map((query) => query.q)).size).toBe(queries.length);
    });
  }

  it("covers the mixed MCP example with the fixture's 46 queries and 32 more", () => {
    expect(defaultQueries("mixed-mcp")).toHaveLength(78);
    expect(defaultQueries("seed-200-tools")).toBeUndefined();
  });
});
