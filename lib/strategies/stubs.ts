import { providerFacts } from "../providers/facts";
import { answerText } from "./discovery";
import { callNeededTool } from "./call-tool";
import { LOAD_TOOL_SCHEMAS_TOOL } from "./helper-tools";
import type { StrategyDefinition } from "./types";

/** Every tool as a one-line stub; `load_tool_schemas` returns the real schema as a tool result at the tail. */
export const stubsStrategy: StrategyDefinition = {
  id: "stubs",
  title: "Stubs + load_tool_schemas",
  shortName: "Stubs",
  colour: { fallback: "#b07aa1", dash: "8 3 2 3" },
  explanation: {
    sends: "A one-line stub of every tool, each with a loose `arguments` object, plus `load_tool_schemas`.",
    schemaGoesTo: "The full schema comes back as `tool_result` text at the tail of the conversation.",
    costs:
      "O(N) stub tokens (about a fifth of full definitions); one extra round trip per new tool; client-side validation.",
    prefixEffect: "Stable prefix.",
  },
  providers: ["anthropic", "openai-responses", "openai-chat", "moonshot", "gemini", "deepseek", "qwen", "glm"],
  decide: {
    role: "progressive",
    loadsAllHits: false,
    prefixGrowsWithCatalog: true,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 1,
  },
  client: { searchResult: "text", calls: "wrapped" },
  supports: () => ({ ok: true }),
  goals: () => ({ noToolsUpFront: false, stableToolList: true, nativeStrictSchema: false }),
  initialTools: (scenario) => [
    ...scenario.catalog.tools.map((tool) => ({ type: "stub" as const, tool })),
    { type: "helper", tool: LOAD_TOOL_SCHEMAS_TOOL },
  ],
  runTurn(session, context) {
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      session.toolsFound += 1;
      const tool = session.tool(need.tool);
      if (!tool) throw new Error(`stubs: ${need.tool} is not in the catalog`);
      if (!session.discovered.has(need.tool)) {
        const id = session.nextId(providerFacts(session.context.settings.provider).callIdPrefix);
        session.send("load", `load ${need.tool}`, [
          { type: "tool-call", id, name: LOAD_TOOL_SCHEMAS_TOOL.name, input: { names: [need.tool] } },
        ]);
        session.appendToolResult(
          id,
          LOAD_TOOL_SCHEMAS_TOOL.name,
          JSON.stringify([{ name: tool.name, description: tool.description, input_schema: tool.inputSchema }]),
        );
        session.discovered.add(need.tool);
      }
      callNeededTool(session, need, { style: "stub" });
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  },
};
