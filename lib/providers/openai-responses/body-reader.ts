import type { BodyReader, CalledTool, ConversationMessage, DeclaredTool } from "../../core";
import { parseArguments, plainText, record, type Json } from "../body-reading";

function toolCalls(value: Json): CalledTool[] {
  const items = Array.isArray(value.output) ? (value.output as unknown[]) : [value];
  return items.flatMap((part) => {
    const item = record(part);
    return item?.type === "function_call" && typeof item.name === "string"
      ? [{ name: item.name, arguments: parseArguments(item.arguments) }]
      : [];
  });
}

function toolsOf(tool: Json): DeclaredTool[] {
  if (tool.type === "namespace" && Array.isArray(tool.tools))
    return (tool.tools as unknown[]).flatMap((member) => toolsOf(record(member) ?? {}));
  if (tool.type !== "function" || typeof tool.name !== "string") return [];
  return [
    {
      name: tool.name,
      description: String(tool.description ?? ""),
      inputSchema: record(tool.parameters) ?? { type: "object", properties: {} },
      deferred: tool.defer_loading === true,
    },
  ];
}

function conversation(body: Json): ConversationMessage[] {
  if (typeof body.input === "string") return [{ role: "user", text: body.input, calls: [] }];
  const items = Array.isArray(body.input) ? (body.input as unknown[]) : [];
  const result: ConversationMessage[] = [];
  for (const value of items) {
    const item = record(value) ?? {};
    if ((item.type === undefined || item.type === "message") && (item.role === "user" || item.role === "assistant"))
      result.push({ role: item.role, text: plainText(item.content), calls: [] });
    else if (item.type === "function_call") {
      const calls = toolCalls(item);
      const last = result[result.length - 1];
      if (last?.role === "assistant") last.calls.push(...calls);
      else result.push({ role: "assistant", text: "", calls });
    }
  }
  return result;
}

/** Responses API bodies: `tools[]` functions and namespaces, `input` items, `output` items. */
export const responsesBodyReader: BodyReader = {
  declaredTools: (body) =>
    (Array.isArray(body.tools) ? (body.tools as unknown[]) : []).flatMap((value) => toolsOf(record(value) ?? {})),
  toolCalls,
  conversation,
  responseText: (response) => {
    const items = Array.isArray(response.output) ? (response.output as unknown[]) : [];
    return items
      .map((value) => {
        const item = record(value);
        return item?.type === "message" ? plainText(item.content) : "";
      })
      .filter(Boolean)
      .join("\n");
  },
  systemText: (body) => (typeof body.instructions === "string" ? body.instructions : ""),
  cacheTtl: () => "5m",
  cacheSettings: () => ({}),
};
