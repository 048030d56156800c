/** Pins the renderers' layout the overlay relies on: each raw assistant turn lands exactly where its turn was. */
import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import type { Transcript, TranscriptMessage } from "../engine/transcript";
import { defaultModel } from "../models";
import { providerAdapter } from "../providers";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import type { ProviderId } from "../core/ids";
import { createTokenCounter } from "../tokens";
import { overlayAssistantTurns } from "./wire-overlay";

const weather: CatalogTool = {
  name: "get_weather",
  description: "Weather for a city",
  inputSchema: { type: "object", properties: { city: { type: "string" } } },
};

function render(provider: ProviderId, messages: TranscriptMessage[]) {
  const model = defaultModel(provider);
  const context = {
    settings: { ...DEFAULT_SETTINGS, provider, model: model.id },
    model,
    counter: createTokenCounter("o200k"),
    catalogByName: new Map([[weather.name, weather]]),
  };
  const transcript: Transcript = {
    system: "Be brief.",
    tools: [{ type: "catalog", tool: weather, deferred: false }],
    messages,
  };
  return providerAdapter(provider).renderRequest(transcript, context).request.body;
}

const conversation: TranscriptMessage[] = [
  { role: "user", blocks: [{ type: "text", text: "Weather in Paris and Rome?" }] },
  {
    role: "assistant",
    blocks: [
      { type: "tool-call", id: "c1", name: "get_weather", input: { city: "Paris" } },
      { type: "tool-call", id: "c2", name: "get_weather", input: { city: "Rome" } },
    ],
  },
  {
    role: "user",
    blocks: [
      { type: "tool-result", callId: "c1", toolName: "get_weather", content: "sunny" },
      { type: "tool-result", callId: "c2", toolName: "get_weather", content: "rain" },
    ],
  },
  { role: "assistant", blocks: [{ type: "text", text: "Sunny in Paris, rain in Rome." }] },
  { role: "user", blocks: [{ type: "text", text: "Thanks" }] },
];

describe("overlayAssistantTurns", () => {
  it("Anthropic: replaces the content of the assistant messages, one wire message per transcript message", () => {
    const body = render("anthropic", conversation);
    const raw = new Map<number, unknown>([
      [
        1,
        [
          { type: "thinking", thinking: "…", signature: "s" },
          { type: "tool_use", id: "c1", name: "get_weather", input: { city: "Paris" } },
        ],
      ],
    ]);
    const result = overlayAssistantTurns("anthropic", body, conversation, raw);
    const messages = result.messages as Array<{ role: string; content: unknown }>;
    expect(messages).toHaveLength(5);
    expect(messages[1]).toEqual({ role: "assistant", content: raw.get(1) });
    expect(messages[3]).toEqual((body.messages as unknown[])[3]);
    expect(body.messages).not.toBe(result.messages);
  });

  it("Responses: replaces the items of an assistant turn by the raw output items, however many", () => {
    const body = render("openai-responses", conversation);
    const raw = new Map<number, unknown>([
      [
        1,
        [
          { type: "reasoning", id: "rs_1", summary: [] },
          { type: "function_call", call_id: "c1" },
          { type: "function_call", call_id: "c2" },
        ],
      ],
      [3, [{ type: "message", id: "msg_2", role: "assistant", content: [] }]],
    ]);
    const result = overlayAssistantTurns("openai-responses", body, conversation, raw);
    const input = result.input as Array<Record<string, unknown>>;
    expect(input.map((item) => item.type ?? item.role)).toEqual([
      "user",
      "reasoning",
      "function_call",
      "function_call",
      "function_call_output",
      "function_call_output",
      "message",
      "user",
    ]);
  });

  it("Chat and Moonshot: after the system message, one message per user block and per assistant turn", () => {
    for (const provider of ["openai-chat", "moonshot"] as const) {
      const body = render(provider, conversation);
      const raw = new Map<number, unknown>([
        [3, { role: "assistant", content: "Sunny in Paris, rain in Rome.", reasoning_content: "thought" }],
      ]);
      const result = overlayAssistantTurns(provider, body, conversation, raw);
      const messages = result.messages as Array<Record<string, unknown>>;
      expect(messages.map((message) => message.role)).toEqual([
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
        "user",
      ]);
      expect(messages[5]).toEqual(raw.get(3));
    }
  });

  it("Moonshot: a Kimi tool declaration counts as one message", () => {
    const messages: TranscriptMessage[] = [
      conversation[0],
      conversation[1],
      conversation[2],
      { role: "added-tools", toolNames: ["get_weather"] },
      conversation[3],
      conversation[4],
    ];
    const body = render("moonshot", messages);
    const result = overlayAssistantTurns(
      "moonshot",
      body,
      messages,
      new Map([[4, { role: "assistant", content: "raw" }]]),
    );
    const wire = result.messages as Array<Record<string, unknown>>;
    expect(wire[5]).toMatchObject({ role: "system", tools: expect.any(Array) });
    expect(wire[6]).toEqual({ role: "assistant", content: "raw" });
  });
});
