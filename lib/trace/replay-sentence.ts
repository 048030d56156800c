import { translatorFor } from "../i18n/translator";
import type { Locale } from "../i18n/locales";
import { formatUsd } from "../view/format";
import type { TraceView } from "./trace-view";
import { baselineStrategyId } from "../strategies/definitions";

/**
 * "Your agent, as recorded: $X. Under the gateway: $Y. Under tool search: $Z." The recorded figure is the providers'
 * measured bill when every request carried usage, the cache model's prediction otherwise (and the sentence says so).
 */
export function replaySentence(
  view: Pick<TraceView, "measuredCostUsd" | "predictedCostUsd" | "replay" | "replayTruncatedFrom" | "scenario">,
  locale: Locale = "en",
): string {
  const t = translatorFor(locale, "trace");
  const recorded =
    view.measuredCostUsd !== null
      ? t("replay.recordedMeasured", { cost: formatUsd(view.measuredCostUsd) })
      : t("replay.recordedPredicted", { cost: formatUsd(view.predictedCostUsd) });
  const ran = (id: string) => view.replay.find((run) => run.id === id && run.refused === null);
  const parts = [recorded];
  const gateway = ran("gateway");
  if (gateway) parts.push(t("replay.underGateway", { cost: formatUsd(gateway.costUsd) }));
  const search = ran("anthropic-tool-search") ?? ran("openai-tool-search");
  if (search) parts.push(t("replay.underToolSearch", { cost: formatUsd(search.costUsd) }));
  const kimi = ran("kimi-dynamic");
  if (kimi && kimi.provider === view.replay.find((run) => run.id === baselineStrategyId())?.provider)
    parts.push(t("replay.underKimi", { cost: formatUsd(kimi.costUsd) }));
  const sentence = t("replay.sentence", { parts: parts.join(t("replay.separator")) });
  if (view.replayTruncatedFrom === null) return sentence;
  return `${sentence} ${t("replay.truncated", { turns: view.scenario.turns.length, of: view.replayTruncatedFrom })}`;
}
