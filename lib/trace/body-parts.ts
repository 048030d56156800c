import type { ProviderId } from "../scenario/types";

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A tool as the trace declared it, in provider-neutral terms. */
export type DeclaredTool = { name: string; description: string; inputSchema: Json; deferred: boolean };

/** The tools a body declares, in order: Anthropic tools, Responses functions (and namespace members), Chat functions. */
export function declaredTools(body: Json, provider: ProviderId): DeclaredTool[] {
  const tools = Array.isArray(body.tools) ? (body.tools as unknown[]) : [];
  return tools.flatMap((value) => toolsOf(record(value) ?? {}, provider));
}

function toolsOf(tool: Json, provider: ProviderId): DeclaredTool[] {
  if (provider === "anthropic") {
    if (typeof tool.name !== "string" || !record(tool.input_schema)) return [];
    return [
      {
        name: tool.name,
        description: String(tool.description ?? ""),
        inputSchema: record(tool.input_schema) ?? {},
        deferred: tool.defer_loading === true,
      },
    ];
  }
  if (provider === "openai-responses") {
    if (tool.type === "namespace" && Array.isArray(tool.tools))
      return (tool.tools as unknown[]).flatMap((member) => toolsOf(record(member) ?? {}, provider));
    if (tool.type !== "function" || typeof tool.name !== "string") return [];
    return [
      {
        name: tool.name,
        description: String(tool.description ?? ""),
        inputSchema: record(tool.parameters) ?? { type: "object", properties: {} },
        deferred: tool.defer_loading === true,
      },
    ];
  }
  const fn = record(tool.function);
  if (!fn || typeof fn.name !== "string") return [];
  return [
    {
      name: fn.name,
      description: String(fn.description ?? ""),
      inputSchema: record(fn.parameters) ?? { type: "object", properties: {} },
      deferred: false,
    },
  ];
}

/** The name of the tool at `tools[index]` of a body (namespaces by their own name), or null. */
export function toolNameAt(body: Json, index: number): string | null {
  const tool = record(Array.isArray(body.tools) ? body.tools[index] : undefined);
  if (!tool) return null;
  const name = tool.name ?? record(tool.function)?.name ?? tool.type;
  return typeof name === "string" ? name : null;
}

/** The index in `tools` a segment path points at (`tools[3]` → 3), or null. */
export function toolIndexOfPath(path: string): number | null {
  const match = /^tools\[(\d+)\]/.exec(path);
  return match ? Number(match[1]) : null;
}

/** The text of the part of the prompt a system-group segment path names (system prompt, instructions, system message). */
export function systemTextAt(body: Json, path: string): string | null {
  if (path === "instructions") return typeof body.instructions === "string" ? body.instructions : null;
  if (path === "system") return typeof body.system === "string" ? body.system : null;
  const systemBlock = /^system\[(\d+)\]$/.exec(path);
  if (systemBlock && Array.isArray(body.system)) {
    const text = record(body.system[Number(systemBlock[1])])?.text;
    return typeof text === "string" ? text : null;
  }
  const message = /^messages\[(\d+)\]$/.exec(path);
  if (message && Array.isArray(body.messages)) {
    const content = record(body.messages[Number(message[1])])?.content;
    return typeof content === "string" ? content : null;
  }
  return null;
}

export type CalledTool = { name: string; arguments: Record<string, unknown> };

/** Tool calls in a response (or in an assistant turn of a body), in order. */
export function toolCallsOf(value: Json, provider: ProviderId): CalledTool[] {
  if (provider === "anthropic") {
    const content = Array.isArray(value.content) ? (value.content as unknown[]) : [];
    return content.flatMap((part) => {
      const block = record(part);
      return block?.type === "tool_use" && typeof block.name === "string"
        ? [{ name: block.name, arguments: record(block.input) ?? {} }]
        : [];
    });
  }
  if (provider === "openai-responses") {
    const items = Array.isArray(value.output) ? (value.output as unknown[]) : [value];
    return items.flatMap((part) => {
      const item = record(part);
      return item?.type === "function_call" && typeof item.name === "string"
        ? [{ name: item.name, arguments: parseArguments(item.arguments) }]
        : [];
    });
  }
  const message =
    record(value.message) ??
    record(record(Array.isArray(value.choices) ? value.choices[0] : undefined)?.message) ??
    value;
  const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as unknown[]) : [];
  return calls.flatMap((call) => {
    const fn = record(record(call)?.function);
    return fn && typeof fn.name === "string" ? [{ name: fn.name, arguments: parseArguments(fn.arguments) }] : [];
  });
}

function parseArguments(value: unknown): Record<string, unknown> {
  if (record(value)) return value as Record<string, unknown>;
  if (typeof value !== "string") return {};
  try {
    return record(JSON.parse(value)) ?? {};
  } catch {
    return {};
  }
}

/** Plain text of a message's content (string or blocks), tool results and calls left out. */
export function plainText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .flatMap((part) => {
      const block = record(part);
      return block &&
        (block.type === "text" || block.type === "input_text" || block.type === "output_text") &&
        typeof block.text === "string"
        ? [block.text]
        : [];
    })
    .join("\n");
}

export type ConversationMessage = { role: "user" | "assistant"; text: string; calls: CalledTool[] };

/** The user and assistant turns of a body in order, in provider-neutral terms (tool results are not turns). */
export function conversationOf(body: Json, provider: ProviderId): ConversationMessage[] {
  if (provider === "openai-responses") {
    if (typeof body.input === "string") return [{ role: "user", text: body.input, calls: [] }];
    const items = Array.isArray(body.input) ? (body.input as unknown[]) : [];
    const result: ConversationMessage[] = [];
    for (const value of items) {
      const item = record(value) ?? {};
      if ((item.type === undefined || item.type === "message") && (item.role === "user" || item.role === "assistant"))
        result.push({ role: item.role, text: plainText(item.content), calls: [] });
      else if (item.type === "function_call") {
        const calls = toolCallsOf(item, provider);
        const last = result[result.length - 1];
        if (last?.role === "assistant") last.calls.push(...calls);
        else result.push({ role: "assistant", text: "", calls });
      }
    }
    return result;
  }
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  return messages.flatMap((value) => {
    const message = record(value) ?? {};
    if (message.role !== "user" && message.role !== "assistant") return [];
    const calls =
      provider === "anthropic" ? toolCallsOf({ content: message.content }, provider) : toolCallsOf(message, provider);
    return [{ role: message.role, text: plainText(message.content), calls }];
  });
}

/**
 * What tells one conversation from the next: its first user message. Trace import starts a new conversation when a
 * request opens with another one than the request before it (an agent resends the whole history on every turn), and
 * the recording tap groups what it records by the same rule.
 */
export function conversationOpening(body: Json, provider: ProviderId): string {
  return conversationOf(body, provider).find((message) => message.role === "user")?.text ?? "";
}

/** The assistant's text in a response. */
export function responseText(response: Json, provider: ProviderId): string {
  if (provider === "anthropic") return plainText(response.content);
  if (provider === "openai-responses") {
    const items = Array.isArray(response.output) ? (response.output as unknown[]) : [];
    return items
      .map((value) => {
        const item = record(value);
        return item?.type === "message" ? plainText(item.content) : "";
      })
      .filter(Boolean)
      .join("\n");
  }
  const message = record(record(Array.isArray(response.choices) ? response.choices[0] : undefined)?.message);
  return message ? plainText(message.content) : "";
}
