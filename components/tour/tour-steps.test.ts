import { describe, expect, it } from "vitest";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import { formatTokens } from "@/lib/view/format";
import { tourFigures } from "@/lib/view/tour-figures";
import { TOUR_EXAMPLE_ID, TOUR_STEPS } from "./tour-steps";

const byId = (id: string) => TOUR_STEPS.find((step) => step.id === id)!;

describe("the tour's words and the page's figures", () => {
  it("states the tour example's own counts once they are known, and no figure of its own before", async () => {
    const scenario = await loadExample(TOUR_EXAMPLE_ID);
    const figures = tourFigures(createEngine().runAll(scenario, ["full", "stubs"]), scenario.catalog.tools.length)!;

    const problem = byId("eighty-k").bodyWithFigures!(figures);
    expect(problem).toContain(`${formatTokens(figures.definitionTokens)} tokens of definitions (estimated)`);
    expect(problem).toContain(
      `almost all of its ${formatTokens(figures.fullPromptTokens)} tokens are tool definitions`,
    );
    expect(problem).toContain(`about ${formatTokens(Math.round(figures.definitionTokens / 200))} a tool`);

    const stubs = byId("stubs").bodyWithFigures!(figures);
    expect(stubs).toContain(
      `shrinks from ${formatTokens(figures.fullPromptTokens)} tokens to ${formatTokens(figures.stubsPromptTokens)}`,
    );
    // The figure-free text shown before the runs arrive claims no count the bar would contradict.
    expect(byId("stubs").body).not.toMatch(/\d+k tokens/);
    expect(byId("eighty-k").body).toContain("as the write-ups count them");
  });
});
