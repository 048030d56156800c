/**
 * The break-even explorer's "fails": where sending every tool stops being possible on the explorer's model
 * (tools × tokens per tool), drawn from the same prediction as the heat map's boundary, and the chart data that
 * stops a refused strategy's line and starts the "fails" region. Limits: OpenAI 128 tools (PROTOCOLS §9, client
 * issues), Claude Opus 4.8's 1 M window (platform.claude.com model page).
 */
import { describe, expect, it } from "vitest";
import { generateSyntheticCatalog } from "../catalog/synthetic/synthetic-catalog";
import { createEngine } from "../engine";
import { OPERATIONS_AGENT_SYSTEM_PROMPT } from "../examples/agent-system-prompt";
import { limitOverrideKey } from "../models/model-limits";
import { getModel } from "../models";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import { createTokenCounter } from "../tokens";
import { computeBreakEven } from "./break-even";
import { breakEvenChartData } from "./chart-data";
import { axesWith, heatMap, withEngineCell } from "./heat-map";
import { boundarySentence } from "./limits";

const engine = createEngine();
const o200k = createTokenCounter("o200k");
const SETTINGS: ScenarioSettings = { ...DEFAULT_SETTINGS, system: OPERATIONS_AGENT_SYSTEM_PROMPT };
const catalog = generateSyntheticCatalog({
  count: 200,
  targetTokensPerTool: 400,
  seed: 200,
  countTokens: (text) => o200k.count(text),
  namespaces: 5,
});

function explore(provider: ProviderId, model: string, settings = SETTINGS) {
  const parameters = { toolsUsed: 3, turns: 8, minutesBetweenTurns: 2, provider, model };
  return computeBreakEven(engine, { catalog, settings: { ...settings, provider, model }, parameters });
}

describe("the boundary of sending everything", () => {
  const openai = explore("openai-responses", "gpt-5.4");

  it("OpenAI, 200 tools: full fails at turn 1 (request 1) in the engine and the estimate; the boundary is 128 tools", () => {
    const full = openai.lines.find((line) => line.id === "full")!;
    expect(full.fails.engine).toMatchObject({ atTurn: 1, atRequest: 1, status: 400, limit: "tool-count" });
    expect(full.fails.closedForm).toMatchObject({ turn: 1, limit: "tool-count" });
    expect(openai.fullBoundary).toMatchObject({ maxTools: 128, limit: "tool-count", toolCount: 200, fails: true });
    expect(openai.fullBoundary!.curve.every((point) => point.maxTools <= 128)).toBe(true);
    const sentence = boundarySentence(openai.fullBoundary!, "openai-responses");
    expect(sentence).toContain("above 128 tools (the provider's tool-count limit)");
    expect(sentence).toContain("This catalog has 200 tools: sending all of them fails.");
    // Every strategy that runs pays off from turn 1 where the baseline cannot run at all; full has no break-even.
    for (const line of openai.lines)
      if (line.id !== "full" && !line.fails.engine) expect(line.breakEvenTurn.engine).toBe(1);
    console.log(`OpenAI gpt-5.4: ${sentence}`);
  });

  it("the chart stops full's line before the refused turn and starts the fails region there", () => {
    const data = breakEvenChartData(openai, "cost");
    expect(data.baselineFailsFrom).toBe(1);
    expect(data.failures.find((failure) => failure.id === "full")).toMatchObject({
      turn: 1,
      atRequest: 1,
      source: "engine",
    });
    expect(data.rows.every((row) => row.full === undefined && row["full~closed-form"] === undefined)).toBe(true);
    // A strategy that runs keeps all its values.
    expect(data.rows.every((row) => typeof row.gateway === "number")).toBe(true);
  });

  it("the heat map draws the same boundary: its full column flips exactly past the explorer's maxTools", () => {
    for (const [provider, model] of [
      ["openai-responses", "gpt-5.4"],
      ["anthropic", "claude-opus-4-8"],
    ] as const) {
      const result = provider === "openai-responses" ? openai : explore(provider, model);
      const boundary = result.fullBoundary!;
      expect(boundary.maxTools).not.toBeNull();
      const max = boundary.maxTools!;
      const map = heatMap(result.calibration, { ...SETTINGS, provider, model }, result.parameters, {
        toolCounts: [max, max + 1],
        turnCounts: [result.parameters.turns],
      });
      expect(map.cells[0][0].failing.full, `${model}: ${max} tools accepted`).toBeUndefined();
      expect(map.cells[0][1].failing.full?.limit, `${model}: ${max + 1} tools refused`).toBe(boundary.limit);
      expect(map.fullFailsFrom[0]).toBe(1);
      console.log(`${model}: ${boundarySentence(boundary, provider)}`);
    }
  });

  it("Claude Opus 4.8: the window draws the boundary, and the curve is the 1 M window over the definition size", () => {
    const result = explore("anthropic", "claude-opus-4-8");
    const boundary = result.fullBoundary!;
    expect(boundary.limit).toBe("context-window");
    expect(boundary.contextWindow).toBe(1_000_000);
    expect(boundary.fails).toBe(false);
    for (const point of boundary.curve)
      expect(point.maxTools).toBe(Math.floor((1_000_000 - boundary.fixedPromptTokens) / point.tokensPerTool));
  });

  it("reads the limit settings: OpenAI's tool limit set to 256 moves the boundary and full runs", () => {
    const model = getModel("openai-responses", "gpt-5.4")!;
    const settings = { ...SETTINGS, limitOverrides: { [limitOverrideKey(model)]: { maxTools: 256 } } };
    const result = explore("openai-responses", "gpt-5.4", settings);
    expect(result.fullBoundary).toMatchObject({ maxTools: 256, fails: false });
    expect(result.lines.find((line) => line.id === "full")!.fails.engine).toBeNull();
  });

  it("this catalog's heat-map cell takes the engine's figures (the same as the break-even table), the estimate kept beside", () => {
    const estimated = heatMap(
      openai.calibration,
      { ...SETTINGS, provider: "openai-responses", model: "gpt-5.4" },
      openai.parameters,
      axesWith(openai.toolCount, openai.parameters.turns),
    );
    const map = withEngineCell(estimated, openai);
    const row = map.turnCounts.indexOf(openai.parameters.turns);
    const cell = map.cells[row][map.toolCounts.indexOf(200)];
    expect(cell.source).toBe("simulated");
    expect(cell.failing.full).toMatchObject({ turn: 1, limit: "tool-count" });
    const last = openai.parameters.turns - 1;
    for (const line of openai.lines) expect(cell.costs[line.id]).toBe(line.engine!.cumulativeCostUsd[last]);
    const runs = openai.lines.filter((line) => !line.fails.engine);
    const cheapest = runs.reduce((best, line) =>
      line.engine!.cumulativeCostUsd[last] < best.engine!.cumulativeCostUsd[last] ? line : best,
    );
    expect(cell.cheapest).toBe(cheapest.id);
    expect(cell.estimateCheapest).toBe(estimated.cells[row][estimated.toolCounts.indexOf(200)].cheapest);
    // Every other cell is still the estimate.
    expect(map.cells.flat().filter((other) => other.source === "simulated")).toHaveLength(1);
    console.log(`this catalog's cell: simulated ${cell.cheapest}, estimate ${cell.estimateCheapest}`);
  });
});
