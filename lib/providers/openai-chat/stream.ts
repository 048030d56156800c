/**
 * Folds Chat Completions chunks into one chat.completion. Usage arrives in a last chunk with empty `choices`
 * (OpenAI, with `stream_options.include_usage`) or inside `choices[0].usage` of the final chunk (Moonshot,
 * PROTOCOLS §3.4); both are kept. Thinking models stream `reasoning_content`, which is kept too.
 */
import type { PreviewEvent, StreamAccumulator } from "../../core";
import { ProviderStreamError } from "../stream-error";

type Json = Record<string, unknown>;

type ToolCallDraft = { id: string; name: string; arguments: string; part: number };

export function createChatAccumulator(emit: (event: PreviewEvent) => void): StreamAccumulator {
  const head: Json = { object: "chat.completion" };
  let content: string | null = null;
  let reasoning: string | null = null;
  let finishReason: unknown = null;
  let usage: Json | null = null;
  const calls = new Map<number, ToolCallDraft>();
  let nextPart = 0;
  let textPart = -1;
  let reasoningPart = -1;

  return {
    push(chunk: Json) {
      if (chunk.error) {
        const error = chunk.error as Json;
        throw new ProviderStreamError(
          String(error.message ?? "stream error"),
          String(error.code ?? error.type ?? "stream_error"),
        );
      }
      for (const key of ["id", "created", "model", "system_fingerprint"])
        if (chunk[key] !== undefined) head[key] = chunk[key];
      if (chunk.usage) usage = chunk.usage as Json;
      const choice = (Array.isArray(chunk.choices) ? chunk.choices[0] : undefined) as Json | undefined;
      if (!choice) return;
      if (choice.usage) usage = choice.usage as Json;
      if (choice.finish_reason) finishReason = choice.finish_reason;
      const delta = (choice.delta ?? {}) as Json;
      if (typeof delta.reasoning_content === "string" && delta.reasoning_content) {
        if (reasoningPart < 0) {
          reasoningPart = nextPart++;
          emit({ type: "part", part: reasoningPart, kind: "thinking" });
        }
        reasoning = (reasoning ?? "") + delta.reasoning_content;
        emit({ type: "delta", part: reasoningPart, text: delta.reasoning_content });
      }
      if (typeof delta.content === "string" && delta.content) {
        if (textPart < 0) {
          textPart = nextPart++;
          emit({ type: "part", part: textPart, kind: "text" });
        }
        content = (content ?? "") + delta.content;
        emit({ type: "delta", part: textPart, text: delta.content });
      }
      for (const raw of Array.isArray(delta.tool_calls) ? (delta.tool_calls as Json[]) : []) {
        const index = typeof raw.index === "number" ? raw.index : 0;
        const fn = (raw.function ?? {}) as Json;
        let call = calls.get(index);
        if (!call) {
          call = { id: String(raw.id ?? ""), name: String(fn.name ?? ""), arguments: "", part: nextPart++ };
          calls.set(index, call);
          emit({ type: "part", part: call.part, kind: "tool-call", name: call.name });
        } else {
          if (raw.id) call.id = String(raw.id);
          if (fn.name) call.name += String(fn.name);
        }
        if (typeof fn.arguments === "string" && fn.arguments) {
          call.arguments += fn.arguments;
          emit({ type: "delta", part: call.part, text: fn.arguments });
        }
      }
    },
    result() {
      const message: Json = { role: "assistant", content };
      if (reasoning !== null) message.reasoning_content = reasoning;
      const toolCalls = [...calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, call]) => ({
          id: call.id,
          type: "function",
          function: { name: call.name, arguments: call.arguments },
        }));
      if (toolCalls.length) message.tool_calls = toolCalls;
      return { ...head, choices: [{ index: 0, message, finish_reason: finishReason }], ...(usage ? { usage } : {}) };
    },
  };
}
