import { describe, expect, it } from "vitest";
import { mergeProblems } from "./catalog-problems";

describe("mergeProblems", () => {
  const syntax = {
    severity: "error" as const,
    path: "$",
    message: "catalog: invalid JSON: Expected ',' or '}' after property value; a comma is missing",
    line: 12,
    column: 5,
  };
  const followOn = [12, 14, 20].map((line) => ({
    message: "Duplicate object key",
    severity: "warning" as const,
    line,
    column: 3,
  }));

  it("lists only the syntax error while the text is not JSON, not the editor's follow-on duplicate-key guesses", () => {
    const listed = mergeProblems([syntax], followOn);
    expect(listed.map((problem) => problem.message)).toEqual([syntax.message]);
  });

  it("keeps the editor's markers above the syntax error, and all of them once the text is JSON again", () => {
    const earlier = { message: 'Missing property "name".', severity: "warning" as const, line: 3, column: 1 };
    expect(mergeProblems([syntax], [earlier, ...followOn]).map((problem) => problem.line)).toEqual([12, 3]);
    expect(mergeProblems([], followOn)).toHaveLength(3);
  });
});
