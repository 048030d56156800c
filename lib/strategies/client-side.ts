/**
 * The client side of a strategy when a real model drives: what the client does with the tool calls in a reply.
 * Catalog tools answer with their mock results (the catalog's `mockResult`, else `defaultMockResult`); the helper
 * tools the strategies add (`search_tools`, `invoke_tool`, `load_tool_schemas`) and OpenAI's client-executed
 * `tool_search` run for real on the catalog, with the same search and Ajv validation as the simulation, and each
 * strategy's `ClientSide` (declared in its own file) says how the found tools become callable (tool_reference, Kimi
 * declaration, tool_addition, editing `tools`, tool_search_output) and how its calls carry their arguments.
 */
import { validateToolArguments } from "../catalog";
import type { CatalogTool, ToolEntry, TranscriptBlock, TranscriptMessage } from "../core";
import type { ToolSearcher } from "../search";
import { executeCatalogTool } from "../simulator/session";
import { searchResultText } from "./discovery";
import { INVOKE_TOOL_TOOL, LOAD_TOOL_SCHEMAS_TOOL, SEARCH_TOOLS_TOOL } from "./helper-tools";
import { engineNote, namesOrNothing } from "../i18n/engine-notes";

/** What happens once a search (or a schema load) found tools the model could not call before. */
export type MadeCallable = { append?: TranscriptMessage[]; tools?: ToolEntry[]; note?: string };

/** A strategy's client side, read by `executeReply`. */
export type ClientSide = {
  /** How a `search_tools` result reaches the model: a text list, or tool_reference blocks the provider expands. */
  searchResult: "text" | "tool-reference";
  /**
   * How a catalog tool's arguments arrive: "native" (the provider enforces the schema; the client only notes a
   * violation) or "wrapped" in a loose `arguments` object that the client validates against the real schema.
   */
  calls: "native" | "wrapped";
  /** Makes freshly found tools callable (a declaration message, a tool_addition, a new `tools` list). */
  makeCallable?(fresh: readonly string[], context: ClientContext): MadeCallable;
  /** A strategy's own tool that the client answers (cli-help's `run`): what a call to it returns or runs. */
  command?: { toolName: string; answer(input: Record<string, unknown>, context: ClientContext): CommandAnswer };
  /** Tool calls written as text in the answer (text-protocol): how to find them and how the results go back. */
  textCalls?: {
    read(text: string): TextCall[];
    result(name: string, content: string, isError: boolean): string;
  };
};

/** What the client does with a call to a strategy's own command tool: a text answer, or a catalog tool to run. */
export type CommandAnswer =
  | { content: string; isError?: boolean; found?: readonly string[] }
  | { run: CatalogTool; args: Record<string, unknown> };

/** One call read from an answer's text: a tool and its arguments, or why it could not be read. */
export type TextCall = { ok: true; name: string; args: Record<string, unknown> } | { ok: false; error: string };

export { NATIVE_CLIENT_SIDE } from "./native-client-side";

export type ClientContext = {
  client: ClientSide;
  catalogTools: readonly CatalogTool[];
  tool(name: string): CatalogTool | undefined;
  search: ToolSearcher;
  searchResultLimit: number;
  /** Names the model can call without another search; the client side adds what it makes callable. */
  discovered: Set<string>;
  /** Current top-level tools (naive-dynamic edits them). */
  tools: readonly ToolEntry[];
};

