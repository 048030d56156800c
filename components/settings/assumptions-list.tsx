"use client";
/**
 * The facts PROTOCOLS.md could not confirm (lib/models ASSUMPTIONS), each labelled with its confidence and source.
 * Those the engine reads from the scenario are editable here; cache-rule overrides apply to every model of the run.
 */
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Assumption } from "@/lib/models";
import { modelFactText } from "@/lib/models/fact-text";
import type { Locale } from "@/lib/i18n/locales";
import { ENGLISH_MESSAGES } from "@/lib/i18n/messages";
import type { CacheRules } from "@/lib/cache/types";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { usePlayground } from "@/state/playground-provider";
import { ConfidenceBadge, SettingRow } from "./setting-row";
import { NumberInput } from "./strategy-options";

type Binding = {
  read(settings: ScenarioSettings): number | undefined;
  write(settings: ScenarioSettings, value: number): Partial<ScenarioSettings>;
  min: number;
  max: number;
  step: number;
};

const correctionFactor = (kind: "anthropic-estimate" | "kimi-estimate"): Binding => ({
  read: (settings) => settings.tokenCorrectionFactors?.[kind],
  write: (settings, value) => ({ tokenCorrectionFactors: { ...settings.tokenCorrectionFactors, [kind]: value } }),
  min: 0.5,
  max: 3,
  step: 0.05,
});

/** Assumptions the engine takes from the scenario's settings. The rest are fixed in this version of the engine. */
const BINDINGS: Record<string, Binding> = {
  "anthropic-token-correction-factor": correctionFactor("anthropic-estimate"),
  "kimi-token-correction-factor": correctionFactor("kimi-estimate"),
};

/** Labels and explanations are messages `overrides.<key>.label` / `.explanation` of the settings namespace. */
type OverrideKey = Extract<
  keyof CacheRules,
  "minimumCacheableTokens" | "ttlSeconds" | "cachedTokenGranularity" | "lookbackBlocks"
>;
const CACHE_OVERRIDES: ReadonlyArray<{ key: OverrideKey; min: number; max: number }> = [
  { key: "minimumCacheableTokens", min: 0, max: 100000 },
  { key: "ttlSeconds", min: 1, max: 86400 },
  { key: "cachedTokenGranularity", min: 1, max: 1024 },
  { key: "lookbackBlocks", min: 1, max: 200 },
];

type AssumptionWithMessages = keyof (typeof ENGLISH_MESSAGES)["providers"]["assumptions"];
function hasMessages(id: string): id is AssumptionWithMessages {
  return Object.hasOwn(ENGLISH_MESSAGES.providers.assumptions, id);
}

/**
 * lib/models/assumptions.ts imports lib/tokens for its default correction factors, and with it the 2 MB o200k table;
 * loading it on demand keeps the tokenizer out of the page's first load (docs/TOOLCHAIN.md pitfall 11). Once loaded
 * the list is kept, so a later mount (and a server render after `loadAssumptions`) shows it at once.
 */
let loadedAssumptions: readonly Assumption[] | null = null;

export async function loadAssumptions(): Promise<readonly Assumption[]> {
  loadedAssumptions ??= (await import("@/lib/models/assumptions")).ASSUMPTIONS;
  return loadedAssumptions;
}

function useAssumptions(): readonly Assumption[] | null {
  const [assumptions, setAssumptions] = useState<readonly Assumption[] | null>(loadedAssumptions);
  useEffect(() => {
    let active = true;
    void loadAssumptions().then((loaded) => active && setAssumptions(loaded));
    return () => {
      active = false;
    };
  }, []);
  return assumptions;
}

export function AssumptionsList() {
  const settings = usePlayground((state) => state.settings);
  const update = usePlayground((state) => state.updateSettings);
  const assumptions = useAssumptions();
  const t = useTranslations("settings");
  const p = useTranslations("providers");
  const locale = useLocale() as Locale;
  // An assumption without a message yet (a provider added later) keeps its English label rather than a key.
  const labelOf = ({ id, label }: Assumption) => (hasMessages(id) ? p(`assumptions.${id}.label`) : label);
  const affectsOf = ({ id, affects }: Assumption) => (hasMessages(id) ? p(`assumptions.${id}.affects`) : affects);
  return (
    <section data-testid="assumptions">
      <h3 className="text-sm font-semibold text-ink">{t("assumptions.title")}</h3>
      <p className="mt-1 text-xs text-muted">{t("assumptions.intro")}</p>
      {assumptions === null ? <p className="py-3 text-xs text-muted">{t("assumptions.loading")}</p> : null}
      {(assumptions ?? []).map((assumption) => {
        const binding = BINDINGS[assumption.id];
        const id = `assumption-${assumption.id}`;
        return (
          <SettingRow
            key={assumption.id}
            htmlFor={binding ? id : undefined}
            label={labelOf(assumption)}
            badge={<ConfidenceBadge confidence={assumption.confidence} />}
            explanation={t("assumptions.explanation", {
              source: modelFactText(assumption.source, locale),
              affects: affectsOf(assumption),
            })}
          >
            {binding ? (
              <NumberInput
                id={id}
                value={binding.read(settings) ?? Number(assumption.defaultValue)}
                min={binding.min}
                max={binding.max}
                step={binding.step}
                onChange={(value) => update(binding.write(settings, value))}
              />
            ) : (
              <span className="tabular font-mono text-xs text-ink-soft" title={t("assumptions.fixed")}>
                {modelFactText(String(assumption.defaultValue), locale)}
              </span>
            )}
          </SettingRow>
        );
      })}
      <h3 className="mt-5 text-sm font-semibold text-ink">{t("overrides.title")}</h3>
      <p className="mt-1 text-xs text-muted">{t("overrides.intro")}</p>
      {CACHE_OVERRIDES.map((override) => {
        const current = settings.cacheOverrides?.[override.key] as number | undefined;
        const id = `override-${override.key}`;
        const label = t(`overrides.${override.key}.label`);
        return (
          <SettingRow
            key={override.key}
            htmlFor={id}
            label={label}
            explanation={t(`overrides.${override.key}.explanation`)}
            badge={<ConfidenceBadge confidence="unconfirmed" />}
          >
            <div className="flex items-center gap-1">
              <NumberInput
                id={id}
                value={current ?? Number.NaN}
                min={override.min}
                max={override.max}
                onChange={(value) => update({ cacheOverrides: { ...settings.cacheOverrides, [override.key]: value } })}
              />
              {current !== undefined ? (
                <button
                  type="button"
                  className="shrink-0 whitespace-nowrap text-xs text-muted hover:text-ink"
                  aria-label={t("reset", { label })}
                  onClick={() => {
                    const { [override.key]: _removed, ...rest } = settings.cacheOverrides ?? {};
                    update({ cacheOverrides: rest });
                  }}
                >
                  {t("resetButton")}
                </button>
              ) : null}
            </div>
          </SettingRow>
        );
      })}
    </section>
  );
}
