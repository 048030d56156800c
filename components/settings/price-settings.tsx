"use client";
/**
 * The scenario model's prices in the currency its provider publishes them in, with their source and date, and the
 * person's USD-per-CNY rate: empty by default (no rate is built in), saved with the scenario (settings.usdPerCny).
 * Where it is set, every CNY figure on the page gets a USD figure beside it (components/ui/money.tsx).
 */
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { StrategyId } from "@/lib/core/ids";
import { defaultModel, getModel, type ModelInfo } from "@/lib/models";
import { providerLabel } from "@/lib/view/provider-labels";
import type { ExplicitCacheSummary } from "@/lib/core/run-summary";
import { explicitCacheFacts } from "@/lib/models/native-cache";
import { modelFactText } from "@/lib/models/fact-text";
import { formatDuration } from "@/lib/view/format";
import { formatMoneyWithUsd } from "@/lib/view/money";
import { strategyTitleIn } from "@/lib/view/strategy-info";
import { selectSelectedRun } from "@/state/selectors";
import { usePlayground } from "@/state/playground-provider";
import { ConfidenceBadge, SettingRow } from "./setting-row";
import { inputClass } from "@/components/playground/control-styles";

type PriceKind = "input" | "cacheRead" | "cacheWrite" | "output" | "storage";

/** The rows a model's table has: a write price only where it differs from input, storage only where billed. */
export function priceRows(model: ModelInfo): Array<{ kind: PriceKind; perMillion: number }> {
  const prices = model.prices;
  return [
    { kind: "input" as const, perMillion: prices.inputPerMillion },
    { kind: "cacheRead" as const, perMillion: prices.cacheReadPerMillion },
    ...(prices.cacheWrite5mPerMillion !== prices.inputPerMillion
      ? [{ kind: "cacheWrite" as const, perMillion: prices.cacheWrite5mPerMillion }]
      : []),
    { kind: "output" as const, perMillion: prices.outputPerMillion },
    ...(prices.storagePerMillionPerHour !== undefined
      ? [{ kind: "storage" as const, perMillion: prices.storagePerMillionPerHour }]
      : []),
  ];
}

/** The selected run, for the explicit cache's comparison: its strategy, its cost and the same under the explicit cache. */
export type ExplicitCacheRun = { id: StrategyId; implicitCost: number; explicit: ExplicitCacheSummary };

