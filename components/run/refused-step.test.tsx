/**
 * A request the provider refuses (here a tool name that breaks the provider's pattern) is called refused wherever the
 * step is shown: the step summary (its cost and notes) and the cache card, never "Nothing unusual" or tokens "sent
 * at the full input price" beside a cost of nothing.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import { cardDisagreements } from "@/lib/view/cache-headline";
import { stepDetail, summariseRun, summariseStep } from "@/lib/workbench/summarise-run";
import { CachePrefixBar } from "./cache-prefix-bar";
import { StepSummary } from "./step-summary";
import { attribute, render, tagsWithTestId, textOfTestId } from "./test-support";

async function refusedRun() {
  const scenario = await loadExample("weather");
  // One more tool, named as no provider accepts: every request that declares it is refused.
  const tools = [...scenario.catalog.tools, { ...scenario.catalog.tools[0], name: "get weather!" }];
  const run = createEngine().runStrategy({ ...scenario, catalog: { ...scenario.catalog, tools } }, "full");
  const index = run.steps.findIndex((step) => step.rejected);
  expect(index, "the provider refuses a request").toBeGreaterThanOrEqual(0);
  return { run, index };
}

describe("a refused request is called refused", () => {
  it("in the step summary: its notes and its cost", async () => {
    const { run, index } = await refusedRun();
    const step = summariseStep(run.steps[index]);
    const html = render(<StepSummary step={step} run={summariseRun(run)} />);
    expect(html).not.toContain("Nothing unusual in this request");
    expect(textOfTestId(html, "step-refused")).toMatch(/^✕Refused by the provider: 400 invalid_request_error: /);
    expect(textOfTestId(html, "step-cost")).toBe("Refused");
    // None of its tokens is billed: the cache figures say so rather than price every token as uncached at nothing.
    expect(html.match(/not billed/g)).toHaveLength(3);
  });

  it("on the cache card", async () => {
    const { run, index } = await refusedRun();
    const detail = stepDetail(run, index)!;
    const step = run.steps[index];
    const html = render(
      <CachePrefixBar
        segments={detail.segments}
        statuses={detail.segmentStatus}
        divergence={step.divergence}
        billed={step.tokens}
        rejected={detail.rejected}
      />,
    );
    const sentence = textOfTestId(html, "cache-headline") ?? "";
    expect(sentence).toMatch(
      /^Refused: the provider answers 400 invalid_request_error and reads none of the [\d,]+ tokens sent/,
    );
    expect(sentence).not.toMatch(/full input price/);
    expect(attribute(tagsWithTestId(html, "cache-headline")[0], "data-tone")).toBe("danger");
    expect(
      cardDisagreements({
        sentence,
        tone: "danger",
        figures: { read: 0, written: 0, stored: 0, uncached: 0, invalidated: 0, blockRead: 0 },
        legend: ["0", "0", "0", "0"],
        refused: true,
      }),
    ).toEqual([]);
  });
});
