/** What a real reply did, in the stepper's terms: its kind (search → load → call → answer) and a short title. */
import type { StepKind } from "../engine/types";
import type { TranscriptBlock } from "../engine/transcript";
import { INVOKE_TOOL_TOOL, LOAD_TOOL_SCHEMAS_TOOL, SEARCH_TOOLS_TOOL } from "../strategies/helper-tools";

type Call = Extract<TranscriptBlock, { type: "tool-call" }>;

function quoted(value: string): string {
  const short = value.length > 48 ? `${value.slice(0, 47)}…` : value;
  return `"${short}"`;
}

function calledName(call: Call): string {
  return call.name === INVOKE_TOOL_TOOL.name && typeof call.input.name === "string" ? call.input.name : call.name;
}

/**
 * Kind and title of the request whose reply is `blocks`. `previousErrors` are the tool names whose last result was
 * an error: calling one of them again is a retry.
 */
export function describeReply(
  blocks: readonly TranscriptBlock[],
  previousErrors: ReadonlySet<string>,
): { kind: StepKind; title: string } {
  const calls = blocks.filter((block): block is Call => block.type === "tool-call");
  const searches = blocks.flatMap((block) => {
    if (block.type === "server-tool-search") return [block.input];
    if (block.type === "openai-search-call") return [block.query];
    if (block.type === "tool-call" && block.name === SEARCH_TOOLS_TOOL.name) return [String(block.input.query ?? "")];
    return [];
  });
  const catalogCalls = calls.filter(
    (call) => call.name !== SEARCH_TOOLS_TOOL.name && call.name !== LOAD_TOOL_SCHEMAS_TOOL.name,
  );
  if (searches.length) {
    const suffix = catalogCalls.length ? ` → call ${catalogCalls.map(calledName).join(", ")}` : "";
    return { kind: "search", title: `search ${quoted(searches[0])}${suffix}` };
  }
  const load = calls.find((call) => call.name === LOAD_TOOL_SCHEMAS_TOOL.name);
  if (load) {
    const names = Array.isArray(load.input.names) ? load.input.names.join(", ") : "";
    return { kind: "load", title: `load ${names}`.trim() };
  }
  if (catalogCalls.length) {
    const names = catalogCalls.map(calledName);
    return {
      kind: names.some((name) => previousErrors.has(name)) ? "retry" : "call",
      title: `call ${names.join(", ")}`,
    };
  }
  return { kind: "answer", title: "answer" };
}
