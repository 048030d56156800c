import { describe, expect, it } from "vitest";
import { summariseRun, summariseStep } from "@/lib/workbench/summarise-run";
import { stepHeading } from "@/lib/view/step-kind";
import { StepSummary } from "./step-summary";
import { attribute, exampleRun, render, tagsWithTestId, textOfTestId } from "./test-support";

describe("StepSummary", () => {
  it("prints the step's tokens and cost", async () => {
    const run = await exampleRun("gateway");
    const step = summariseStep(run.steps[1]);
    const html = render(<StepSummary step={step} run={summariseRun(run)} />);
    expect(Number(attribute(tagsWithTestId(html, "step-input")[0], "data-value"))).toBe(step.tokens.input);
    expect(Number(attribute(tagsWithTestId(html, "step-cost")[0], "data-value"))).toBe(step.cost.totalUsd);
    expect(textOfTestId(html, "step-title")).toBe(stepHeading(step));
  });

  it("renders notes as text, never as HTML", async () => {
    const run = await exampleRun("gateway");
    const step = { ...summariseStep(run.steps[0]), notes: ['<img src=x onerror="alert(1)"> validation failed'] };
    const html = render(<StepSummary step={step} />);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x");
  });
});
