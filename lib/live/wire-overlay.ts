/**
 * Puts each real assistant turn back into the rendered request exactly as the provider sent it.
 *
 * The provider renderers rebuild assistant turns from transcript blocks, which is faithful for text and tool calls
 * but drops what the transcript cannot hold: thinking and reasoning items, the exact input of a server-side search,
 * the tools a hosted `tool_search_output` really loaded. Providers want those back unchanged (PROTOCOLS §1.4: "send
 * the assistant content back unchanged"), so after rendering, the assistant turns are replaced by the raw content.
 * The positions follow each adapter's `turnLayout` (the renderer's layout), pinned by wire-overlay.test.ts.
 * An engine hook (an optional `raw` on assistant transcript messages that renderers emit verbatim) would make
 * this module unnecessary.
 */
import type { TranscriptMessage } from "../engine/transcript";
import type { ProviderId } from "../core/ids";
import { providerAdapter } from "../providers";

type Json = Record<string, unknown>;

/** Raw assistant content per transcript message index. */
export type RawAssistantTurns = ReadonlyMap<number, unknown>;

/** Returns a copy of `body` with the raw assistant turns in place; `body` itself is not changed. */
export function overlayAssistantTurns(
  provider: ProviderId,
  body: Json,
  messages: readonly TranscriptMessage[],
  raw: RawAssistantTurns,
): Json {
  if (raw.size === 0) return body;
  const layout = providerAdapter(provider).turnLayout;
  const listKey = layout.listKey;
  const list = body[listKey];
  if (!Array.isArray(list)) return body;
  const next: unknown[] = [];
  let position = layout.leading;
  next.push(...list.slice(0, position));
  messages.forEach((message, index) => {
    const width = layout.span(message);
    const original = list.slice(position, position + width);
    position += width;
    const replacement = raw.get(index);
    if (message.role !== "assistant" || replacement === undefined) {
      next.push(...original);
      return;
    }
    next.push(...layout.replace(original, replacement));
  });
  next.push(...list.slice(position));
  return { ...body, [listKey]: next };
}
