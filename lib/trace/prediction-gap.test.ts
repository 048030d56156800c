/**
 * "Predicted and measured … with the difference" (docs/TRACE.md): a recorded usage the rules did not predict is
 * called out in words, in the CLI table and JSON and in the trace view model, never passed unremarked.
 */
import { describe, expect, it } from "vitest";
import { analyseTrace } from "./analyse-trace";
import { fixtureText } from "./test-support";
import { formatTraceTable, traceJson } from "./trace-output";
import { traceView } from "./trace-view";

/** The Chat Completions fixture with request 2's usage edited: 0 cached where the rules predict 1,536. */
function withWrongUsage(): string {
  return fixtureText("chat-completions.jsonl")
    .trim()
    .split("\n")
    .map((line, index) => {
      if (index !== 1) return line;
      const record = JSON.parse(line);
      record.response.usage.prompt_tokens_details.cached_tokens = 0;
      return JSON.stringify(record);
    })
    .join("\n");
}

function analysed(text: string) {
  const result = analyseTrace(text, { title: "gap" });
  if (!result.ok) throw new Error(result.error);
  return result.analysis;
}

describe("a measured usage the rules did not predict", () => {
  it("is called out with both figures and the difference", () => {
    const analysis = analysed(withWrongUsage());
    const step = analysis.explanation.steps[1];
    expect(step.tokens.cacheRead).toBe(1536);
    expect(step.predictionGap).toMatch(
      /^Measured differs from the prediction: the provider reported 0 tokens read where the rules predict 1,536 \(−1,536\)/,
    );
    expect(traceView(analysis).steps[1].predictionGap).toBe(step.predictionGap);
    expect(traceJson(analysis).requests[1]).toMatchObject({
      difference: { cacheRead: -1536 },
      predictionGap: step.predictionGap,
    });
    const table = formatTraceTable(analysis);
    expect(table).toContain("0 tokens read where the rules predict 1,536 (−1,536)");
    expect(table).toContain("1 of 3 requests: measured cache figures differ from the prediction");
  });

  it("says nothing when measured equals predicted", () => {
    const analysis = analysed(fixtureText("chat-completions.jsonl"));
    expect(analysis.explanation.steps.map((step) => step.predictionGap)).toEqual([null, null, null]);
    expect(formatTraceTable(analysis)).not.toContain("differ from the prediction");
  });
});
