import { describe, expect, it } from "vitest";
import { summariseRun, summariseRunSoFar, summariseStep } from "@/lib/workbench/summarise-run";
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

  it("names no request count while the strategy's run is still going", async () => {
    const run = await exampleRun("gateway");
    const step = summariseStep(run.steps[0]);
    const whole = summariseRun(run);
    expect(textOfTestId(render(<StepSummary step={step} run={whole} />), "step-position")).toBe(
      `Turn 1 · request 1 of ${run.steps.length}`,
    );
    const soFar = summariseRunSoFar({ ...run, steps: run.steps.slice(0, 1) });
    expect(textOfTestId(render(<StepSummary step={step} run={soFar} />), "step-position")).toBe("Turn 1 · request 1");
  });

  it("renders notes as text, never as HTML", async () => {
    const run = await exampleRun("gateway");
    const step = { ...summariseStep(run.steps[0]), notes: ['<img src=x onerror="alert(1)"> validation failed'] };
    const html = render(<StepSummary step={step} />);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x");
  });
});
