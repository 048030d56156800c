/**
 * OpenAI Responses, Chat Completions and Moonshot replies as the fake provider sends them: complete bodies, the
 * Responses SSE events and the chat.completion.chunk stream, with each provider's usage fields (PROTOCOLS §2.2,
 * §3.4, §5.2). Tests only.
 */
import type { FakeTool, FakeTurn } from "./fake-model";
import { chunks, type FakeUsage, type SseEvent } from "./render-anthropic";

type Json = Record<string, unknown>;

/** GPT-5.6 and later report cache writes (PROTOCOLS §5.2). */
function reportsCacheWrites(model: string): boolean {
  return /^gpt-(5\.([6-9]|\d{2,})|[6-9])/.test(model);
}

export function responsesBody(
  turn: FakeTurn,
  tools: readonly FakeTool[],
  usage: FakeUsage,
  model: string,
  id: string,
): Json {
  const output: Json[] = [];
  const search = turn.search;
  if (search?.kind === "openai-hosted") {
    output.push({
      type: "tool_search_call",
      id: `ts_${id}`,
      call_id: null,
      execution: "server",
      status: "completed",
      arguments: { query: search.query },
    });
    const loaded = search.found
      .map((name) => tools.find((tool) => tool.name === name))
      .filter((tool): tool is FakeTool => Boolean(tool));
    output.push({
      type: "tool_search_output",
      id: `tso_${id}`,
      call_id: null,
      execution: "server",
      status: "completed",
      tools: loaded.map((tool) => ({
        type: "function",
        name: tool.name,
        description: tool.description,
        parameters: tool.schema,
        strict: null,
        defer_loading: true,
      })),
    });
  }
  if (search?.kind === "openai-client")
    output.push({
      type: "tool_search_call",
      id: `ts_${id}`,
      call_id: `call_ts_${id}`,
      execution: "client",
      status: "completed",
      arguments: { query: search.query },
    });
  if (turn.text)
    output.push({
      type: "message",
      id: `msg_${id}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: turn.text, annotations: [], logprobs: [] }],
    });
  turn.calls.forEach((call, index) =>
    output.push({
      type: "function_call",
      id: `fc_${id}_${index}`,
      call_id: `call_${id}_${index}`,
      name: call.name,
      arguments: JSON.stringify(call.input),
      status: "completed",
    }),
  );
  return {
    id: `resp_${id}`,
    object: "response",
    created_at: 1_767_000_000,
    status: "completed",
    model,
    output,
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage: {
      input_tokens: usage.input,
      input_tokens_details: {
        cached_tokens: usage.cacheRead,
        ...(reportsCacheWrites(model) ? { cache_write_tokens: usage.cacheWrite } : {}),
      },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input + usage.output,
    },
  };
}

export function responsesEvents(body: Json, options: { failAfterFirstItem?: boolean } = {}): SseEvent[] {
  let sequence = 0;
  const event = (type: string, data: Json): SseEvent => ({
    event: type,
    data: { type, sequence_number: sequence++, ...data },
  });
  const inProgress = { ...body, status: "in_progress", output: [], usage: null };
  const events: SseEvent[] = [
    event("response.created", { response: inProgress }),
    event("response.in_progress", { response: inProgress }),
  ];
  for (const [index, item] of (body.output as Json[]).entries()) {
    if (item.type === "message") {
      const text = String((item.content as Json[])[0].text);
      events.push(
        event("response.output_item.added", {
          output_index: index,
          item: { ...item, status: "in_progress", content: [] },
        }),
      );
      events.push(
        event("response.content_part.added", {
          item_id: item.id,
          output_index: index,
          content_index: 0,
          part: { type: "output_text", text: "", annotations: [] },
        }),
      );
      for (const delta of chunks(text))
        events.push(
          event("response.output_text.delta", {
            item_id: item.id,
            output_index: index,
            content_index: 0,
            delta,
            logprobs: [],
          }),
        );
      events.push(
        event("response.output_text.done", {
          item_id: item.id,
          output_index: index,
          content_index: 0,
          text,
          logprobs: [],
        }),
      );
    } else if (item.type === "function_call") {
      events.push(
        event("response.output_item.added", {
          output_index: index,
          item: { ...item, arguments: "", status: "in_progress" },
        }),
      );
      for (const delta of chunks(String(item.arguments), 8))
        events.push(event("response.function_call_arguments.delta", { item_id: item.id, output_index: index, delta }));
      events.push(
        event("response.function_call_arguments.done", {
          item_id: item.id,
          output_index: index,
          name: item.name,
          arguments: item.arguments,
        }),
      );
    } else {
      events.push(event("response.output_item.added", { output_index: index, item }));
    }
    events.push(event("response.output_item.done", { output_index: index, item }));
    if (options.failAfterFirstItem) {
      events.push(
        event("response.failed", {
          response: {
            ...body,
            status: "failed",
            error: { code: "server_error", message: "The server had an error while processing your request." },
          },
        }),
      );
      return events;
    }
  }
  events.push(event("response.completed", { response: body }));
  return events;
}

export function chatBody(
  turn: FakeTurn,
  usage: FakeUsage,
  model: string,
  id: string,
  dialect: "chat" | "moonshot",
): Json {
  const message: Json = { role: "assistant", content: turn.text ?? null, refusal: null };
  if (turn.calls.length)
    message.tool_calls = turn.calls.map((call, index) => ({
      id: `call_${id}_${index}`,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.input) },
    }));
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: 1_767_000_000,
    model,
    choices: [{ index: 0, message, finish_reason: turn.calls.length ? "tool_calls" : "stop", logprobs: null }],
    usage: chatUsage(usage, model, dialect),
  };
}

function chatUsage(usage: FakeUsage, model: string, dialect: "chat" | "moonshot"): Json {
  const base = {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
  };
  // Moonshot reports cached_tokens directly inside usage (PROTOCOLS §3.4).
  if (dialect === "moonshot") return { ...base, cached_tokens: usage.cacheRead };
  return {
    ...base,
    prompt_tokens_details: {
      cached_tokens: usage.cacheRead,
      ...(reportsCacheWrites(model) ? { cache_write_tokens: usage.cacheWrite } : {}),
    },
  };
}

export function chatChunks(
  body: Json,
  dialect: "chat" | "moonshot",
  includeUsage: boolean,
  options: { failAfterFirstChunk?: boolean } = {},
): SseEvent[] {
  const choice = (body.choices as Json[])[0];
  const message = choice.message as Json;
  const head = { id: body.id, object: "chat.completion.chunk", created: body.created, model: body.model };
  const chunk = (delta: Json, finish: unknown = null, extra: Json = {}): SseEvent => ({
    data: { ...head, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null, ...extra }] },
  });
  const events: SseEvent[] = [chunk({ role: "assistant", content: "" })];
  if (typeof message.content === "string")
    for (const text of chunks(message.content)) events.push(chunk({ content: text }));
  if (options.failAfterFirstChunk)
    return [
      ...events,
      { data: { error: { message: "The server had an error while processing your request.", type: "server_error" } } },
    ];
  ((message.tool_calls as Json[] | undefined) ?? []).forEach((call, index) => {
    const fn = call.function as Json;
    events.push(
      chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: fn.name, arguments: "" } }] }),
    );
    for (const part of chunks(String(fn.arguments), 8))
      events.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
  });
  if (dialect === "moonshot") {
    // Moonshot: usage inside the final chunk's choice.
    events.push(chunk({}, choice.finish_reason, { usage: body.usage }));
  } else {
    events.push(chunk({}, choice.finish_reason));
    if (includeUsage) events.push({ data: { ...head, choices: [], usage: body.usage } });
  }
  events.push({ data: "[DONE]" });
  return events;
}

export function openaiError(status: number, message: string, dialect: "responses" | "chat" | "moonshot"): Json {
  if (dialect === "moonshot")
    return {
      error: {
        message,
        type:
          status === 401
            ? "invalid_authentication_error"
            : status === 429
              ? "rate_limit_reached_error"
              : "invalid_request_error",
      },
    };
  const code =
    status === 401
      ? "invalid_api_key"
      : status === 404
        ? "model_not_found"
        : status === 429
          ? "rate_limit_exceeded"
          : null;
  return {
    error: {
      message,
      type: status === 429 ? "requests" : status >= 500 ? "server_error" : "invalid_request_error",
      param: null,
      code,
    },
  };
}
