/**
 * A real provider response, read back into the engine's provider-neutral transcript blocks (so the same renderers
 * build the next request), plus the provider-native assistant content to send back verbatim (see wire-overlay).
 */
import type { TranscriptBlock } from "../engine/transcript";
import { ANTHROPIC_BM25_INPUT_KEY } from "../providers/anthropic-constants";
import type { ProviderId } from "../scenario/types";

type Json = Record<string, unknown>;

export type ReadReply = {
  blocks: TranscriptBlock[];
  /** The assistant turn in the provider's own input form (Anthropic content, Responses items, a chat message). */
  raw: unknown;
  /** The model paused a server-side tool loop and expects the same request continued (Anthropic `pause_turn`). */
  paused: boolean;
  /** Soft problems: unparseable arguments, blocks the transcript cannot hold. */
  notes: string[];
};

function record(value: unknown): Json {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

function array(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(record) : [];
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Tool-call arguments arrive as JSON text in OpenAI formats; a model can send broken JSON, kept visible. */
function parseArguments(raw: unknown, notes: string[], name: string): Record<string, unknown> {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== "string" || raw.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  notes.push(`the model sent arguments for ${name} that are not a JSON object: ${raw.slice(0, 200)}`);
  return { _unparsed: raw };
}

function searchQuery(input: Json): string {
  for (const key of ["pattern", ANTHROPIC_BM25_INPUT_KEY, "query", "q"])
    if (typeof input[key] === "string") return input[key] as string;
  if (Array.isArray(input.paths)) return input.paths.join(" ");
  return JSON.stringify(input);
}

/** The Anthropic response content in input form: response-only fields (`caller`, `citations: null`) removed. */
function anthropicInputContent(content: Json[]): Json[] {
  return content.map((block) => {
    const { caller: _caller, ...rest } = block;
    if (rest.type === "text" && rest.citations == null) delete rest.citations;
    return rest;
  });
}

function readAnthropic(response: Json): ReadReply {
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
      notes.push(`the reply holds a ${String(block.type)} block, sent back as is but not modelled by the engine`);
    }
  }
  return { blocks, raw: anthropicInputContent(content), paused: response.stop_reason === "pause_turn", notes };
}

function namesOfLoadedTools(tools: Json[]): string[] {
  return tools.flatMap((tool) =>
    tool.type === "namespace"
      ? namesOfLoadedTools(array(tool.tools))
      : typeof tool.name === "string"
        ? [tool.name]
        : [],
  );
}

function readResponses(response: Json): ReadReply {
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
      notes.push(`the reply holds a ${String(item.type)} item, sent back as is but not modelled by the engine`);
    }
  }
  return { blocks, raw: output, paused: false, notes };
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return { query: value };
  }
}

function readChat(response: Json): ReadReply {
  const notes: string[] = [];
  const message = record(record(array(response.choices)[0]).message);
  const blocks: TranscriptBlock[] = [];
  const content = text(message.content);
  if (content) blocks.push({ type: "text", text: content });
  const calls = array(message.tool_calls);
  for (const call of calls) {
    const fn = record(call.function);
    blocks.push({
      type: "tool-call",
      id: text(call.id),
      name: text(fn.name),
      input: parseArguments(fn.arguments, notes, text(fn.name)),
    });
  }
  // Only what Chat Completions accepts back: thinking models (Kimi) need their reasoning_content returned.
  const raw: Json = { role: "assistant", content: content || null };
  if (calls.length)
    raw.tool_calls = calls.map((call) => ({
      id: call.id,
      type: "function",
      function: { name: record(call.function).name, arguments: record(call.function).arguments ?? "{}" },
    }));
  if (typeof message.reasoning_content === "string") raw.reasoning_content = message.reasoning_content;
  return { blocks, raw, paused: false, notes };
}

export function readReply(provider: ProviderId, response: Json): ReadReply {
  if (provider === "anthropic") return readAnthropic(response);
  if (provider === "openai-responses") return readResponses(response);
  return readChat(response);
}
