"use client";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { MODELS } from "@/lib/models/model-table";
import { PROVIDER_IDS, type ProviderId } from "@/lib/core/ids";
import { providerFacts } from "@/lib/providers/facts";
import { providerPickerLabel } from "@/lib/view/provider-labels";
import { usePlayground } from "@/state/playground-provider";
import { headerSelectSizing, selectClass } from "./control-styles";

export function ModelPicker() {
  const provider = usePlayground((state) => state.settings.provider);
  const model = usePlayground((state) => state.settings.model);
  const updateSettings = usePlayground((state) => state.updateSettings);
  const locale = useLocale() as Locale;
  return (
    <label className="flex w-full items-center gap-2 text-sm sm:w-auto">
      <span className="sr-only">{useTranslations("playground.picker")("model")}</span>
      <select
        className={`${selectClass} ${headerSelectSizing} sm:min-w-52 sm:max-w-[20rem]`}
        data-testid="model-picker"
        title={`${MODELS.find((candidate) => candidate.provider === provider && candidate.id === model)?.label ?? model} · ${providerPickerLabel(provider, locale)}`}
        value={`${provider}|${model}`}
        onChange={(event) => {
          const [nextProvider, nextModel] = event.target.value.split("|") as [ProviderId, string];
          updateSettings({ provider: nextProvider, model: nextModel });
        }}
      >
        {PROVIDER_IDS.map((providerId) => (
          <optgroup key={providerId} label={providerPickerLabel(providerId, locale)}>
            {MODELS.filter((candidate) => candidate.provider === providerId).map((candidate) => (
              <option key={`${providerId}|${candidate.id}`} value={`${providerId}|${candidate.id}`}>
                {candidate.label} · {providerFacts(providerId).apiName}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
