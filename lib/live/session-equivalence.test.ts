/**
 * One conversation loop: every strategy of the list, on every provider that can carry it (and, for a search the
 * provider can run itself, under both server and client execution), driven through ConversationSession by the
 * scripted model (the simulation) and by a remote model that replays the simulation's replies over a fake
 * transport (a live run) sends the same requests and predicts the same token figures. The cases come from the
 * strategy list, so a new strategy is covered without an edit here.
 */
import { describe, expect, it } from "vitest";
import { STRATEGY_IDS, type ProviderId, type StrategyId } from "../core";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { defaultModel } from "../models/model-table";
import type { ScenarioSettings } from "../scenario/types";
import { strategyDefinition } from "../strategies";
import { createLiveRun } from "./live-run";
import type { LiveTransport } from "./types";

type Execution = ScenarioSettings["searchExecution"];

async function replay(strategyId: StrategyId, provider: ProviderId, execution: Execution | undefined) {
  const example = await loadExample("weather");
  const model = defaultModel(provider).id;
  const scenario = execution ? { ...example, settings: { ...example.settings, searchExecution: execution } } : example;
  const simulated = createEngine().runStrategy(scenario, strategyId, { provider, model });
  expect(simulated.refused).toBeUndefined();
  let sent = 0;
  const bodies: Array<Record<string, unknown>> = [];
  const transport: LiveTransport = {
    async send(call) {
      bodies.push(call.body);
      const step = simulated.steps[sent];
      sent += 1;
      if (!step) throw new Error("the live run sent more requests than the simulation");
      return { response: step.response, usage: null, durationMs: 1 };
    },
    async count() {
      return { inputTokens: 0, method: "none" };
    },
  };
  // The live clock follows the simulated one, so TTLs expire at the same requests.
  let clockCalls = 0;
  const now = () => (simulated.steps[clockCalls++]?.clockSeconds ?? 0) * 1000;
  const live = createLiveRun({ scenario, strategyId, provider, model, transport, now });
  const snapshot = await live.run();
  return { simulated, snapshot, bodies };
}

const figures = (step: { tokens: object; cost: object; segmentStatus: object; divergence: object | null }) => ({
  tokens: step.tokens,
  cost: step.cost,
  segmentStatus: step.segmentStatus,
  divergence: step.divergence,
});

/** Every strategy × provider that can carry it × (for a provider-run search) server and client execution. */
// A strategy with a second conversation sends it through the live run's lane, not the scripted turn replayed here
// (its live runs are tested against the fake provider in app/api/live/send/live-run.test.ts).
const LIVE_STRATEGY_IDS = STRATEGY_IDS.filter((id) => !strategyDefinition(id).decide.secondConversation);

const EQUIVALENCE_CASES = LIVE_STRATEGY_IDS.flatMap((strategyId) => {
  const definition = strategyDefinition(strategyId);
  const executions: Array<Execution | undefined> = definition.providerSearch ? ["server", "client"] : [undefined];
  return definition.providers.flatMap((provider) =>
    executions.map((execution) => ({
      strategyId,
      provider,
      execution,
      name: `${strategyId} on ${provider}${execution ? ` (${execution} search)` : ""}`,
    })),
  );
});

describe("ConversationSession: scripted model and a remote model replaying the same replies", () => {
  it("covers every strategy of the list, naive-dynamic's rewritten tools included", () => {
    expect(new Set(EQUIVALENCE_CASES.map((entry) => entry.strategyId))).toEqual(new Set(LIVE_STRATEGY_IDS));
    expect(
      EQUIVALENCE_CASES.filter((entry) => entry.strategyId === "naive-dynamic").map((entry) => entry.provider),
    ).toEqual(["anthropic", "openai-responses", "openai-chat", "moonshot", "gemini", "deepseek", "qwen", "glm"]);
  });

  it.each(EQUIVALENCE_CASES)("$name: equal requests and token figures", async ({ strategyId, provider, execution }) => {
    const { simulated, snapshot, bodies } = await replay(strategyId, provider, execution);
    expect(snapshot.status).toBe("done");
    expect(snapshot.steps.length).toBe(simulated.steps.length);
    expect(snapshot.steps.map(figures)).toEqual(simulated.steps.map(figures));
    expect(snapshot.steps.map((step) => step.segments)).toEqual(simulated.steps.map((step) => step.segments));
    if (provider === "openai-responses") {
      // The Responses API's output items go back into `input` verbatim (their ids, status and content parts, as
      // PROTOCOLS.md asks), where the simulation writes the short input form: same tokens, different bytes. Every
      // request still carries the same tools, instructions and as many input items.
      const shape = (body: Record<string, unknown>) => ({
        ...body,
        input: (body.input as unknown[]).length,
      });
      expect(bodies.map(shape)).toEqual(simulated.steps.map((step) => shape(step.request.body)));
    } else {
      // Gemini's model is in the URL on the wire; the live call names it beside the body for the route.
      const sent = bodies.map((body, index) => {
        if ("model" in simulated.steps[index].request.body) return body;
        const { model: _model, ...rest } = body;
        return rest;
      });
      expect(sent).toEqual(simulated.steps.map((step) => step.request.body));
      expect(snapshot.steps.map((step) => step.request)).toEqual(simulated.steps.map((step) => step.request));
    }
  });
});
