/**
 * Folds Anthropic Messages stream events (message_start, content_block_start/delta/stop, message_delta,
 * message_stop) into the final Message, emitting preview events as blocks arrive. Server-tool blocks are handled
 * as documented for tool search (PROTOCOLS §1.4): `server_tool_use` streams its input as `input_json_delta`, then
 * `tool_search_tool_result` arrives whole in its `content_block_start`.
 */
import type { PreviewEvent, PreviewPartKind, StreamAccumulator } from "../../core";

type Json = Record<string, unknown>;

function kindOf(block: Json): { kind: PreviewPartKind; name?: string } {
  switch (block.type) {
    case "text":
      return { kind: "text" };
    case "tool_use":
      return { kind: "tool-call", name: String(block.name ?? "") };
    case "server_tool_use":
      return { kind: "search", name: String(block.name ?? "") };
    case "tool_search_tool_result":
      return { kind: "search-result" };
    case "thinking":
    case "redacted_thinking":
      return { kind: "thinking" };
    default:
      return { kind: "other", name: String(block.type ?? "") };
  }
}

function searchResultText(block: Json): string {
  const content = (block.content ?? {}) as Json;
  if (content.type === "tool_search_tool_result_error") return `error ${String(content.error_code)}`;
  const references = Array.isArray(content.tool_references) ? (content.tool_references as Json[]) : [];
  return references.map((reference) => String(reference.tool_name)).join(", ") || "no tools found";
}

export function createAnthropicAccumulator(emit: (event: PreviewEvent) => void): StreamAccumulator {
  let message: Json = { type: "message", role: "assistant", content: [] };
  const blocks: Json[] = [];
  const partialJson = new Map<number, string>();

  return {
    push(event: Json) {
      const index = typeof event.index === "number" ? event.index : -1;
      switch (event.type) {
        case "message_start":
          message = { ...(event.message as Json) };
          return;
        case "content_block_start": {
          const block = { ...(event.content_block as Json) };
          blocks[index] = block;
          if (block.type === "tool_use" || block.type === "server_tool_use") {
            partialJson.set(index, "");
            block.input = {};
          }
          emit({ type: "part", part: index, ...kindOf(block) });
          if (block.type === "tool_search_tool_result")
            emit({ type: "delta", part: index, text: searchResultText(block) });
          if (block.type === "text" && typeof block.text === "string" && block.text)
            emit({ type: "delta", part: index, text: block.text });
          return;
        }
        case "content_block_delta": {
          const block = blocks[index];
          const delta = (event.delta ?? {}) as Json;
          if (!block) return;
          if (delta.type === "text_delta") {
            block.text = String(block.text ?? "") + String(delta.text ?? "");
            emit({ type: "delta", part: index, text: String(delta.text ?? "") });
          } else if (delta.type === "input_json_delta") {
            partialJson.set(index, (partialJson.get(index) ?? "") + String(delta.partial_json ?? ""));
            emit({ type: "delta", part: index, text: String(delta.partial_json ?? "") });
          } else if (delta.type === "thinking_delta") {
            block.thinking = String(block.thinking ?? "") + String(delta.thinking ?? "");
            emit({ type: "delta", part: index, text: String(delta.thinking ?? "") });
          } else if (delta.type === "signature_delta") {
            block.signature = delta.signature;
          } else if (delta.type === "citations_delta") {
            block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
          }
          return;
        }
        case "content_block_stop": {
          const json = partialJson.get(index);
          const block = blocks[index];
          if (json !== undefined && block) {
            try {
              block.input = json.trim() ? JSON.parse(json) : {};
            } catch {
              // A stream cut short (max_tokens) leaves partial JSON: keep it visible rather than invent arguments.
              block.input = { _partial_json: json };
            }
            partialJson.delete(index);
          }
          return;
        }
        case "message_delta": {
          const delta = (event.delta ?? {}) as Json;
          if ("stop_reason" in delta) message.stop_reason = delta.stop_reason;
          if ("stop_sequence" in delta) message.stop_sequence = delta.stop_sequence;
          // message_delta usage is cumulative; null fields mean "unchanged".
          const usage = (event.usage ?? {}) as Json;
          const merged: Json = { ...((message.usage as Json) ?? {}) };
          for (const [key, value] of Object.entries(usage))
            if (value !== null && value !== undefined) merged[key] = value;
          message.usage = merged;
          return;
        }
        default:
          return;
      }
    },
    result() {
      return { ...message, content: blocks.filter(Boolean) };
    },
  };
}
