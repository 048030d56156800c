import { describe, expect, it } from "vitest";
import { summariseRun } from "@/lib/workbench/summarise-run";
import { CompareTable } from "./compare-table";
import { attribute, exampleRuns, render, tagsWithTestId } from "./test-support";

describe("CompareTable", () => {
  it("has one row per strategy with raw totals, the cheapest marked and the goals labelled", async () => {
    const runs = (await exampleRuns()).map(summariseRun);
    const html = render(<CompareTable runs={runs} selectedId="naive-dynamic" onSelect={() => {}} />);
    const rows = tagsWithTestId(html, "compare-row");
    expect(rows.map((tag) => attribute(tag, "data-strategy"))).toEqual(runs.map((run) => run.id));
    expect(
      rows.filter((tag) => attribute(tag, "data-selected") === "true").map((tag) => attribute(tag, "data-strategy")),
    ).toEqual(["naive-dynamic"]);
    // Rows are focusable so Enter can select them.
    for (const tag of rows) expect(attribute(tag, "tabindex")).toBe("0");

    const ran = runs.filter((run) => !run.refused);
    const costs = tagsWithTestId(html, "compare-cost");
    expect(costs.map((tag) => Number(attribute(tag, "data-value")))).toEqual(ran.map((run) => run.totals.costUsd));
    const inputs = tagsWithTestId(html, "compare-input");
    expect(inputs.map((tag) => Number(attribute(tag, "data-value")))).toEqual(ran.map((run) => run.totals.input));
    const cheapest = Math.min(...ran.map((run) => run.totals.costUsd));
    expect(
      costs
        .filter((tag) => attribute(tag, "data-cheapest") === "true")
        .map((tag) => Number(attribute(tag, "data-value"))),
    ).toEqual([cheapest]);

    const goals = tagsWithTestId(html, "compare-goal");
    expect(goals).toHaveLength(runs.length * 3);
    expect(html).toMatch(/aria-label="Stable tool list: not met"/);
  });

  it("shows a refusal's reason instead of figures", async () => {
    const runs = (await exampleRuns()).map(summariseRun);
    const refused = { ...runs[0], refused: { reason: "this model cannot defer tools" } };
    const html = render(<CompareTable runs={[refused, ...runs.slice(1)]} />);
    expect(tagsWithTestId(html, "compare-refused")).toHaveLength(1);
    expect(html).toContain("this model cannot defer tools");
  });
});
