/** Anthropic Messages responses and stream events as the fake provider sends them (PROTOCOLS §1.4, §5.1). Tests only. */
import type { FakeTurn } from "./fake-model";

type Json = Record<string, unknown>;
export type FakeUsage = { input: number; cacheRead: number; cacheWrite: number; output: number };
export type SseEvent = { event?: string; data: Json | string };

export function anthropicMessage(turn: FakeTurn, usage: FakeUsage, model: string, id: string): Json {
  const content: Json[] = [];
  if (turn.text) content.push({ type: "text", text: turn.text, citations: null });
  if (turn.search?.kind === "anthropic-server") {
    const serverId = `srvtoolu_${id}`;
    const inputKey = turn.search.variant === "regex" ? "pattern" : "query";
    content.push({
      type: "server_tool_use",
      id: serverId,
      name: `tool_search_tool_${turn.search.variant}`,
      input: { [inputKey]: turn.search.query },
      caller: { type: "direct" },
    });
    content.push({
      type: "tool_search_tool_result",
      tool_use_id: serverId,
      content: {
        type: "tool_search_tool_search_result",
        tool_references: turn.search.found.map((name) => ({ type: "tool_reference", tool_name: name })),
      },
    });
  }
  turn.calls.forEach((call, index) =>
    content.push({
      type: "tool_use",
      id: `toolu_${id}_${index}`,
      name: call.name,
      input: call.input,
      caller: { type: "direct" },
    }),
  );
  return {
    id: `msg_${id}`,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: turn.calls.length ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: {
      input_tokens: usage.input - usage.cacheRead - usage.cacheWrite,
      cache_creation_input_tokens: usage.cacheWrite,
      cache_read_input_tokens: usage.cacheRead,
      output_tokens: usage.output,
      service_tier: "standard",
    },
  };
}

/** Splits text the way a model streams it: a few characters at a time. */
export function chunks(text: string, size = 12): string[] {
  const parts: string[] = [];
  for (let index = 0; index < text.length; index += size) parts.push(text.slice(index, index + size));
  return parts.length ? parts : [""];
}

export function anthropicEvents(message: Json, options: { failAfterFirstBlock?: boolean } = {}): SseEvent[] {
  const usage = message.usage as Json;
  const events: SseEvent[] = [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
      },
    },
  ];
  (message.content as Json[]).forEach((block, index) => {
    if (block.type === "text") {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { type: "text", text: "", citations: null } },
      });
      for (const text of chunks(String(block.text)))
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "text_delta", text } },
        });
    } else if (block.type === "tool_use" || block.type === "server_tool_use") {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { ...block, input: {} } },
      });
      for (const partial of chunks(JSON.stringify(block.input), 8))
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: partial } },
        });
    } else {
      events.push({ event: "content_block_start", data: { type: "content_block_start", index, content_block: block } });
    }
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    if (options.failAfterFirstBlock && index === 0) {
      events.push({
        event: "error",
        data: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      });
    }
  });
  if (options.failAfterFirstBlock && (message.content as Json[]).length === 0)
    events.push({
      event: "error",
      data: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    });
  events.push({
    event: "message_delta",
    data: {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: {
        output_tokens: usage.output_tokens,
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens,
        cache_read_input_tokens: usage.cache_read_input_tokens,
      },
    },
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  if (options.failAfterFirstBlock) return events.slice(0, events.findIndex((event) => event.event === "error") + 1);
  return events;
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

export function anthropicError(status: number, message: string): Json {
  return { type: "error", error: { type: ERROR_TYPES[status] ?? "api_error", message }, request_id: "req_fake_0001" };
}
