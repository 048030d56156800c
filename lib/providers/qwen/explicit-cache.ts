/**
 * Qwen's explicit cache in OpenAI-compatible mode (help.aliyun.com/zh/model-studio/context-cache; English:
 * alibabacloud.com/help/en/model-studio/context-cache, updated 2026-03): `"cache_control": {"type": "ephemeral"}`
 * on a content block of `messages`; at most four markers a request; each marker caches the messages from the start
 * of the array to it, and a later request is matched by looking back up to 20 content blocks from each marker.
 * Explicit and implicit caching are exclusive per request: a request with a marker uses the explicit cache.
 */

/** At most this many markers in one request (same source). */
export const QWEN_MAX_CACHE_MARKERS = 4;

type ChatMessage = { role: string; content?: unknown; [field: string]: unknown };
type TextPart = { type: "text"; text: string; cache_control?: { type: "ephemeral" } };

const MARKER = { type: "ephemeral" } as const;

/** A message's content as parts, the last one marked: a string becomes one text part. */
function marked(message: ChatMessage): ChatMessage {
  const content = message.content;
  if (typeof content === "string")
    return { ...message, content: [{ type: "text", text: content, cache_control: MARKER }] };
  if (Array.isArray(content) && content.length > 0) {
    const parts = [...(content as TextPart[])];
    parts[parts.length - 1] = { ...parts[parts.length - 1], cache_control: MARKER };
    return { ...message, content: parts };
  }
  return message;
}

/**
 * The body with markers on the system message (the prefix every request shares, after the tools) and on the last
 * message (so the next request reads the whole conversation so far); a message without text content (an
 * assistant turn of tool calls alone) is skipped for the one before it.
 */
export function withCacheControlMarkers<T extends { messages: ChatMessage[] }>(body: T): T {
  const messages = body.messages;
  const targets = new Set<number>();
  const system = messages.findIndex((message) => message.role === "system");
  if (system >= 0) targets.add(system);
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const content = messages[index].content;
    if ((typeof content === "string" && content !== "") || (Array.isArray(content) && content.length > 0)) {
      targets.add(index);
      break;
    }
  }
  const chosen = [...targets].slice(0, QWEN_MAX_CACHE_MARKERS);
  return { ...body, messages: messages.map((message, index) => (chosen.includes(index) ? marked(message) : message)) };
}

/** How many markers a body carries. */
export function countCacheMarkers(body: { messages: ChatMessage[] }): number {
  return body.messages.reduce(
    (sum, message) =>
      sum +
      (Array.isArray(message.content)
        ? (message.content as TextPart[]).filter((part) => part?.cache_control !== undefined).length
        : 0),
    0,
  );
}
