"use client";
/**
 * The scenario's cache mechanism, shown only where the provider's adapter has an explicit cache to choose (Gemini
 * cached content, Qwen `cache_control` markers): implicit (the default) or explicit, which the engine then sends.
 */
import { useLocale, useTranslations } from "use-intl";
import { modelFactText } from "@/lib/models/fact-text";
import { providerFacts } from "@/lib/providers/facts";
import type { Locale } from "@/lib/i18n/locales";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { Segmented } from "./segmented";
import { SettingRow } from "./setting-row";

export function CacheMechanismOption({
  settings,
  update,
}: {
  settings: Pick<ScenarioSettings, "provider" | "cacheMechanism">;
  update(patch: Partial<ScenarioSettings>): void;
}) {
  const t = useTranslations("cache");
  const locale = useLocale() as Locale;
  const facts = providerFacts(settings.provider);
  if (!facts.explicitCache) return null;
  const label = t("explicitCache.setting.label");
  return (
    <SettingRow
      label={label}
      appliesTo={t("explicitCache.setting.appliesTo", { provider: modelFactText(facts.name, locale) })}
      explanation={t("explicitCache.setting.explanation", {
        mechanism: facts.explicitCache === "cache-control-markers" ? "markers" : "cached-content",
      })}
    >
      <Segmented
        name={label}
        value={settings.cacheMechanism ?? "implicit"}
        options={[
          { value: "implicit", label: t("explicitCache.setting.implicit") },
          { value: "explicit", label: t("explicitCache.setting.explicit") },
        ]}
        // Implicit is the absence of the setting, so a link made before the setting reads the same as one made after.
        onChange={(mechanism) => update({ cacheMechanism: mechanism === "explicit" ? "explicit" : undefined })}
      />
    </SettingRow>
  );
}
