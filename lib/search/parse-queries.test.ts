import { describe, expect, it } from "vitest";
import { parseEvaluationQueries, unknownExpectedTools } from "./parse-queries";

describe("parseEvaluationQueries", () => {
  it("reads one query a line and skips blank lines", () => {
    const text = '{"q": "weather in Paris", "expect": ["weather:get"]}\n\n{"q": "post", "expect": ["a", "b"]}\n';
    expect(parseEvaluationQueries(text)).toEqual({
      value: [
        { q: "weather in Paris", expect: ["weather:get"] },
        { q: "post", expect: ["a", "b"] },
      ],
      problems: [],
    });
  });

  it("reports each bad line with its number", () => {
    const text = '{"q": "ok", "expect": ["a"]}\n{"q": ""}\nnot json\n{"q": "x", "expect": []}';
    const { value, problems } = parseEvaluationQueries(text);
    expect(value).toBeUndefined();
    expect(problems.map((problem) => [problem.line, problem.message])).toEqual([
      [2, 'line 2: expected a non-empty string "q"'],
      [3, expect.stringMatching(/^line 3: invalid JSON: /)],
      [4, 'line 4: expected "expect": a non-empty array of tool names'],
    ]);
  });

  it('reads one JSON array of queries (or one under "queries"), each problem on its query\'s first line', () => {
    const queries = [
      { q: "créer un événement", expect: ["calendar:create_event"] },
      { q: "天气怎么样", expect: [] },
    ];
    const pretty = JSON.stringify(queries, null, 2);
    const parsed = parseEvaluationQueries(pretty);
    expect(parsed.problems.map((problem) => [problem.line, problem.code])).toEqual([[8, "queryNoExpect"]]);
    expect(parseEvaluationQueries(JSON.stringify({ queries: queries.slice(0, 1) })).value).toEqual(queries.slice(0, 1));
  });

  it("is an error to have no queries", () => {
    expect(parseEvaluationQueries("\n\n").problems).toEqual([
      { severity: "error", path: "$", message: "no queries", code: "noQueries" },
    ]);
  });
});

describe("unknownExpectedTools", () => {
  it("names expected tools that are not in the catalog", () => {
    const problems = unknownExpectedTools(
      [{ q: "post", expect: ["slack:post", "slack:typo"] }],
      new Set(["slack:post"]),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'query 1 ("post") expects slack:typo, which is not in the catalog',
    ]);
  });
});
