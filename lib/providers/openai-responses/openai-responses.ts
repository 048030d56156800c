import type { EngineWarning } from "../../core";
import type { ToolEntry, Transcript, TranscriptBlock } from "../../core";
import { responsesFunction } from "../openai-function";
import { CLIENT_TOOL_SEARCH_PARAMETERS, CLIENT_TOOL_SEARCH_DESCRIPTION } from "./openai-tool-search";
import { OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION } from "../limits";
import { responsesBodySegments, responsesItemPromptText } from "./openai-responses-body-segments";
import { SegmentList } from "../segment-list";
import type { ProviderAdapter, RenderContext, RenderedRequest, SimulatedUsage } from "../types";
import { responsesBodyReader } from "./body-reader";
import { openaiResponsesFacts } from "./facts";
import { readResponsesReply } from "./reply-reader";
import { createResponsesAccumulator } from "./stream";
import { openResponsesStream } from "./upstream";
import { readResponsesUsage } from "./usage";

/** OpenAI refuses more than 128 entries in `tools` (PROTOCOLS §9; the limit itself is in lib/models/model-limits). */
const OPENAI_MAX_TOOLS = 128;

type Json = Record<string, unknown>;

function renderTool(entry: ToolEntry, path: string, list: SegmentList): Json {
  switch (entry.type) {
    case "catalog":
    case "stub":
    case "helper": {
      const variant = entry.type === "stub" ? "stub" : entry.type === "catalog" && entry.deferred ? "deferred" : "full";
      const definition = responsesFunction(entry.tool, variant);
      list.addTool(entry.tool, `responses:${variant}`, path, () => ({
        label:
          variant === "deferred"
            ? `deferred function ${entry.tool.name} (name + description)`
            : `${variant === "stub" ? "stub" : "function"} ${entry.tool.name}`,
        group: "tools",
        promptText: definition.text,
        toolDefinitionText: definition.text,
      }));
      return definition.wire;
    }
    case "openai-namespace": {
      const wire = {
        type: "namespace",
        name: entry.name,
        description: entry.description,
        tools: entry.tools.map((tool) => responsesFunction(tool, "deferred").wire),
      };
      // Up front the model sees only a namespace's name and description (PROTOCOLS §2.1).
      const text = `// ${entry.description}\nnamespace ${entry.name} {}`;
      list.add({
        path,
        label: `namespace ${entry.name} (${entry.tools.length} deferred)`,
        group: "tools",
        promptText: text,
        toolDefinitionText: text,
      });
      return wire;
    }
    case "openai-tool-search": {
      const wire: Json =
        entry.execution === "client"
          ? {
              type: "tool_search",
              execution: "client",
              description: CLIENT_TOOL_SEARCH_DESCRIPTION,
              parameters: CLIENT_TOOL_SEARCH_PARAMETERS,
            }
          : { type: "tool_search" };
      const text = JSON.stringify(wire);
      list.add({
        path,
        label: `tool_search (${entry.execution === "client" ? "client" : "hosted"})`,
        group: "tools",
        promptText: text,
        toolDefinitionText: text,
      });
      return wire;
    }
    default:
      throw new Error(`openai-responses: tool entry ${entry.type} is not a Responses API tool`);
  }
}

/** The namespace a declared function belongs to, by name: a namespaced function is loaded and called as such. */
type Namespaces = ReadonlyMap<string, { name: string; description: string }>;

/**
 * The namespaces of the tools the last request declared, per render context (one per run). The response of a
 * step is rendered right after its request and needs them too: a function_call names its namespace.
 */
const namespacesByContext = new WeakMap<RenderContext, Namespaces>();

/** The namespaces of a tools list, kept with a copy of the list they were read from (see `namespacesOf`). */
const namespacesByList = new WeakMap<readonly ToolEntry[], { entries: readonly ToolEntry[]; namespaces: Namespaces }>();

/**
 * Every step of a run renders the same `tools` list; at 10,000 namespaced functions, mapping each of them to its
 * namespace again would be half of a warm step. The map is kept per list and given again while the list still holds the
 * same entries in the same order (entries are never edited: a change is a new entry, as `addTools` assumes).
 */
