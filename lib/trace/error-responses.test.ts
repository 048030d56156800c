/**
 * A JSONL record whose response is an error (no HTTP status in the envelope) is not a request the provider served:
 * it is skipped with its reason, and the requests after it keep their numbers — in the reader, the explanation,
 * the CLI table and the JSON.
 */
import { describe, expect, it } from "vitest";
import { analyseTrace } from "./analyse-trace";
import { readTrace } from "./read-trace";
import { fixtureText } from "./test-support";
import { formatTraceTable, traceJson } from "./trace-output";

const ANTHROPIC_ERROR = {
  type: "error",
  error: { type: "overloaded_error", message: "Overloaded" },
};
const OPENAI_ERROR = {
  error: { message: "Rate limit reached for gpt-5.4", type: "requests", code: "rate_limit_exceeded" },
};

/** The Chat Completions fixture with an error record after each of its first two requests. */
function withErrors(): string {
  const lines = fixtureText("chat-completions.jsonl").trim().split("\n");
  const failed = (line: string, response: object) => JSON.stringify({ ...JSON.parse(line), response });
  return [lines[0], failed(lines[1], OPENAI_ERROR), lines[1], failed(lines[2], ANTHROPIC_ERROR), lines[2]].join("\n");
}

describe("error responses inside a JSONL trace", () => {
  it("are skipped with the provider's error, not counted as requests", () => {
    const result = readTrace(withErrors());
    if (!result.ok) throw new Error(result.error);
    expect(result.trace.requests.map((request) => request.location.number)).toEqual([1, 3, 5]);
    expect(result.trace.skipped).toEqual([
      {
        location: { kind: "line", number: 2 },
        reason: "the provider answered with an error (requests: Rate limit reached for gpt-5.4): nothing was billed",
      },
      {
        location: { kind: "line", number: 4 },
        reason: "the provider answered with an error (overloaded_error: Overloaded): nothing was billed",
      },
    ]);
  });

  it("leave every later request's index and figures as in the trace without them", () => {
    const clean = analyseTrace(fixtureText("chat-completions.jsonl"), { title: "clean" });
    const noisy = analyseTrace(withErrors(), { title: "noisy" });
    if (!clean.ok || !noisy.ok) throw new Error("not read");
    const figures = (analysis: typeof clean.analysis) =>
      traceJson(analysis).requests.map((request) => [request.index, request.tokens, request.measured]);
    expect(figures(noisy.analysis)).toEqual(figures(clean.analysis));
    expect(noisy.analysis.explanation.steps.map((step) => step.explanation?.cause ?? null)).toEqual([
      "cold-start",
      null,
      null,
    ]);
    const table = formatTraceTable(noisy.analysis);
    expect(table).toContain("3 openai-chat requests");
    expect(table).toContain("skipped line 2: the provider answered with an error");
  });
});
