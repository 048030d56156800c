/**
 * The decide panels judge the conversation's own length unless the person changes it, and a panel that names another
 * cheapest strategy than the compare table says why. The learning agent (16 tools, 4 turns) is the issue's case: the
 * table named Tool Search, while the break-even table said "never" and the heat map's "this catalog" cell sat on the
 * 12-turn row, because the explorer stretched every conversation to 12 turns.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { cheapestRuns } from "../view/compare";
import { STRATEGY_IDS } from "../core/ids";
import { computeBreakEven } from "./break-even";
import { conversationShape, defaultDecideParameters } from "./default-parameters";
import { axesWith, heatMap, withEngineCell } from "./heat-map";
import { differentWinnerNote, explorerCheapest, sessionDifferences } from "./winner-note";

describe("the decide panels price the conversation's own turns", () => {
  it("start from the conversation's turn count, not a 12-turn session", async () => {
    const scenario = await loadExample("learning-agent");
    expect(scenario.turns).toHaveLength(4);
    const parameters = defaultDecideParameters(scenario.settings, scenario.turns);
    expect(parameters.turns).toBe(4);
    expect(parameters.toolsUsed).toBeLessThanOrEqual(4);
    expect(
      sessionDifferences(
        { ...conversationShape(scenario.settings, scenario.turns) },
        conversationShape(scenario.settings, scenario.turns),
      ),
    ).toHaveLength(1);
  });

  it(
    "put this catalog's simulated cell on the conversation's row, and say why a different winner differs",
    { timeout: 240_000 },
    async () => {
      const scenario = await loadExample("learning-agent");
      const engine = createEngine();
      const parameters = defaultDecideParameters(scenario.settings, scenario.turns);
      const result = computeBreakEven(engine, { catalog: scenario.catalog, settings: scenario.settings, parameters });
      expect(result.parameters.turns).toBe(4);
      const map = withEngineCell(
        heatMap(
          result.calibration,
          scenario.settings,
          parameters,
          axesWith(result.calibration.toolCount, parameters.turns),
        ),
        result,
      );
      const simulated = map.cells.flat().filter((cell) => cell.source === "simulated");
      expect(simulated.map((cell) => cell.turns)).toEqual([4]);

      const runs = engine.runAll(scenario, [...STRATEGY_IDS]);
      const conversationCheapest = cheapestRuns(runs, scenario.settings).map((run) => run.id);
      const winner = explorerCheapest(result);
      expect(winner).not.toBeNull();
      const note = differentWinnerNote({
        where: "In this session of 4 turns",
        winner,
        conversationCheapest,
        session: { ...conversationShape(scenario.settings, scenario.turns), toolsUsed: result.parameters.toolsUsed },
        conversation: conversationShape(scenario.settings, scenario.turns),
      });
      if (conversationCheapest.includes(winner!)) expect(note).toBeNull();
      else
        expect(note).toMatch(
          /^In this session of 4 turns, .+ is the cheapest, while the simulated conversation names .+: .*not the conversation's own messages\.$/,
        );
    },
  );

  it("names what differs when the person changes the session", () => {
    const conversation = {
      turns: 4,
      toolsUsed: 3,
      minutesBetweenTurns: 2,
      provider: "anthropic" as const,
      model: "claude-sonnet-4-6",
    };
    const note = differentWinnerNote({
      where: "In this session of 12 turns",
      winner: "full",
      conversationCheapest: ["anthropic-tool-search"],
      session: { ...conversation, turns: 12 },
      conversation,
    });
    expect(note).toContain("In this session of 12 turns, Register everything");
    expect(note).toContain("it runs 12 turns, the conversation 4");
    expect(
      differentWinnerNote({
        where: "x",
        winner: "full",
        conversationCheapest: ["full"],
        session: conversation,
        conversation,
      }),
    ).toBeNull();
  });
});
