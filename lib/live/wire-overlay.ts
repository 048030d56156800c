/**
 * Puts each real assistant turn back into the rendered request exactly as the provider sent it.
 *
 * The provider renderers rebuild assistant turns from transcript blocks, which is faithful for text and tool calls
 * but drops what the transcript cannot hold: thinking and reasoning items, the exact input of a server-side search,
 * the tools a hosted `tool_search_output` really loaded. Providers want those back unchanged (PROTOCOLS §1.4: "send
 * the assistant content back unchanged"), so after rendering, the assistant turns are replaced by the raw content.
 * The positions follow the renderers' layout, pinned by wire-overlay.test.ts:
 *   Anthropic: one wire message per transcript message;
 *   Responses: one input item per block of a user/assistant message (instructions are not an item);
 *   Chat: a leading system message, then one message per user block, one per assistant turn, one per declaration.
 * An engine hook (an optional `raw` on assistant transcript messages that renderers emit verbatim) would make
 * this module unnecessary.
 */
import type { TranscriptMessage } from "../engine/transcript";
import type { ProviderId } from "../core/ids";

type Json = Record<string, unknown>;

/** Raw assistant content per transcript message index. */
export type RawAssistantTurns = ReadonlyMap<number, unknown>;

function span(provider: ProviderId, message: TranscriptMessage): number {
  if (provider === "anthropic") return 1;
  if (provider === "openai-responses")
    return message.role === "user" || message.role === "assistant" ? message.blocks.length : 0;
  if (message.role === "assistant" || message.role === "added-tools") return 1;
  return message.blocks.length;
}

/** Returns a copy of `body` with the raw assistant turns in place; `body` itself is not changed. */
export function overlayAssistantTurns(
  provider: ProviderId,
  body: Json,
  messages: readonly TranscriptMessage[],
  raw: RawAssistantTurns,
): Json {
  if (raw.size === 0) return body;
  const listKey = provider === "openai-responses" ? "input" : "messages";
  const list = body[listKey];
  if (!Array.isArray(list)) return body;
  const next: unknown[] = [];
  let position = provider === "openai-chat" || provider === "moonshot" ? 1 : 0;
  next.push(...list.slice(0, position));
  messages.forEach((message, index) => {
    const width = span(provider, message);
    const original = list.slice(position, position + width);
    position += width;
    const replacement = raw.get(index);
    if (message.role !== "assistant" || replacement === undefined) {
      next.push(...original);
      return;
    }
    if (provider === "anthropic") next.push({ ...(original[0] as Json), content: replacement });
    else if (provider === "openai-responses") next.push(...(Array.isArray(replacement) ? replacement : original));
    else next.push(replacement);
  });
  next.push(...list.slice(position));
  return { ...body, [listKey]: next };
}
