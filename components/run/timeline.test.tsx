import { describe, expect, it } from "vitest";
import { Timeline } from "./timeline";
import { attribute, exampleRun, render, tagsWithTestId } from "./test-support";

describe("Timeline", () => {
  it("lists every request by kind, grouped by turn, with the current one marked", async () => {
    const run = await exampleRun("stubs");
    const html = render(<Timeline steps={run.steps} currentIndex={2} onSelect={() => {}} />);
    const chips = tagsWithTestId(html, "timeline-step");
    expect(chips.map((tag) => attribute(tag, "data-kind"))).toEqual(run.steps.map((step) => step.kind));
    expect(
      chips.filter((tag) => attribute(tag, "aria-current") === "step").map((tag) => attribute(tag, "data-index")),
    ).toEqual(["2"]);
    expect(chips.filter((tag) => attribute(tag, "tabindex") === "0")).toHaveLength(1);
    expect(tagsWithTestId(html, "timeline-turn")).toHaveLength(new Set(run.steps.map((step) => step.turn)).size);
    expect(attribute(chips[2], "aria-label")).toContain(run.steps[2].title);
  });
});
