import type { TranscriptBlock } from "../core";
import type { ConversationSession } from "../simulator/session";
import { callNeededTool } from "./call-tool";
import { clientSearchFlow, type ClientSearchOptions } from "./client-search-flow";
import { answerText, giveUpText, missNote, searchWithRetry, type SearchAttempt, type SearchKind } from "./discovery";
import type { TurnContext } from "./types";

/** What differs between the provider-native searches (Anthropic Tool Search Tool, OpenAI `tool_search`). */
export type ProviderNativeSearch = {
  /** Client mode: our own search runs between requests (`searchExecution: "client"`). */
  client: ClientSearchOptions;
  /** Server mode: the searches and the call happen inside one API call. */
  server: {
    kind: SearchKind;
    /** The provider's search blocks that precede the call (or the give-up) in the reply. */
    leading: (attempts: readonly SearchAttempt[]) => TranscriptBlock[];
    /** Notes after the miss notes, whether or not the needed tool was found. */
    notes: (found: boolean) => string[];
  };
};

/**
 * One scripted turn under a provider-native deferred search: non-deferred tools are callable from the start, a
 * tool found earlier is called directly, and any other needed tool is searched for first (client-run or
 * provider-run). A search that still misses after the retry ends the turn with a visible give-up.
 */
export function runProviderNativeSearchTurn(
  session: ConversationSession,
  context: TurnContext,
  search: ProviderNativeSearch,
): void {
  const settings = context.scenario.settings;
  for (const name of settings.nonDeferredTools) session.discovered.add(name);
  for (const need of context.turn.needs) {
    session.toolsNeeded += 1;
    if (session.discovered.has(need.tool)) {
      session.toolsFound += 1;
      callNeededTool(session, need, { style: "native" });
      continue;
    }
    if (settings.searchExecution === "client") {
      const notes = clientSearchFlow(session, context, need, search.client);
      if (notes === null) return;
      session.toolsFound += 1;
      callNeededTool(session, need, { style: "native", notes });
      continue;
    }
    const { kind } = search.server;
    const attempts = searchWithRetry(session, kind, context, need);
    const leading = search.server.leading(attempts);
    attempts.forEach((attempt) => attempt.names.forEach((name) => session.discovered.add(name)));
    const found = attempts[attempts.length - 1].found;
    const notes = [
      ...attempts.filter((attempt) => !attempt.found).map((attempt) => missNote(attempt, need, kind)),
      ...search.server.notes(found),
    ];
    if (!found) {
      session.send(
        "search",
        `search "${attempts[0].input}" (missed)`,
        [...leading, { type: "text", text: giveUpText(need) }],
        notes,
      );
      return;
    }
    session.toolsFound += 1;
    callNeededTool(session, need, { style: "native", kind: "search", leading, notes });
  }
  session.send("answer", "answer", [{ type: "text", text: answerText(context) }]);
}
