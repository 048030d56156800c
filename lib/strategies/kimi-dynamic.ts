import { answerText, searchResultText } from "./discovery";
import { callNeededTool } from "./call-tool";
import { clientSearchFlow } from "./client-search-flow";
import { SEARCH_TOOLS_TOOL } from "./helper-tools";
import { NATIVE_CLIENT_SIDE } from "./client-side";
import type { StrategyDefinition } from "./types";

/**
 * Moonshot Kimi K3 dynamic tool loading: only `search_tools` at the top level; found tools are declared by an
 * appended `{role:"system", tools:[…]}` message with no content, and then called natively (PROTOCOLS §3.1–3.2).
 */
export const kimiDynamicStrategy: StrategyDefinition = {
  id: "kimi-dynamic",
  title: "Kimi dynamic tool loading",
  shortName: "Kimi dynamic",
  colour: { fallback: "#9c755f", dash: "4 4" },
  explanation: {
    sends: "`search_tools` only at the top level.",
    schemaGoesTo: 'An appended `{role: "system", tools: […]}` message without `content`.',
    costs: "O(1) up front; each found tool's definition is paid once where it is appended.",
    prefixEffect: "Stable if append-only: never insert before or delete an earlier declaration.",
  },
  providers: ["moonshot"],
  decide: {
    role: "progressive",
    loadsAllHits: true,
    prefixGrowsWithCatalog: false,
    invalidatesOnDiscovery: false,
    discoveryRoundTrips: () => 1,
    nativeOn: { providers: ["moonshot"], rank: 0 },
  },
  client: {
    ...NATIVE_CLIENT_SIDE,
    makeCallable: (fresh) => ({ append: [{ role: "tool-declaration", toolNames: [...fresh] }] }),
  },
  supports: (provider, model) =>
    provider !== "moonshot"
      ? { ok: false, reason: "Tool declarations inside messages are a Moonshot Kimi K3 extension of Chat Completions." }
      : model.capabilities.kimiDynamicTools
        ? { ok: true }
        : { ok: false, reason: `${model.label} does not support dynamic tool loading (Kimi K3 only).` },
  goals: () => ({ noToolsUpFront: true, stableToolList: true, nativeStrictSchema: true }),
  initialTools: () => [{ type: "helper", tool: SEARCH_TOOLS_TOOL }],
  runTurn(session, context) {
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      let notes: string[] = [];
      if (!session.discovered.has(need.tool)) {
        const declared = new Set(session.discovered);
        const result = clientSearchFlow(session, context, need, {
          searchCall: (input) => ({
            type: "tool-call",
            id: session.nextId("call_search_"),
            name: SEARCH_TOOLS_TOOL.name,
            input: { query: input },
          }),
          appendResult: (call, attempt) => {
            session.appendToolResult(
              (call as { id: string }).id,
              SEARCH_TOOLS_TOOL.name,
              searchResultText(attempt.names, (name) => session.tool(name)),
            );
            const fresh = attempt.names.filter((name) => !declared.has(name));
            fresh.forEach((name) => declared.add(name));
            if (fresh.length) session.append({ role: "tool-declaration", toolNames: fresh });
          },
        });
        if (result === null) return;
        notes = result;
      }
      session.toolsFound += 1;
      callNeededTool(session, need, { style: "native", notes });
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  },
};
