/**
 * Every decide panel answers "which strategy is cheapest?" for a session; the compare table answers it for the
 * conversation itself. When a panel names another winner, it says why: what its session does differently from the
 * conversation (turns, pace, tools used, provider and model, or only its shape: one sampled tool a turn).
 */
import type { ProviderId, StrategyId } from "../core/ids";
import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import { providerLabel } from "../view/provider-labels";
import { strategyTitleIn } from "../view/strategy-info";
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

/** What the session does differently from the conversation, in words; the shape difference always comes last. */
export function sessionDifferences(session: SessionShape, conversation: SessionShape, locale: Locale = "en"): string[] {
  const t = translatorFor(locale, "decide");
  const differences: string[] = [];
  if (session.turns !== conversation.turns)
    differences.push(t("winner.turns", { turns: session.turns, conversation: conversation.turns }));
  if (session.provider !== conversation.provider || session.model !== conversation.model)
    differences.push(
      t("winner.priced", {
        provider: providerLabel(session.provider),
        model: session.model,
        conversationProvider: providerLabel(conversation.provider),
        conversationModel: conversation.model,
      }),
    );
  if (session.minutesBetweenTurns !== conversation.minutesBetweenTurns)
    differences.push(
      t("winner.minutes", { minutes: session.minutesBetweenTurns, conversation: conversation.minutesBetweenTurns }),
    );
  if (session.toolsUsed !== conversation.toolsUsed)
    differences.push(t("winner.tools", { tools: session.toolsUsed, conversation: conversation.toolsUsed }));
  differences.push(t("winner.shape"));
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
  locale?: Locale;
}): string | null {
  const { winner, conversationCheapest } = input;
  if (winner === null || winner === "fails" || conversationCheapest.length === 0) return null;
  if (conversationCheapest.includes(winner)) return null;
  const locale = input.locale ?? "en";
  const t = translatorFor(locale, "decide");
  return t("winner.note", {
    where: input.where,
    winner: strategyTitleIn(winner, locale),
    names: conversationCheapest.map((id) => strategyTitleIn(id, locale)).join(t("winner.and")),
    differences: sessionDifferences(input.session, input.conversation, locale).join(t("winner.separator")),
  });
}
