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
    const runs = createEngine().runAll(scenario, ["full", "stubs"]);
    const figures = tourFigures(runs, scenario.catalog.tools.length, { strategyId: "stubs", stepIndex: 1 })!;

    const problem = byId("eighty-k").bodyWithFigures!(figures);
    expect(problem).toContain(`${formatTokens(figures.definitionTokens)} tokens of definitions (estimated)`);
    // The bar's own total: the request on screen (here the stubs' first call), whichever it is.
    expect(problem).toContain(
      `almost all of its ${formatTokens(figures.shownPromptTokens)} tokens are tool definitions`,
    );
    expect(problem).toContain(`about ${formatTokens(Math.round(figures.definitionTokens / 200))} a tool`);

    const stubs = byId("stubs").bodyWithFigures!(figures);
    expect(stubs).toContain(
      `this request's prompt is ${formatTokens(figures.shownPromptTokens)} tokens where loading everything's first call sends ${formatTokens(figures.fullPromptTokens)}`,
    );
    expect(figures.shownPromptTokens).toBe(runs[1].steps[1].tokens.input);
    // The figure-free text shown before the runs arrive claims no count the bar would contradict.
    expect(byId("stubs").body).not.toMatch(/\d+k tokens/);
    expect(byId("eighty-k").body).toContain("as the write-ups count them");
  });
});