function namespacesOf(tools: readonly ToolEntry[]): Namespaces {
  const known = namespacesByList.get(tools);
  if (known && known.entries.length === tools.length && known.entries.every((entry, index) => entry === tools[index]))
    return known.namespaces;
  const namespaces = readNamespaces(tools);
  namespacesByList.set(tools, { entries: tools.slice(), namespaces });
  return namespaces;
}

function readNamespaces(tools: readonly ToolEntry[]): Namespaces {
  const namespaces = new Map<string, { name: string; description: string }>();
  for (const entry of tools)
    if (entry.type === "openai-namespace")
      for (const tool of entry.tools) namespaces.set(tool.name, { name: entry.name, description: entry.description });
  return namespaces;
}

/**
 * The `tools` of a tool_search_output: a function that belongs to a namespace comes back inside its namespace
 * (`{type: "namespace", name, description, tools: [...]}`), as the API returns it; the others come back bare.
 */
function loadedTools(
  names: readonly string[],
  context: RenderContext,
  namespaces: Namespaces,
): { wire: Json[]; text: string } {
  const wire: Json[] = [];
  const texts: string[] = [];
  const byNamespace = new Map<string, Json[]>();
  for (const name of names) {
    const tool = context.catalogByName.get(name);
    if (!tool) continue;
    const definition = responsesFunction(tool, "full");
    texts.push(definition.text);
    const loaded = { ...definition.wire, defer_loading: true };
    const namespace = namespaces.get(name);
    if (!namespace) {
      wire.push(loaded);
      continue;
    }
    let members = byNamespace.get(namespace.name);
    if (!members) {
      members = [];
      byNamespace.set(namespace.name, members);
      wire.push({ type: "namespace", name: namespace.name, description: namespace.description, tools: members });
    }
    members.push(loaded);
  }
  return { wire, text: texts.join("\n") };
}

function functionCall(block: Extract<TranscriptBlock, { type: "tool-call" }>, namespaces: Namespaces): Json {
  const namespace = namespaces.get(block.name)?.name;
  // SDK ResponseFunctionToolCall.namespace: "The namespace of the function to run".
  return {
    type: "function_call",
    call_id: block.id,
    name: block.name,
    ...(namespace ? { namespace } : {}),
    arguments: JSON.stringify(block.input),
  };
}

function renderItem(
  block: TranscriptBlock,
  role: "user" | "assistant",
  context: RenderContext,
  namespaces: Namespaces,
): { wire: Json; text: string; definitions?: string } {
  switch (block.type) {
    case "text":
      return { wire: { role, content: block.text }, text: block.text };
    case "tool-call": {
      const wire = functionCall(block, namespaces);
      return { wire, text: JSON.stringify(wire) };
    }
    case "tool-result": {
      const wire = { type: "function_call_output", call_id: block.callId, output: block.content };
      return { wire, text: block.content };
    }
    case "openai-search-call": {
      const wire = {
        type: "tool_search_call",
        ...(block.execution === "server" ? { id: block.id } : {}),
        call_id: block.callId,
        execution: block.execution,
        arguments: block.paths ? { paths: block.paths, query: block.query } : { query: block.query },
        status: "completed",
      };
      return { wire, text: JSON.stringify(wire) };
    }
    case "openai-search-output": {
      const loaded = loadedTools(block.toolNames, context, namespaces);
      const wire = {
        type: "tool_search_output",
        ...(block.execution === "server" ? { id: block.id } : {}),
        call_id: block.callId,
        execution: block.execution,
        status: "completed",
        tools: loaded.wire,
      };
      return { wire, text: loaded.text || "[]", definitions: loaded.text };
    }
    default:
      throw new Error(`openai-responses: block ${block.type} is not a Responses API item`);
  }
}

