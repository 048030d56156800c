import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import type { CatalogTool } from "../core/catalog";
import { createScenario, type Scenario, type ScenarioSettings, type ScenarioTurn } from "../scenario";
import type { CalledTool } from "../core";
import { conversationOf, declaredTools, responseText, toolCallsOf } from "./body-parts";
import type { TraceExplanation } from "./explain-trace";
import type { ParsedTrace, TraceRequest } from "./types";
import { providerAdapter } from "../providers";

type Json = Record<string, unknown>;

/**
 * The replay runs every strategy on the derived conversation, whose prompt grows with every turn: past this many
 * turns it would take minutes (npm run bench:trace), so a longer trace replays its first turns and says so.
 */
export const MAX_REPLAY_TURNS = 60;

/**
 * The same limit counted in tool calls: an agent that loops through hundreds of calls on one user message, or a
 * trace of many sessions (which the replay strings into one conversation), grows the replayed prompt with every call.
 * A 400-request trace with 392 calls took 13.7 s and 759 MB to replay, and 2,000 requests ran out of a 4 GB heap
 * after 10 minutes; the replay keeps the first calls up to this many.
 */
export const MAX_REPLAY_CALLS = 150;

export type DerivedScenario = {
  scenario: Scenario;
  notes: string[];
  /** The trace's turn count when the replay keeps only the first MAX_REPLAY_TURNS, else null. */
  truncatedFrom: number | null;
};

/**
 * A playground scenario from a trace, so every strategy can replay the same conversation: the union of the tools
 * seen becomes the catalog, each new user message a turn, the tools the agent called in that turn (with their
 * arguments) the turn's needs, the last assistant text its answer; system prompt, model, cache mode, TTL and the
 * typical gaps in time come from the recorded requests.
 */
export function deriveScenario(
  trace: ParsedTrace,
  explanation: Pick<TraceExplanation, "model" | "steps">,
  options: { title?: string; locale?: Locale } = {},
): DerivedScenario {
  const t = translatorFor(options.locale ?? "en", "trace");
  const { provider } = trace;
  const notes: string[] = [];
  const catalog = catalogOf(trace);
  const known = new Set(catalog.map((tool) => tool.name));
  const turns: Array<ScenarioTurn & { requests: TraceRequest[] }> = [];
  let lastUser: string | null = null;
  for (const request of trace.requests) {
    const user = lastUserText(request.body, provider);
    if (user !== null && user !== lastUser) {
      turns.push({ user, needs: [], requests: [] });
      lastUser = user;
    }
    turns[turns.length - 1]?.requests.push(request);
  }
  const dropped = new Set<string>();
  const finished: ScenarioTurn[] = turns.map((turn) => {
    const calls = callsOfTurn(turn.requests, provider);
    const needs = calls.filter((call) => known.has(call.name) || (dropped.add(call.name), false));
    const last = turn.requests[turn.requests.length - 1];
    const answer = last?.response ? responseText(last.response, provider) : "";
    return {
      user: turn.user,
      needs: needs.map((call) => ({ tool: call.name, arguments: call.arguments })),
      ...(answer ? { answer } : {}),
    };
  });
  if (dropped.size > 0) notes.push(t("notes.undeclared", { tools: [...dropped].join(", ") }));
  if (finished.length === 0) notes.push(t("notes.noTurns"));
  const turnCount = finished.length;
  const callCount = finished.reduce((sum, turn) => sum + turn.needs.length, 0);
  if (finished.length > MAX_REPLAY_TURNS) finished.splice(MAX_REPLAY_TURNS);
  let budget = MAX_REPLAY_CALLS;
  for (let index = 0; index < finished.length; index += 1) {
    if (budget <= 0 && index > 0) {
      finished.splice(index);
      break;
    }
    if (finished[index].needs.length > budget)
      finished[index] = { ...finished[index], needs: finished[index].needs.slice(0, Math.max(0, budget)) };
    budget -= finished[index].needs.length;
  }
  const keptCalls = finished.reduce((sum, turn) => sum + turn.needs.length, 0);
  const truncatedFrom = finished.length < turnCount || keptCalls < callCount ? turnCount : null;
  if (truncatedFrom !== null)
    notes.push(
      t("notes.truncated", {
        turns: finished.length,
        of: turnCount,
        calls: keptCalls < callCount ? keptCalls : -1,
        callCount,
        maxTurns: MAX_REPLAY_TURNS,
        maxCalls: MAX_REPLAY_CALLS,
      }),
    );
  const first = trace.requests[0]?.body ?? {};
  const settings: Partial<ScenarioSettings> = {
    provider,
    model: explanation.model.id,
    system: systemOf(first, provider),
    ...cacheSettingsOf(first, provider),
    ...timingOf(explanation.steps),
  };
  const scenario = createScenario({
    title: options.title ?? "Imported trace",
    description: `Derived from a recorded ${provider} trace of ${trace.requests.length} requests: ${catalog.length} tools, ${finished.length} user turns.`,
    catalog: { tools: catalog, source: "imported trace" },
    turns: finished,
    settings,
  });
  return { scenario, notes, truncatedFrom };
}

