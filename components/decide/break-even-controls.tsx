"use client";
import { useId } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { MAX_TOOLS_USED, MAX_TURNS } from "@/lib/decide/session-plan";
import type { DecideParameters, PriceOverrides } from "@/lib/decide/types";
import { cacheRulesFor, MODELS, type ModelInfo } from "@/lib/models";
import { type CacheTtl } from "@/lib/scenario/types";
import { PROVIDER_IDS, type ProviderId } from "@/lib/core/ids";
import { formatDuration } from "@/lib/view/format";
import { providerLabel } from "@/lib/view/provider-labels";
import { providerFacts } from "@/lib/providers/facts";

export type BreakEvenControlsProps = {
  parameters: DecideParameters;
  onChange: (patch: Partial<DecideParameters>) => void;
  /** The catalog's size caps "tools used". */
  toolCount: number;
};

const PRICE_FIELDS: ReadonlyArray<keyof PriceOverrides> = [
  "inputPerMillion",
  "cacheWrite5mPerMillion",
  "cacheWrite1hPerMillion",
  "cacheReadPerMillion",
  "outputPerMillion",
];

const MAX_MINUTES = 90;

function modelOf(parameters: DecideParameters): ModelInfo | undefined {
  return MODELS.find((model) => model.provider === parameters.provider && model.id === parameters.model);
}

/** The explorer's inputs: sliders for the session's shape, the provider and model, the cache lifetime and prices. */
export function BreakEvenControls({ parameters, onChange, toolCount }: BreakEvenControlsProps) {
  const model = modelOf(parameters);
  const ttlSeconds = model ? cacheRulesFor(model, {}, parameters.cacheTtl).ttlSeconds : null;
  const t = useTranslations("decide");
  const maxToolsUsed = Math.max(1, Math.min(MAX_TOOLS_USED, toolCount, parameters.turns));
  return (
    <div
      className="grid grid-cols-[repeat(auto-fit,minmax(210px,1fr))] gap-x-6 gap-y-4"
      data-testid="break-even-controls"
    >
      <Slider
        label={t("controls.toolsUsed")}
        testId="decide-tools-used"
        min={1}
        max={maxToolsUsed}
        value={Math.min(parameters.toolsUsed, maxToolsUsed)}
        onChange={(value) => onChange({ toolsUsed: value })}
        hint={t("controls.toolsUsedHint", { max: maxToolsUsed })}
      />
      <Slider
        label={t("controls.turns")}
        testId="decide-turns"
        min={1}
        max={MAX_TURNS}
        value={parameters.turns}
        onChange={(value) => onChange({ turns: value })}
        hint={t("controls.turnsHint")}
      />
      <Slider
        label={t("controls.minutes")}
        testId="decide-minutes"
        min={0}
        max={MAX_MINUTES}
        value={parameters.minutesBetweenTurns}
        onChange={(value) => onChange({ minutesBetweenTurns: value })}
        hint={
          ttlSeconds === null
            ? t("controls.minutesHint")
            : parameters.minutesBetweenTurns * 60 >= ttlSeconds
              ? t("controls.beyondTtl", { ttl: formatDuration(ttlSeconds) })
              : t("controls.withinTtl", { ttl: formatDuration(ttlSeconds) })
        }
        marker={
          ttlSeconds !== null && ttlSeconds / 60 <= MAX_MINUTES ? { value: ttlSeconds / 60, label: "TTL" } : undefined
        }
      />
      <ModelSelect parameters={parameters} onChange={onChange} />
      {providerFacts(parameters.provider).cacheLifetimeChoice ? (
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-ink">{t("controls.cacheLifetime")}</span>
          <select
            className="h-9 rounded-lg border border-line bg-panel px-2.5 text-sm text-ink shadow-sm"
            value={parameters.cacheTtl ?? "5m"}
            onChange={(event) => onChange({ cacheTtl: event.target.value as CacheTtl })}
            data-testid="decide-ttl"
          >
            <option value="5m">{t("controls.ttl5m")}</option>
            <option value="1h">{t("controls.ttl1h")}</option>
          </select>
        </label>
      ) : null}
      <PriceInputs parameters={parameters} model={model} onChange={onChange} />
    </div>
  );
}

