"use client";
import { getModel } from "@/lib/models/model-table";
import { STRATEGY_IDS, type StrategyId } from "@/lib/scenario/types";
import { STRATEGIES } from "@/lib/strategies/definitions";
import { usePlayground } from "@/state/playground-provider";
import { selectClass } from "./control-styles";
import { useSelectStrategyKeepingMoment } from "./same-moment";

/** All eight strategies, always listed; one the chosen model cannot run says so in its label. */
export function StrategyPicker() {
  const strategyId = usePlayground((state) => state.strategyId);
  const selectStrategy = useSelectStrategyKeepingMoment();
  const settings = usePlayground((state) => state.settings);
  const model = getModel(settings.provider, settings.model);
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Strategy</span>
      <select
        className={`${selectClass} w-44 min-w-0 font-medium sm:w-52 min-[87.5rem]:w-[248px]`}
        data-testid="strategy-picker"
        value={strategyId}
        onChange={(event) => selectStrategy(event.target.value as StrategyId)}
      >
        {STRATEGY_IDS.map((id) => {
          const support = model ? STRATEGIES[id].supports(settings.provider, model, settings) : { ok: true as const };
          return (
            <option key={id} value={id}>
              {STRATEGIES[id].title}
              {support.ok ? "" : " (not on this model)"}
            </option>
          );
        })}
      </select>
    </label>
  );
}
