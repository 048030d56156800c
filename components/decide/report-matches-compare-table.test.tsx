import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it } from "vitest";
import { CompareTable } from "@/components/run/compare-table";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import { designReviewReport } from "@/lib/report/design-review";
import { STRATEGY_IDS } from "@/lib/core/ids";
import { summariseRun } from "@/lib/workbench/summarise-run";

/** The text of every element with `data-testid="<id>"` in the rendered table, row by row. */
function cells(html: string, testId: string): string[] {
  const pattern = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</td>`, "g");
  return [...html.matchAll(pattern)].map((match) =>
    match[1]
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/cheapest$/, "")
      .trim(),
  );
}

describe("the exported report and the compare table", () => {
  it.each(["learning-agent", "seed-200-tools"])("show the same figures for %s", async (exampleId) => {
    const scenario = await loadExample(exampleId);
    const runs = createEngine().runAll(scenario, STRATEGY_IDS).map(summariseRun);
    const html = renderInLocale(<CompareTable runs={runs} />);
    const report = designReviewReport({
      title: scenario.title,
      runs,
      toolCount: scenario.catalog.tools.length,
      turnCount: scenario.turns.length,
      provider: "anthropic",
      model: "claude-opus-4-8",
    });
    const ran = report.figures.filter((figure) => figure.text);
    expect(cells(html, "compare-requests")).toEqual(ran.map((figure) => figure.text!.requests));
    expect(cells(html, "compare-input")).toEqual(ran.map((figure) => figure.text!.input));
    expect(cells(html, "compare-hit-tokens")).toEqual(ran.map((figure) => figure.text!.hitTokens));
    expect(cells(html, "compare-hit-requests")).toEqual(ran.map((figure) => figure.text!.hitRequests));
    expect(cells(html, "compare-cost")).toEqual(ran.map((figure) => figure.text!.cost));
    expect(cells(html, "compare-tools")).toEqual(ran.map((figure) => figure.text!.tools));
    const values = [...html.matchAll(/data-testid="compare-cost" data-value="([^"]+)"/g)].map((match) =>
      Number(match[1]),
    );
    expect(values).toEqual(ran.map((figure) => figure.costUsd));
  });
});
