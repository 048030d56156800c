"use client";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { strategyTitleIn } from "@/lib/view/strategy-info";
import { getModel } from "@/lib/models/model-table";
import { STRATEGY_IDS, type StrategyId } from "@/lib/core/ids";
import { STRATEGIES } from "@/lib/strategies/definitions";
import { usePlayground } from "@/state/playground-provider";
import { headerSelectSizing, selectClass } from "./control-styles";
import { useSelectStrategyKeepingMoment } from "./same-moment";

/**
 * All eight strategies, always listed; one the chosen model cannot run says so in its label. The closed select is as
 * wide as the chosen name (`field-sizing: content`), so "Edit tools as needed (anti-pattern)" is never cut to
 * "(anti-pat"; on a phone it takes a row of its own. The full name is its tooltip too, for a browser without
 * field-sizing.
 */
export function StrategyPicker() {
  const strategyId = usePlayground((state) => state.strategyId);
  const selectStrategy = useSelectStrategyKeepingMoment();
  const settings = usePlayground((state) => state.settings);
  const model = getModel(settings.provider, settings.model);
  const t = useTranslations("playground.picker");
  const locale = useLocale() as Locale;
  return (
    <label className="flex w-full items-center gap-2 text-sm sm:w-auto">
      <span className="sr-only">{t("strategy")}</span>
      <select
        className={`${selectClass} ${headerSelectSizing} font-medium sm:min-w-52 sm:max-w-[24rem]`}
        data-testid="strategy-picker"
        title={strategyTitleIn(strategyId, locale)}
        value={strategyId}
        onChange={(event) => selectStrategy(event.target.value as StrategyId)}
      >
        {STRATEGY_IDS.map((id) => {
          const support = model ? STRATEGIES[id].supports(settings.provider, model, settings) : { ok: true as const };
          return (
            <option key={id} value={id}>
              {strategyTitleIn(id, locale)}
              {support.ok ? "" : t("notOnModel")}
            </option>
          );
        })}
      </select>
    </label>
  );
}
