/**
 * Every decide panel answers "which strategy is cheapest?" for a session; the compare table answers it for the
 * conversation itself. When a panel names another winner, it says why: what its session does differently from the
 * conversation (turns, pace, tools used, provider and model, or only its shape: one sampled tool a turn).
 */
import type { ProviderId, StrategyId } from "../core/ids";
import { providerLabel } from "../view/provider-labels";
import { strategyTitle } from "../view/strategy-info";
import type { BreakEvenResult } from "./break-even";
import { lineFailure } from "./limits";

/** The shape of a session as the decide panels price it, and of the conversation as it was simulated. */
export type SessionShape = {
  turns: number;
  toolsUsed: number;
  minutesBetweenTurns: number;
  provider: ProviderId;
  model: string;
};

/**
 * The explorer's cheapest strategy after its last turn, among the strategies the provider accepts on the explorer's
 * own provider and model (the engine's cost where it ran, the formula's otherwise); null before anything is priced.
 */
export function explorerCheapest(result: BreakEvenResult): StrategyId | null {
  const last = result.parameters.turns - 1;
  let best: { id: StrategyId; cost: number } | null = null;
  for (const line of result.lines) {
    if (lineFailure(line)) continue;
    if (line.provider !== result.parameters.provider || line.model !== result.parameters.model) continue;
    const cost = (line.engine ?? line.closedForm).cumulativeCostUsd[last];
    if (cost === undefined || !Number.isFinite(cost)) continue;
    if (!best || cost < best.cost) best = { id: line.id, cost };
  }
  return best?.id ?? null;
}

const plural = (count: number, word: string) => `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

/** What the session does differently from the conversation, in words; the shape difference always comes last. */
export function sessionDifferences(session: SessionShape, conversation: SessionShape): string[] {
  const differences: string[] = [];
  if (session.turns !== conversation.turns)
    differences.push(`it runs ${plural(session.turns, "turn")}, the conversation ${conversation.turns}`);
  if (session.provider !== conversation.provider || session.model !== conversation.model)
    differences.push(
      `it is priced on ${providerLabel(session.provider)} · ${session.model}, the conversation on ${providerLabel(conversation.provider)} · ${conversation.model}`,
    );
  if (session.minutesBetweenTurns !== conversation.minutesBetweenTurns)
    differences.push(
      `${plural(session.minutesBetweenTurns, "minute")} between turns instead of the conversation's ${conversation.minutesBetweenTurns}`,
    );
  if (session.toolsUsed !== conversation.toolsUsed)
    differences.push(
      `${plural(session.toolsUsed, "distinct tool")} instead of the conversation's ${conversation.toolsUsed}`,
    );
  differences.push(
    "its turns are shaped from your catalog (one sampled tool a turn, each new one found by search), not the conversation's own messages",
  );
  return differences;
}

/**
 * Null when the panel's winner is (one of) the conversation's cheapest; otherwise one sentence naming both and why
 * they differ. `where` says which panel speaks: "In this session", "In the outlined cell".
 */
export function differentWinnerNote(input: {
  where: string;
  winner: StrategyId | "fails" | null;
  conversationCheapest: readonly StrategyId[];
  session: SessionShape;
  conversation: SessionShape;
}): string | null {
  const { winner, conversationCheapest } = input;
  if (winner === null || winner === "fails" || conversationCheapest.length === 0) return null;
  if (conversationCheapest.includes(winner)) return null;
  const names = conversationCheapest.map(strategyTitle).join(" and ");
  return `${input.where}, ${strategyTitle(winner)} is the cheapest, while the simulated conversation names ${names}: ${sessionDifferences(input.session, input.conversation).join("; ")}.`;
}
