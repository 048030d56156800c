import { describe, expect, it } from "vitest";
import { stepDetail } from "../workbench/summarise-run";
import { handleTraceMessage, type TraceResponseMessage } from "./trace-protocol";
import { fixtureText } from "./test-support";

function run(messages: Parameters<typeof handleTraceMessage>[1][]) {
  const posted: TraceResponseMessage[] = [];
  let state = { run: null } as Parameters<typeof handleTraceMessage>[0];
  for (const message of messages)
    state = handleTraceMessage(state, message, { stepDetail, post: (m) => posted.push(m) });
  return posted;
}

describe("trace worker protocol", () => {
  it("reports progress, then the view without request bodies, then a step's detail on demand", () => {
    const posted = run([
      { kind: "analyse", requestId: 1, text: fixtureText("openai-responses-instructions.har"), title: "trace.har" },
      { kind: "detail", requestId: 2, index: 2 },
    ]);
    const progress = posted.filter((message) => message.kind === "progress").map((message) => message.fraction);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const analysed = posted.find((message) => message.kind === "analysed");
    if (analysed?.kind !== "analysed") throw new Error("no view");
    expect(analysed.view.steps[2].explanation?.cause).toBe("system-changed");
    expect(analysed.view.scenario.title).toBe("trace.har");
    expect(JSON.stringify(analysed.view)).not.toContain('"segments"');
    const detail = posted.at(-1);
    if (detail?.kind !== "detail" || !detail.detail) throw new Error("no detail");
    expect(detail.detail.stepIndex).toBe(2);
    expect(detail.detail.previousRequestJson).toContain("2026-11-30");
    expect(detail.detail.requestJson).toContain("2026-12-01");
    expect(detail.detail.segments.length).toBe(detail.detail.segmentStatus.length);
  });

  it("answers a trace it cannot read with the reason, and forgets the previous one", () => {
    const posted = run([
      { kind: "analyse", requestId: 1, text: fixtureText("chat-completions.jsonl") },
      { kind: "analyse", requestId: 2, text: "not a trace" },
      { kind: "detail", requestId: 3, index: 0 },
    ]);
    expect(posted.find((message) => message.kind === "failed")).toEqual({
      kind: "failed",
      requestId: 2,
      error: expect.stringMatching(/^trace: not a HAR file or JSON Lines: line 1 is not JSON/),
    });
    expect(posted.at(-1)).toEqual({ kind: "detail", requestId: 3, detail: null });
  });
});
