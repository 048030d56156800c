/**
 * A ninth strategy, added the way a real one is added: its own definition (below, standing in for its file in
 * lib/strategies) plus one entry in the strategy list and the id list (the two mocks). With no other edit it runs
 * in the engine, appears in the compare table with its label and colour, in the decide panel's break-even table
 * and recommendation candidates, and in live mode, where its client side answers a real model's tool calls.
 */
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it, vi } from "vitest";
import type { StrategyId } from "@/lib/core";
import type { StrategyDefinition } from "@/lib/strategies";

const TOY = "toy-everything-briefly" as StrategyId;

vi.mock("@/lib/core/ids", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/core/ids")>();
  return { ...original, STRATEGY_IDS: [...original.STRATEGY_IDS, "toy-everything-briefly"] };
});

// The strategy list (lib/strategies/definitions.ts, which lib/strategies/index.ts re-exports) gains the toy.
vi.mock("@/lib/strategies/definitions", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/strategies/definitions")>();
  const { NATIVE_CLIENT_SIDE } = await import("@/lib/strategies/native-client-side");
  const { callNeededTool } = await import("@/lib/strategies/call-tool");
  const { answerText } = await import("@/lib/strategies/discovery");
  const toy: StrategyDefinition = {
    id: "toy-everything-briefly" as StrategyId,
    title: "Toy: everything, one line each",
    shortName: "Toy",
    colour: { fallback: "#123456", dash: "1 1" },
    explanation: {
      sends: "Every tool, with its description cut to one line.",
      schemaGoesTo: "Already there.",
      costs: "Fewer tokens than everything, same shape.",
      prefixEffect: "Stable prefix.",
    },
    providers: ["anthropic", "openai-responses", "openai-chat", "moonshot"],
    decide: {
      role: "progressive",
      loadsAllHits: false,
      prefixGrowsWithCatalog: true,
      invalidatesOnDiscovery: false,
      discoveryRoundTrips: () => 0,
    },
    client: NATIVE_CLIENT_SIDE,
    supports: () => ({ ok: true }),
    goals: () => ({ noToolsUpFront: false, stableToolList: true, nativeStrictSchema: true }),
    initialTools: (scenario) =>
      scenario.catalog.tools.map((tool) => ({
        type: "catalog",
        tool: { ...tool, description: tool.description.split("\n")[0] },
        deferred: false,
      })),
    runTurn(session, context) {
      for (const need of context.turn.needs) {
        session.toolsNeeded += 1;
        session.toolsFound += 1;
        callNeededTool(session, need, { style: "native" });
      }
      session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
    },
  };
  const STRATEGIES = { ...original.STRATEGIES, [toy.id]: toy };
  return { ...original, STRATEGIES, strategyDefinition: (id: StrategyId) => STRATEGIES[id] };
});

describe("a ninth strategy (a toy) added with no edit outside its file and the strategy list", async () => {
  const { STRATEGY_IDS } = await import("@/lib/core");
  const { createEngine } = await import("@/lib/engine");
  const { loadExample } = await import("@/lib/examples");
  const { summariseRun } = await import("@/lib/workbench/summarise-run");
  const { CompareTable } = await import("@/components/run/compare-table");
  const { computeBreakEven } = await import("@/lib/decide/break-even");
  const { BreakEvenTable } = await import("@/components/decide/break-even-table");
  const { createLiveRun } = await import("@/lib/live/live-run");
  const engine = createEngine();
  const scenario = await loadExample("weather");

  it("is in the id list the pages iterate", () => {
    expect(STRATEGY_IDS).toContain(TOY);
  });

  it("appears in the compare table with its label and colour", () => {
    const runs = engine.runAll(scenario, STRATEGY_IDS).map(summariseRun);
    const toyRun = runs.find((run) => run.id === TOY)!;
    expect(toyRun.refused).toBeUndefined();
    expect(toyRun.totals.requests).toBeGreaterThan(0);
    const html = renderInLocale(<CompareTable runs={runs} selectedId={TOY} onSelect={() => {}} />);
    expect(html).toContain(`data-strategy="${TOY}"`);
    expect(html).toContain("Toy: everything, one line each");
    expect(html).toContain(`var(--strategy-${TOY}, #123456)`);
  });

  it("appears in the decide panel's break-even table, priced by the engine and the closed form", () => {
    const result = computeBreakEven(engine, {
      catalog: scenario.catalog,
      settings: scenario.settings,
      parameters: { toolsUsed: 3, turns: 6, minutesBetweenTurns: 2, provider: "anthropic", model: "claude-opus-4-8" },
    });
    const line = result.lines.find((candidate) => candidate.id === TOY)!;
    expect(line.engine).not.toBeNull();
    expect(line.closedForm.cumulativeCostUsd.length).toBe(6);
    const html = renderInLocale(<BreakEvenTable result={result} />);
    expect(html).toContain("Toy: everything, one line each");
  });

  it("runs in live mode: its first live request is its simulated one, and the client side answers the call", async () => {
    const simulated = engine.runStrategy(scenario, TOY, { provider: "anthropic", model: "claude-opus-4-8" });
    let sent = 0;
    const live = createLiveRun({
      scenario,
      strategyId: TOY,
      provider: "anthropic",
      model: "claude-opus-4-8",
      now: () => 0,
      transport: {
        async send() {
          return { response: simulated.steps[sent++].response, usage: null, durationMs: 1 };
        },
        async count() {
          return { inputTokens: 0, method: "none" };
        },
      },
    });
    const snapshot = await live.run();
    expect(snapshot.status).toBe("done");
    expect(snapshot.steps.map((step) => step.request)).toEqual(simulated.steps.map((step) => step.request));
    expect(live.toStrategyRun().totals.toolsFound).toBe(simulated.totals.toolsFound);
  });
});