function Slider({
  label,
  testId,
  min,
  max,
  value,
  onChange,
  hint,
  marker,
}: {
  label: string;
  testId: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  hint: string;
  marker?: { value: number; label: string };
}) {
  const id = useId();
  const markerLeft = marker ? `${((marker.value - min) / Math.max(1, max - min)) * 100}%` : null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-ink">{label}</span>
        <output htmlFor={id} className="tabular font-semibold text-ink" data-testid={`${testId}-value`}>
          {value}
        </output>
      </label>
      <div className="relative">
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          className="w-full accent-[var(--accent)]"
          data-testid={testId}
          aria-describedby={`${id}-hint`}
        />
        {markerLeft ? (
          <span
            aria-hidden
            className="pointer-events-none absolute -bottom-3 -translate-x-1/2 text-[10px] font-semibold uppercase text-warning"
            style={{ left: markerLeft }}
          >
            ▲{marker?.label}
          </span>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

function ModelSelect({
  parameters,
  onChange,
}: {
  parameters: DecideParameters;
  onChange: (patch: Partial<DecideParameters>) => void;
}) {
  const t = useTranslations("decide");
  const locale = useLocale() as Locale;
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-ink">{t("controls.providerModel")}</span>
      <select
        className="h-9 rounded-lg border border-line bg-panel px-2.5 text-sm text-ink shadow-sm"
        value={`${parameters.provider}|${parameters.model}`}
        onChange={(event) => {
          const [provider, model] = event.target.value.split("|") as [ProviderId, string];
          // Edited prices belong to the previous model.
          onChange({ provider, model, prices: undefined });
        }}
        data-testid="decide-model"
      >
        {PROVIDER_IDS.map((provider) => (
          <optgroup key={provider} label={providerLabel(provider, locale)}>
            {MODELS.filter((model) => model.provider === provider).map((model) => (
              <option key={`${provider}|${model.id}`} value={`${provider}|${model.id}`}>
                {model.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

function PriceInputs({
  parameters,
  model,
  onChange,
}: {
  parameters: DecideParameters;
  model: ModelInfo | undefined;
  onChange: (patch: Partial<DecideParameters>) => void;
}) {
  const t = useTranslations("decide");
  if (!model) return null;
  const edited = parameters.prices ?? {};
  return (
    <details className="col-span-full text-sm" data-testid="decide-prices">
      <summary className="cursor-pointer font-medium text-ink">
        {t("controls.prices", { edited: String(Object.keys(edited).length > 0), currency: model.prices.currency })}
        <span className="ml-2 text-xs font-normal text-muted">
          {model.prices.confidence}, {model.prices.date}
        </span>
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        {PRICE_FIELDS.map((field) => (
          <label key={field} className="flex flex-col gap-1">
            <span className="text-xs text-muted">{t("controls.priceField", { field })}</span>
            <input
              type="number"
              min={0}
              step={0.01}
              className="h-8 w-24 rounded-md border border-line bg-panel px-2 text-sm text-ink"
              value={edited[field] ?? model.prices[field]}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (!Number.isFinite(value) || value < 0) return;
                onChange({ prices: { ...edited, [field]: value } });
              }}
              data-testid="decide-price-input"
              data-price={field}
            />
          </label>
        ))}
        {Object.keys(edited).length > 0 ? (
          <button
            type="button"
            className="h-8 rounded-md px-2 text-sm text-accent hover:bg-accent-soft"
            onClick={() => onChange({ prices: undefined })}
          >
            {t("controls.resetPrices")}
          </button>
        ) : null}
      </div>
    </details>
  );
}
