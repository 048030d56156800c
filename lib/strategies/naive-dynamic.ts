import type { CatalogTool } from "../core/catalog";
import type { ToolEntry } from "../core";
import { answerText, askThenSearch, giveUpText, missNote, searchResultText } from "./discovery";
import { callNeededTool } from "./call-tool";
import { SEARCH_TOOLS_TOOL } from "./helper-tools";
import { NATIVE_CLIENT_SIDE } from "./native-client-side";
import type { StrategyDefinition } from "./types";
import { engineNote, engineTitle } from "../i18n/engine-notes";

/**
 * The anti-pattern: edit `tools` as tools are needed (what `activeTools`-style SDK options do). The active
 * set keeps the catalog's order, so a discovered tool is inserted where it was declared.
 */
export const naiveDynamicStrategy: StrategyDefinition = {
  searchesOnClient: true,
  id: "naive-dynamic",
  title: "Edit tools as needed (anti-pattern)",
  shortName: "Edit tools",
  colour: { fallback: "#e15759", dash: "8 4" },
  explanation: {
    sends: "`search_tools` plus only the tools activated so far.",
    schemaGoesTo: "Inserted into the top-level `tools` array.",
    costs: "Few tool tokens, but every discovery rewrites the whole prompt at full price.",
    prefixEffect: "Whole cache invalidated on every change: `tools` sits at the front of the prefix.",
  },
  providers: ["anthropic", "openai-responses", "openai-chat", "moonshot", "gemini", "deepseek", "qwen", "glm"],
  decide: {
    role: "anti-pattern",
    loadsAllHits: false,
    prefixGrowsWithCatalog: false,
    invalidatesOnDiscovery: true,
    discoveryRoundTrips: () => 1,
  },
  client: {
    ...NATIVE_CLIENT_SIDE,
    makeCallable: (fresh, context) => ({
      tools: activeTools(
        context.catalogTools,
        new Set([...context.tools.flatMap((entry) => (entry.type === "catalog" ? [entry.tool.name] : [])), ...fresh]),
      ),
      note: engineNote("addedToTools", { tool: fresh.join(", ") }),
    }),
  },
  supports: () => ({ ok: true }),
  goals: () => ({ noToolsUpFront: true, stableToolList: false, nativeStrictSchema: true }),
  initialTools: (scenario) => activeTools(scenario.catalog.tools, new Set(scenario.settings.nonDeferredTools)),
  runTurn(session, context) {
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      const active = new Set(session.tools.flatMap((entry) => (entry.type === "catalog" ? [entry.tool.name] : [])));
      if (!active.has(need.tool)) {
        const notes: string[] = [];
        const attempts = askThenSearch(session, "client", context, need, (input) => {
          const id = session.nextId("call_search_");
          session.send(
            "search",
            engineTitle("search", { query: input }),
            [{ type: "tool-call", id, name: SEARCH_TOOLS_TOOL.name, input: { query: input } }],
            notes.splice(0),
          );
          return (attempt) => {
            session.appendToolResult(
              id,
              SEARCH_TOOLS_TOOL.name,
              searchResultText(attempt.names, (name) => session.tool(name)),
            );
            if (!attempt.found) notes.push(missNote(attempt, need, "client"));
          };
        });
        if (!attempts[attempts.length - 1].found) {
          session.send("answer", engineTitle("giveUp"), [{ type: "text", text: giveUpText(need) }], notes);
          return;
        }
        active.add(need.tool);
        session.setTools(activeTools(context.scenario.catalog.tools, active));
        notes.push(engineNote("addedToTools", { tool: need.tool }));
        session.toolsFound += 1;
        callNeededTool(session, need, { style: "native", notes });
        continue;
      }
      session.toolsFound += 1;
      callNeededTool(session, need, { style: "native" });
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  },
};

function activeTools(catalog: readonly CatalogTool[], active: ReadonlySet<string>): ToolEntry[] {
  return [
    { type: "helper", tool: SEARCH_TOOLS_TOOL },
    ...catalog
      .filter((tool) => active.has(tool.name))
      .map((tool): ToolEntry => ({ type: "catalog", tool, deferred: false })),
  ];
}
