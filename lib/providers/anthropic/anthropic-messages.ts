import type { CatalogTool } from "../../core/catalog";
import type { EngineWarning } from "../../core";
import type { ToolEntry, Transcript, TranscriptBlock } from "../../core";
import {
  ANTHROPIC_BM25_INPUT_KEY,
  ANTHROPIC_MAX_CACHE_BREAKPOINTS,
  anthropicSearchToolName,
  anthropicSearchToolType,
} from "./anthropic-constants";
import { anthropicBodySegments, anthropicContentBlockText, anthropicToolPromptText } from "./anthropic-body-segments";
import { rememberSerialisation } from "../../core/json-size";
import { memoisePerTool, SegmentList } from "../segment-list";
import { STUB_INPUT_SCHEMA, stubDescription } from "../stub-definition";
import { anthropicBodyReader } from "./body-reader";
import { anthropicFacts } from "./facts";
import { readAnthropicReply } from "./reply-reader";
import { createAnthropicAccumulator } from "./stream";
import { openAnthropicStream } from "./upstream";
import { readAnthropicUsage } from "./usage";
import type { ProviderAdapter, RenderContext, RenderedRequest, SimulatedUsage } from "../types";

type Json = Record<string, unknown>;
type ToolWire = { wire: Json; text: string };

const toolWireMemo = memoisePerTool<ToolWire>();
/** What a deferred definition's JSON has beyond the full one's text, its last key. */
const DEFER_LOADING_JSON = ',"defer_loading":true';

/** The Anthropic `Tool` object of a catalog tool. `cache_control` is added per request, never memoised. */
export function anthropicToolDefinition(tool: CatalogTool, variant: "full" | "deferred" | "stub"): ToolWire {
  return toolWireMemo(tool, `anthropic:${variant}`, () => {
    const wire: Json =
      variant === "stub"
        ? { name: tool.name, description: stubDescription(tool), input_schema: STUB_INPUT_SCHEMA }
        : {
            name: tool.name,
            description: tool.description,
            input_schema: tool.inputSchema,
            ...(tool.inputExamples?.length ? { input_examples: tool.inputExamples } : {}),
            ...(variant === "deferred" ? { defer_loading: true } : {}),
          };
    // A deferred definition's prompt text is the full one's (`defer_loading` is not part of it): serialised once.
    // The wire's JSON is that text (with `defer_loading` last for a deferred one), so the request-size check and the
    // step summary measure the definition from it rather than serialising it again (lib/core/json-size.ts).
    if (variant === "deferred") {
      const text = anthropicToolDefinition(tool, "full").text;
      rememberSerialisation(wire, text, DEFER_LOADING_JSON.length);
      return { wire, text };
    }
    const text = anthropicToolPromptText(wire);
    rememberSerialisation(wire, text);
    return { wire, text };
  });
}

function definitionTextOf(names: readonly string[], context: RenderContext): string {
  return names
    .map((name) => {
      const tool = context.catalogByName.get(name);
      return tool ? anthropicToolDefinition(tool, "full").text : JSON.stringify({ tool_reference: name });
    })
    .join("\n");
}

function renderTools(entries: readonly ToolEntry[], list: SegmentList): Json[] {
  return list.addTools("anthropic", entries, () => entries.map((entry, index) => renderTool(entry, index, list)));
}

function renderTool(entry: ToolEntry, index: number, list: SegmentList): Json {
  const path = `tools[${index}]`;
  switch (entry.type) {
    case "catalog":
    case "stub":
    case "helper": {
      const variant = entry.type === "stub" ? "stub" : entry.type === "catalog" && entry.deferred ? "deferred" : "full";
      const definition = anthropicToolDefinition(entry.tool, variant);
      list.addTool(entry.tool, `anthropic:${variant}`, path, () => ({
        label: `${variant === "full" ? "tool" : variant === "stub" ? "stub" : "deferred tool"} ${entry.tool.name}`,
        group: "tools",
        promptText: definition.text,
        toolDefinitionText: definition.text,
        outsidePrompt: variant === "deferred",
      }));
      return definition.wire;
    }
    case "anthropic-tool-search": {
      const wire = { type: anthropicSearchToolType(entry.variant), name: anthropicSearchToolName(entry.variant) };
      const text = JSON.stringify(wire);
      list.add({
        path,
        label: `tool search (${entry.variant})`,
        group: "tools",
        promptText: text,
        toolDefinitionText: text,
      });
      return wire;
    }
    default:
      throw new Error(`anthropic-messages: tool entry ${entry.type} is not an Anthropic tool`);
  }
}

/** The wire blocks of one transcript block; their prompt texts come from the same function a recorded body uses. */
function renderBlock(
  block: TranscriptBlock,
  context: RenderContext,
): { wire: Json[]; texts: string[]; definitions: string[] } {
  const wire = wireBlocks(block);
  const rendered = wire.map((part) => anthropicContentBlockText(part, (names) => definitionTextOf(names, context)));
  return { wire, texts: rendered.map((part) => part.text), definitions: rendered.map((part) => part.definitions) };
}

