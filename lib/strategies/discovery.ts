// Direct module imports, not the barrels: the page lists strategies and must not pull in Ajv or MiniSearch with them.
import { oneLineDescription, parameterSignature } from "../catalog/describe-tool";
import type { CatalogTool } from "../core/catalog";
import type { NeededToolCall } from "../scenario/types";
import { deriveQueryFromUserText, deriveRegexFromQuery } from "../search/derive-query";
import type { SearchOutcome } from "../search/types";
import type { ConversationSession } from "../simulator/session";
import type { TurnContext } from "./types";
import { engineNote, namesOrNothing } from "../i18n/engine-notes";

export type SearchKind = "bm25" | "regex" | "client";

export type SearchAttempt = { input: string; outcome: SearchOutcome; names: string[]; found: boolean };

/**
 * The query the simulated model writes: the scenario's own, or one derived from the user's words. On a miss the
 * model rephrases once with the vocabulary of the task (the words of the tool it is after), as a real model
 * retries with more specific terms.
 */
export function searchInput(context: TurnContext, need: NeededToolCall, attempt: number, kind: SearchKind): string {
  const query =
    attempt === 0
      ? (context.turn.searchQuery ?? deriveQueryFromUserText(context.turn.user))
      : need.tool
          .split(/[_\-.:]+|(?<=[a-z])(?=[A-Z])/)
          .join(" ")
          .toLowerCase();
  if (kind !== "regex") return query;
  return attempt === 0 && context.turn.searchPattern ? context.turn.searchPattern : deriveRegexFromQuery(query);
}

export function runSearch(
  session: ConversationSession,
  kind: SearchKind,
  input: string,
  need: NeededToolCall,
): SearchAttempt {
  const searcher =
    kind === "bm25" ? session.searchers.bm25 : kind === "regex" ? session.searchers.regex : session.searchers.client;
  const outcome = searcher.search(input, session.context.settings.searchResultLimit);
  const names = outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
  return { input, outcome, names, found: names.includes(need.tool) };
}

/**
 * The attempts `searchWithRetry` makes, each one asked first and searched after: `ask(input)` sends the model's
 * search request (which does not depend on the result) and returns what to do with the result. The conversation is
 * the same; only the order of the work differs, so a run's first request does not wait for the search index (the
 * client index over 10,000 tools takes seconds to build) and can be shown while the rest of the run goes.
 */
export function askThenSearch(
  session: ConversationSession,
  kind: SearchKind,
  context: TurnContext,
  need: NeededToolCall,
  ask: (input: string) => (attempt: SearchAttempt) => void,
): SearchAttempt[] {
  const attempts: SearchAttempt[] = [];
  for (const number of [0, 1]) {
    const input = searchInput(context, need, number, kind);
    const answered = ask(input);
    const attempt = runSearch(session, kind, input, need);
    attempts.push(attempt);
    answered(attempt);
    if (attempt.found) break;
  }
  return attempts;
}

/** Up to two attempts; returns every attempt so the transcript can show a miss. */
export function searchWithRetry(
  session: ConversationSession,
  kind: SearchKind,
  context: TurnContext,
  need: NeededToolCall,
): SearchAttempt[] {
  const first = runSearch(session, kind, searchInput(context, need, 0, kind), need);
  if (first.found) return [first];
  return [first, runSearch(session, kind, searchInput(context, need, 1, kind), need)];
}

export function missNote(attempt: SearchAttempt, need: NeededToolCall, kind: SearchKind): string {
  if (!attempt.outcome.ok)
    return engineNote("searchError", { code: attempt.outcome.errorCode, message: attempt.outcome.errorMessage });
  return engineNote("missed", { kind, query: attempt.input, tool: need.tool, names: namesOrNothing(attempt.names) });
}

/** What the gateway and Kimi search tools return: a name and one line per hit, with the parameters. */
export function searchResultText(names: readonly string[], tools: (name: string) => CatalogTool | undefined): string {
  if (names.length === 0) return "No tools matched. Try other words.";
  return names
    .map((name) => {
      const tool = tools(name);
      return tool ? `${name} — ${oneLineDescription(tool)} (${parameterSignature(tool)})` : name;
    })
    .join("\n");
}

export function giveUpText(need: NeededToolCall): string {
  return `I could not find a tool that can do this (looked for ${need.tool.replaceAll("_", " ")}), so I cannot complete this step.`;
}

export function answerText(context: TurnContext): string {
  return (
    context.turn.answer ??
    `Done: ${context.turn.needs.map((need) => need.tool).join(", ") || "answered"} for "${context.turn.user.slice(0, 80)}".`
  );
}
