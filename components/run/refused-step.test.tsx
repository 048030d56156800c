/**
 * A request the provider refuses (here a tool name that breaks the provider's pattern) is called refused wherever the
 * step is shown: the step summary (its cost and notes) and the cache card, never "Nothing unusual" or tokens "sent
 * at the full input price" beside a cost of nothing.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import { designReviewReport } from "@/lib/report/design-review";
import { simulationCsv } from "@/lib/report/simulation-csv";
import { formatRunsTable } from "@/lib/report/simulation-output";
import { cardDisagreements } from "@/lib/view/cache-headline";
import { tokensPerStepRows } from "@/lib/view/chart-data";
import { stepDetail, summariseRun, summariseStep } from "@/lib/workbench/summarise-run";
import { CachePrefixBar } from "./cache-prefix-bar";
import { CompareTable } from "./compare-table";
import { StepSummary } from "./step-summary";
import { attribute, render, tagsWithTestId, textOfTestId } from "./test-support";

async function refusedScenario() {
  const scenario = await loadExample("weather");
  // One more tool, named as no provider accepts: every request that declares it is refused.
  const tools = [...scenario.catalog.tools, { ...scenario.catalog.tools[0], name: "get weather!" }];
  return { ...scenario, catalog: { ...scenario.catalog, tools } };
}

async function refusedRun() {
  const run = createEngine().runStrategy(await refusedScenario(), "full");
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

  it("in the compare table, the per-request chart, the CSV, the CLI table and the report", async () => {
    const scenario = await refusedScenario();
    const { run, index } = await refusedRun();
    const summary = summariseRun(run);
    const table = render(<CompareTable runs={[summary]} />);
    expect(textOfTestId(table, "compare-fails")).toBe(`fails at request ${index + 1}`);
    const row = tokensPerStepRows(summary.steps)[index];
    expect(row).toMatchObject({ refused: 400, uncached: 0, refusedInput: summary.steps[index].tokens.input });
    const csvRow = simulationCsv([run]).split("\r\n")[index + 1];
    expect(csvRow).toMatch(/request refused: 400 /);
    expect(formatRunsTable(scenario, [run])).toContain(`fails at request ${index + 1}: 400 `);
    const report = designReviewReport({
      title: scenario.title,
      runs: [summary],
      toolCount: scenario.catalog.tools.length,
      turnCount: scenario.turns.length,
      provider: run.provider,
      model: run.model,
      recommendation: null,
      generatedAt: new Date("2026-12-01T12:00:00Z"),
    });
    expect(report.markdown).toContain(`fails at request ${index + 1}`);
  });
});