function catalogOf(trace: ParsedTrace): CatalogTool[] {
  const byName = new Map<string, CatalogTool>();
  for (const request of trace.requests)
    for (const tool of declaredTools(request.body, trace.provider))
      byName.set(tool.name, { name: tool.name, description: tool.description, inputSchema: tool.inputSchema });
  return [...byName.values()];
}

function lastUserText(body: Json, provider: ParsedTrace["provider"]): string | null {
  const conversation = conversationOf(body, provider);
  for (let index = conversation.length - 1; index >= 0; index -= 1) {
    const message = conversation[index];
    if (message.role === "user" && message.text.trim() !== "") return message.text;
  }
  return null;
}

/** The calls of one turn: from the assistant messages sent back after its user message, and from the last response. */
function callsOfTurn(requests: readonly TraceRequest[], provider: ParsedTrace["provider"]): CalledTool[] {
  const calls: CalledTool[] = [];
  const seen = new Set<string>();
  const add = (call: CalledTool) => {
    const key = `${call.name}:${JSON.stringify(call.arguments)}`;
    if (!seen.has(key)) {
      seen.add(key);
      calls.push(call);
    }
  };
  for (const request of requests) {
    const conversation = conversationOf(request.body, provider);
    let start = conversation.length;
    for (let index = conversation.length - 1; index >= 0; index -= 1)
      if (conversation[index].role === "user" && conversation[index].text.trim() !== "") {
        start = index;
        break;
      }
    for (const message of conversation.slice(start)) message.calls.forEach(add);
    if (request.response) toolCallsOf(request.response, provider).forEach(add);
  }
  return calls;
}

function systemOf(body: Json, provider: ParsedTrace["provider"]): string {
  return providerAdapter(provider).body.systemText(body);
}

/** The request's own cache markers as scenario settings (Anthropic's; automatic caches have none). */
function cacheSettingsOf(body: Json, provider: ParsedTrace["provider"]): Partial<ScenarioSettings> {
  return providerAdapter(provider).body.cacheSettings(body);
}

/** The median gap between turns (minutes) and inside a turn (seconds), so the replay's TTL sees the same pauses. */
function timingOf(steps: TraceExplanation["steps"]): Partial<ScenarioSettings> {
  const betweenTurns: number[] = [];
  const inTurn: number[] = [];
  for (let index = 1; index < steps.length; index += 1) {
    const gap = steps[index].clockSeconds - steps[index - 1].clockSeconds;
    (steps[index].turn !== steps[index - 1].turn ? betweenTurns : inTurn).push(gap);
  }
  const result: Partial<ScenarioSettings> = {};
  if (betweenTurns.length) result.minutesBetweenTurns = Math.round((median(betweenTurns) / 60) * 10) / 10;
  if (inTurn.length) result.secondsBetweenSteps = Math.round(median(inTurn));
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
