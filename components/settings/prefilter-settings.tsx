"use client";
/** The prefilter's two settings (its small model, the order of `tools`) and the cache effect of that order. */
import { useLocale, useTranslations } from "use-intl";
import { selectClass } from "@/components/playground/control-styles";
import type { RunSummary } from "@/lib/core";
import type { Locale } from "@/lib/i18n/locales";
import { MODELS } from "@/lib/models";
import { modelFactText } from "@/lib/models/fact-text";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { prefilterModel, prefilterStrategy } from "@/lib/strategies/prefilter";
import { formatPercent } from "@/lib/view/format";
import { mainLaneCache } from "@/lib/view/main-lane-cache";
import { usePlayground } from "@/state/playground-provider";
import { Segmented } from "./segmented";
import { SettingRow } from "./setting-row";

export function PrefilterSettings() {
  const settings = usePlayground((state) => state.settings);
  const update = usePlayground((state) => state.updateSettings);
  const run = usePlayground((state) => state.runs.find((candidate) => candidate.id === prefilterStrategy.id));
  return <PrefilterSettingsView settings={settings} run={run} onChange={update} />;
}

export function PrefilterSettingsView({
  settings,
  run,
  onChange: update,
}: {
  settings: ScenarioSettings;
  /** The prefilter's run on these settings, whose main requests the cache line describes. */
  run: RunSummary | undefined;
  onChange(patch: Partial<ScenarioSettings>): void;
}) {
  const t = useTranslations("variants");
  const locale = useLocale() as Locale;
  const models = MODELS.filter((model) => model.provider === settings.provider);
  const chosen = models.some((model) => model.id === settings.prefilterModel) ? settings.prefilterModel! : "";
  const cheapest = prefilterModel({ ...settings, prefilterModel: undefined });
  const order = settings.prefilterOrder ?? "selection";
  // The figures are the prefilter run's own, so they follow the order chosen here once the run is back.
  const effect = run && !run.refused ? mainLaneCache(run) : null;
  return (
    <section data-testid="prefilter-settings">
      <SettingRow
        label={t("prefilter.model.label")}
        htmlFor="setting-prefilter-model"
        appliesTo={t("prefilter.appliesTo")}
        explanation={t("prefilter.model.explanation")}
      >
        <select
          id="setting-prefilter-model"
          className={`${selectClass} h-8 max-w-48 text-xs`}
          value={chosen}
          data-testid="prefilter-model"
          onChange={(event) => update({ prefilterModel: event.target.value || undefined })}
        >
          <option value="">
            {t("prefilter.model.cheapest", { model: modelFactText(cheapest?.label ?? "", locale) })}
          </option>
          {models.map((model) => (
            <option key={model.id} value={model.id}>
              {modelFactText(model.label, locale)}
            </option>
          ))}
        </select>
      </SettingRow>
      <SettingRow
        label={t("prefilter.order.label")}
        appliesTo={t("prefilter.appliesTo")}
        explanation={t(order === "append-only" ? "prefilter.order.appendOnly" : "prefilter.order.selection")}
      >
        <Segmented
          name={t("prefilter.order.label")}
          value={order}
          options={[
            { value: "selection", label: t("prefilter.order.selectionShort") },
            { value: "append-only", label: t("prefilter.order.appendOnlyShort") },
          ]}
          onChange={(prefilterOrder) => update({ prefilterOrder })}
        />
      </SettingRow>
      {effect ? (
        <p className="-mt-1 mb-2 text-xs text-muted" data-testid="prefilter-cache-effect">
          {t.rich("prefilter.effect", {
            changed: effect.toolsChanged,
            requests: effect.requests,
            rate: formatPercent(effect.input > 0 ? effect.cacheRead / effect.input : 0),
            code: (chunks) => <code>{chunks}</code>,
          })}
        </p>
      ) : null}
    </section>
  );
}