function wireBlocks(block: TranscriptBlock): Json[] {
  switch (block.type) {
    case "text":
      return [{ type: "text", text: block.text }];
    case "tool-call":
      return [{ type: "tool_use", id: block.id, name: block.name, input: block.input }];
    case "tool-result":
      return [
        {
          type: "tool_result",
          tool_use_id: block.callId,
          content: block.content,
          ...(block.isError ? { is_error: true } : {}),
        },
      ];
    case "tool-reference-result":
      // The API expands each reference to the full definition inline (PROTOCOLS §1.5): that is what is billed.
      return [
        {
          type: "tool_result",
          tool_use_id: block.callId,
          content: block.toolNames.map((name) => ({ type: "tool_reference", tool_name: name })),
        },
      ];
    case "server-tool-search": {
      const inputKey = block.variant === "regex" ? "pattern" : ANTHROPIC_BM25_INPUT_KEY;
      const use = {
        type: "server_tool_use",
        id: block.id,
        name: anthropicSearchToolName(block.variant),
        input: { [inputKey]: block.input },
      };
      const content =
        "toolNames" in block.result
          ? {
              type: "tool_search_tool_search_result",
              tool_references: block.result.toolNames.map((name) => ({ type: "tool_reference", tool_name: name })),
            }
          : {
              type: "tool_search_tool_result_error",
              error_code: block.result.errorCode,
              error_message: block.result.errorMessage,
            };
      return [use, { type: "tool_search_tool_result", tool_use_id: block.id, content }];
    }
    default:
      throw new Error(`anthropic-messages: block ${block.type} is not part of the Anthropic Messages API`);
  }
}

function renderRequest(transcript: Transcript, context: RenderContext): RenderedRequest {
  const { settings, model } = context;
  const warnings: EngineWarning[] = [];
  const list = new SegmentList(context.counter);
  const tools = renderTools(transcript.tools, list);
  const toolSegmentCount = list.segments.length;

  if (tools.length > 0 && model.toolUseSystemPromptTokens) {
    const overhead = model.toolUseSystemPromptTokens.value;
    const tokens = settings.toolChoice === "any" ? overhead.any : overhead.auto;
    list.add({
      path: "system (tool-use preamble)",
      label: "tool-use system prompt added by Anthropic",
      group: "system",
      promptText: "",
      key: `tool-use-preamble:${settings.toolChoice}:${tokens}`,
      tokens,
    });
  }
  const system: Json[] = [{ type: "text", text: transcript.system }];
  const systemSegment = list.add({
    path: "system[0]",
    label: "system prompt",
    group: "system",
    promptText: transcript.system,
  });

  const messages: Json[] = [];
  transcript.messages.forEach((message, messageIndex) => {
    if (message.role === "added-tools") {
      const content: Json[] = message.toolNames.map((name, blockIndex) => {
        const wire = { type: "tool_addition", tool: { type: "tool_reference", name } };
        const definition = definitionTextOf([name], context);
        list.add({
          path: `messages[${messageIndex}].content[${blockIndex}]`,
          label: `tool_addition ${name}`,
          group: "messages",
          promptText: JSON.stringify(wire) + definition,
          toolDefinitionText: definition,
        });
        return wire;
      });
      for (const name of message.removedToolNames ?? []) {
        const wire = { type: "tool_removal", tool: { type: "tool_reference", name } };
        list.add({
          path: `messages[${messageIndex}].content[${content.length}]`,
          label: `tool_removal ${name}`,
          group: "messages",
          promptText: JSON.stringify(wire),
        });
        content.push(wire);
      }
      if (message.text) {
        list.add({
          path: `messages[${messageIndex}].content[${content.length}]`,
          label: "system note",
          group: "messages",
          promptText: message.text,
        });
        content.push({ type: "text", text: message.text });
      }
      messages.push({ role: "system", content });
      return;
    }
    const content: Json[] = [];
    for (const block of message.blocks) {
      const rendered = renderBlock(block, context);
      rendered.wire.forEach((wire, part) => {
        list.add({
          path: `messages[${messageIndex}].content[${content.length}]`,
          label: `${message.role} ${String(wire.type).replaceAll("_", " ")}`,
          group: "messages",
          promptText: rendered.texts[part],
          toolDefinitionText: rendered.definitions[part] || undefined,
        });
        content.push(wire);
      });
    }
    messages.push({ role: message.role, content });
  });

  const cacheControl = settings.cacheTtl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
  const body: Json = { model: model.id, max_tokens: settings.maxOutputTokens, system, tools, messages };
  if (settings.toolChoice !== "auto" && tools.length > 0) body.tool_choice = { type: settings.toolChoice };
  if (settings.cacheMode === "automatic") {
    // Top-level cache_control: the API puts the breakpoint on the last cacheable block (PROTOCOLS §5.1).
    body.cache_control = cacheControl;
    const last = list.lastPromptIndex();
    if (last >= 0) list.markBreakpoint(last);
  } else if (settings.cacheMode === "explicit") {
    placeExplicitBreakpoints({
      settings: context.settings,
      list,
      tools,
      system,
      messages,
      toolSegmentCount,
      systemSegmentIndex: list.segments.indexOf(systemSegment),
      cacheControl,
      warnings,
    });
  }

  const headers: Record<string, string> = {
    "content-type": "application/json",
    "anthropic-version": "2023-06-01",
    "x-api-key": "$ANTHROPIC_API_KEY",
  };
  if (transcript.betas?.length) headers["anthropic-beta"] = transcript.betas.join(",");
  return {
    request: { method: "POST", url: "https://api.anthropic.com/v1/messages", headers, body },
    segments: list.segments,
    warnings,
  };
}

