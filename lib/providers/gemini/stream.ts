/**
 * Folds `streamGenerateContent?alt=sse` events, each a GenerateContentResponse with the next parts, into one
 * response. Text parts are joined; a function call arrives whole in one part; the last `usageMetadata` is the total.
 */
import type { PreviewEvent, StreamAccumulator } from "../../core";
import { ProviderStreamError } from "../stream-error";
import { isRecord, type Json } from "./gemini-wire";

export function createGeminiAccumulator(emit: (event: PreviewEvent) => void): StreamAccumulator {
  const parts: Json[] = [];
  let textPart = -1;
  let nextPart = 0;
  let usage: Json | null = null;
  let finishReason: unknown = null;
  const head: Json = {};
  return {
    push(chunk: Json) {
      if (isRecord(chunk.error))
        throw new ProviderStreamError(
          String(chunk.error.message ?? "stream error"),
          String(chunk.error.status ?? "stream_error"),
        );
      // `cachedContent`: the object the live route made before this request (./upstream.ts), not a Gemini field.
      for (const key of ["modelVersion", "responseId", "cachedContent"])
        if (chunk[key] !== undefined) head[key] = chunk[key];
      if (isRecord(chunk.usageMetadata)) usage = chunk.usageMetadata;
      const candidate = Array.isArray(chunk.candidates) && isRecord(chunk.candidates[0]) ? chunk.candidates[0] : {};
      if (candidate.finishReason) finishReason = candidate.finishReason;
      const content = isRecord(candidate.content) ? candidate.content : {};
      for (const part of Array.isArray(content.parts) ? (content.parts as unknown[]) : []) {
        if (!isRecord(part)) continue;
        const last = parts[parts.length - 1];
        if (typeof part.text === "string" && part.thought !== true && !part.functionCall) {
          if (textPart < 0) {
            textPart = nextPart++;
            emit({ type: "part", part: textPart, kind: "text" });
          }
          if (last && typeof last.text === "string" && last.thought !== true) last.text += part.text;
          else parts.push({ ...part });
          emit({ type: "delta", part: textPart, text: part.text });
        } else if (isRecord(part.functionCall)) {
          const index = nextPart++;
          emit({ type: "part", part: index, kind: "tool-call", name: String(part.functionCall.name ?? "") });
          emit({ type: "delta", part: index, text: JSON.stringify(part.functionCall.args ?? {}) });
          parts.push({ ...part });
        } else parts.push({ ...part });
      }
    },
    result() {
      return {
        candidates: [{ content: { role: "model", parts }, finishReason, index: 0 }],
        ...(usage ? { usageMetadata: usage } : {}),
        ...head,
      };
    },
  };
}
