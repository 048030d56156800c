import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import type { ProviderId } from "../core/ids";
import { currencyOf, formatMoneyWithUsd, type MoneyRates } from "../view/money";
import type { TraceView } from "./trace-view";
import { baselineStrategyId } from "../strategies/definitions";

/**
 * "Your agent, as recorded: $X. Under the gateway: $Y. Under tool search: $Z." The recorded figure is the providers'
 * measured bill when every request carried usage, the cache model's prediction otherwise (and the sentence says so).
 */
export function replaySentence(
  view: Pick<
    TraceView,
    "measuredCostUsd" | "predictedCostUsd" | "replay" | "replayTruncatedFrom" | "scenario" | "provider" | "model"
  >,
  locale: Locale = "en",
  rates: MoneyRates = {},
): string {
  const t = translatorFor(locale, "trace");
  // Each figure in its own model's currency (a replay may run on another provider), converted only at the person's rate.
  const money = (amount: number, provider: string, model: string) =>
    formatMoneyWithUsd({ amount, currency: currencyOf(provider as ProviderId, model) }, { ...rates, locale });
  const recordedMoney = (amount: number) => money(amount, view.provider, view.model);
  const recorded =
    view.measuredCostUsd !== null
      ? t("replay.recordedMeasured", { cost: recordedMoney(view.measuredCostUsd) })
      : t("replay.recordedPredicted", { cost: recordedMoney(view.predictedCostUsd) });
  const ran = (id: string) => view.replay.find((run) => run.id === id && run.refused === null);
  const parts = [recorded];
  const gateway = ran("gateway");
  if (gateway) parts.push(t("replay.underGateway", { cost: money(gateway.costUsd, gateway.provider, gateway.model) }));
  const search = ran("anthropic-tool-search") ?? ran("openai-tool-search");
  if (search) parts.push(t("replay.underToolSearch", { cost: money(search.costUsd, search.provider, search.model) }));
  const kimi = ran("kimi-dynamic");
  if (kimi && kimi.provider === view.replay.find((run) => run.id === baselineStrategyId())?.provider)
    parts.push(t("replay.underKimi", { cost: money(kimi.costUsd, kimi.provider, kimi.model) }));
  const sentence = t("replay.sentence", { parts: parts.join(t("replay.separator")) });
  if (view.replayTruncatedFrom === null) return sentence;
  return `${sentence} ${t("replay.truncated", { turns: view.scenario.turns.length, of: view.replayTruncatedFrom })}`;
}
