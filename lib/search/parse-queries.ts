/**
 * Reads labelled search queries from JSON Lines, one `{"q": "...", "expect": ["server:tool", ...]}` a line, or from
 * one JSON array of them (or `{"queries": […]}`). Blank lines are skipped; every other problem is reported with the
 * line its query starts on.
 */
import type { InputProblem, Parsed } from "../core/catalog";
import { jsonRecords } from "../core/json-records";
import type { EvaluationQuery } from "./evaluate";

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

export function parseEvaluationQueries(text: string): Parsed<EvaluationQuery[]> {
  const problems: InputProblem[] = [];
  const queries: EvaluationQuery[] = [];
  for (const record of jsonRecords(text, "queries")) {
    const lineNumber = record.line;
    const problem = (message: string, code: string, values: Record<string, string | number> = {}) =>
      problems.push({
        severity: "error",
        path: "$",
        line: lineNumber,
        column: 1,
        message: `line ${lineNumber}: ${message}`,
        code,
        values: { line: lineNumber, ...values },
      });
    if (!record.ok) {
      problem(`invalid JSON: ${record.reason}`, "queryInvalidJson", { reason: record.reason });
      continue;
    }
    const entry = (typeof record.value === "object" && record.value !== null ? record.value : {}) as Record<
      string,
      unknown
    >;
    if (typeof entry.q !== "string" || entry.q.trim() === "") {
      problem('expected a non-empty string "q"', "queryNoQ");
      continue;
    }
    if (!isStringArray(entry.expect) || entry.expect.length === 0) {
      problem('expected "expect": a non-empty array of tool names', "queryNoExpect");
      continue;
    }
    queries.push({ q: entry.q, expect: entry.expect });
  }
  if (queries.length === 0 && problems.length === 0) {
    problems.push({ severity: "error", path: "$", message: "no queries", code: "noQueries" });
  }
  return { value: problems.length === 0 ? queries : undefined, problems };
}

/** Problems for expected tool names that are not in the catalog: a typo would silently lower recall. */
export function unknownExpectedTools(
  queries: readonly EvaluationQuery[],
  toolNames: ReadonlySet<string>,
): InputProblem[] {
  const problems: InputProblem[] = [];
  queries.forEach((query, index) => {
    for (const name of query.expect) {
      if (toolNames.has(name)) continue;
      problems.push({
        severity: "error",
        path: `$[${index}].expect`,
        toolName: name,
        message: `query ${index + 1} ("${query.q}") expects ${name}, which is not in the catalog`,
        code: "queryExpectsMissing",
        values: { query: index + 1, q: query.q, name },
      });
    }
  });
  return problems;
}
