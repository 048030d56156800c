import type { ReadReply, TranscriptBlock } from "../../core";
import { array, record, text, type Json } from "../reply-reading";

/** The first candidate's content: text parts and function calls; the content goes back verbatim as the model turn. */
export function readGeminiReply(response: Json): ReadReply {
  const content = record(array(response.candidates)[0]?.content);
  const blocks: TranscriptBlock[] = [];
  array(content.parts).forEach((part, index) => {
    if (typeof part.text === "string" && part.text && part.thought !== true)
      blocks.push({ type: "text", text: part.text });
    const call = record(part.functionCall);
    if (typeof call.name === "string")
      blocks.push({
        type: "tool-call",
        // Gemini API calls carry no id unless the client asked for one: a stable one is made from the position.
        id: text(call.id) || `gemini_call_${index}`,
        name: call.name,
        input: record(call.args),
      });
  });
  return { blocks, raw: { role: "model", parts: array(content.parts) }, paused: false, notes: [] };
}
