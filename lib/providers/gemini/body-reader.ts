import type { BodyReader, CalledTool } from "../../core";
import { record, type Json } from "../body-reading";
import { declarationsOf, isRecord, systemInstructionText } from "./gemini-wire";

function partsOf(content: Json): Json[] {
  return Array.isArray(content.parts) ? (content.parts as unknown[]).filter(isRecord) : [];
}

function callsOf(content: Json): CalledTool[] {
  return partsOf(content).flatMap((part) =>
    isRecord(part.functionCall) && typeof part.functionCall.name === "string"
      ? [{ name: part.functionCall.name, arguments: record(part.functionCall.args) ?? {} }]
      : [],
  );
}

function firstCandidate(response: Json): Json {
  const candidate = Array.isArray(response.candidates) ? record(response.candidates[0]) : undefined;
  return record(candidate?.content) ?? {};
}

/** generateContent bodies: `tools[].functionDeclarations`, `contents[].parts`, `candidates[0].content`. */
export const geminiBodyReader: BodyReader = {
  declaredTools: (body) =>
    declarationsOf(body).map(({ declaration }) => ({
      name: String(declaration.name),
      description: String(declaration.description ?? ""),
      inputSchema: record(declaration.parametersJsonSchema) ??
        record(declaration.parameters) ?? { type: "object", properties: {} },
      deferred: false,
    })),
  toolCalls: (value) => callsOf(Array.isArray(value.candidates) ? firstCandidate(value) : value),
  conversation: (body) =>
    (Array.isArray(body.contents) ? (body.contents as unknown[]) : []).filter(isRecord).flatMap((content) => {
      const parts = partsOf(content);
      if (content.role === "user" && parts.every((part) => part.functionResponse !== undefined)) return [];
      const text = parts.flatMap((part) => (typeof part.text === "string" ? [part.text] : [])).join("\n");
      return [
        { role: content.role === "model" ? ("assistant" as const) : ("user" as const), text, calls: callsOf(content) },
      ];
    }),
  responseText: (response) =>
    partsOf(firstCandidate(response))
      .flatMap((part) => (typeof part.text === "string" && part.thought !== true ? [part.text] : []))
      .join(""),
  systemText: systemInstructionText,
  cacheTtl: () => "5m",
  cacheSettings: () => ({}),
};
