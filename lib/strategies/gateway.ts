import { answerText, searchResultText } from "./discovery";
import { callNeededTool } from "./call-tool";
import { clientSearchFlow } from "./client-search-flow";
import { INVOKE_TOOL_TOOL, SEARCH_TOOLS_TOOL } from "./helper-tools";
import { NATIVE_CLIENT_SIDE } from "./native-client-side";
import type { StrategyDefinition } from "./types";

/** Two constant tools: `search_tools` finds, `invoke_tool` calls; the client validates the arguments. */
export const gatewayStrategy: StrategyDefinition = {
  searchesOnClient: true,
  id: "gateway",
  title: "search_tools + invoke_tool gateway",
  shortName: "Gateway",
  colour: { fallback: "#4ca8a2" },
  explanation: {
    sends: "Two constant tools, `search_tools` and `invoke_tool`, whatever the catalog size.",
    schemaGoesTo: "Search results (name, one line, parameters) come back as tool results at the tail.",
    costs:
      "O(1) tool tokens; one extra round trip per new tool; arguments are checked by the client, not the provider.",
    prefixEffect: "Stable prefix.",
  },
  providers: ["anthropic", "openai-responses", "openai-chat", "moonshot", "gemini", "deepseek", "qwen", "glm"],
  decide: {
    role: "progressive",
    loadsAllHits: false,
    prefixGrowsWithCatalog: false,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 1,
  },
  client: NATIVE_CLIENT_SIDE,
  supports: () => ({ ok: true }),
  goals: () => ({ noToolsUpFront: true, stableToolList: true, nativeStrictSchema: false }),
  initialTools: () => [
    { type: "helper", tool: SEARCH_TOOLS_TOOL },
    { type: "helper", tool: INVOKE_TOOL_TOOL },
  ],
  runTurn(session, context) {
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      let notes: string[] = [];
      if (!session.discovered.has(need.tool)) {
        const result = clientSearchFlow(session, context, need, {
          searchCall: (input) => ({
            type: "tool-call",
            id: session.nextId("call_search_"),
            name: SEARCH_TOOLS_TOOL.name,
            input: { query: input },
          }),
          appendResult: (call, attempt) =>
            session.appendToolResult(
              (call as { id: string }).id,
              SEARCH_TOOLS_TOOL.name,
              searchResultText(attempt.names, (name) => session.tool(name)),
            ),
        });
        if (result === null) return;
        notes = result;
      }
      session.toolsFound += 1;
      callNeededTool(session, need, { style: "invoke", notes });
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  },
};
