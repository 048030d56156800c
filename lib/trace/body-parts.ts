import type { CalledTool, ConversationMessage, DeclaredTool } from "../core";
import type { ProviderId } from "../core/ids";
import { providerAdapter } from "../providers";

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The tools a body declares, in order: Anthropic tools, Responses functions (and namespace members), Chat functions. */
export function declaredTools(body: Json, provider: ProviderId): DeclaredTool[] {
  return providerAdapter(provider).body.declaredTools(body);
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

/** Tool calls in a response (or in an assistant turn of a body), in order. */
export function toolCallsOf(value: Json, provider: ProviderId): CalledTool[] {
  return providerAdapter(provider).body.toolCalls(value);
}

/** The user and assistant turns of a body in order, in provider-neutral terms (tool results are not turns). */
export function conversationOf(body: Json, provider: ProviderId): ConversationMessage[] {
  return providerAdapter(provider).body.conversation(body);
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
  return providerAdapter(provider).body.responseText(response);
}
