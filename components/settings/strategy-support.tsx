"use client";
/** Which strategies the chosen provider and model can run, with the reason for each one that cannot. */
import { useLocale, useTranslations } from "use-intl";
import { supportReasonText } from "@/lib/i18n/engine-notes";
import type { Locale } from "@/lib/i18n/locales";
import { strategyTitleIn } from "@/lib/view/strategy-info";
import { modelFactText } from "@/lib/models/fact-text";
import { getModel } from "@/lib/models/model-table";
import { STRATEGY_IDS } from "@/lib/core/ids";
import { STRATEGIES } from "@/lib/strategies/definitions";
import { usePlayground } from "@/state/playground-provider";

export function StrategySupport() {
  const t = useTranslations("settings");
  const settings = usePlayground((state) => state.settings);
  const forceProvider = usePlayground((state) => state.forceProvider);
  const setForceProvider = usePlayground((state) => state.setForceProvider);
  const runs = usePlayground((state) => state.runs);
  const model = getModel(settings.provider, settings.model);
  const locale = useLocale() as Locale;
  return (
    <section className="space-y-3" data-testid="strategy-support">
      <h3 className="text-sm font-semibold text-ink">
        {t("support.title", { model: model ? modelFactText(model.label, locale) : settings.model })}
      </h3>
      <label className="flex items-start gap-2 text-xs text-ink-soft">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={forceProvider}
          onChange={(event) => setForceProvider(event.target.checked)}
          data-testid="force-provider"
        />
        <span>{t("support.forceProvider")}</span>
      </label>
      <ul className="space-y-1.5">
        {STRATEGY_IDS.map((id) => {
          const support = model ? STRATEGIES[id].supports(settings.provider, model, settings) : { ok: true as const };
          const run = runs.find((candidate) => candidate.id === id);
          const moved = run && !run.refused && (run.provider !== settings.provider || run.model !== settings.model);
          return (
            <li
              key={id}
              className="rounded-lg border border-line px-3 py-2 text-xs"
              data-testid="strategy-support-row"
              data-strategy={id}
              data-supported={support.ok}
            >
              <div className="flex items-center gap-2">
                <span aria-hidden className={support.ok ? "text-success" : "text-danger"}>
                  {support.ok ? "✓" : "✗"}
                </span>
                <span className="font-medium text-ink">{strategyTitleIn(id, locale)}</span>
                {moved ? (
                  <span className="ml-auto rounded bg-panel-muted px-1.5 py-0.5 text-[10px] text-muted">
                    {t("support.shownOn", { model: run.model })}
                  </span>
                ) : null}
              </div>
              {support.ok ? null : <p className="mt-1 pl-5 text-muted">{supportReasonText(support.reason, locale)}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
