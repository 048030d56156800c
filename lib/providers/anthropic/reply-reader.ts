import type { ReadReply, TranscriptBlock } from "../../core";
import { array, parseArguments, record, searchQuery, text, type Json } from "../reply-reading";
import { engineNote } from "../../i18n/engine-notes";

/** The Anthropic response content in input form: response-only fields (`caller`, `citations: null`) removed. */
function anthropicInputContent(content: Json[]): Json[] {
  return content.map((block) => {
    const { caller: _caller, ...rest } = block;
    if (rest.type === "text" && rest.citations == null) delete rest.citations;
    return rest;
  });
}

/** A Messages API response: text, tool_use, server tool search and its result; `pause_turn` continues. */
export function readAnthropicReply(response: Json): ReadReply {
  const notes: string[] = [];
  const content = array(response.content);
  const blocks: TranscriptBlock[] = [];
  const searches = new Map<string, Extract<TranscriptBlock, { type: "server-tool-search" }>>();
  for (const block of content) {
    if (block.type === "text") blocks.push({ type: "text", text: text(block.text) });
    else if (block.type === "tool_use")
      blocks.push({
        type: "tool-call",
        id: text(block.id),
        name: text(block.name),
        input: parseArguments(block.input, notes, text(block.name)),
      });
    else if (block.type === "server_tool_use" && /^tool_search_tool_(bm25|regex)/.test(text(block.name))) {
      const search = {
        type: "server-tool-search" as const,
        id: text(block.id),
        variant: text(block.name).includes("regex") ? ("regex" as const) : ("bm25" as const),
        input: searchQuery(record(block.input)),
        result: { toolNames: [] as string[] } as Extract<TranscriptBlock, { type: "server-tool-search" }>["result"],
      };
      searches.set(search.id, search);
      blocks.push(search);
    } else if (block.type === "tool_search_tool_result") {
      const search = searches.get(text(block.tool_use_id));
      const result = record(block.content);
      if (search) {
        search.result =
          result.type === "tool_search_tool_result_error"
            ? { errorCode: text(result.error_code), errorMessage: text(result.error_message) }
            : {
                toolNames: array(result.tool_references)
                  .map((reference) => text(reference.tool_name))
                  .filter(Boolean),
              };
      }
    } else if (block.type !== "thinking" && block.type !== "redacted_thinking") {
      notes.push(engineNote("unmodelledBlock", { type: String(block.type) }));
    }
  }
  return { blocks, raw: anthropicInputContent(content), paused: response.stop_reason === "pause_turn", notes };
}
