/**
 * The client side of each strategy when a real model drives: what the client does with the tool calls in a reply.
 * Catalog tools answer with their mock results (the catalog's `mockResult`, else `defaultMockResult`); the helper
 * tools the strategies add (`search_tools`, `invoke_tool`, `load_tool_schemas`) and OpenAI's client-executed
 * `tool_search` run for real on the catalog, with the same search and Ajv validation as the simulation, and each
 * strategy makes the found tools callable its own way (tool_reference, Kimi declaration, tool_addition, editing
 * `tools`, tool_search_output).
 */
import { defaultMockResult, validateToolArguments } from "../catalog";
import type { CatalogTool } from "../catalog/types";
import type { ToolEntry, TranscriptBlock, TranscriptMessage } from "../engine/transcript";
import type { ToolSearcher } from "../search";
import type { StrategyId } from "../scenario/types";
import { searchResultText } from "../strategies/discovery";
import { INVOKE_TOOL_TOOL, LOAD_TOOL_SCHEMAS_TOOL, SEARCH_TOOLS_TOOL } from "../strategies/helper-tools";

export type HarnessContext = {
  strategyId: StrategyId;
  catalogTools: readonly CatalogTool[];
  tool(name: string): CatalogTool | undefined;
  search: ToolSearcher;
  searchResultLimit: number;
  /** Names the model can call without another search; the harness adds what it makes callable. */
  discovered: Set<string>;
  /** Current top-level tools (naive-dynamic edits them). */
  tools: readonly ToolEntry[];
};

export type HarnessOutcome = {
  /** Messages to append after the assistant turn, in order. */
  append: TranscriptMessage[];
  /** Replacement top-level tools (naive-dynamic only). */
  tools?: ToolEntry[];
  notes: string[];
  /** Catalog tools that were actually run (for "tools found"). */
  ran: string[];
  /** Whether the reply asked the client for something, i.e. the turn goes on. */
  continues: boolean;
};

type Call = Extract<TranscriptBlock, { type: "tool-call" }>;

function resultText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function runCatalogTool(
  tool: CatalogTool,
  args: Record<string, unknown>,
  validate: boolean,
): { ok: boolean; content: string } {
  if (validate) {
    const validation = validateToolArguments(tool, args);
    if (!validation.valid)
      return {
        ok: false,
        content: JSON.stringify({ error: "invalid_arguments", tool: tool.name, details: validation.errors }),
      };
  }
  return { ok: true, content: resultText(tool.mockResult ?? defaultMockResult(tool, args)) };
}

function queryOf(input: Record<string, unknown>): string {
  if (typeof input.query === "string") return input.query;
  if (Array.isArray(input.paths)) return input.paths.join(" ");
  return JSON.stringify(input);
}

/** Runs the client's part of one assistant turn. */
export function executeReply(context: HarnessContext, blocks: readonly TranscriptBlock[]): HarnessOutcome {
  const results: TranscriptBlock[] = [];
  const after: TranscriptMessage[] = [];
  const notes: string[] = [];
  const ran: string[] = [];
  const fresh: string[] = [];
  let tools: ToolEntry[] | undefined;
  let continues = false;

  const found = (names: readonly string[]) => {
    for (const name of names) {
      if (!context.discovered.has(name)) fresh.push(name);
      context.discovered.add(name);
    }
  };

  for (const block of blocks) {
    if (block.type === "server-tool-search" && "toolNames" in block.result) found(block.result.toolNames);
    if (block.type === "openai-search-output") found(block.toolNames);
    if (block.type === "openai-search-call" && block.execution === "client") {
      continues = true;
      const outcome = context.search.search(block.query, context.searchResultLimit);
      const names = outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
      found(names);
      notes.push(`client tool_search for "${block.query}" loaded ${names.join(", ") || "nothing"}`);
      results.push({
        type: "openai-search-output",
        id: `tso_live_${block.callId ?? block.id}`,
        callId: block.callId,
        execution: "client",
        toolNames: names,
      });
    }
    if (block.type !== "tool-call") continue;
    continues = true;
    results.push(...runCall(context, block, { notes, ran, found }));
  }

  if (fresh.length) {
    if (context.strategyId === "kimi-dynamic") after.push({ role: "tool-declaration", toolNames: fresh });
    if (context.strategyId === "anthropic-mid-conversation") after.push({ role: "tool-addition", toolNames: fresh });
    if (context.strategyId === "naive-dynamic") {
      tools = activeTools(context, fresh);
      notes.push(`${fresh.join(", ")} added to tools: the request prefix changes`);
    }
  }
  const append: TranscriptMessage[] = results.length ? [{ role: "user", blocks: results }, ...after] : after;
  return { append, ...(tools ? { tools } : {}), notes, ran, continues };
}