/** Copies of tool objects carrying `cache_control`, per object and marker. */
const markedTools = new WeakMap<Json, Map<string, Json>>();

/**
 * The tool object with `cache_control` added, the same copy on every request: the tool objects of a request are
 * memoised and shared by every step, and a marked copy made anew per request would be the one tool a step's
 * limit checks (lib/providers/limits `rememberedFact`) see as new, so the whole list would be walked again.
 */
function markedTool(tool: Json, cacheControl: Json): Json {
  const key = JSON.stringify(cacheControl);
  let byMarker = markedTools.get(tool);
  if (!byMarker) {
    byMarker = new Map();
    markedTools.set(tool, byMarker);
  }
  let marked = byMarker.get(key);
  if (!marked) {
    marked = { ...tool, cache_control: cacheControl };
    byMarker.set(key, marked);
  }
  return marked;
}

function placeExplicitBreakpoints(options: {
  settings: RenderContext["settings"];
  list: SegmentList;
  tools: Json[];
  system: Json[];
  messages: Json[];
  toolSegmentCount: number;
  systemSegmentIndex: number;
  cacheControl: Json;
  warnings: EngineWarning[];
}): void {
  const { list, cacheControl } = options;
  const wanted = options.settings.explicitBreakpoints.slice(0, ANTHROPIC_MAX_CACHE_BREAKPOINTS);
  if (wanted.includes("tools")) {
    // A deferred tool carrying cache_control is a 400: the marker goes on the last non-deferred tool (§1.8).
    for (let index = options.toolSegmentCount - 1; index >= 0; index -= 1) {
      if (!list.segments[index].outsidePrompt) {
        options.tools[index] = markedTool(options.tools[index], cacheControl);
        list.markBreakpoint(index);
        break;
      }
    }
  }
  if (wanted.includes("system")) {
    options.system[options.system.length - 1] = {
      ...options.system[options.system.length - 1],
      cache_control: cacheControl,
    };
    list.markBreakpoint(options.systemSegmentIndex);
  }
  if (wanted.includes("last-message") && options.messages.length > 0) {
    const lastMessage = options.messages[options.messages.length - 1];
    const content = lastMessage.content as Json[];
    content[content.length - 1] = { ...content[content.length - 1], cache_control: cacheControl };
    list.markBreakpoint(list.lastPromptIndex());
  }
}

function renderResponseContent(blocks: TranscriptBlock[], context: RenderContext): Json[] {
  return blocks.flatMap((block) => {
    if (block.type === "text") return [{ type: "text", text: block.text, citations: null }];
    if (block.type === "tool-call")
      return [{ type: "tool_use", id: block.id, name: block.name, input: block.input, caller: { type: "direct" } }];
    const rendered = renderBlock(block, context).wire;
    return rendered.map((wire) => (wire.type === "server_tool_use" ? { ...wire, caller: { type: "direct" } } : wire));
  });
}

export const anthropicMessages: ProviderAdapter = {
  ...anthropicFacts,
  label: "Anthropic Messages",
  endpoint: "https://api.anthropic.com/v1/messages",
  renderRequest,
  segmentBody: anthropicBodySegments,
  body: anthropicBodyReader,
  readUsage: readAnthropicUsage,
  readReply: readAnthropicReply,
  createStreamAccumulator: createAnthropicAccumulator,
  // One wire message per transcript message; the raw turn is that message's content.
  openStream: openAnthropicStream,
  turnLayout: {
    listKey: "messages",
    leading: 0,
    span: () => 1,
    replace: (original, raw) => [{ ...(original[0] as Json), content: raw }],
  },
  toolText: (tool, variant) => (variant === "deferred" ? null : anthropicToolDefinition(tool, variant).text),
  renderResponse(blocks, usage: SimulatedUsage, context, responseId) {
    const content = renderResponseContent(blocks, context);
    return {
      id: responseId,
      type: "message",
      role: "assistant",
      model: context.model.id,
      content,
      stop_reason: blocks.some((block) => block.type === "tool-call") ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: usage.uncached,
        cache_creation_input_tokens: usage.cacheWrite,
        cache_read_input_tokens: usage.cacheRead,
        output_tokens: usage.output,
      },
    };
  },
  outputText(blocks) {
    return blocks
      .map((block) =>
        block.type === "text"
          ? block.text
          : block.type === "tool-call"
            ? JSON.stringify({ name: block.name, input: block.input })
            : block.type === "server-tool-search"
              ? block.input
              : "",
      )
      .join("\n");
  },
};
