import type { Locale } from "../i18n/locales";
import { translatorFor } from "../i18n/translator";
import type { ProviderId, StrategyId } from "../core/ids";
import { providerLabel } from "./provider-labels";
import { strategyShortTitleIn } from "./strategy-info";

type RunOn = { id: StrategyId; provider: ProviderId; model: string; refused?: { reason: string } };

/**
 * The provider and model a chart of several strategies is for, in a few words: the scenario's, and which
 * strategies ran elsewhere (a strategy the scenario's model cannot run is shown on one that can, at that model's
 * prices). A chart's numbers without it read as one model's.
 */
export function runsModelLine(
  runs: readonly RunOn[],
  on: { provider: ProviderId; model: string },
  locale: Locale = "en",
): string {
  const scenario = `${providerLabel(on.provider)} · ${on.model}`;
  const elsewhere = runs.filter((run) => !run.refused && (run.provider !== on.provider || run.model !== on.model));
  if (elsewhere.length === 0) return scenario;
  const t = translatorFor(locale, "playground");
  const names = elsewhere.map((run) =>
    t("run.modelLineOn", { strategy: strategyShortTitleIn(run.id, locale), model: run.model }),
  );
  return `${scenario}; ${names.join(", ")}`;
}
