import type { CatalogTool } from "../../core/catalog";
import type { ToolEntry, Transcript, TranscriptBlock, TranscriptMessage } from "../../core";
import { outputText } from "../openai-chat/openai-chat";
import { SegmentList } from "../segment-list";
import { renderPlainTool } from "../top-level-tool";
import type { ProviderAdapter, RenderContext, RenderedRequest, SimulatedUsage, TurnLayout } from "../types";
import { geminiBodyReader } from "./body-reader";
import { geminiFacts } from "./facts";
import { geminiBodySegments } from "./gemini-body-segments";
import { contentLabel, contentText, GEMINI_BASE_URL, geminiDeclaration, type Json } from "./gemini-wire";
import {
  geminiExplicitCacheRequests,
  geminiLiveExplicitCacheBody,
  geminiLiveExplicitCacheName,
} from "./cached-content";
import { readGeminiReply } from "./reply-reader";
import { createGeminiAccumulator } from "./stream";
import { geminiStreamOpener } from "./upstream";
import { readGeminiUsage } from "./usage";

export { GEMINI_BASE_URL } from "./gemini-wire";

const GEMINI_FORMAT = { key: "gemini", prefix: "gemini", name: "generateContent" };

function renderTool(entry: ToolEntry, path: string, list: SegmentList): Json {
  return renderPlainTool(GEMINI_FORMAT, entry, path, list, geminiDeclaration);
}

/** One transcript message as one `Content`: the model's turn is role "model"; function responses go as "user". */
function renderContent(message: TranscriptMessage): Json {
  if (message.role === "added-tools") throw new Error("gemini: tools cannot be declared mid-conversation");
  if (message.role === "assistant") {
    const parts = message.blocks.map((block) => {
      if (block.type === "text") return { text: block.text };
      if (block.type === "tool-call") return { functionCall: { id: block.id, name: block.name, args: block.input } };
      throw new Error(`gemini: block ${block.type} cannot be sent over generateContent`);
    });
    return { role: "model", parts };
  }
  const parts = message.blocks.map((block) => {
    if (block.type === "text") return { text: block.text };
    if (block.type === "tool-result")
      return { functionResponse: { id: block.callId, name: block.toolName, response: { result: block.content } } };
    throw new Error(`gemini: block ${block.type} cannot be sent over generateContent`);
  });
  return { role: "user", parts };
}

export function renderGeminiRequest(transcript: Transcript, context: RenderContext): RenderedRequest {
  const list = new SegmentList(context.counter);
  const body: Json = {};
  // Same order and texts as a recorded body (gemini-body-segments.ts): system instruction, declarations, contents.
  if (transcript.system) {
    body.systemInstruction = { parts: [{ text: transcript.system }] };
    list.add({
      path: "systemInstruction",
      label: "system instruction",
      group: "system",
      promptText: transcript.system,
    });
  }
  const declarations = list.addTools("gemini", transcript.tools, () =>
    transcript.tools.map((entry, index) => renderTool(entry, `tools[0].functionDeclarations[${index}]`, list)),
  );
  body.contents = transcript.messages.map((message, index) => {
    const content = renderContent(message);
    list.add({
      path: `contents[${index}]`,
      label: contentLabel(content),
      group: "messages",
      promptText: contentText(content),
    });
    return content;
  });
  if (declarations.length > 0) body.tools = [{ functionDeclarations: declarations }];
  if (context.settings.toolChoice !== "auto" && declarations.length > 0)
    body.toolConfig = { functionCallingConfig: { mode: context.settings.toolChoice === "any" ? "ANY" : "NONE" } };
  body.generationConfig = { maxOutputTokens: context.settings.maxOutputTokens };
  const last = list.lastPromptIndex();
  if (last >= 0) list.markBreakpoint(last);
  return {
    request: {
      method: "POST",
      url: `${GEMINI_BASE_URL}/models/${context.model.id}:generateContent`,
      headers: { "content-type": "application/json", "x-goog-api-key": "$GEMINI_API_KEY" },
      body,
    },
    segments: list.segments,
    warnings: [],
  };
}

/** A generateContent response: one candidate, `usageMetadata` with the cached part of the prompt. */
export function geminiResponse(
  blocks: TranscriptBlock[],
  usage: SimulatedUsage,
  context: RenderContext,
  responseId: string,
): Record<string, unknown> {
  const content = renderContent({ role: "assistant", blocks } as TranscriptMessage);
  const prompt = usage.uncached + usage.cacheRead + usage.cacheWrite;
  return {
    candidates: [{ content, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: prompt,
      candidatesTokenCount: usage.output,
      totalTokenCount: prompt + usage.output,
      // Implicit hits are reported here (ai.google.dev/gemini-api/docs/caching); absent when nothing was read.
      ...(usage.cacheRead > 0 ? { cachedContentTokenCount: usage.cacheRead } : {}),
    },
    modelVersion: context.model.id,
    responseId,
  };
}

/** No system item leads `contents`; each transcript message is one `Content`. */
export const geminiTurnLayout: TurnLayout = {
  listKey: "contents",
  leading: 0,
  span: () => 1,
  replace: (_original, raw) => [raw],
};

function geminiToolText(tool: CatalogTool, variant: "full" | "stub" | "deferred"): string | null {
  return variant === "deferred" ? null : geminiDeclaration(tool, variant).text;
}

export const geminiGenerateContent: ProviderAdapter = {
  ...geminiFacts,
  label: "Gemini API generateContent",
  endpoint: `${GEMINI_BASE_URL}/models/{model}:generateContent`,
  renderRequest: renderGeminiRequest,
  segmentBody: geminiBodySegments,
  body: geminiBodyReader,
  readUsage: readGeminiUsage,
  readReply: readGeminiReply,
  createStreamAccumulator: createGeminiAccumulator,
  turnLayout: geminiTurnLayout,
  openStream: geminiStreamOpener,
  toolText: geminiToolText,
  renderResponse: geminiResponse,
  outputText,
  explicitCacheRequests: geminiExplicitCacheRequests,
  liveExplicitCacheBody: geminiLiveExplicitCacheBody,
  liveExplicitCacheName: geminiLiveExplicitCacheName,
};
