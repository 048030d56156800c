import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it } from "vitest";
import { computeBreakEven } from "@/lib/decide/break-even";
import { heatMap } from "@/lib/decide/heat-map";
import { recommend } from "@/lib/decide/recommend";
import { schemaComplexity } from "@/lib/decide/schema-complexity";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import { STRATEGY_IDS } from "@/lib/core/ids";
import { BreakEvenTable } from "./break-even-table";
import { GoalsTriangle } from "./goals-triangle";
import { HeatMapView } from "./heat-map-view";
import { RecommendationCard } from "./recommendation-card";

describe("decide views (server-rendered)", async () => {
  const engine = createEngine();
  const scenario = await loadExample("learning-agent");
  const parameters = {
    toolsUsed: 3,
    turns: 10,
    minutesBetweenTurns: 6,
    provider: "anthropic" as const,
    model: "claude-opus-4-8",
  };
  const result = computeBreakEven(engine, { catalog: scenario.catalog, settings: scenario.settings, parameters });

  it("the break-even table shows each engine break-even turn as the text of a break-even-point", () => {
    const html = renderInLocale(<BreakEvenTable result={result} />);
    const points = [
      ...html.matchAll(/data-testid="break-even-point" data-strategy="([^"]+)" data-source="engine">(\d+)</g),
    ].map((match) => [match[1], Number(match[2])]);
    const expected = result.lines
      .filter((line) => line.id !== "full" && line.breakEvenTurn.engine !== null)
      .map((line) => [line.id, line.breakEvenTurn.engine]);
    expect(points).toEqual(expected);
    expect(points.length).toBeGreaterThan(0);
    expect(html.match(/data-testid="break-even-row"/g)).toHaveLength(result.lines.length);
  });

  it("the heat map has one cell per catalog size and turn count, coloured by its winner", () => {
    const grid = heatMap(result.calibration, scenario.settings, parameters);
    const html = renderInLocale(
      <HeatMapView
        heatMap={grid}
        currentToolCount={16}
        currentTurns={10}
        providerLabel="Anthropic"
        available={grid.strategies}
        excluded={[]}
        onToggle={() => undefined}
      />,
    );
    expect(html.match(/data-testid="heat-map-cell"/g)).toHaveLength(grid.toolCounts.length * grid.turnCounts.length);
    expect(html).toContain('data-current="true"');
    expect(html.match(/data-testid="heat-map-toggle"/g)).toHaveLength(grid.strategies.length);
  });

  it("the recommendation card and the triangle render their data", () => {
    const runs = engine.runAll(scenario, STRATEGY_IDS);
    const recommendation = recommend({
      toolCount: scenario.catalog.tools.length,
      tokensPerTool: result.tokensPerTool,
      provider: "anthropic",
      model: "claude-opus-4-8",
      severalProviders: false,
      schemas: schemaComplexity(scenario.catalog),
      runs,
    });
    const card = renderInLocale(
      <RecommendationCard
        recommendation={recommendation}
        severalProviders={false}
        onSeveralProvidersChange={() => undefined}
      />,
    );
    expect(card).toContain('data-rule="few-tools"');
    expect(card).toContain(recommendation.headline.replace(/'/g, "&#x27;"));
    const triangle = renderInLocale(<GoalsTriangle settings={scenario.settings} />);
    expect(triangle.match(/data-testid="goals-triangle-dot"/g)).toHaveLength(STRATEGY_IDS.length);
    expect(triangle).toContain('data-testid="goals-triangle-detail"');
  });
});
