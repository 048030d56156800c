import type { TranscriptBlock } from "../core";
import type { NeededToolCall } from "../scenario/types";
import type { ConversationSession } from "../simulator/session";
import { askThenSearch, giveUpText, missNote, type SearchAttempt } from "./discovery";
import type { TurnContext } from "./types";
import { engineTitle } from "../i18n/engine-notes";

/** How one strategy's client-run search looks on the wire: the model's search call and the appended result. */
export type ClientSearchOptions = {
  searchCall: (input: string) => TranscriptBlock;
  appendResult: (call: TranscriptBlock, attempt: SearchAttempt) => void;
};

/**
 * The round trip every client-run search shares: the model calls the search, the client runs it and appends
 * the result (and whatever makes the found tools callable), one rephrased retry on a miss, and a visible
 * give-up when the tool is still not found. Returns the notes to carry onto the next request, or null when
 * the model gave up.
 */
export function clientSearchFlow(
  session: ConversationSession,
  context: TurnContext,
  need: NeededToolCall,
  options: ClientSearchOptions,
): string[] | null {
  const notes: string[] = [];
  const attempts = askThenSearch(session, "client", context, need, (input) => {
    const call = options.searchCall(input);
    session.send("search", engineTitle("search", { query: input }), [call], notes.splice(0));
    return (attempt) => {
      options.appendResult(call, attempt);
      for (const name of attempt.names) session.discovered.add(name);
      if (!attempt.found) notes.push(missNote(attempt, need, "client"));
    };
  });
  if (!attempts[attempts.length - 1].found) {
    session.send("answer", engineTitle("giveUp"), [{ type: "text", text: giveUpText(need) }], notes);
    return null;
  }
  return notes;
}
