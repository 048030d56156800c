import { describe, expect, it } from "vitest";
import type { SearchEvaluation } from "./evaluate";
import { formatEvaluationTable, formatMisses } from "./format-evaluation";

const evaluation: SearchEvaluation = {
  queries: 2,
  k: 5,
  recallAt1: 0.5,
  recallAt3: 0.5,
  recallAt5: 1,
  recallAtK: 1,
  mrr: 0.625,
  perQuery: [
    { q: "weather", expect: ["get_weather"], input: "weather", rank: 1, top: [] },
    {
      q: "post",
      expect: ["post_message"],
      input: "post",
      rank: 4,
      top: ["reply", "react", "history", "post_message"].map((name) => ({ name, score: 1, matches: [] })),
    },
  ],
};

describe("formatEvaluationTable", () => {
  it("aligns one row per search, with recall@k only when k is not 1, 3 or 5", () => {
    expect(formatEvaluationTable([{ search: "client", evaluation }], 5)).toBe(
      ["search  recall@1  recall@3  recall@5    MRR", "client     0.500     0.500     1.000  0.625"].join("\n"),
    );
    expect(formatEvaluationTable([{ search: "client", evaluation: { ...evaluation, k: 10 } }], 10)).toContain(
      "recall@10",
    );
  });
});

describe("formatMisses", () => {
  it("lists the queries not found within the top k with what came back instead", () => {
    expect(formatMisses({ search: "client", evaluation }, 3)).toBe(
      [
        "client: 1 of 2 queries not found within the top 3",
        '  "post"',
        "    expected post_message",
        "    got      reply, react, history",
      ].join("\n"),
    );
    expect(formatMisses({ search: "client", evaluation }, 5)).toBe("client: every query found within the top 5");
  });
});
