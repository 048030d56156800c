import { describe, expect, it } from "vitest";
import { lazySearcher, memoiseSearcher } from "./memoised-searcher";
import type { SearchOutcome, ToolSearcher } from "./types";

function countingSearcher() {
  const queries: Array<[string, number | undefined]> = [];
  const searcher: ToolSearcher = {
    id: "client",
    label: "counting",
    search(input, limit) {
      queries.push([input, limit]);
      return { ok: true, hits: [{ name: `${input}:${limit ?? 5}`, score: 1, matches: [] }] } satisfies SearchOutcome;
    },
  };
  return { queries, searcher };
}

describe("memoiseSearcher", () => {
  it("answers a repeated query and limit from memory, with the same outcome", () => {
    const { queries, searcher } = countingSearcher();
    const memoised = memoiseSearcher(searcher);
    const first = memoised.search("weather", 5);
    expect(memoised.search("weather", 5)).toBe(first);
    expect(queries).toEqual([["weather", 5]]);
  });

  it("keeps queries with another limit apart", () => {
    const { queries, searcher } = countingSearcher();
    const memoised = memoiseSearcher(searcher);
    const five = memoised.search("weather", 5);
    const three = memoised.search("weather", 3);
    expect(five).not.toEqual(three);
    expect(memoised.search("weather")).toEqual({ ok: true, hits: [{ name: "weather:5", score: 1, matches: [] }] });
    expect(queries).toEqual([
      ["weather", 5],
      ["weather", 3],
      ["weather", undefined],
    ]);
  });
});

describe("lazySearcher", () => {
  it("builds the index on the first query only", () => {
    const { queries, searcher } = countingSearcher();
    let builds = 0;
    const lazy = lazySearcher("client", () => {
      builds += 1;
      return searcher;
    });
    expect(builds).toBe(0);
    expect(lazy.id).toBe("client");
    lazy.search("a");
    lazy.search("a");
    lazy.search("b");
    expect(builds).toBe(1);
    expect(queries.map(([input]) => input)).toEqual(["a", "b"]);
    expect(lazy.label).toBe("counting");
  });
});
