import { formatUsd } from "../view/format";
import type { TraceView } from "./trace-view";
import { baselineStrategyId } from "../strategies/definitions";

/**
 * "Your agent, as recorded: $X. Under the gateway: $Y. Under tool search: $Z." The recorded figure is the providers'
 * measured bill when every request carried usage, the cache model's prediction otherwise (and the sentence says so).
 */
export function replaySentence(
  view: Pick<TraceView, "measuredCostUsd" | "predictedCostUsd" | "replay" | "replayTruncatedFrom" | "scenario">,
): string {
  const recorded =
    view.measuredCostUsd !== null
      ? `Your agent, as recorded: ${formatUsd(view.measuredCostUsd)} (measured)`
      : `Your agent, as recorded: ${formatUsd(view.predictedCostUsd)} (predicted; the trace carries no usage for every request)`;
  const ran = (id: string) => view.replay.find((run) => run.id === id && run.refused === null);
  const parts = [recorded];
  const gateway = ran("gateway");
  if (gateway) parts.push(`Under the gateway: ${formatUsd(gateway.costUsd)}`);
  const search = ran("anthropic-tool-search") ?? ran("openai-tool-search");
  if (search) parts.push(`Under tool search: ${formatUsd(search.costUsd)}`);
  const kimi = ran("kimi-dynamic");
  if (kimi && kimi.provider === view.replay.find((run) => run.id === baselineStrategyId())?.provider)
    parts.push(`Under Kimi dynamic loading: ${formatUsd(kimi.costUsd)}`);
  const sentence = `${parts.join(". ")}.`;
  if (view.replayTruncatedFrom === null) return sentence;
  return `${sentence} (The replay covers the first ${view.scenario.turns.length} of ${view.replayTruncatedFrom} turns.)`;
}
