import { answerText, searchResultText } from "./discovery";
import { callNeededTool } from "./call-tool";
import { clientSearchFlow } from "./client-search-flow";
import { SEARCH_TOOLS_TOOL } from "./helper-tools";
import type { StrategyDefinition } from "./types";

/**
 * One user turn of a strategy that searches with `search_tools` and then makes each found tool callable by an
 * appended `added-tools` message, once per tool (append-only, so the prefix before it stays cached). Each needed
 * tool is then called natively. `searchCallPrefix` is the id prefix of the model's search calls on that wire.
 */
export function addedToolsTurn(searchCallPrefix: string): StrategyDefinition["runTurn"] {
  return (session, context) => {
    for (const need of context.turn.needs) {
      session.toolsNeeded += 1;
      let notes: string[] = [];
      if (!session.discovered.has(need.tool)) {
        const added = new Set(session.discovered);
        const result = clientSearchFlow(session, context, need, {
          searchCall: (input) => ({
            type: "tool-call",
            id: session.nextId(searchCallPrefix),
            name: SEARCH_TOOLS_TOOL.name,
            input: { query: input },
          }),
          appendResult: (call, attempt) => {
            session.appendToolResult(
              (call as { id: string }).id,
              SEARCH_TOOLS_TOOL.name,
              searchResultText(attempt.names, (name) => session.tool(name)),
            );
            const fresh = attempt.names.filter((name) => !added.has(name));
            fresh.forEach((name) => added.add(name));
            if (fresh.length) session.append({ role: "added-tools", toolNames: fresh });
          },
        });
        if (result === null) return;
        notes = result;
      }
      session.toolsFound += 1;
      callNeededTool(session, need, { style: "native", notes });
    }
    session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
  };
}
