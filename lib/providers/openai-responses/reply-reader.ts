import type { ReadReply, TranscriptBlock } from "../../core";
import { array, parseArguments, record, safeJson, searchQuery, text, type Json } from "../reply-reading";
import { engineNote } from "../../i18n/engine-notes";

function namesOfLoadedTools(tools: Json[]): string[] {
  return tools.flatMap((tool) =>
    tool.type === "namespace"
      ? namesOfLoadedTools(array(tool.tools))
      : typeof tool.name === "string"
        ? [tool.name]
        : [],
  );
}

/** A Responses API response: message, function_call, tool_search_call and tool_search_output items. */
export function readResponsesReply(response: Json): ReadReply {
  const notes: string[] = [];
  const output = array(response.output);
  const blocks: TranscriptBlock[] = [];
  for (const item of output) {
    if (item.type === "message") {
      const joined = array(item.content)
        .map((part) => text(part.text) || text(part.refusal))
        .join("");
      if (joined) blocks.push({ type: "text", text: joined });
    } else if (item.type === "function_call") {
      blocks.push({
        type: "tool-call",
        id: text(item.call_id),
        name: text(item.name),
        input: parseArguments(item.arguments, notes, text(item.name)),
      });
    } else if (item.type === "tool_search_call") {
      const execution = item.execution === "client" ? "client" : "server";
      const input = record(typeof item.arguments === "string" ? safeJson(item.arguments) : item.arguments);
      // A hosted call's arguments are `{paths, query}` (OpenAI Agents SDK, ToolSearchCallArguments): the paths are
      // kept so the next request replays the item as sent, and its prefix stays cached.
      const paths =
        execution === "server" && Array.isArray(input.paths) && typeof input.query === "string"
          ? input.paths.filter((path): path is string => typeof path === "string")
          : undefined;
      blocks.push({
        type: "openai-search-call",
        id: text(item.id),
        callId: typeof item.call_id === "string" ? item.call_id : null,
        execution,
        query: searchQuery(input),
        ...(paths ? { paths } : {}),
      });
    } else if (item.type === "tool_search_output") {
      const execution = item.execution === "client" ? "client" : "server";
      blocks.push({
        type: "openai-search-output",
        id: text(item.id),
        callId: typeof item.call_id === "string" ? item.call_id : null,
        execution,
        toolNames: namesOfLoadedTools(array(item.tools)),
      });
    } else if (item.type !== "reasoning") {
      notes.push(engineNote("unmodelledItem", { type: String(item.type) }));
    }
  }
  return { blocks, raw: output, paused: false, notes };
}