export type ClientOutcome = {
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

function queryOf(input: Record<string, unknown>): string {
  if (typeof input.query === "string") return input.query;
  if (Array.isArray(input.paths)) return input.paths.join(" ");
  return JSON.stringify(input);
}

/** The queries the client side will search for in this assistant turn (`search_tools`, client `tool_search`). */
export function clientSearchQueries(blocks: readonly TranscriptBlock[]): string[] {
  return blocks.flatMap((block) =>
    block.type === "tool-call" && block.name === SEARCH_TOOLS_TOOL.name
      ? [queryOf(block.input)]
      : block.type === "openai-search-call" && block.execution === "client"
        ? [block.query]
        : [],
  );
}

/** Runs the client's part of one assistant turn. */
export function executeReply(context: ClientContext, blocks: readonly TranscriptBlock[]): ClientOutcome {
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
      notes.push(engineNote("clientToolSearch", { query: block.query, names: namesOrNothing(names) }));
      results.push({
        type: "openai-search-output",
        id: `tso_live_${block.callId ?? block.id}`,
        callId: block.callId,
        execution: "client",
        toolNames: names,
      });
    }
    if (block.type === "text" && context.client.textCalls) {
      const texts = runTextCalls(context, context.client.textCalls, block.text, { notes, ran });
      if (texts.length) {
        continues = true;
        after.push({ role: "user", blocks: [{ type: "text", text: texts.join("\n") }] });
      }
    }
    if (block.type !== "tool-call") continue;
    continues = true;
    results.push(...runCall(context, block, { notes, ran, found }));
  }

  if (fresh.length && context.client.makeCallable) {
    const made = context.client.makeCallable(fresh, context);
    after.push(...(made.append ?? []));
    tools = made.tools;
    if (made.note) notes.push(made.note);
  }
  const append: TranscriptMessage[] = results.length ? [{ role: "user", blocks: results }, ...after] : after;
  return { append, ...(tools ? { tools } : {}), notes, ran, continues };
}

function runTextCalls(
  context: ClientContext,
  protocol: NonNullable<ClientSide["textCalls"]>,
  text: string,
  sink: { notes: string[]; ran: string[] },
): string[] {
  return protocol.read(text).map((call) => {
    if (!call.ok) {
      sink.notes.push(engineNote("unreadableCall", { error: call.error }));
      return protocol.result("?", JSON.stringify({ error: call.error }), true);
    }
    const tool = context.tool(call.name);
    if (!tool) return protocol.result(call.name, JSON.stringify({ error: `no tool named "${call.name}"` }), true);
    const result = executeCatalogTool(tool, call.args, true);
    if (result.ok) sink.ran.push(tool.name);
    else sink.notes.push(engineNote("rejectedFor", { tool: tool.name, content: result.content }));
    return protocol.result(tool.name, result.content, !result.ok);
  });
}

function runCall(
  context: ClientContext,
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
  const command = context.client.command;
  if (command && call.name === command.toolName) {
    const answer = command.answer(call.input, context);
    // The result answers the command tool's call, so it carries that tool's name (`run`), as the simulation's does.
    if ("run" in answer)
      return catalogResult(call, answer.run, answer.args, true, sink).map((block) => ({
        ...block,
        toolName: call.name,
      }));
    if (answer.found) sink.found(answer.found);
    return [
      {
        type: "tool-result",
        callId: call.id,
        toolName: call.name,
        content: answer.content,
        ...(answer.isError ? { isError: true } : {}),
      },
    ];
  }
  if (call.name === SEARCH_TOOLS_TOOL.name) {
    const query = queryOf(call.input);
    const outcome = context.search.search(query, context.searchResultLimit);
    const names = outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
    sink.found(names);
    sink.notes.push(engineNote("searchToolsFound", { query, names: namesOrNothing(names) }));
    if (context.client.searchResult === "tool-reference" && names.length)
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
    if (unknown.length) sink.notes.push(engineNote("unknownSchemas", { names: unknown.join(", ") }));
    return [{ type: "tool-result", callId: call.id, toolName: call.name, content: JSON.stringify(loaded) }];
  }
  if (call.name === INVOKE_TOOL_TOOL.name) {
    const name = typeof call.input.name === "string" ? call.input.name : "";
    const tool = context.tool(name);
    if (!tool) return error(engineNote("invokeUnknown", { name }));
    const args =
      call.input.arguments !== null && typeof call.input.arguments === "object"
        ? (call.input.arguments as Record<string, unknown>)
        : {};
    return catalogResult(call, tool, args, true, sink);
  }
  const tool = context.tool(call.name);
  if (!tool) return error(engineNote("noSuchTool", { name: call.name }));
  if (context.client.calls === "wrapped") {
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
      engineNote("outsideSchema", {
        tool: tool.name,
        errors: validation.errors.map((item) => `${item.path} ${item.message}`).join("; "),
      }),
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
  const result = executeCatalogTool(tool, args, validate);
  if (result.ok) sink.ran.push(tool.name);
  else sink.notes.push(engineNote("rejectedFor", { tool: tool.name, content: result.content }));
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
