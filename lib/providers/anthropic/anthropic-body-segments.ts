import type { EngineWarning } from "../../core";
import { jsonTextOf } from "../../core/json-text";
import { SegmentList } from "../segment-list";
import type { BodyContext, BodySegments } from "../types";

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

function withoutCacheControl(block: Json): Json {
  const { cache_control: _marker, ...rest } = block;
  return rest;
}

/**
 * What an Anthropic tool contributes to the prompt: its JSON without `defer_loading` (that flag only decides where it
 * is expanded) and without `cache_control` (moving a marker is not an edit, PROTOCOLS §4.3). The renderer's tool
 * definitions go through this same function, so a recorded body and a simulated one get equal keys.
 */
export function anthropicToolPromptText(tool: Json): string {
  // `JSON.stringify` of the tool without those two keys, key by key, so that the schema's JSON, the bulk of the text,
  // is the one kept per schema object (a catalog's tools share their schemas, lib/core/json-text.ts).
  const members: string[] = [];
  for (const key of Object.keys(tool)) {
    if (key === "defer_loading" || key === "cache_control") continue;
    const value = tool[key];
    const text =
      key === "input_schema" && value !== null && typeof value === "object" ? jsonTextOf(value) : JSON.stringify(value);
    // A value JSON leaves out (undefined, a function) leaves its key out too.
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(",")}}`;
}

/**
 * The prompt text of one message content block. `tool_reference`s (client search results, server search results)
 * are expanded by the API to the full definitions inline (§1.5, §1.8), so their text includes those definitions:
 * `definitionsOf` returns them for the referenced names.
 */
export function anthropicContentBlockText(
  block: Json,
  definitionsOf: (names: readonly string[]) => string,
): { text: string; definitions: string } {
  switch (block.type) {
    case "text":
      return { text: String(block.text ?? ""), definitions: "" };
    case "thinking":
      return { text: String(block.thinking ?? ""), definitions: "" };
    case "tool_use":
    case "server_tool_use":
      // Key order as the renderer writes it; the response-only `caller` is not part of the prompt.
      return {
        text: JSON.stringify({ type: block.type, id: block.id, name: block.name, input: block.input }),
        definitions: "",
      };
    case "tool_result": {
      const wire = withoutCacheControl(block);
      const names = Array.isArray(block.content)
        ? (block.content as unknown[]).flatMap((part) =>
            record(part)?.type === "tool_reference" ? [String(record(part)?.tool_name)] : [],
          )
        : [];
      const definitions = names.length ? definitionsOf(names) : "";
      return { text: JSON.stringify(wire) + definitions, definitions };
    }
    case "tool_search_tool_result": {
      const content = record(block.content);
      const references = Array.isArray(content?.tool_references) ? (content.tool_references as unknown[]) : [];
      const names = references.map((reference) => String(record(reference)?.tool_name));
      const definitions = names.length ? definitionsOf(names) : "";
      return { text: JSON.stringify(withoutCacheControl(block)) + definitions, definitions };
    }
    default:
      return { text: JSON.stringify(withoutCacheControl(block)), definitions: "" };
  }
}

/** The Anthropic tool-use preamble's segment key and size for a request's `tool_choice` (PROTOCOLS §5.1 table). */
export function toolUsePreamble(
  toolChoice: string,
  overhead: { auto: number; any: number },
): { key: string; tokens: number } {
  const tokens = toolChoice === "any" || toolChoice === "tool" ? overhead.any : overhead.auto;
  return { key: `tool-use-preamble:${toolChoice}:${tokens}`, tokens };
}

/**
 * Segments of an Anthropic Messages body exactly as sent (a recorded trace): its own `cache_control` markers, its
 * own order, top-level automatic caching. Cache order: tools → (tool-use preamble) → system → messages (§5.1).
 */
export function anthropicBodySegments(body: Json, context: BodyContext): BodySegments {
  const warnings: EngineWarning[] = [];
  const list = new SegmentList(context.counter);
  const tools = Array.isArray(body.tools) ? (body.tools as unknown[]).map((tool) => record(tool) ?? {}) : [];
  const definitionByName = new Map<string, string>();
  tools.forEach((tool, index) => {
    const text = anthropicToolPromptText(tool);
    const deferred = tool.defer_loading === true;
    if (typeof tool.name === "string") definitionByName.set(tool.name, text);
    const isCustom = typeof tool.type !== "string" || tool.type === "custom";
    list.add({
      path: `tools[${index}]`,
      label: isCustom
        ? `${deferred ? "deferred tool" : "tool"} ${String(tool.name)}`
        : labelOfServerTool(tool, deferred),
      group: "tools",
      promptText: text,
      toolDefinitionText: text,
      outsidePrompt: deferred,
    });
    if (tool.cache_control !== undefined && !deferred) list.markBreakpoint(list.segments.length - 1);
  });
  const definitionsOf = (names: readonly string[]) =>
    names.map((name) => definitionByName.get(name) ?? JSON.stringify({ tool_reference: name })).join("\n");

  const overhead = context.model.toolUseSystemPromptTokens?.value;
  if (tools.length > 0 && overhead) {
    const choice = record(body.tool_choice);
    const preamble = toolUsePreamble(typeof choice?.type === "string" ? choice.type : "auto", overhead);
    list.add({
      path: "system (tool-use preamble)",
      label: "tool-use system prompt added by Anthropic",
      group: "system",
      promptText: "",
      key: preamble.key,
      tokens: preamble.tokens,
    });
  }

  if (typeof body.system === "string") {
    list.add({ path: "system", label: "system prompt", group: "system", promptText: body.system });
  } else if (Array.isArray(body.system)) {
    (body.system as unknown[]).forEach((value, index) => {
      const block = record(value) ?? {};
      list.add({
        path: `system[${index}]`,
        label: (body.system as unknown[]).length > 1 ? `system prompt part ${index + 1}` : "system prompt",
        group: "system",
        promptText: String(block.text ?? JSON.stringify(block)),
      });
      if (block.cache_control !== undefined) list.markBreakpoint(list.segments.length - 1);
    });
  }

  // Changing the thinking parameters keeps the cached tools and system prompt but not the messages (PROTOCOLS §5.1
  // table): a zero-token block keyed by them sits between the two. Only a recorded body carries it (the renderer
  // sends no thinking parameters), so rendered and recorded bodies still segment alike.
  if (record(body.thinking))
    list.add({
      path: "thinking",
      label: "thinking parameters",
      group: "system",
      promptText: "",
      key: `thinking:${JSON.stringify(body.thinking)}`,
      tokens: 0,
    });

  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  let imageWarned = false;
  messages.forEach((value, messageIndex) => {
    const message = record(value) ?? {};
    const role = String(message.role ?? "user");
    if (typeof message.content === "string") {
      list.add({
        path: `messages[${messageIndex}].content`,
        label: `${role} text`,
        group: "messages",
        promptText: message.content,
      });
      return;
    }
    const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
    content.forEach((part, blockIndex) => {
      const block = record(part) ?? {};
      const path = `messages[${messageIndex}].content[${blockIndex}]`;
      if (block.type === "tool_addition") {
        const name = String(record(block.tool)?.name ?? "");
        const definition = definitionsOf([name]);
        list.add({
          path,
          label: `tool_addition ${name}`,
          group: "messages",
          promptText: JSON.stringify(withoutCacheControl(block)) + definition,
          toolDefinitionText: definition,
        });
      } else if (block.type === "tool_removal") {
        const name = String(record(block.tool)?.name ?? "");
        list.add({
          path,
          label: `tool_removal ${name}`,
          group: "messages",
          promptText: JSON.stringify(withoutCacheControl(block)),
        });
      } else if (role === "system" && block.type === "text") {
        list.add({ path, label: "system note", group: "messages", promptText: String(block.text ?? "") });
      } else if (block.type === "image" || block.type === "document") {
        // Their size depends on pixels and pages we do not decode: keyed for matching, not counted.
        if (!imageWarned) {
          imageWarned = true;
          warnings.push({
            code: "trace-media-not-counted",
            message: "Images and documents are matched for caching but their tokens are not counted.",
          });
        }
        list.add({
          path,
          label: `${role} ${block.type}`,
          group: "messages",
          promptText: JSON.stringify(withoutCacheControl(block)),
          tokens: 0,
        });
      } else {
        const rendered = anthropicContentBlockText(block, definitionsOf);
        list.add({
          path,
          label: `${role} ${String(block.type).replaceAll("_", " ")}`,
          group: "messages",
          promptText: rendered.text,
          toolDefinitionText: rendered.definitions || undefined,
        });
      }
      if (block.cache_control !== undefined) list.markBreakpoint(list.segments.length - 1);
    });
  });

  // Top-level cache_control: the API puts the breakpoint on the last cacheable block (PROTOCOLS §5.1).
  if (body.cache_control !== undefined) {
    const last = list.lastPromptIndex();
    if (last >= 0) list.markBreakpoint(last);
  }
  return { segments: list.segments, warnings };
}

function labelOfServerTool(tool: Json, deferred: boolean): string {
  const type = String(tool.type);
  if (type.startsWith("tool_search_tool_")) return `tool search (${type.includes("regex") ? "regex" : "bm25"})`;
  return `${deferred ? "deferred " : ""}${type.replaceAll("_", " ")}${tool.name ? ` ${String(tool.name)}` : ""}`;
}

/** The `ttl` a request's markers ask for: "1h" only when every marker says so (a mixed request is priced as 5m). */
export function anthropicBodyTtl(body: Json): "5m" | "1h" {
  const ttls: string[] = [];
  const visit = (value: unknown) => {
    const marker = record(record(value)?.cache_control);
    if (marker) ttls.push(String(marker.ttl ?? "5m"));
  };
  visit(body);
  for (const tool of Array.isArray(body.tools) ? body.tools : []) visit(tool);
  for (const block of Array.isArray(body.system) ? body.system : []) visit(block);
  for (const message of Array.isArray(body.messages) ? body.messages : [])
    for (const block of Array.isArray(record(message)?.content) ? (record(message)?.content as unknown[]) : [])
      visit(block);
  return ttls.length > 0 && ttls.every((ttl) => ttl === "1h") ? "1h" : "5m";
}
