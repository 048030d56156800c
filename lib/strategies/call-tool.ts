import type { StepKind } from "../core";
import type { TranscriptBlock } from "../core";
import { providerFacts } from "../providers/facts";
import type { NeededToolCall } from "../scenario/types";
import type { ConversationSession } from "../simulator/session";
import { engineNote, engineTitle } from "../i18n/engine-notes";

/**
 * How the model calls a tool: natively under its own name and schema, through the tool's stub with a loose
 * `arguments` object, or through the gateway's `invoke_tool`.
 */
export type CallStyle = "native" | "stub" | "invoke";

function callBlock(
  session: ConversationSession,
  need: NeededToolCall,
  style: CallStyle,
  args: Record<string, unknown>,
): TranscriptBlock {
  const id = session.nextId(providerFacts(session.context.settings.provider).callIdPrefix);
  if (style === "invoke")
    return { type: "tool-call", id, name: "invoke_tool", input: { name: need.tool, arguments: args } };
  if (style === "stub") return { type: "tool-call", id, name: need.tool, input: { arguments: args } };
  return { type: "tool-call", id, name: need.tool, input: args };
}

/**
 * Sends the request whose reply calls the needed tool, then appends the tool's result. A scripted argument
 * mistake is only possible where the schema is not enforced natively: there the client validates with Ajv,
 * returns a structured error, and the model retries once with corrected arguments.
 */
export function callNeededTool(
  session: ConversationSession,
  need: NeededToolCall,
  options: { style: CallStyle; kind?: StepKind; leading?: TranscriptBlock[]; notes?: string[] },
): void {
  const tool = session.tool(need.tool);
  if (!tool) throw new Error(`strategy: needed tool ${need.tool} is not in the catalog`);
  const validateOnClient = options.style !== "native";
  const notes = [...(options.notes ?? [])];
  const mistake = need.mistakenArguments;
  if (mistake && !validateOnClient) {
    notes.push(engineNote("realSchema", { tool: need.tool }));
  }
  const firstArguments = mistake && validateOnClient ? mistake : need.arguments;
  const first = callBlock(session, need, options.style, firstArguments);
  session.send(
    options.kind ?? "call",
    engineTitle("call", { tool: need.tool }),
    [...(options.leading ?? []), first],
    notes,
  );
  const firstResult = session.executeTool(tool, firstArguments, validateOnClient);
  session.appendToolResult((first as { id: string }).id, need.tool, firstResult.content, !firstResult.ok);
  if (firstResult.ok) return;

  const retry = callBlock(session, need, options.style, need.arguments);
  session.send(
    "retry",
    engineTitle("retry", { tool: need.tool }),
    [retry],
    [engineNote("rejected", { content: firstResult.content })],
  );
  const retryResult = session.executeTool(tool, need.arguments, true);
  session.appendToolResult((retry as { id: string }).id, need.tool, retryResult.content, !retryResult.ok);
}
