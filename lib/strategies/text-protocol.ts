import type { CatalogTool } from "../core/catalog";
import { jsonTextOf } from "../core/json-text";
import { PROVIDER_IDS } from "../core/ids";
import type { NeededToolCall } from "../scenario/types";
import type { ConversationSession } from "../simulator/session";
import type { TextCall } from "./client-side";
import { answerText } from "./discovery";
import type { StrategyDefinition } from "./types";

const CALL_PATTERN = /<tool_call>([\s\S]*?)<\/tool_call>/g;

/** The documented call format, as the system prompt states it. */
export const TEXT_PROTOCOL_RULES = [
  "# Tools",
  "You have no native tools. The tools below are run by the client. To call one, write on a line of its own",
  '<tool_call>{"name": "<tool name>", "arguments": {<arguments as JSON>}}</tool_call>',
  "and end your answer there. The result comes back in the next user message as",
  '<tool_result name="<tool name>">…</tool_result> (with error="true" when the call was refused).',
  "Only the tools listed here exist; their arguments must follow the JSON Schema given.",
].join("\n");

/** One tool as text in the system prompt: its name, description and JSON Schema. */
export function toolAsText(tool: CatalogTool): string {
  return `## ${tool.name}\n${tool.description.trim()}\nArguments (JSON Schema): ${jsonTextOf(tool.inputSchema)}`;
}

export function textProtocolSystem(base: string, tools: readonly CatalogTool[]): string {
  return [base, TEXT_PROTOCOL_RULES, ...tools.map(toolAsText)].join("\n\n");
}

export function textCall(name: string, args: Record<string, unknown>): string {
  return `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
}

/** Reads every `<tool_call>…</tool_call>` of an answer: what the provider would have parsed, the client parses. */
export function readTextCalls(text: string): TextCall[] {
  return [...text.matchAll(CALL_PATTERN)].map((match): TextCall => {
    let value: unknown;
    try {
      value = JSON.parse(match[1]);
    } catch {
      return { ok: false, error: "the call is not valid JSON" };
    }
    const record = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
    const args = record.arguments;
    if (typeof record.name !== "string") return { ok: false, error: "the call has no tool name" };
    if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args)))
      return { ok: false, error: `the arguments of ${record.name} are not an object` };
    return { ok: true, name: record.name, args: (args ?? {}) as Record<string, unknown> };
  });
}

export function textResult(name: string, content: string, isError: boolean): string {
  return `<tool_result name="${name}"${isError ? ' error="true"' : ""}>${content}</tool_result>`;
}

/**
 * The model writes the call as text; the client reads it back and validates the arguments against the schema
 * (nothing constrains the decoding), so a scripted argument mistake is made, answered with the error, and retried.
 */
function callAsText(session: ConversationSession, need: NeededToolCall, tool: CatalogTool): void {
  const attempt = (args: Record<string, unknown>, kind: "call" | "retry", notes: string[]) => {
    const text = textCall(need.tool, args);
    session.send(kind, `${kind} ${need.tool} (as text)`, [{ type: "text", text }], notes);
    const [read] = readTextCalls(text);
    const result =
      read?.ok === true
        ? session.executeTool(tool, read.args, true)
        : { ok: false, content: JSON.stringify({ error: read?.ok === false ? read.error : "no call found" }) };
    session.append({
      role: "user",
      blocks: [{ type: "text", text: textResult(need.tool, result.content, !result.ok) }],
    });
    return result;
  };
  const first = attempt(need.mistakenArguments ?? need.arguments, "call", []);
  if (first.ok) return;
  attempt(need.arguments, "retry", [`client-side validation rejected the arguments: ${first.content}`]);
}

/** No native tools: the catalog in the system prompt as text, calls written in a documented text format. */
export const textProtocolStrategy: StrategyDefinition = {
  id: "text-protocol",
  title: "Tools as text in the system prompt (text protocol)",
  shortName: "Text protocol",
  colour: { fallback: "#bab0ac", dash: "6 2" },
  explanation: {
    sends: "No `tools` at all: every tool's name, description and schema as text in the system prompt.",
    schemaGoesTo: "The system prompt; calls are `<tool_call>` text in the answer, parsed by the client.",
    costs:
      "O(N) system-prompt tokens (no provider tool wrapper); no schema-constrained decoding, so argument errors reach the client and cost a retry.",
    prefixEffect: "Stable prefix.",
  },
  providers: PROVIDER_IDS,
  decide: {
    role: "progressive",
    loadsAllHits: false,
    prefixGrowsWithCatalog: true,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 0,
  },
  client: { searchResult: "text", calls: "wrapped", textCalls: { read: readTextCalls, result: textResult } },
  supports: () => ({ ok: true }),
  goals: () => ({ noToolsUpFront: false, stableToolList: true, nativeStrictSchema: false }),
  initialTools: () => [],
  system: (scenario) => textProtocolSystem(scenario.settings.system, scenario.catalog.tools),
  runTurn(session, context) {
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      session.toolsFound += 1;
      const tool = session.tool(need.tool);
      if (!tool) throw new Error(`text-protocol: ${need.tool} is not in the catalog`);
      callAsText(session, need, tool);
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  },
};
