/**
 * Folds OpenAI Responses stream events into the final Response. `response.completed` (or `.incomplete`) carries
 * the whole response with usage; the item events before it feed the preview and a fallback when the stream ends
 * early. `error` and `response.failed` become a ProviderStreamError.
 */
import type { PreviewEvent, PreviewPartKind, StreamAccumulator } from "../../core";
import { ProviderStreamError } from "../stream-error";

type Json = Record<string, unknown>;

function kindOf(item: Json): { kind: PreviewPartKind; name?: string } {
  switch (item.type) {
    case "message":
      return { kind: "text" };
    case "function_call":
      return { kind: "tool-call", name: String(item.name ?? "") };
    case "tool_search_call":
      return { kind: "search", name: "tool_search" };
    case "tool_search_output":
      return { kind: "search-result" };
    case "reasoning":
      return { kind: "thinking" };
    default:
      return { kind: "other", name: String(item.type ?? "") };
  }
}

function loadedNames(item: Json): string {
  const tools = Array.isArray(item.tools) ? (item.tools as Json[]) : [];
  const names = tools.flatMap((tool) =>
    tool.type === "namespace" && Array.isArray(tool.tools)
      ? (tool.tools as Json[]).map((inner) => `${String(tool.name)}.${String(inner.name)}`)
      : [String(tool.name ?? tool.type)],
  );
  return names.join(", ") || "no tools loaded";
}

export function createResponsesAccumulator(emit: (event: PreviewEvent) => void): StreamAccumulator {
  let response: Json = { object: "response", output: [] };
  let final: Json | null = null;
  const items: Json[] = [];

  return {
    push(event: Json) {
      const index = typeof event.output_index === "number" ? event.output_index : -1;
      switch (event.type) {
        case "response.created":
        case "response.in_progress":
          response = { ...(event.response as Json) };
          return;
        case "response.output_item.added": {
          const item = { ...(event.item as Json) };
          items[index] = item;
          emit({ type: "part", part: index, ...kindOf(item) });
          if (item.type === "tool_search_output") emit({ type: "delta", part: index, text: loadedNames(item) });
          return;
        }
        case "response.output_text.delta":
        case "response.function_call_arguments.delta":
        case "response.reasoning_summary_text.delta":
          if (typeof event.delta === "string") emit({ type: "delta", part: index, text: event.delta });
          return;
        case "response.output_item.done": {
          const item = event.item as Json;
          const known = items[index];
          items[index] = { ...item };
          if (!known) emit({ type: "part", part: index, ...kindOf(item) });
          if (item.type === "tool_search_call" && item.arguments !== undefined)
            emit({
              type: "delta",
              part: index,
              text: typeof item.arguments === "string" ? item.arguments : JSON.stringify(item.arguments),
            });
          if (item.type === "tool_search_output" && known?.type !== "tool_search_output")
            emit({ type: "delta", part: index, text: loadedNames(item) });
          return;
        }
        case "response.completed":
        case "response.incomplete":
          final = { ...(event.response as Json) };
          return;
        case "response.failed": {
          const error = ((event.response as Json)?.error ?? {}) as Json;
          throw new ProviderStreamError(
            String(error.message ?? "the response failed"),
            String(error.code ?? "response_failed"),
          );
        }
        case "error":
          throw new ProviderStreamError(String(event.message ?? "stream error"), String(event.code ?? "stream_error"));
        default:
          return;
      }
    },
    result() {
      return final ?? { ...response, output: items.filter(Boolean) };
    },
  };
}
