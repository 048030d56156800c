/**
 * The accumulators fold each provider's stream into the same body a non-streaming call returns. The event sequences
 * come from the fake provider's renderers, which the official SDKs accept (route tests).
 */
import { describe, expect, it } from "vitest";
import type { FakeTurn } from "@/test/fake-provider/fake-model";
import { anthropicEvents, anthropicMessage } from "@/test/fake-provider/render-anthropic";
import { chatBody, chatChunks, responsesBody, responsesEvents } from "@/test/fake-provider/render-openai";
import type { PreviewEvent } from "../../core";
import { ProviderStreamError } from "../../providers/stream-error";
import { createStreamAccumulator } from "./accumulator";

const usage = { input: 1200, cacheRead: 1000, cacheWrite: 150, output: 40 };
const turn: FakeTurn = {
  text: "Let me check.",
  search: { kind: "anthropic-server", variant: "regex", query: "weather", found: ["get_weather"] },
  calls: [{ name: "get_weather", input: { city: "Paris", days: [1, 2] } }],
};

function fold(provider: Parameters<typeof createStreamAccumulator>[0], events: Array<{ data: unknown }>) {
  const previews: PreviewEvent[] = [];
  const accumulator = createStreamAccumulator(provider, (event) => previews.push(event));
  for (const event of events)
    if (typeof event.data !== "string") accumulator.push(event.data as Record<string, unknown>);
  return { result: accumulator.result(), previews };
}

function previewText(previews: PreviewEvent[], part: number): string {
  return previews.flatMap((event) => (event.type === "delta" && event.part === part ? [event.text] : [])).join("");
}

describe("stream accumulators", () => {
  it("Anthropic: the folded stream equals the message, server search and partial JSON included", () => {
    const message = anthropicMessage(turn, usage, "claude-opus-4-8", "t1");
    const { result, previews } = fold("anthropic", anthropicEvents(message));
    expect(result).toEqual(message);
    expect(
      previews.filter((event) => event.type === "part").map((event) => (event.type === "part" ? event.kind : "")),
    ).toEqual(["text", "search", "search-result", "tool-call"]);
    expect(previewText(previews, 0)).toBe("Let me check.");
    expect(previewText(previews, 3)).toBe(JSON.stringify({ city: "Paris", days: [1, 2] }));
  });

  it("Responses: response.completed is the result; deltas preview the text and arguments", () => {
    const body = responsesBody(
      { ...turn, search: { kind: "openai-hosted", query: "weather", found: ["get_weather"] } },
      [{ name: "get_weather", description: "d", schema: {}, deferred: true }],
      usage,
      "gpt-5.4",
      "t2",
    );
    const { result, previews } = fold("openai-responses", responsesEvents(body));
    expect(result).toEqual(body);
    expect(
      previews.filter((event) => event.type === "part").map((event) => (event.type === "part" ? event.kind : "")),
    ).toEqual(["search", "search-result", "text", "tool-call"]);
  });

  it("Responses: response.failed throws with the provider's message", () => {
    const body = responsesBody(turn, [], usage, "gpt-5.4", "t3");
    expect(() => fold("openai-responses", responsesEvents(body, { failAfterFirstItem: true }))).toThrow(
      ProviderStreamError,
    );
  });

  it("Chat Completions: content, tool calls and the trailing usage chunk", () => {
    const body = chatBody(turn, usage, "gpt-5.4", "t4", "chat");
    const { result } = fold("openai-chat", chatChunks(body, "chat", true));
    const message = (result.choices as Array<{ message: Record<string, unknown>; finish_reason: string }>)[0];
    expect(message.message.content).toBe("Let me check.");
    expect(message.message.tool_calls).toEqual(
      (body.choices as Array<{ message: { tool_calls: unknown } }>)[0].message.tool_calls,
    );
    expect(message.finish_reason).toBe("tool_calls");
    expect(result.usage).toEqual(body.usage);
  });

  it("Moonshot: usage from the final chunk's choice", () => {
    const body = chatBody(turn, usage, "kimi-k3", "t5", "moonshot");
    const { result } = fold("moonshot", chatChunks(body, "moonshot", false));
    expect(result.usage).toEqual({
      prompt_tokens: 1200,
      completion_tokens: 40,
      total_tokens: 1240,
      cached_tokens: 1000,
    });
  });
});
