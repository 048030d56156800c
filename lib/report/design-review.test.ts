import { describe, expect, it } from "vitest";
import { computeBreakEven } from "../decide/break-even";
import { recommend } from "../decide/recommend";
import { schemaComplexity } from "../decide/schema-complexity";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { STRATEGY_IDS } from "../core/ids";
import { compareTable } from "../view/compare";
import { providerLabel } from "../view/provider-labels";
import { strategyTitle } from "../view/strategy-info";
import { summariseRun } from "../workbench/summarise-run";
import { designReviewFiles, designReviewReport, reportFigures } from "./design-review";

const engine = createEngine();

describe("design-review report", async () => {
  const scenario = await loadExample("learning-agent");
  // What the page holds: the compare table's RunSummary[] (every strategy, some placed on another provider).
  const runs = engine.runAll(scenario, STRATEGY_IDS).map(summariseRun);
  const breakEven = computeBreakEven(engine, {
    catalog: scenario.catalog,
    settings: scenario.settings,
    parameters: { toolsUsed: 3, turns: 8, minutesBetweenTurns: 6, provider: "anthropic", model: "claude-opus-4-8" },
  });
  const full = runs.find((run) => run.id === "full")!;
  const recommendation = recommend({
    toolCount: scenario.catalog.tools.length,
    tokensPerTool: full.steps[0].tokens.toolDefinitions / scenario.catalog.tools.length,
    provider: scenario.settings.provider,
    model: scenario.settings.model,
    severalProviders: false,
    schemas: schemaComplexity(scenario.catalog),
    runs,
  });
  const report = designReviewReport({
    title: scenario.title,
    runs,
    toolCount: scenario.catalog.tools.length,
    turnCount: scenario.turns.length,
    provider: scenario.settings.provider,
    model: scenario.settings.model,
    breakEven,
    recommendation,
    generatedAt: new Date("2026-11-30T12:00:00Z"),
  });

  it("states the compare table's figures: the same RunSummary totals, row for row", () => {
    const table = compareTable(runs);
    expect(report.figures.map((figure) => figure.id)).toEqual(table.rows.map((row) => row.id));
    report.figures.forEach((figure, index) => {
      const row = table.rows[index];
      expect(figure.refused).toBe(row.refusedReason);
      expect(figure.cheapest).toBe(row.cheapest);
      expect(figure.goals).toEqual(row.goals);
      if (!row.totals) return;
      expect(figure).toMatchObject({
        requests: row.totals.requests,
        input: row.totals.input,
        cacheHitRateByTokens: row.totals.cacheHitRateByTokens,
        cacheHitRateByRequests: row.totals.cacheHitRateByRequests,
        costUsd: row.totals.costUsd,
        toolsFound: row.totals.toolsFound,
        toolsNeeded: row.totals.toolsNeeded,
      });
    });
  });

  it("writes each row's formatted figures into the Markdown table and the raw ones into its JSON block", () => {
    for (const figure of report.figures) {
      if (!figure.text) continue;
      const row = report.markdown
        .split("\n")
        .find(
          (line) =>
            line.startsWith(`| ${strategyTitle(figure.id)}`) &&
            line.includes(`| ${providerLabel(figure.provider)} · ${figure.model} |`),
        );
      expect(row, figure.id).toBeDefined();
      for (const cell of Object.values(figure.text)) expect(row).toContain(`| ${cell} |`);
    }
    const json = /```json\n([\s\S]*?)\n```/.exec(report.markdown)?.[1];
    const parsed = JSON.parse(json ?? "{}") as { strategies: Array<Record<string, unknown>> };
    expect(parsed.strategies).toEqual(reportFigures(runs).map(({ text: _text, ...raw }) => raw));
  });

  it("includes the charts as SVG: cumulative cost lines, per-strategy bars and the break-even chart", () => {
    expect(report.charts.map((chart) => chart.id)).toEqual([
      "cumulative-cost",
      "cost-per-strategy",
      "input-per-strategy",
      "break-even",
    ]);
    for (const chart of report.charts) {
      expect(chart.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(chart.svg.trimEnd().endsWith("</svg>")).toBe(true);
      expect(chart.svg).not.toMatch(/NaN|undefined|var\(--/);
    }
    const ran = runs.filter((run) => !run.refused).length;
    expect(report.charts[0].svg.match(/<path /g)).toHaveLength(ran);
    expect(report.charts[1].svg.match(/<rect x=/g)).toHaveLength(ran);
    // Inlined as data URIs whose parentheses cannot end the Markdown link early.
    const images: string[] = report.markdown.match(/!\[[^\]]*\]\(data:image\/svg\+xml;charset=utf-8,[^)\s]+\)/g) ?? [];
    expect(images).toHaveLength(report.charts.length);
    const first = images[0] ?? "";
    expect(decodeURIComponent(first.slice(first.indexOf(",") + 1, -1))).toBe(report.charts[0].svg);
  });

  it("adds the break-even table, the recommendation and the goals", () => {
    expect(report.markdown).toContain("## Break-even: when does progressive disclosure pay?");
    const section = report.markdown.slice(
      report.markdown.indexOf("## Break-even"),
      report.markdown.indexOf("## Recommendation"),
    );
    for (const line of breakEven.lines) {
      const turn =
        line.id === "full"
          ? "baseline"
          : `${line.breakEvenTurn.engine ?? "never"} (estimate ${line.breakEvenTurn.closedForm ?? "never"})`;
      expect(section).toContain(`| ${strategyTitle(line.id)} |`);
      expect(section).toContain(`| ${turn} |`);
    }
    expect(report.markdown).toContain(`**${recommendation.headline}**`);
    expect(report.markdown).toContain("## Three goals");
    expect(report.markdown).toContain("Generated 2026-11-30 12:00 UTC");
  });

  it("can be written as a folder: the Markdown links the SVG files beside it", () => {
    const files = designReviewFiles(report);
    expect(Object.keys(files)).toEqual([report.fileName, ...report.charts.map((chart) => `charts/${chart.fileName}`)]);
    expect(files[report.fileName]).toContain("![Cumulative cost per request](charts/cumulative-cost.svg)");
    expect(report.fileName).toMatch(/^design-review-[a-z0-9-]+\.md$/);
  });
});
