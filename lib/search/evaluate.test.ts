import { describe, expect, it } from "vitest";
import { confusablePairs, evaluateSearch } from "./evaluate";
import type { SearchOutcome, ToolSearcher } from "./types";

/** A searcher that returns fixed rankings, so that the metrics can be computed by hand. */
function fixedSearcher(rankings: Record<string, string[] | "error">, id: ToolSearcher["id"] = "client"): ToolSearcher {
  return {
    id,
    label: "fixed",
    search(input: string, limit = 5): SearchOutcome {
      const ranking = rankings[input];
      if (ranking === "error") return { ok: false, errorCode: "invalid_tool_input", errorMessage: "bad input" };
      return {
        ok: true,
        hits: (ranking ?? []).slice(0, limit).map((name, index) => ({ name, score: 10 - index, matches: [] })),
      };
    },
  };
}

describe("evaluateSearch", () => {
  // Ranks of the first expected tool: q1 → 1, q2 → 2, q3 → 4, q4 → not found, q5 → 1 (second expected tool),
  // q6 → error. recall@1 = 2/6, recall@3 = 3/6, recall@5 = 4/6, MRR = (1 + 1/2 + 1/4 + 0 + 1 + 0) / 6 = 0.4583…
  const searcher = fixedSearcher({
    q1: ["a", "b", "c"],
    q2: ["b", "a", "c"],
    q3: ["x", "y", "z", "a", "b"],
    q4: ["x", "y", "z", "w", "v", "a"],
    q5: ["c", "a"],
    q6: "error",
  });
  const queries = [
    { q: "q1", expect: ["a"] },
    { q: "q2", expect: ["a"] },
    { q: "q3", expect: ["a"] },
    { q: "q4", expect: ["a"] },
    { q: "q5", expect: ["b", "c"] },
    { q: "q6", expect: ["a"] },
  ];

  it("computes recall@1/3/5 and MRR as computed by hand", () => {
    const result = evaluateSearch(searcher, queries);
    expect(result.queries).toBe(6);
    expect(result.recallAt1).toBeCloseTo(2 / 6, 10);
    expect(result.recallAt3).toBeCloseTo(3 / 6, 10);
    expect(result.recallAt5).toBeCloseTo(4 / 6, 10);
    expect(result.recallAtK).toBe(result.recallAt5);
    expect(result.mrr).toBeCloseTo((1 + 1 / 2 + 1 / 4 + 0 + 1 + 0) / 6, 10);
    expect(result.perQuery.map((query) => query.rank)).toEqual([1, 2, 4, null, 1, null]);
    expect(result.perQuery[5].errorMessage).toBe("bad input");
  });

  it("searches deeper than 5 when k asks for it", () => {
    const result = evaluateSearch(searcher, queries, 6);
    expect(result.perQuery[3].rank).toBe(6);
    expect(result.recallAtK).toBeCloseTo(5 / 6, 10);
    expect(result.mrr).toBeCloseTo((1 + 1 / 2 + 1 / 4 + 1 / 6 + 1 + 0) / 6, 10);
  });

  it("gives the regex search the pattern the simulated model would write", () => {
    const regex = fixedSearcher({ "weather|forecast": ["get_weather"] }, "anthropic-regex");
    const result = evaluateSearch(regex, [{ q: "weather forecast", expect: ["get_weather"] }]);
    expect(result.perQuery[0]).toMatchObject({ input: "weather|forecast", rank: 1 });
  });

  it("reports zeros rather than NaN for an empty query set", () => {
    expect(evaluateSearch(searcher, [])).toMatchObject({ queries: 0, recallAt1: 0, mrr: 0 });
  });
});

describe("confusablePairs", () => {
  it("lists tools that win each other's queries, mutual pairs first", () => {
    const searcher = fixedSearcher({
      "post message": ["reply", "post"],
      "reply in thread": ["post", "reply"],
      "list users": ["profile", "users"],
      "get weather": ["weather"],
    });
    const result = evaluateSearch(searcher, [
      { q: "post message", expect: ["post"] },
      { q: "reply in thread", expect: ["reply"] },
      { q: "list users", expect: ["users"] },
      { q: "get weather", expect: ["weather"] },
    ]);
    expect(confusablePairs(result)).toEqual([
      {
        first: "post",
        second: "reply",
        firstTookFromSecond: 1,
        secondTookFromFirst: 1,
        mutual: true,
        queries: ["post message", "reply in thread"],
      },
      {
        first: "profile",
        second: "users",
        firstTookFromSecond: 1,
        secondTookFromFirst: 0,
        mutual: false,
        queries: ["list users"],
      },
    ]);
  });
});