function renderRequest(transcript: Transcript, context: RenderContext): RenderedRequest {
  const warnings: EngineWarning[] = [];
  const list = new SegmentList(context.counter);
  // Cache order: developer instructions, then the tools, then the input items (the harmony layout puts the
  // tools after the instructions). An assumption, labelled in docs/DESIGN.md.
  list.add({ path: "instructions", label: "instructions", group: "system", promptText: transcript.system });
  const tools = list.addTools("responses", transcript.tools, () =>
    transcript.tools.map((entry, index) => renderTool(entry, `tools[${index}]`, list)),
  );
  const namespaces = namespacesOf(transcript.tools);
  namespacesByContext.set(context, namespaces);
  const input: Json[] = [];
  for (const message of transcript.messages) {
    if (message.role !== "user" && message.role !== "assistant")
      throw new Error(`openai-responses: ${message.role} messages are not supported`);
    for (const block of message.blocks) {
      const item = renderItem(block, message.role, context, namespaces);
      // The same prompt text a recorded body's item gets (an imported trace), so both are cached alike.
      const prompt = responsesItemPromptText(item.wire);
      list.add({
        path: `input[${input.length}]`,
        label: `${String(item.wire.type ?? `${message.role} message`).replaceAll("_", " ")}`,
        group: "messages",
        promptText: prompt.text,
        toolDefinitionText: prompt.definitions || undefined,
      });
      input.push(item.wire);
    }
  }
  const body: Json = {
    model: context.model.id,
    instructions: transcript.system,
    tools,
    input,
    max_output_tokens: context.settings.maxOutputTokens,
    prompt_cache_key: "tool-disclosure-playground",
  };
  if (context.settings.toolChoice !== "auto" && tools.length > 0)
    body.tool_choice = context.settings.toolChoice === "any" ? "required" : "none";
  const deferred = tools.filter((tool) => tool.defer_loading === true).length;
  if (tools.length > OPENAI_MAX_TOOLS && tools.length - deferred <= OPENAI_MAX_TOOLS)
    warnings.push({
      code: "openai-deferred-tool-count",
      message:
        `${OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION} If they count, this request (${tools.length} entries in tools) is ` +
        `refused with 400 array_above_max_length and the run fails here; namespaces keep the array short either way.`,
    });
  // Automatic caching: the whole prompt is the implicit breakpoint.
  const last = list.lastPromptIndex();
  if (last >= 0) list.markBreakpoint(last);
  return {
    request: {
      method: "POST",
      url: "https://api.openai.com/v1/responses",
      headers: { "content-type": "application/json", authorization: "Bearer $OPENAI_API_KEY" },
      body,
    },
    segments: list.segments,
    warnings,
  };
}

export const openaiResponses: ProviderAdapter = {
  ...openaiResponsesFacts,
  label: "OpenAI Responses",
  endpoint: "https://api.openai.com/v1/responses",
  renderRequest,
  segmentBody: responsesBodySegments,
  body: responsesBodyReader,
  readUsage: readResponsesUsage,
  readReply: readResponsesReply,
  createStreamAccumulator: createResponsesAccumulator,
  // One input item per block of a user or assistant message (instructions are not an item); the raw turn is items.
  openStream: openResponsesStream,
  turnLayout: {
    listKey: "input",
    leading: 0,
    span: (message) => (message.role === "user" || message.role === "assistant" ? message.blocks.length : 0),
    replace: (original, raw) => (Array.isArray(raw) ? raw : original),
  },
  toolText: (tool, variant) => responsesFunction(tool, variant).text,
  renderResponse(blocks, usage: SimulatedUsage, context, responseId) {
    const namespaces = namespacesByContext.get(context) ?? new Map();
    const output = blocks.map((block, index) => {
      if (block.type === "text")
        return {
          type: "message",
          id: `msg_${responseId}_${index}`,
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: block.text, annotations: [] }],
        };
      if (block.type === "tool-call")
        return { ...functionCall(block, namespaces), id: `fc_${responseId}_${index}`, status: "completed" };
      return renderItem(block, "assistant", context, namespaces).wire;
    });
    const input = usage.uncached + usage.cacheRead + usage.cacheWrite;
    return {
      id: responseId,
      object: "response",
      status: "completed",
      model: context.model.id,
      output,
      usage: {
        input_tokens: input,
        input_tokens_details: {
          cached_tokens: usage.cacheRead,
          ...(usage.writesBilled ? { cache_write_tokens: usage.cacheWrite } : {}),
        },
        output_tokens: usage.output,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: input + usage.output,
      },
    };
  },
  outputText(blocks) {
    return blocks
      .map((block) =>
        block.type === "text"
          ? block.text
          : block.type === "tool-call"
            ? renderOpenAIFunctionCall(block)
            : block.type === "openai-search-call"
              ? block.query
              : "",
      )
      .join("\n");
  },
};

function renderOpenAIFunctionCall(block: { name: string; input: Record<string, unknown> }): string {
  return `${block.name}(${JSON.stringify(block.input)})`;
}
