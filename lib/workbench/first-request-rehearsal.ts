/**
 * A person's large import is parsed in the engine worker; the page then takes the catalog in (its structured clone,
 * the store, the catalog list: ≈ 0.5 s of its thread at 10,000 tools) before it asks for the run, whose first
 * request would then start from nothing: every tool rendered, counted and checked for the first time (≈ 0.4–1 s at
 * 10,000 tools, with the client search index for the strategies that search on the client).
 *
 * So meanwhile the worker rehearses the run the page is about to ask for: the strategy on screen, with the page's
 * settings, over the conversation fitted to the catalog in the parse's answer (lib/scenario/catalog-conversation.ts
 * `fittedConversation`, which the page then puts on screen), first turn only. Its result is thrown away; what stays
 * is what the engine memoises by content (token counts, rendered tools, search indexes, limit checks), which the real
 * run then finds. A wrong guess (the page changed something meanwhile) costs the rehearsal's time and no more:
 * nothing it leaves changes a result, only how soon it is ready.
 */
import { argumentsPassSchema } from "../catalog/argument-validation";
import type { Scenario } from "../scenario/types";
import { fittedConversation } from "../scenario/catalog-conversation";
import type { ProviderId, StrategyId } from "../core/ids";
import type { EngineRequest } from "./engine-messages";
import type { EngineDependencies, EngineWorkerState } from "./engine-state";
import { isLarge } from "./engine-scheduler";

export type Rehearsal = { scenario: Scenario; strategyIds: StrategyId[]; provider?: ProviderId };

/**
 * The first turn of the run expected after `message` was handled into `state`, or null when there is none to
 * rehearse: only a large catalog the page sent as text to be parsed here (an import; a catalog the helper is given
 * is never rehearsed, nor one the page already holds), with a run before it to copy the settings and strategy from.
 */
export function expectedFirstTurn(
  message: EngineRequest,
  state: EngineWorkerState,
  dependencies: Pick<EngineDependencies, "splitMinimumTools">,
): Rehearsal | null {
  if (message.kind !== "parse-catalog" || message.answer === "catalog-set") return null;
  const { catalog, latestRun } = state;
  if (!catalog || catalog.version !== message.catalogVersion || !latestRun) return null;
  if (!isLarge(catalog.value, dependencies)) return null;
  const strategyId = latestRun.strategyIds[0];
  if (!strategyId) return null;
  // The page's conversation fitted in the parse's answer; without it (an older page), the latest run's, fitted alike.
  const turns =
    state.importedTurns?.version === catalog.version
      ? state.importedTurns.turns
      : fittedConversation(latestRun.scenario.turns, catalog.value, { argumentsValid: argumentsPassSchema }).turns;
  if (turns.length === 0) return null;
  return {
    scenario: { ...latestRun.scenario, catalog: catalog.value, turns: turns.slice(0, 1) },
    strategyIds: [strategyId],
    ...(latestRun.provider ? { provider: latestRun.provider } : {}),
  };
}

/**
 * Runs the rehearsal: the run's own preparation (`beforeRun`: stored counts, the first request counted on two
 * threads), then the turn, unless `stillWanted` says a message arrived meanwhile (the real run then does the work
 * itself, with whatever the preparation already left). Never throws: a rehearsal only saves time.
 */
export async function rehearse(
  rehearsal: Rehearsal,
  dependencies: Pick<EngineDependencies, "beforeRun" | "runAll">,
  stillWanted: () => boolean,
): Promise<boolean> {
  const options = rehearsal.provider ? { provider: rehearsal.provider } : {};
  try {
    await dependencies.beforeRun?.({ scenario: rehearsal.scenario, strategyIds: rehearsal.strategyIds, ...options });
    if (!stillWanted()) return false;
    dependencies.runAll(rehearsal.scenario, rehearsal.strategyIds, options);
    return true;
  } catch {
    return false;
  }
}
