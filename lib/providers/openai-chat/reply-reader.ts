import type { ReadReply, TranscriptBlock } from "../../core";
import { array, parseArguments, record, text, type Json } from "../reply-reading";

/** A Chat Completions response (Moonshot's too): the first choice's message and its tool calls. */
export function readChatReply(response: Json): ReadReply {
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
