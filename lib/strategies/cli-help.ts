import { oneLineDescription } from "../catalog/describe-tool";
import type { CatalogTool } from "../core/catalog";
import { PROVIDER_IDS } from "../core/ids";
import { providerFacts } from "../providers/facts";
import type { NeededToolCall } from "../scenario/types";
import type { ConversationSession } from "../simulator/session";
import { answerText } from "./discovery";
import { clientSearchFlow } from "./client-search-flow";
import { commandLine, helpText, parseCommand } from "./command-line";
import { RUN_TOOL } from "./helper-tools";
import type { StrategyDefinition } from "./types";
import { engineNote } from "../i18n/engine-notes";

/** What `tools <words>` prints: one line per matching tool, as `apropos` does. */
export function toolListText(names: readonly string[], tool: (name: string) => CatalogTool | undefined): string {
  if (names.length === 0) return "No tools matched. Try other words.";
  return names
    .map((name) => `${name} — ${oneLineDescription(tool(name) ?? { name, description: "", inputSchema: {} })}`)
    .join("\n");
}

/** Tools whose help page the model has read in this conversation (the listing alone does not show the options). */
const helpRead = new WeakMap<ConversationSession, Set<string>>();

function runCall(session: ConversationSession, command: string) {
  const id = session.nextId(providerFacts(session.context.settings.provider).callIdPrefix);
  return { type: "tool-call" as const, id, name: RUN_TOOL.name, input: { command } };
}

/**
 * The model calls the tool by command line; the client parses it by the schema and validates the arguments (the
 * provider checks only that `command` is a string), so a scripted argument mistake is made and answered with the
 * error, and the model retries once.
 */
function callByCommand(session: ConversationSession, need: NeededToolCall, tool: CatalogTool, notes: string[]): void {
  const attempt = (args: Record<string, unknown>, kind: "call" | "retry", stepNotes: string[]) => {
    const call = runCall(session, commandLine(tool, args));
    session.send(kind, `${kind} ${need.tool}`, [call], stepNotes);
    const parsed = parseCommand(call.input.command, (name) => session.tool(name));
    const result =
      parsed.ok && parsed.kind === "call"
        ? session.executeTool(parsed.tool, parsed.args, true)
        : { ok: false, content: JSON.stringify({ error: parsed.ok ? "not a tool call" : parsed.error }) };
    session.appendToolResult(call.id, RUN_TOOL.name, result.content, !result.ok);
    return result;
  };
  const first = attempt(need.mistakenArguments ?? need.arguments, "call", notes);
  if (first.ok) return;
  attempt(need.arguments, "retry", [engineNote("commandRejected", { content: first.content })]);
}

/** One `run` tool: the model lists tools, reads `<tool> --help`, and calls tools by command line. */
export const cliHelpStrategy: StrategyDefinition = {
  searchesOnClient: true,
  id: "cli-help",
  title: "One command tool with --help (CLI-style discovery)",
  shortName: "CLI --help",
  colour: { fallback: "#edc948", dash: "2 2" },
  explanation: {
    sends: "One constant tool, `run`, that takes a command line, whatever the catalog size.",
    schemaGoesTo:
      "`tools <words>` lists matching tools and `<tool> --help` prints the options, both as tool results at the tail.",
    costs:
      "O(1) tool tokens; two extra round trips per new tool (list, help), each help page paid once; the client parses and validates the command.",
    prefixEffect: "Stable prefix.",
  },
  providers: PROVIDER_IDS,
  decide: {
    role: "progressive",
    loadsAllHits: false,
    prefixGrowsWithCatalog: false,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 2,
  },
  client: {
    searchResult: "text",
    calls: "wrapped",
    command: {
      toolName: RUN_TOOL.name,
      answer(input, context) {
        const parsed = parseCommand(typeof input.command === "string" ? input.command : "", context.tool);
        if (!parsed.ok) return { content: JSON.stringify({ error: parsed.error }), isError: true };
        if (parsed.kind === "list") {
          const outcome = context.search.search(parsed.query, context.searchResultLimit);
          const names = outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
          return { content: toolListText(names, context.tool) };
        }
        if (parsed.kind === "help") return { content: helpText(parsed.tool), found: [parsed.tool.name] };
        return { run: parsed.tool, args: parsed.args };
      },
    },
  },
  supports: () => ({ ok: true }),
  goals: () => ({ noToolsUpFront: true, stableToolList: true, nativeStrictSchema: false }),
  initialTools: () => [{ type: "helper", tool: RUN_TOOL }],
  runTurn(session, context) {
    const read = helpRead.get(session) ?? new Set<string>();
    helpRead.set(session, read);
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      const tool = session.tool(need.tool);
      if (!tool) throw new Error(`cli-help: ${need.tool} is not in the catalog`);
      let notes: string[] = [];
      if (!read.has(need.tool)) {
        if (!session.discovered.has(need.tool)) {
          const result = clientSearchFlow(session, context, need, {
            searchCall: (input) => runCall(session, `tools ${input}`),
            appendResult: (call, attempt) =>
              session.appendToolResult(
                (call as { id: string }).id,
                RUN_TOOL.name,
                toolListText(attempt.names, (name) => session.tool(name)),
              ),
          });
          if (result === null) return;
          notes = result;
        }
        const call = runCall(session, `${need.tool} --help`);
        session.send("load", `${need.tool} --help`, [call], notes);
        const help = helpText(tool);
        session.appendToolResult(call.id, RUN_TOOL.name, help);
        read.add(need.tool);
        notes = [engineNote("helpTokens", { tool: need.tool, count: session.context.counter.count(help) })];
      }
      session.toolsFound += 1;
      callByCommand(session, need, tool, notes);
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  },
};
