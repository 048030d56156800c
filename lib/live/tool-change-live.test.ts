/**
 * A scripted tool change in a live run: the run applies the turn's `toolChange` as the simulation does, so replaying
 * the simulation's replies sends the same bodies and predicts the same figures, also where the change deleted an
 * earlier message (Kimi) and the provider's own assistant turns must stay with their messages.
 */
import { describe, expect, it } from "vitest";
import type { ProviderId, StrategyId } from "../core";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import type { ToolChange } from "../scenario/types";
import { createLiveRun } from "./live-run";
import type { LiveTransport } from "./types";

async function replay(
  strategyId: StrategyId,
  provider: ProviderId,
  model: string,
  toolChange: ToolChange,
  mark?: (response: Record<string, unknown>, index: number) => Record<string, unknown>,
) {
  const example = await loadExample("weather");
  const scenario = {
    ...example,
    turns: [example.turns[0], { ...example.turns[1], toolChange }],
    settings: { ...example.settings, provider, model, cacheOverrides: { minimumCacheableTokens: 0 } },
  };
  const simulated = createEngine().runStrategy(scenario, strategyId, { provider, model });
  const bodies: Array<Record<string, unknown>> = [];
  const transport: LiveTransport = {
    async send(call) {
      bodies.push(call.body);
      const step = simulated.steps[bodies.length - 1];
      if (!step) throw new Error("the live run sent more requests than the simulation");
      const response = mark ? mark(structuredClone(step.response), bodies.length - 1) : step.response;
      return { response, usage: null, durationMs: 1 };
    },
    async count() {
      return { inputTokens: 0, method: "none" };
    },
  };
  let clockCalls = 0;
  const now = () => (simulated.steps[clockCalls++]?.clockSeconds ?? 0) * 1000;
  const snapshot = await createLiveRun({ scenario, strategyId, provider, model, transport, now }).run();
  return { simulated, snapshot, bodies };
}

describe("a live run applies the turn's tool change", () => {
  it.each([
    { strategy: "kimi-dynamic", provider: "moonshot", model: "kimi-k3", change: "remove" },
    { strategy: "kimi-dynamic", provider: "moonshot", model: "kimi-k3", change: "insert" },
    { strategy: "anthropic-mid-conversation", provider: "anthropic", model: "claude-opus-4-8", change: "remove" },
    { strategy: "full", provider: "anthropic", model: "claude-opus-4-8", change: "remove" },
  ] as const)("$strategy on $provider, $change", async ({ strategy, provider, model, change }) => {
    const tool = change === "remove" ? "get_weather" : "search_files";
    const { simulated, snapshot, bodies } = await replay(strategy, provider, model, { change, tool });
    expect(snapshot.status).toBe("done");
    expect(bodies).toEqual(simulated.steps.map((step) => step.request.body));
    const live = snapshot.steps;
    expect(live.map((step) => [step.tokens.input, step.tokens.cacheRead, step.divergence])).toEqual(
      simulated.steps.map((step) => [step.tokens.input, step.tokens.cacheRead, step.divergence]),
    );
    expect(live.find((step) => step.toolChange)?.toolChange).toMatchObject({ change, tool });
  });

  it("Kimi: each of the provider's own assistant turns goes back with its message after a deleted declaration", async () => {
    // Each reply's reasoning (sent back verbatim) is marked, so a turn put back at the wrong message shows.
    const mark = (response: Record<string, unknown>, index: number) => {
      const choices = response.choices as Array<{ message: Record<string, unknown> }>;
      choices[0].message.reasoning_content = `reply ${index}`;
      return response;
    };
    const { bodies } = await replay(
      "kimi-dynamic",
      "moonshot",
      "kimi-k3",
      { change: "remove", tool: "get_weather" },
      mark,
    );
    const last = bodies.at(-1)!.messages as Array<{ role: string; reasoning_content?: string }>;
    expect(last.filter((message) => message.role === "assistant").map((message) => message.reasoning_content)).toEqual([
      "reply 0",
      "reply 1",
      "reply 2",
      "reply 3",
      "reply 4",
    ]);
  });
});
