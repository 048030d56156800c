import type { BodyReader, CalledTool, DeclaredTool } from "../../core";
import { parseArguments, plainText, record, type Json } from "../body-reading";

function toolCalls(value: Json): CalledTool[] {
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

function toolOf(tool: Json): DeclaredTool[] {
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

/** Chat Completions bodies (Moonshot's too): `tools[].function`, `messages[].tool_calls`, `choices[0].message`. */
export const chatBodyReader: BodyReader = {
  declaredTools: (body) =>
    (Array.isArray(body.tools) ? (body.tools as unknown[]) : []).flatMap((value) => toolOf(record(value) ?? {})),
  toolCalls,
  conversation: (body) =>
    (Array.isArray(body.messages) ? (body.messages as unknown[]) : []).flatMap((value) => {
      const message = record(value) ?? {};
      if (message.role !== "user" && message.role !== "assistant") return [];
      return [{ role: message.role, text: plainText(message.content), calls: toolCalls(message) }];
    }),
  responseText: (response) => {
    const message = record(record(Array.isArray(response.choices) ? response.choices[0] : undefined)?.message);
    return message ? plainText(message.content) : "";
  },
  systemText: (body) => {
    const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
    const first = messages[0];
    return first && (first.role === "system" || first.role === "developer") && typeof first.content === "string"
      ? first.content
      : "";
  },
  cacheTtl: () => "5m",
  cacheSettings: () => ({}),
};
