import type { EngineWarning } from "../../core";
import { OPENAI_MESSAGE_OVERHEAD_TOKENS, renderOpenAIFunctionForCounting } from "../../tokens";
import { isMediaPart, MEDIA_NOT_COUNTED_WARNING, mediaPlaceholder } from "../media-parts";
import { SegmentList } from "../segment-list";
import type { BodyContext, BodySegments } from "../types";
import { chatToolsFirst } from "./chat-dialects";

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A Chat Completions function tool as the model sees it: a TypeScript-like declaration (PROTOCOLS §6.3). */
export function chatToolPromptText(tool: Json): string {
  const fn = record(tool.function);
  if (!fn) return JSON.stringify(tool);
  return renderOpenAIFunctionForCounting({
    name: String(fn.name),
    description: typeof fn.description === "string" ? fn.description : undefined,
    parameters: fn.parameters,
  });
}

/** A message's content as prompt text; media parts stand as a hashed placeholder, or are left out to count. */
function contentText(content: unknown, media: "placeholder" | "omit" = "placeholder"): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .flatMap((part) => {
      const block = record(part) ?? {};
      if (isMediaPart(block)) return media === "omit" ? [] : [mediaPlaceholder(block)];
      return [typeof block.text === "string" ? block.text : JSON.stringify(block)];
    })
    .join("\n");
}

function hasMedia(content: unknown): boolean {
  return Array.isArray(content) && content.some(isMediaPart);
}

/**
 * The prompt text of one chat message. The assistant's text and tool calls are one message; Kimi's reasoning
 * replay (`reasoning_content`, PROTOCOLS §9) is part of it when present. A contentless `{role:"system", tools}`
 * message is Kimi K3's dynamic declaration (§3.1): its text is the declared definitions.
 */
export function chatMessagePromptText(
  message: Json,
  toolNameOfCall: (callId: string) => string | undefined,
): { text: string; definitions?: string; label: string } {
  const role = String(message.role ?? "user");
  if (role === "system" && Array.isArray(message.tools) && message.content === undefined) {
    const tools = (message.tools as unknown[]).map((tool) => record(tool) ?? {});
    const definitions = tools.map(chatToolPromptText).join("\n");
    const names = tools.map((tool) => String(record(tool.function)?.name ?? ""));
    return { text: definitions, definitions, label: `system: declare ${names.join(", ")}` };
  }
  if (role === "assistant") {
    const calls = Array.isArray(message.tool_calls)
      ? (message.tool_calls as unknown[]).map((c) => record(c) ?? {})
      : [];
    const text = contentText(message.content);
    const wire: Json = { role: "assistant", content: text || null };
    if (typeof message.reasoning_content === "string") wire.reasoning_content = message.reasoning_content;
    if (calls.length > 0)
      wire.tool_calls = calls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: record(call.function)?.name, arguments: record(call.function)?.arguments },
      }));
    const names = calls.map((call) => String(record(call.function)?.name ?? ""));
    return {
      text: JSON.stringify(wire),
      label: names.length ? `assistant calls ${names.join(", ")}` : "assistant answer",
    };
  }
  if (role === "tool") {
    const name = toolNameOfCall(String(message.tool_call_id ?? ""));
    return { text: contentText(message.content), label: `tool result${name ? ` ${name}` : ""}` };
  }
  return { text: contentText(message.content), label: `${role} message` };
}

/**
 * Segments of a Chat Completions (or Moonshot) body as sent. Cache order: the leading system/developer messages,
 * then the tools, then the rest of the conversation (the renderer's assumption, docs/DESIGN.md); every message
 * carries OpenAI's framing tokens; the whole prompt is the automatic breakpoint.
 */
export function chatBodySegments(body: Json, context: BodyContext): BodySegments {
  const warnings: EngineWarning[] = [];
  const list = new SegmentList(context.counter);
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]).map((m) => record(m) ?? {}) : [];
  const callNames = new Map<string, string>();
  for (const message of messages)
    for (const call of Array.isArray(message.tool_calls) ? (message.tool_calls as unknown[]) : []) {
      const name = record(record(call)?.function)?.name;
      if (typeof name === "string") callNames.set(String(record(call)?.id), name);
    }
  let leading = 0;
  while (
    leading < messages.length &&
    (messages[leading].role === "system" || messages[leading].role === "developer") &&
    messages[leading].content !== undefined
  )
    leading += 1;
  const addMessage = (index: number) => {
    const rendered = chatMessagePromptText(messages[index], (id) => callNames.get(id));
    const media = hasMedia(messages[index].content);
    if (media && !warnings.includes(MEDIA_NOT_COUNTED_WARNING)) warnings.push(MEDIA_NOT_COUNTED_WARNING);
    list.add({
      path: `messages[${index}]`,
      label: index < leading ? `${String(messages[index].role)} message` : rendered.label,
      group: index < leading ? "system" : "messages",
      promptText: rendered.text,
      toolDefinitionText: rendered.definitions,
      // Keyed with the media placeholders, counted without them.
      ...(media
        ? {
            tokens: context.counter.count(
              messages[index].role === "assistant" ? rendered.text : contentText(messages[index].content, "omit"),
            ),
          }
        : {}),
    });
  };
  // Kimi's and GLM's chat templates declare the tools before the system prompt (as the renderer orders them).
  const toolsFirst = chatToolsFirst(context.model.provider);
  if (!toolsFirst) for (let index = 0; index < leading; index += 1) addMessage(index);
  (Array.isArray(body.tools) ? (body.tools as unknown[]) : []).forEach((value, index) => {
    const tool = record(value) ?? {};
    const text = chatToolPromptText(tool);
    list.add({
      path: `tools[${index}]`,
      label: `function ${String(record(tool.function)?.name ?? tool.type)}`,
      group: "tools",
      promptText: text,
      toolDefinitionText: text,
    });
  });
  if (toolsFirst) for (let index = 0; index < leading; index += 1) addMessage(index);
  for (let index = leading; index < messages.length; index += 1) addMessage(index);
  // Segments of this list are fresh objects (no per-tool memo), so adding the framing in place is safe.
  for (const segment of list.segments)
    if (segment.group === "messages" || segment.group === "system") segment.tokens += OPENAI_MESSAGE_OVERHEAD_TOKENS;
  const last = list.lastPromptIndex();
  if (last >= 0) list.markBreakpoint(last);
  return { segments: list.segments, warnings };
}