export function PriceSettingsView({
  model,
  usdPerCny,
  onRateChange,
  run,
}: {
  model: ModelInfo;
  usdPerCny: number | undefined;
  onRateChange(rate: number | undefined): void;
  run?: ExplicitCacheRun;
}) {
  const t = useTranslations("money");
  const locale = useLocale() as Locale;
  const [draft, setDraft] = useState<string | null>(null);
  const currency = model.prices.currency;
  const valid = (text: string) => text === "" || (Number.isFinite(Number(text)) && Number(text) > 0);
  const example = model.prices.inputPerMillion;
  return (
    <section data-testid="price-settings" data-currency={currency}>
      <h3 className="mt-5 text-sm font-semibold text-ink">{t("settings.title")}</h3>
      <p className="mt-1 text-xs text-muted">
        {t("settings.intro", {
          model: model.id,
          currency,
          provider: providerLabel(model.provider, locale),
        })}
      </p>
      <table className="mt-2 text-xs" data-testid="price-table">
        <tbody className="tabular">
          {priceRows(model).map((row) => (
            <tr key={row.kind} data-kind={row.kind} data-value={row.perMillion}>
              <td className="pr-3 text-ink-soft">{t("settings.row", { kind: row.kind })}</td>
              <td className="text-right text-ink">
                {formatMoneyWithUsd({ amount: row.perMillion, currency }, { locale, usdPerCny })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 flex items-center gap-2 text-[11px] text-muted">
        <ConfidenceBadge confidence={model.prices.confidence} />
        {t("settings.priceSource", { source: modelFactText(model.prices.source, locale), date: model.prices.date })}
      </p>
      {/* Shown for every model: the decide views and experiments may price a CNY model beside this one. */}
      <SettingRow
        htmlFor="usd-per-cny"
        label={t("settings.rateLabel")}
        badge={<ConfidenceBadge confidence="unconfirmed" />}
        explanation={
          usdPerCny === undefined
            ? t("settings.rateExplanation")
            : `${t("settings.rateExplanation")} ${t("settings.rateExample", {
                example: formatMoneyWithUsd(
                  { amount: currency === "CNY" ? example : 1, currency: "CNY" },
                  { locale, usdPerCny, showRate: true },
                ),
              })}`
        }
      >
        <div className="flex items-center gap-1">
          <input
            id="usd-per-cny"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            className={`${inputClass} tabular h-8 w-24 text-right ${draft !== null && !valid(draft) ? "border-danger" : ""}`}
            value={draft ?? (usdPerCny === undefined ? "" : String(usdPerCny))}
            aria-invalid={draft !== null && !valid(draft)}
            data-testid="usd-per-cny"
            onBlur={() => setDraft(null)}
            onChange={(event) => {
              const text = event.target.value.trim();
              setDraft(text);
              if (valid(text)) onRateChange(text === "" ? undefined : Number(text));
            }}
          />
          {usdPerCny !== undefined ? (
            <button
              type="button"
              className="shrink-0 whitespace-nowrap text-xs text-muted hover:text-ink"
              aria-label={t("settings.rateClearLabel")}
              onClick={() => {
                setDraft(null);
                onRateChange(undefined);
              }}
            >
              {t("settings.rateClear")}
            </button>
          ) : null}
        </div>
      </SettingRow>
      <ExplicitCacheFacts model={model} usdPerCny={usdPerCny} run={run} />
    </section>
  );
}

/** Where the provider has an explicit cache (Gemini, Qwen): its facts, and the selected run priced under it. */
function ExplicitCacheFacts({
  model,
  usdPerCny,
  run,
}: {
  model: ModelInfo;
  usdPerCny: number | undefined;
  run?: ExplicitCacheRun;
}) {
  const t = useTranslations("money");
  const locale = useLocale() as Locale;
  const facts = explicitCacheFacts(model);
  if (!facts) return null;
  const currency = model.prices.currency;
  const money = (amount: number) => formatMoneyWithUsd({ amount, currency }, { locale, usdPerCny });
  const ttl = formatDuration(facts.ttlSeconds.value, locale);
  // ICU select keys are identifiers: the mechanism's id is spelled for the message.
  const mechanism = facts.mechanism === "cached-content" ? "cachedContent" : "markers";
  return (
    <div className="mt-4" data-testid="explicit-cache" data-mechanism={facts.mechanism}>
      <h4 className="text-xs font-semibold text-ink">{t("explicit.title", { mechanism })}</h4>
      <p className="mt-1 text-xs text-muted">{t("explicit.facts", { mechanism, ttl })}</p>
      <p className="mt-1 text-[11px] text-muted">
        {t("explicit.source", { source: modelFactText(facts.ttlSeconds.source, locale) })}
      </p>
      {run ? (
        <p className="mt-1 text-xs text-ink-soft" data-testid="explicit-cache-run" data-value={run.explicit.cost}>
          {t("explicit.run", {
            strategy: strategyTitleIn(run.id, locale),
            cost: money(run.explicit.cost),
            storage: money(run.explicit.storage),
            implicit: money(run.implicitCost),
          })}{" "}
          {t("explicit.statuses", {
            created: run.explicit.statuses.created,
            hit: run.explicit.statuses.hit,
            expired: run.explicit.statuses.expired,
            changed: run.explicit.statuses.changed,
            below: run.explicit.statuses["below-minimum"],
          })}
        </p>
      ) : null}
    </div>
  );
}

export function PriceSettings() {
  const selected = usePlayground(selectSelectedRun);
  const settings = usePlayground((state) => state.settings);
  const update = usePlayground((state) => state.updateSettings);
  const model = getModel(settings.provider, settings.model) ?? defaultModel(settings.provider);
  return (
    <PriceSettingsView
      model={model}
      usdPerCny={settings.usdPerCny}
      onRateChange={(rate) => update({ usdPerCny: rate })}
      run={
        selected?.explicitCache && selected.provider === model.provider && selected.model === model.id
          ? { id: selected.id, implicitCost: selected.totals.costUsd, explicit: selected.explicitCache }
          : undefined
      }
    />
  );
}
