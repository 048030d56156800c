import type { BodyReader, CalledTool, DeclaredTool, RecordedCacheSettings } from "../../core";
import { plainText, record, type Json } from "../body-reading";
import { anthropicBodyTtl } from "./anthropic-body-segments";

function toolCalls(value: Json): CalledTool[] {
  const content = Array.isArray(value.content) ? (value.content as unknown[]) : [];
  return content.flatMap((part) => {
    const block = record(part);
    return block?.type === "tool_use" && typeof block.name === "string"
      ? [{ name: block.name, arguments: record(block.input) ?? {} }]
      : [];
  });
}

function toolOf(tool: Json): DeclaredTool[] {
  if (typeof tool.name !== "string" || !record(tool.input_schema)) return [];
  return [
    {
      name: tool.name,
      description: String(tool.description ?? ""),
      inputSchema: record(tool.input_schema) ?? {},
      deferred: tool.defer_loading === true,
    },
  ];
}

/** Messages API bodies: `tools[].input_schema`, `tool_use` blocks in `content`. */
export const anthropicBodyReader: BodyReader = {
  declaredTools: (body) =>
    (Array.isArray(body.tools) ? (body.tools as unknown[]) : []).flatMap((value) => toolOf(record(value) ?? {})),
  toolCalls,
  conversation: (body) =>
    (Array.isArray(body.messages) ? (body.messages as unknown[]) : []).flatMap((value) => {
      const message = record(value) ?? {};
      if (message.role !== "user" && message.role !== "assistant") return [];
      return [{ role: message.role, text: plainText(message.content), calls: toolCalls({ content: message.content }) }];
    }),
  responseText: (response) => plainText(response.content),
  systemText: (body) => {
    if (typeof body.system === "string") return body.system;
    if (Array.isArray(body.system)) return body.system.map((block) => String((block as Json)?.text ?? "")).join("\n");
    return "";
  },
  cacheTtl: anthropicBodyTtl,
  cacheSettings,
};

/** Anthropic's markers as scenario settings: top-level = automatic, markers on tools/system/last block = explicit. */
function cacheSettings(body: Json): RecordedCacheSettings {
  const text = JSON.stringify(body);
  const ttl = text.includes('"ttl":"1h"') ? { cacheTtl: "1h" as const } : {};
  if (body.cache_control !== undefined) return { cacheMode: "automatic", ...ttl };
  const marked = (value: unknown) => (value as Json)?.cache_control !== undefined;
  const breakpoints: NonNullable<RecordedCacheSettings["explicitBreakpoints"]> = [];
  if (Array.isArray(body.tools) && body.tools.some(marked)) breakpoints.push("tools");
  if (Array.isArray(body.system) && body.system.some(marked)) breakpoints.push("system");
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  if (messages.some((message) => Array.isArray(message.content) && (message.content as unknown[]).some(marked)))
    breakpoints.push("last-message");
  if (breakpoints.length === 0) return { cacheMode: "off", ...ttl };
  return { cacheMode: "explicit", explicitBreakpoints: breakpoints, ...ttl };
}
