import { describe, expect, it } from "vitest";
import { render, textOfTestId } from "@/components/run/test-support";
import { analyseTrace } from "@/lib/trace/analyse-trace";
import { traceView } from "@/lib/trace/trace-view";
import { formatUsd } from "@/lib/view/format";
import { fixtureText } from "@/lib/trace/test-support";
import { TraceReplay } from "./trace-replay";
import { TraceRequestList } from "./trace-request-list";
import { TraceRequestView } from "./trace-request-view";
import { TraceSummary } from "./trace-summary";

function view(name: string) {
  const result = analyseTrace(fixtureText(name), { title: name });
  if (!result.ok) throw new Error(result.error);
  return traceView(result.analysis);
}

describe("trace panels", () => {
  it("the request list names each request's model only when the trace calls several", () => {
    const single = view("anthropic-session.jsonl");
    expect(render(<TraceRequestList steps={single.steps} selectedIndex={0} onSelect={() => {}} />)).not.toContain(
      "trace-step-model",
    );
    const mixed = single.steps.map((step, index) => (index === 1 ? { ...step, model: "claude-haiku-4-5" } : step));
    const html = render(<TraceRequestList steps={mixed} selectedIndex={0} onSelect={() => {}} />);
    expect(html.match(/data-testid="trace-step-model"/g)).toHaveLength(single.steps.length);
    expect(html).toContain("claude-haiku-4-5");
  });

  it("a named miss shows its sentence and the changed text, highlighted", () => {
    const responses = view("openai-responses-instructions.har");
    const html = render(
      <TraceRequestView step={responses.steps[2]} detail={null} providerLabel="OpenAI Responses" theme="light" />,
    );
    expect(textOfTestId(html, "trace-explanation")).toContain(
      'The instructions changed ("2026-11-30" → "2026-12-01"): the whole cache is invalidated (the instructions come first in the prefix).',
    );
    expect(html).toMatch(/<mark[^>]*>2026-11-30<\/mark>/);
    expect(html).toMatch(/<mark[^>]*>2026-12-01<\/mark>/);
  });

  it("predicted and measured side by side, with the difference", () => {
    const anthropic = view("anthropic-session.jsonl");
    const step = anthropic.steps[5];
    const html = render(<TraceRequestView step={step} detail={null} providerLabel="Anthropic" theme="light" />);
    const figures = textOfTestId(html, "trace-figures");
    expect(figures).toContain(`cache write${step.tokens.cacheWrite.toLocaleString("en-US")}`);
    expect(figures).toContain("lost to the miss");
  });

  it("a measured cache figure the rules did not predict is called out above the figures", () => {
    const chat = view("chat-completions.jsonl");
    const gap =
      "Measured differs from the prediction: the provider reported 0 tokens read where the rules predict 1,536";
    const step = { ...chat.steps[1], predictionGap: `${gap} (−1,536).` };
    const html = render(<TraceRequestView step={step} detail={null} providerLabel="OpenAI Chat" theme="light" />);
    expect(textOfTestId(html, "trace-prediction-gap")).toContain(gap);
    const agreeing = render(
      <TraceRequestView step={chat.steps[1]} detail={null} providerLabel="OpenAI Chat" theme="light" />,
    );
    expect(agreeing).not.toContain("trace-prediction-gap");
  });

  it("the summary ranks the losses and states the seed's figures and the recommendation", () => {
    const anthropic = view("anthropic-session.jsonl");
    const html = render(<TraceSummary view={anthropic} />);
    const losses = textOfTestId(html, "trace-losses") ?? "";
    expect(losses.indexOf("cache entry expired")).toBeLessThan(losses.indexOf("tools changed"));
    expect(losses).not.toContain("cold start");
    expect(textOfTestId(html, "trace-figures-seed")).toContain("tools declared4");
  });

  it("the replay sentence names the recorded bill, the gateway and tool search", () => {
    const anthropic = view("anthropic-session.jsonl");
    const html = render(<TraceReplay view={anthropic} onOpenReplay={() => {}} />);
    const gateway = anthropic.replay.find((run) => run.id === "gateway")!;
    expect(textOfTestId(html, "trace-replay-sentence")).toMatch(/^Your agent, as recorded: \$[0-9.]+ \(measured\)\./);
    expect(textOfTestId(html, "trace-replay-sentence")).toContain(`Under the gateway: ${formatUsd(gateway.costUsd)}.`);
    expect(textOfTestId(html, "trace-replay-sentence")).toContain("Under tool search:");
  });
});
