/**
 * One conversation loop: a strategy driven through ConversationSession by the scripted model (the simulation) and
 * by a remote model that replays the simulation's replies over a fake transport (a live run) sends the same
 * requests and predicts the same token figures.
 */
import { describe, expect, it } from "vitest";
import type { ProviderId, StrategyId } from "../core";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { createLiveRun } from "./live-run";
import type { LiveTransport } from "./types";

async function replay(strategyId: StrategyId, provider: ProviderId, model: string) {
  const scenario = await loadExample("weather");
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

describe("ConversationSession: scripted model and a remote model replaying the same replies", () => {
  it.each([
    ["full", "anthropic", "claude-opus-4-8"],
    ["gateway", "anthropic", "claude-opus-4-8"],
    ["stubs", "openai-chat", "gpt-5.4"],
    ["anthropic-tool-search", "anthropic", "claude-opus-4-8"],
    ["kimi-dynamic", "moonshot", "kimi-k3"],
    ["anthropic-mid-conversation", "anthropic", "claude-opus-4-8"],
    ["gateway", "moonshot", "kimi-k3"],
  ] as const)("%s on %s: equal requests and token figures", async (strategyId, provider, model) => {
    const { simulated, snapshot, bodies } = await replay(strategyId, provider, model);
    expect(snapshot.status).toBe("done");
    expect(snapshot.steps.length).toBe(simulated.steps.length);
    expect(bodies).toEqual(simulated.steps.map((step) => step.request.body));
    expect(snapshot.steps.map((step) => step.request)).toEqual(simulated.steps.map((step) => step.request));
    expect(snapshot.steps.map(figures)).toEqual(simulated.steps.map(figures));
  });

  it.each([
    ["full", "openai-responses", "gpt-5.4"],
    ["openai-tool-search", "openai-responses", "gpt-5.4"],
  ] as const)(
    "%s on %s: equal token figures and segments (the bodies carry the provider's output items back verbatim)",
    async (strategyId, provider, model) => {
      const { simulated, snapshot } = await replay(strategyId, provider, model);
      expect(snapshot.status).toBe("done");
      expect(snapshot.steps.map(figures)).toEqual(simulated.steps.map(figures));
      expect(snapshot.steps.map((step) => step.segments)).toEqual(simulated.steps.map((step) => step.segments));
    },
  );
});
