"use client";
/**
 * The provider limits of the scenario's model as settings: each with its value, its source and how sure that is.
 * A limit that is assumed or only reported (OpenAI's 128 tools, Anthropic's 10,000 deferred tools, no body-size
 * limit where none is documented, GPT-5.6's input window…) can be changed here; the simulator's checks and the
 * decide views read the change (settings.limitOverrides, lib/models/model-limits.ts).
 */
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { modelFactText } from "@/lib/models/fact-text";
import { defaultModel, getModel, type ModelInfo } from "@/lib/models";
import { limitOverrideKey, tableLimits, type LimitOverride, type LimitSettingKey } from "@/lib/models/model-limits";
import { providerLabel } from "@/lib/view/provider-labels";
import { providerFacts } from "@/lib/providers/facts";
import { usePlayground } from "@/state/playground-provider";
import { ConfidenceBadge, SettingRow } from "./setting-row";
import { NumberInput } from "./strategy-options";

type NumberLimit = {
  key: LimitSettingKey;
  /** What the figure counts: messages `limits.value.<unit>` say it with the figure. */
  unit: "tokens" | "tools" | "bytes";
  /** The limit can be removed ("no limit"); a context window cannot. */
  removable: boolean;
  max: number;
};

const NUMBER_LIMITS: readonly NumberLimit[] = [
  { key: "contextWindow", unit: "tokens", removable: false, max: 100_000_000 },
  { key: "maxTools", unit: "tools", removable: true, max: 1_000_000 },
  {
    key: "maxDeferredTools",
    unit: "tools",
    removable: true,
    max: 1_000_000,
  },
  {
    key: "maxRequestBytes",
    unit: "bytes",
    removable: true,
    max: 10_000_000_000,
  },
];

/** Deferred tools exist on the APIs with `defer_loading` only (Anthropic, OpenAI Responses). */
function relevant(key: LimitSettingKey, provider: ModelInfo["provider"]): boolean {
  return key !== "maxDeferredTools" || providerFacts(provider).deferredTools;
}

export function LimitSettings() {
  const settings = usePlayground((state) => state.settings);
  const update = usePlayground((state) => state.updateSettings);
  const t = useTranslations("settings");
  const locale = useLocale() as Locale;
  const model = getModel(settings.provider, settings.model) ?? defaultModel(settings.provider);
  const key = limitOverrideKey(model);
  const table = tableLimits(model);
  const override: LimitOverride = settings.limitOverrides?.[key] ?? {};
  const write = (next: LimitOverride) => {
    const { [key]: _previous, ...others } = settings.limitOverrides ?? {};
    update({ limitOverrides: Object.keys(next).length > 0 ? { ...others, [key]: next } : others });
  };
  const set = (patch: LimitOverride) => write({ ...override, ...patch });
  const reset = (field: keyof LimitOverride) => {
    const { [field]: _removed, ...rest } = override;
    write(rest);
  };
  return (
    <section data-testid="limit-settings">
      <h3 className="mt-5 text-sm font-semibold text-ink">{t("limits.title")}</h3>
      <p className="mt-1 text-xs text-muted">
        {t("limits.intro", { provider: providerLabel(model.provider, locale), model: model.id })}
      </p>
      {NUMBER_LIMITS.filter((limit) => relevant(limit.key, model.provider)).map((limit) => {
        const entry = table[limit.key];
        const overridden = override[limit.key] !== undefined;
        const value = overridden ? override[limit.key] : entry.value;
        const id = `limit-${limit.key}`;
        const label = t(`limits.${limit.key}`);
        const figure =
          entry.value === null ? t("limits.value.none") : t(`limits.value.${limit.unit}`, { count: entry.value });
        return (
          <SettingRow
            key={limit.key}
            htmlFor={id}
            label={label}
            badge={<ConfidenceBadge confidence={overridden ? "unconfirmed" : entry.confidence} />}
            explanation={t("limits.explanation", {
              confidence: entry.confidence === "documented" ? "documented" : "assumption",
              figure,
              source: modelFactText(entry.source, locale),
              date: entry.date ?? "none",
              changed: overridden ? "yes" : "no",
            })}
          >
            <div className="flex items-center gap-1" data-testid="limit-setting" data-limit={limit.key}>
              {value === null ? (
                <span className="tabular whitespace-nowrap text-xs text-ink-soft">{t("limits.noLimit")}</span>
              ) : (
                <NumberInput
                  id={id}
                  value={value as number}
                  min={limit.key === "contextWindow" ? 1 : 0}
                  max={limit.max}
                  onChange={(next) => set({ [limit.key]: next })}
                />
              )}
              {limit.removable && value !== null ? (
                <button
                  type="button"
                  className="shrink-0 whitespace-nowrap text-xs text-muted hover:text-ink"
                  onClick={() => set({ [limit.key]: null })}
                  aria-label={t("limits.remove", { label })}
                >
                  {t("limits.none")}
                </button>
              ) : null}
              {value === null && limit.removable ? (
                <button
                  type="button"
                  className="shrink-0 whitespace-nowrap text-xs text-muted hover:text-ink"
                  onClick={() => set({ [limit.key]: entry.value ?? 128 })}
                  aria-label={t("limits.set", { label })}
                >
                  {t("limits.setButton")}
                </button>
              ) : null}
              {overridden ? (
                <button
                  type="button"
                  className="shrink-0 whitespace-nowrap text-xs text-muted hover:text-ink"
                  aria-label={t("reset", { label })}
                  onClick={() => reset(limit.key)}
                >
                  {t("resetButton")}
                </button>
              ) : null}
            </div>
          </SettingRow>
        );
      })}
      {providerFacts(model.provider).toolNamespaces ? (
        <SettingRow
          htmlFor="limit-deferred-count"
          label={t("limits.deferredCount.label")}
          badge={<ConfidenceBadge confidence={table.deferredCountTowardMaxTools.confidence} />}
          explanation={t("limits.deferredCount.explanation", {
            source: modelFactText(table.deferredCountTowardMaxTools.source, locale),
            hasLimit: table.maxTools.value === null ? "no" : "yes",
            count: table.maxTools.value ?? 0,
          })}
        >
          <input
            id="limit-deferred-count"
            type="checkbox"
            checked={override.deferredCountTowardMaxTools ?? table.deferredCountTowardMaxTools.value}
            onChange={(event) => set({ deferredCountTowardMaxTools: event.target.checked })}
            data-testid="limit-deferred-count"
          />
        </SettingRow>
      ) : null}
      {providerFacts(model.provider).toolNamespaces ? (
        <SettingRow
          htmlFor="limit-namespace-members"
          label={t("limits.namespaceMembers.label")}
          badge={<ConfidenceBadge confidence={table.namespaceMembersFollowFunctionPattern.confidence} />}
          explanation={t("limits.namespaceMembers.explanation", {
            source: modelFactText(table.namespaceMembersFollowFunctionPattern.source, locale),
            pattern: String(table.toolNamePattern.value),
          })}
        >
          <input
            id="limit-namespace-members"
            type="checkbox"
            checked={
              override.namespaceMembersFollowFunctionPattern ?? table.namespaceMembersFollowFunctionPattern.value
            }
            onChange={(event) => set({ namespaceMembersFollowFunctionPattern: event.target.checked })}
            data-testid="limit-namespace-members"
          />
        </SettingRow>
      ) : null}
    </section>
  );
}
