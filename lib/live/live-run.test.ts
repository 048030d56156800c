/**
 * LiveRun with a scripted transport (no HTTP): the first live request is exactly the simulated first request, the
 * prediction is the engine's, and the run's bookkeeping (turns, retries, refusals, turn limit) holds.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine";
import { createScenario } from "../scenario/create-scenario";
import type { Scenario } from "../scenario/types";
import { createLiveRun } from "./live-run";
import { LiveRequestError, type LiveCall, type LiveTransport } from "./types";

const scenario: Scenario = createScenario({
  title: "weather",
  catalog: {
    tools: [
      {
        name: "get_weather",
        description: "Get the current weather for a city",
        inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
      {
        name: "send_email",
        description: "Send an email",
        inputSchema: { type: "object", properties: { to: { type: "string" } }, required: ["to"] },
      },
    ],
  },
  turns: [
    { user: "Weather in Paris?", needs: [{ tool: "get_weather", arguments: { city: "Paris" } }] },
    { user: "Thanks!", needs: [] },
  ],
});

/** Replies in Anthropic's format: a tool call after a user text, an answer after a tool result. */
function scripted(options: { failAt?: number[] } = {}): LiveTransport & { calls: LiveCall[] } {
  const calls: LiveCall[] = [];
  return {
    calls,
    async send(call) {
      calls.push(call);
      if (options.failAt?.includes(calls.length))
        throw new LiveRequestError({ code: "provider_error", message: "boom", status: 502, providerStatus: 500 });
      const messages = call.body.messages as Array<{ role: string; content: Array<{ type: string }> }>;
      const last = messages[messages.length - 1].content;
      const wantsTool = last.some((block) => block.type === "text") && messages.length === 1;
      const content = wantsTool
        ? [{ type: "tool_use", id: `toolu_${calls.length}`, name: "get_weather", input: { city: "Paris" } }]
        : [{ type: "text", text: "Sunny." }];
      const response = {
        id: `msg_${calls.length}`,
        type: "message",
        role: "assistant",
        content,
        stop_reason: wantsTool ? "tool_use" : "end_turn",
        usage: { input_tokens: 10, cache_creation_input_tokens: 300, cache_read_input_tokens: 0, output_tokens: 12 },
      };
      return { response, usage: null, durationMs: 5 };
    },
    async count() {
      return { inputTokens: 0, method: "none" };
    },
  };
}

describe("LiveRun", () => {
  it("its first request and prediction are the simulation's first request", async () => {
    const simulated = createEngine().runStrategy(scenario, "full");
    const transport = scripted();
    const snapshot = await createLiveRun({ scenario, strategyId: "full", transport, now: () => 0 }).run();
    expect(snapshot.status).toBe("done");
    expect(snapshot.steps[0].request).toEqual(simulated.steps[0].request);
    expect(snapshot.steps[0].tokens.input).toBe(simulated.steps[0].tokens.input);
    expect(snapshot.steps[0].segmentStatus).toEqual(simulated.steps[0].segmentStatus);
    expect(transport.calls[0].body).toEqual(simulated.steps[0].request.body);
  });

  it("walks the turns: call, answer, answer; measured usage is read from the response when the transport has none", async () => {
    const snapshot = await createLiveRun({ scenario, strategyId: "full", transport: scripted() }).run();
    expect(snapshot.steps.map((step) => [step.turn, step.kind, step.title])).toEqual([
      [0, "call", "call get_weather"],
      [0, "answer", "answer"],
      [1, "answer", "answer"],
    ]);
    expect(snapshot.steps[0].measured).toEqual({ input: 310, uncached: 10, cacheRead: 0, cacheWrite: 300, output: 12 });
    const toolResult = (
      snapshot.steps[1].request.body.messages as Array<{ content: Array<{ type: string; content?: string }> }>
    )[2].content[0];
    expect(toolResult.type).toBe("tool_result");
    expect(JSON.parse(toolResult.content ?? "{}")).toMatchObject({ city: "Paris" });
  });

  it("a failure keeps everything; the resumed run resends the same request", async () => {
    const transport = scripted({ failAt: [2] });
    const live = createLiveRun({ scenario, strategyId: "full", transport });
    const failed = await live.run();
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatchObject({ code: "provider_error", providerStatus: 500 });
    expect(failed.steps).toHaveLength(1);
    const done = await live.run();
    expect(done.status).toBe("done");
    expect(transport.calls[2].body).toEqual(transport.calls[1].body);
    expect(done.steps[1].attempts).toBe(2);
  });

  it("stops a turn after the request limit, with a warning", async () => {
    const looping: LiveTransport = {
      async send() {
        return {
          response: {
            content: [{ type: "tool_use", id: "t", name: "get_weather", input: { city: "x" } }],
            usage: { input_tokens: 1, output_tokens: 1 },
          },
          usage: null,
          durationMs: 1,
        };
      },
      async count() {
        return { inputTokens: 0, method: "none" };
      },
    };
    const snapshot = await createLiveRun({
      scenario,
      strategyId: "full",
      transport: looping,
      maxRequestsPerTurn: 2,
    }).run();
    expect(snapshot.steps).toHaveLength(4);
    expect(snapshot.warnings.map((warning) => warning.code)).toContain("live-turn-limit");
  });

  it("is refused when the strategy cannot run on the provider", async () => {
    const snapshot = await createLiveRun({
      scenario,
      strategyId: "openai-tool-search",
      provider: "anthropic",
      transport: scripted(),
    }).run();
    expect(snapshot.status).toBe("refused");
    expect(snapshot.refused).toContain("Responses");
  });
});