function runCall(
  context: HarnessContext,
  call: Call,
  sink: { notes: string[]; ran: string[]; found: (names: readonly string[]) => void },
): TranscriptBlock[] {
  const error = (message: string): TranscriptBlock[] => {
    sink.notes.push(message);
    return [
      {
        type: "tool-result",
        callId: call.id,
        toolName: call.name,
        content: JSON.stringify({ error: message }),
        isError: true,
      },
    ];
  };
  if (call.name === SEARCH_TOOLS_TOOL.name) {
    const query = queryOf(call.input);
    const outcome = context.search.search(query, context.searchResultLimit);
    const names = outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
    sink.found(names);
    sink.notes.push(`search_tools "${query}" found ${names.join(", ") || "nothing"}`);
    if (context.strategyId === "anthropic-tool-search" && names.length)
      return [{ type: "tool-reference-result", callId: call.id, toolNames: names }];
    return [
      {
        type: "tool-result",
        callId: call.id,
        toolName: call.name,
        content: searchResultText(names, (name) => context.tool(name)),
      },
    ];
  }
  if (call.name === LOAD_TOOL_SCHEMAS_TOOL.name) {
    const names = Array.isArray(call.input.names)
      ? call.input.names.filter((name): name is string => typeof name === "string")
      : [];
    const loaded = names.flatMap((name) => {
      const tool = context.tool(name);
      return tool ? [{ name: tool.name, description: tool.description, input_schema: tool.inputSchema }] : [];
    });
    sink.found(loaded.map((tool) => tool.name));
    const unknown = names.filter((name) => !context.tool(name));
    if (unknown.length) sink.notes.push(`load_tool_schemas asked for unknown tools: ${unknown.join(", ")}`);
    return [{ type: "tool-result", callId: call.id, toolName: call.name, content: JSON.stringify(loaded) }];
  }
  if (call.name === INVOKE_TOOL_TOOL.name) {
    const name = typeof call.input.name === "string" ? call.input.name : "";
    const tool = context.tool(name);
    if (!tool) return error(`invoke_tool: no tool named "${name}"; search first`);
    const args =
      call.input.arguments !== null && typeof call.input.arguments === "object"
        ? (call.input.arguments as Record<string, unknown>)
        : {};
    return catalogResult(call, tool, args, true, sink);
  }
  const tool = context.tool(call.name);
  if (!tool) return error(`no tool named "${call.name}" in the catalog`);
  if (context.strategyId === "stubs") {
    // A stub takes a loose `arguments` object; the client validates it against the real schema.
    const nested = call.input.arguments;
    const args =
      nested !== null && typeof nested === "object" && !Array.isArray(nested)
        ? (nested as Record<string, unknown>)
        : call.input;
    return catalogResult(call, tool, args, true, sink);
  }
  const validation = validateToolArguments(tool, call.input);
  if (!validation.valid)
    sink.notes.push(
      `${tool.name} was called with arguments outside its schema: ${validation.errors.map((item) => `${item.path} ${item.message}`).join("; ")}`,
    );
  return catalogResult(call, tool, call.input, false, sink);
}

function catalogResult(
  call: Call,
  tool: CatalogTool,
  args: Record<string, unknown>,
  validate: boolean,
  sink: { notes: string[]; ran: string[] },
): TranscriptBlock[] {
  const result = runCatalogTool(tool, args, validate);
  if (result.ok) sink.ran.push(tool.name);
  else sink.notes.push(`client-side validation rejected the arguments for ${tool.name}: ${result.content}`);
  // Named after the catalog tool even through invoke_tool, as the simulation does, so a repeated call reads as a retry.
  return [
    {
      type: "tool-result",
      callId: call.id,
      toolName: tool.name,
      content: result.content,
      ...(result.ok ? {} : { isError: true }),
    },
  ];
}

/** naive-dynamic: the search tool plus every activated tool, in catalog order (the simulation's layout). */
function activeTools(context: HarnessContext, added: readonly string[]): ToolEntry[] {
  const active = new Set([
    ...context.tools.flatMap((entry) => (entry.type === "catalog" ? [entry.tool.name] : [])),
    ...added,
  ]);
  return [
    { type: "helper", tool: SEARCH_TOOLS_TOOL },
    ...context.catalogTools
      .filter((tool) => active.has(tool.name))
      .map((tool): ToolEntry => ({ type: "catalog", tool, deferred: false })),
  ];
}
